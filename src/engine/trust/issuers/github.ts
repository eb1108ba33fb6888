import { GITHUB_ACTIONS_ISSUER } from './github-issuer.ts';
import { hasRunContext, hasWildcard, subjectBinding } from '../subject.ts';
import { idKey, opaqueKey, pathKey, type IssuerGrammar } from './grammar.ts';

/** GitHub's issuer, or a GitHub Enterprise Cloud issuer (the same host with the enterprise's path). */
export function isGitHubIssuer(issuer: string): boolean {
  const github = GITHUB_ACTIONS_ISSUER.toLowerCase();
  const given = issuer.toLowerCase().replace(/\/+$/, '');
  return given === github || given.startsWith(`${github}/`);
}

/**
 * GitHub Actions: `repo:OWNER/REPO:<context>`, the immutable `repo:OWNER@ID/REPO@ID:<context>`, and
 * customised templates of any keys (subject.ts reads them all).
 */
export const githubGrammar: IssuerGrammar = {
  name: 'GitHub Actions',
  matches: isGitHubIssuer,
  alwaysPresent: new Set(['sub', 'aud', 'repository', 'repository_id', 'actor', 'actor_id', 'workflow', 'ref']),
  subjectBinding,
  repositoryKeys: { byId: [idKey('repository_id')], byName: [pathKey('repository')] },
  ownerKeys: [idKey('repository_owner_id'), opaqueKey('repository_owner')],
  workflowKey: 'job_workflow_ref',
  runs: [
    { kind: 'branch', context: 'ref:refs/heads/any-branch', claims: { ref: 'refs/heads/any-branch' } },
    { kind: 'tag', context: 'ref:refs/tags/any-tag', claims: { ref: 'refs/tags/any-tag' } },
    { kind: 'environment', context: 'environment:any-environment', claims: { ref: 'refs/heads/any-branch', environment: 'any-environment' } },
    { kind: 'pull request', context: 'pull_request', claims: { ref: 'refs/pull/1/merge' } },
  ],
  anyRef: true,
  runClaims: new Set(['sub', 'ref', 'environment']),
  join: (prefix, context) => `${prefix}:${context}`,
  hasRunContext,
  looksLike: /^repo:/,
  wildRun: (context) => hasWildcard(context) && hasRunContext(context),
  runClaimsOf(context) {
    const ref = /(?:^|:)ref:([^:]*)/.exec(context)?.[1];
    const environment = /(?:^|:)environment:([^:]*)/.exec(context)?.[1];
    return { ...(ref === undefined ? {} : { ref }), ...(environment === undefined ? {} : { environment }) };
  },
  anySubject: (context) => `repo:any/any:${context}`,
  words: {
    repository: 'repository',
    owner: 'owner',
    pinned: 'repo:acme@1001/app@2002:ref:refs/heads/main',
    immutable: 'Opt the repository in to immutable subject claims and write the condition with both IDs (repo:acme@1001/app@2002:ref:refs/heads/main), or add a condition on repository_id.',
  },
};
