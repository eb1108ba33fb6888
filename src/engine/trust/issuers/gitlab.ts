import { idKey, opaqueKey, pathKey, type IssuerGrammar } from './grammar.ts';
import { keyedBinding, keyedRunClaims, keyedWildRun, type KeyedShape } from './keyed.ts';

/**
 * GitLab CI ID tokens: `project_path:GROUP/…/PROJECT:ref_type:branch|tag:ref:REF`. The top-level group
 * owns every project below it, subgroups included, so `project_path:acme/*` is every project of acme.
 * Paths are names: a deleted or renamed group's path can be registered by someone else; project_id
 * and namespace_id are the immutable claims.
 */
const shape: KeyedShape = {
  separator: ':',
  keys: ['project_path', 'ref_type', 'ref'],
  owner: undefined,
  ownerInPath: 'project_path',
  repository: ['project_path'],
  run: ['ref_type', 'ref'],
  ids: false,
};

export const gitlabGrammar: IssuerGrammar = {
  name: 'GitLab CI',
  matches: (issuer) => /^https:\/\/gitlab\.com\/*$/i.test(issuer),
  alwaysPresent: new Set(['sub', 'aud', 'project_id', 'project_path', 'namespace_id', 'namespace_path', 'ref', 'ref_type', 'ref_protected', 'pipeline_source', 'user_login']),
  subjectBinding: (value, like) => keyedBinding(shape, value, like),
  repositoryKeys: { byId: [idKey('project_id')], byName: [pathKey('project_path')] },
  ownerKeys: [idKey('namespace_id'), opaqueKey('namespace_path')],
  runs: [
    { kind: 'branch', context: 'ref_type:branch:ref:any-branch', claims: { ref_type: 'branch', ref: 'any-branch', ref_protected: 'false' } },
    { kind: 'tag', context: 'ref_type:tag:ref:any-tag', claims: { ref_type: 'tag', ref: 'any-tag', ref_protected: 'false' } },
  ],
  anyRef: true,
  runClaims: new Set(['sub', 'ref', 'ref_type', 'ref_protected']),
  join: (prefix, context) => `${prefix}:${context}`,
  // The ref names the run; ref_type alone (a project's customised sub) is the same for every branch.
  hasRunContext: (context) => /(^|:)ref:/.test(context),
  looksLike: /^project_path:/,
  wildRun: (context) => keyedWildRun(shape, context),
  runClaimsOf: (context) => keyedRunClaims(':', context, { ref_type: 'ref_type', ref: 'ref' }),
  anySubject: (context) => `project_path:any/any:${context}`,
  words: {
    repository: 'project',
    owner: 'group',
    pinned: 'project_path:acme/app:ref_type:branch:ref:main',
    immutable: 'Where the role can bind other claims (Google Cloud, Vault), bind project_id too; the sub holds paths only.',
  },
};
