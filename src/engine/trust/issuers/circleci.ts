import { opaqueKey, type IssuerGrammar } from './grammar.ts';
import { keyedBinding, keyedHasRunContext, keyedWildRun, type KeyedShape } from './keyed.ts';

/**
 * CircleCI: one issuer per organisation (https://oidc.circleci.com/org/ORG_ID), and
 * `org/ORG_ID/project/PROJECT_ID/user/USER_ID`, all immutable IDs. The issuer already names the
 * owner; the sub has no branch, so binding a project admits every branch of it, unless the role can
 * bind the oidc.circleci.com/vcs-ref claim.
 */
const shape: KeyedShape = {
  separator: '/',
  keys: ['org', 'project', 'user'],
  owner: undefined,
  repository: ['org', 'project'],
  run: [],
  ids: true,
};

const VCS_REF = 'oidc.circleci.com/vcs-ref';

export const circleciGrammar: IssuerGrammar = {
  name: 'CircleCI',
  matches: (issuer) => /^https:\/\/oidc\.circleci\.com\/org\/[^/]+\/*$/i.test(issuer),
  alwaysPresent: new Set(['sub', 'aud', 'oidc.circleci.com/project-id']),
  subjectBinding: (value, like) => keyedBinding(shape, value, like),
  repositoryKeys: { byId: [opaqueKey('oidc.circleci.com/project-id')], byName: [] },
  ownerKeys: [],
  runs: [
    { kind: 'branch', context: 'user/any-user', claims: { [VCS_REF]: 'refs/heads/any-branch' } },
    { kind: 'tag', context: 'user/any-user', claims: { [VCS_REF]: 'refs/tags/any-tag' } },
  ],
  anyRef: true,
  runClaims: new Set(['sub', VCS_REF]),
  join: (prefix, context) => `${prefix}/${context}`,
  hasRunContext: (context) => keyedHasRunContext(shape, context),
  wildRun: (context) => keyedWildRun(shape, context),
  runClaimsOf: () => ({}),
  anySubject: (context) => `org/any/project/any/${context}`,
  words: {
    repository: 'project',
    owner: 'organization',
    pinned: 'org/ORG_ID/project/PROJECT_ID/user/*',
    immutable: undefined,
  },
};
