import { finding } from '../../findings.ts';
import { SOURCES, trustExample } from '../examples.ts';
import type { TrustRunCheck } from '../runs.ts';
import { valueEvidence } from '../statement.ts';

export const pullRequestAllowed: TrustRunCheck = {
  code: 'TRUST_PULL_REQUEST_ALLOWED',
  severity: 'warning',
  title: 'A sub condition admits pull_request runs (repo:OWNER/REPO:pull_request)',
  docs: 'A workflow triggered by a pull request gets the sub repo:OWNER/REPO:pull_request, whatever branch the pull request comes from.',
  why: 'The code a pull request runs has not been reviewed yet. A role that trusts pull_request runs lets whoever can open one from a branch of the repository act with the role\'s permissions.',
  remediation: 'Trust a protected branch or environment for deploys, and give pull request workflows a separate role with read-only permissions if they need one.',
  securitySeverity: 6.5,
  example: trustExample('The deploy role admits the main branch and, through a loose pattern, pull requests.', ['claim_patterns: { sub: ["repo:acme@1001/app@2002:ref:refs/heads/main", "repo:acme@1001/app@2002:pull*"] }']),
  sources: [SOURCES.githubOidc],
  check({ binding }) {
    if (binding.kind !== 'sub' || !binding.admitted.some((run) => run.kind === 'pull request')) return [];
    const v = binding.value;
    return [finding(pullRequestAllowed, `The sub ${v.condition.operator} value "${v.condition.values[v.index] as string}" admits pull_request runs (${binding.prefix}:pull_request).`, valueEvidence(v))];
  },
};
