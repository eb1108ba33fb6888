import { opaqueKey, type IssuerGrammar } from './grammar.ts';
import { hasWildcard } from '../subject.ts';
import { keyedBinding, type KeyedShape } from './keyed.ts';

/**
 * CircleCI: one issuer per organisation (https://oidc.circleci.com/org/ORG_ID), and
 * `org/ORG_ID/project/PROJECT_ID/user/USER_ID`, all immutable IDs. The issuer already names the
 * owner; that sub has no branch, so binding a project admits every branch of it. The second token of a
 * job (CIRCLE_OIDC_TOKEN_V2) appends `/vcs-origin/ORIGIN/vcs-ref/REF`, and a branch name may hold
 * slashes: a `*` before `vcs-ref/` lets a branch named `x/vcs-origin/…/vcs-ref/refs/heads/main` end a
 * sub with the pinned tail, so it leaves the ref open however the tail is written.
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
/** A user ID of the UUID's length: a pin of the user part written with `?` must still fit it. */
const ANY_USER = '00000000-0000-4000-8000-000000000000';

export const circleciGrammar: IssuerGrammar = {
  name: 'CircleCI',
  matches: (issuer) => /^https:\/\/oidc\.circleci\.com\/org\/[^/]+\/*$/i.test(issuer),
  alwaysPresent: new Set(['sub', 'aud', 'oidc.circleci.com/project-id']),
  subjectBinding: (value, like) => keyedBinding(shape, value, like),
  repositoryKeys: { byId: [opaqueKey('oidc.circleci.com/project-id')], byName: [] },
  ownerKeys: [],
  runs: [
    { kind: 'branch', context: `user/${ANY_USER}/vcs-origin/github.com/any/any/vcs-ref/refs/heads/any-branch`, claims: { [VCS_REF]: 'refs/heads/any-branch' } },
    { kind: 'tag', context: `user/${ANY_USER}/vcs-origin/github.com/any/any/vcs-ref/refs/tags/any-tag`, claims: { [VCS_REF]: 'refs/tags/any-tag' } },
  ],
  anyRef: true,
  runClaims: new Set(['sub', VCS_REF]),
  join: (prefix, context) => `${prefix}/${context}`,
  hasRunContext: (context) => context.includes('/vcs-ref/'),
  wildRun(context) {
    const origin = context.indexOf('/vcs-origin/');
    if (origin < 0) return false;
    return context.slice(0, origin).includes('*') || hasWildcard(context.slice(origin));
  },
  runClaimsOf(context): Record<string, string> {
    const ref = /\/vcs-ref\/(.*)$/.exec(context)?.[1];
    return ref === undefined ? {} : { [VCS_REF]: ref };
  },
  anySubject: (context) => `org/any/project/any/${context}`,
  words: {
    repository: 'project',
    owner: 'organization',
    pinned: 'org/ORG_ID/project/PROJECT_ID/user/*',
    immutable: undefined,
  },
};
