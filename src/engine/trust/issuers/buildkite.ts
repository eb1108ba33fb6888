import { opaqueKey, type IssuerGrammar } from './grammar.ts';
import { keyedBinding, keyedHasRunContext, keyedRunClaims, keyedWildRun, type KeyedShape } from './keyed.ts';

/**
 * Buildkite: `organization:ORG:pipeline:PIPELINE:ref:REF:commit:SHA:step:STEP`, one issuer for every
 * organisation. The ref chooses the run; the commit and step only say which part of it.
 */
const shape: KeyedShape = {
  separator: ':',
  keys: ['organization', 'pipeline', 'ref', 'commit', 'step'],
  owner: 'organization',
  repository: ['organization', 'pipeline'],
  run: ['ref'],
  bareId: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  ids: false,
};

export const buildkiteGrammar: IssuerGrammar = {
  name: 'Buildkite',
  matches: (issuer) => /^https:\/\/agent\.buildkite\.com\/*$/i.test(issuer),
  alwaysPresent: new Set(['sub', 'aud', 'organization_slug', 'pipeline_slug', 'build_branch', 'build_commit']),
  subjectBinding: (value, like) => keyedBinding(shape, value, like),
  looksLike: /^organization:[^:]*:pipeline:/,
  repositoryKeys: { byId: [opaqueKey('pipeline_id')], byName: [], together: [['organization_slug', 'pipeline_slug']] },
  ownerKeys: [opaqueKey('organization_id'), opaqueKey('organization_slug')],
  runs: [
    { kind: 'branch', context: 'ref:refs/heads/any-branch:commit:0000000000000000000000000000000000000000:step:any-step', claims: { build_branch: 'any-branch' } },
    { kind: 'tag', context: 'ref:refs/tags/any-tag:commit:0000000000000000000000000000000000000000:step:any-step', claims: { build_tag: 'any-tag' } },
  ],
  anyRef: true,
  runClaims: new Set(['sub', 'build_branch', 'build_tag']),
  join: (prefix, context) => `${prefix}:${context}`,
  hasRunContext: (context) => keyedHasRunContext(shape, context),
  wildRun: (context) => keyedWildRun(shape, context),
  runClaimsOf: (context): Record<string, string> => {
    const ref = keyedRunClaims(':', context, { ref: 'ref' }).ref;
    if (ref?.startsWith('refs/heads/') === true) return { build_branch: ref.slice('refs/heads/'.length) };
    if (ref?.startsWith('refs/tags/') === true) return { build_tag: ref.slice('refs/tags/'.length) };
    return {};
  },
  anySubject: (context) => `organization:any:pipeline:any:${context}`,
  words: {
    repository: 'pipeline',
    owner: 'organization',
    pinned: 'organization:acme:pipeline:deploy:ref:refs/heads/main:*',
    immutable: 'Slugs are names: where the role can bind other claims, bind organization_id and pipeline_id too.',
  },
};
