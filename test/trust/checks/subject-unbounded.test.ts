import { expect } from 'vitest';
import { subjectUnbounded } from '../../../src/engine/trust/checks/subject-unbounded.ts';
import { AUD, AUD_OK, awsPolicy, ISSUER_HOST, PINNED, runTrustCheck, sound, SUB } from '../trust-tester.ts';

runTrustCheck(subjectUnbounded, {
  valid: [
    { name: 'a pinned subject', request: sound() },
    { name: 'a wildcard after the repository', request: sound({ claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/*' } }) },
    { name: 'StringEquals takes * literally', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme/*' } }) } },
    { name: 'a broad condition narrowed by a second one on sub', request: { aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' }, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
    { name: 'the central-workflow pattern: an owner-wide sub and a job_workflow_ref pinned to one workflow at one ref', request: { aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme@1001/*' }, StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/automation/.github/workflows/deploy.yml@refs/heads/main' } }) } },
    { name: 'a repository pinned by the repository_id key', request: { aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' }, StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:repository_id`]: '2002' } }) } },
    { name: 'the repository ID left open (mutable, not unbounded)', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@*:ref:refs/heads/main' } }) },
    { name: 'an open Allow bound by a Deny of every other subject', request: { aws_trust_policy: { Statement: [(awsPolicy(AUD_OK).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringNotLike: { [SUB]: 'repo:acme@1001/app@2002:ref:refs/heads/main' } } }] } } },
  ],
  invalid: [
    { name: 'no condition on sub', request: { audiences: ['sts.amazonaws.com'] }, findings: [{ severity: 'error', evidence: { field: '/claim_patterns' } }] },
    { name: 'no sub in the AWS policy', request: { aws_trust_policy: awsPolicy(AUD_OK) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }] },
    {
      name: 'repo:*, repo:acme/*, *, repo:acme* and repo:acme/app* in a list',
      request: sound({ claim_patterns: { sub: ['repo:*', 'repo:acme/*', '*', 'repo:acme*', 'repo:acme/app*', PINNED, 'repo:acm?/app:ref:refs/heads/main'] } }),
      findings: [0, 1, 2, 3, 4, 6].map((i) => ({ evidence: expect.objectContaining({ field: `/claim_patterns/sub/${i}` }) })),
    },
    {
      name: 'customised templates that pin no repository: an environment, a reusable workflow, the owner',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: ['environment:production', 'job_workflow_ref:acme/automation/.github/workflows/deploy.yml@refs/heads/main', 'repository_owner:acme', 'repository_owner_id:6154722:*', 'repository_owner:acme:repository_visibility:private'] } }) },
      findings: [0, 1, 2, 3, 4].map((i) => ({ evidence: expect.objectContaining({ field: `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}/${i}` }) })),
    },
    {
      name: 'a * in the owner ID runs past the slash into another repository of the owner',
      request: sound({ claim_patterns: { sub: 'repo:acme@*/app@2002:ref:refs/heads/main' } }),
      findings: [{ message: expect.stringContaining('every repository of its owner') }],
    },
    {
      name: 'an Allow with NotPrincipal admits every other provider of the account',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }, { Principal: undefined, NotPrincipal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/accounts.google.com' } }) },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/NotPrincipal' } }],
    },
    {
      name: 'an open statement for another provider: every token of that issuer gets in',
      request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[])[0], { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/gitlab.com' }, Action: 'sts:AssumeRoleWithWebIdentity' }] } },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/1/Condition' } }],
    },
    {
      name: 'an environment-only subject under StringEquals',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'environment:production' } }) },
      findings: [{ severity: 'error', message: expect.stringContaining('pins no repository') }],
    },
    {
      name: 'an owner-wide sub with job_workflow_ref under IfExists (a token without the claim passes it)',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' }, StringEqualsIfExists: { [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/automation/.github/workflows/deploy.yml@refs/heads/main' } }) },
      findings: [{ evidence: expect.objectContaining({ value: 'repo:acme/*' }) }],
    },
    {
      name: 'an Allow that only excludes one repository',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringNotEquals: { [SUB]: 'repo:evil/app:ref:refs/heads/main' } }) },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }],
    },
    {
      name: 'the org wildcard in an AWS StringLike condition',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' } }) },
      findings: [{ message: expect.stringContaining('repo:acme/*'), evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}`, operator: 'StringLike', value: 'repo:acme/*' } }],
    },
  ],
});
