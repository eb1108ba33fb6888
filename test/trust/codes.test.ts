import { expect } from 'vitest';
import { awsPolicy, ISSUER_HOST, PINNED, runTrustCode, sound } from './trust-tester.ts';

const SUB = `${ISSUER_HOST}:sub`;
const AUD = `${ISSUER_HOST}:aud`;
const AUD_OK = { StringEquals: { [AUD]: 'sts.amazonaws.com' } };

runTrustCode('TRUST_SUBJECT_UNBOUNDED', {
  valid: [
    { name: 'a pinned subject', request: sound() },
    { name: 'a wildcard after the repository', request: sound({ claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/*' } }) },
    { name: 'StringEquals takes * literally', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme/*' } }) } },
    { name: 'a broad condition narrowed by a second one on sub', request: sound({ aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' } }) }) },
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
      name: 'the org wildcard in an AWS StringLike condition',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' } }) },
      findings: [{ message: expect.stringContaining('repo:acme/*'), evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}`, operator: 'StringLike', value: 'repo:acme/*' } }],
    },
  ],
});

runTrustCode('TRUST_AUDIENCE_MISSING', {
  valid: [
    { name: 'audiences given', request: sound() },
    { name: 'aud in the AWS policy', request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
  ],
  invalid: [
    { name: 'no audiences', request: { claim_patterns: { sub: PINNED } }, findings: [{ severity: 'error', evidence: { field: '/audiences' } }] },
    { name: 'an AWS statement without aud', request: { aws_trust_policy: awsPolicy({ StringEquals: { [SUB]: PINNED } }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }] },
  ],
});

runTrustCode('TRUST_ANY_REF', {
  valid: [
    { name: 'a branch', request: sound() },
    { name: 'any branch only', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/*' } }) },
    { name: 'StringEquals with a literal *', request: sound({ claim_patterns: {}, aws_trust_policy: awsPolicy({ StringEquals: { [SUB]: 'repo:acme@1001/app@2002:*' } }) }) },
  ],
  invalid: [
    { name: 'repo:o/r:*', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub', operator: 'StringLike', value: 'repo:acme@1001/app@2002:*' } }] },
  ],
});

runTrustCode('TRUST_PULL_REQUEST_ALLOWED', {
  valid: [
    { name: 'the main branch', request: sound() },
    { name: 'an environment', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:environment:production' } }) },
    { name: 'repo:o/r:* (TRUST_ANY_REF says it)', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }) },
  ],
  invalid: [
    { name: 'pull_request named', request: sound({ claim_patterns: { sub: [PINNED, 'repo:acme@1001/app@2002:pull_request'] } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub/1' } }] },
    { name: 'a pattern that admits it', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:p*' } }), findings: [{ message: expect.stringContaining('repo:acme@1001/app@2002:pull_request') }] },
  ],
});

runTrustCode('TRUST_SUBJECT_MUTABLE', {
  valid: [
    { name: 'owner and repository IDs', request: sound() },
    { name: 'a custom subject template', request: sound({ claim_patterns: { sub: 'repository_owner_id:1001:repository_id:2002' } }) },
  ],
  invalid: [
    { name: 'names only', request: sound({ claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/main' } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub' } }] },
    { name: 'the owner ID only', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app:ref:refs/heads/main' } }), findings: [{ evidence: { field: '/claim_patterns/sub' } }] },
  ],
});

runTrustCode('TRUST_CONDITION_UNSUPPORTED', {
  valid: [
    { name: 'StringEquals, StringLike and the set forms', request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: PINNED }, 'ForAnyValue:StringEquals': { [AUD]: ['sts.amazonaws.com'] }, 'ForAllValues:StringLike': { [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/app/*' } }) } },
    { name: 'a statement for another principal', request: sound({ aws_trust_policy: { Statement: [awsPolicy(AUD_OK).Statement as unknown[]][0]?.concat({ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }) } }) },
    { name: 'no AWS policy', request: sound() },
  ],
  invalid: [
    {
      name: 'StringNotEquals, Null and an IfExists operator, each key named',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringNotEquals: { [`${ISSUER_HOST}:actor`]: 'bot' }, Null: { [SUB]: 'false' }, StringLikeIfExists: { [SUB]: PINNED } }) },
      findings: [
        { severity: 'warning', evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringNotEquals/${ISSUER_HOST}:actor`, operator: 'StringNotEquals', key: `${ISSUER_HOST}:actor` } },
        { evidence: { field: `/aws_trust_policy/Statement/0/Condition/Null/${SUB}`, operator: 'Null', key: SUB } },
        { evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringLikeIfExists/${SUB}`, operator: 'StringLikeIfExists', key: SUB } },
      ],
    },
    {
      name: 'a Deny statement',
      request: { aws_trust_policy: { Statement: [...(awsPolicy({ ...AUD_OK, StringLike: { [SUB]: PINNED } }).Statement as unknown[]), { ...(awsPolicy(undefined).Statement as Record<string, unknown>[])[0], Effect: 'Deny' }] } },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/1/Effect', key: 'Effect' } }],
    },
    {
      name: 'a key of another issuer, a global key and a policy variable',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { 'gitlab.com:sub': 'x', 'aws:SourceIp': '10.0.0.0/8', [SUB]: 'repo:${aws:username}/*' } }) },
      findings: [
        { evidence: expect.objectContaining({ key: 'gitlab.com:sub' }) },
        { evidence: expect.objectContaining({ key: 'aws:SourceIp' }) },
        { message: expect.stringContaining('policy variable'), evidence: expect.objectContaining({ key: SUB }) },
      ],
    },
    { name: 'a wildcard principal', request: sound({ aws_trust_policy: awsPolicy(AUD_OK, { Principal: '*' }) }), findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Principal', key: 'Principal' } }] },
    { name: 'no Statement', request: sound({ aws_trust_policy: { Version: '2012-10-17' } }), findings: [{ evidence: { field: '/aws_trust_policy' } }] },
    { name: 'no statement for the issuer', request: sound({ aws_trust_policy: { Statement: { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::1:oidc-provider/gitlab.com' }, Action: 'sts:AssumeRoleWithWebIdentity' } } }), findings: [{ evidence: { field: '/aws_trust_policy/Statement' } }] },
  ],
});

runTrustCode('TRUST_CASE_FAILED', {
  valid: [
    {
      name: 'the deploy job allowed, a fork and a pull request denied',
      request: sound({ cases: [
        { name: 'deploy', claims: { sub: PINNED, aud: 'sts.amazonaws.com' }, expect: 'allow' },
        { name: 'fork', claims: { sub: 'repo:mallory@9/app@2002:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'deny' },
        { name: 'pull request', claims: { sub: 'repo:acme@1001/app@2002:pull_request', aud: 'sts.amazonaws.com' }, expect: 'deny' },
      ] }),
    },
  ],
  invalid: [
    {
      name: 'an allowed case expected denied names the statement that let it in',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' } }), cases: [{ name: 'other repo', claims: { sub: 'repo:acme/other:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'deny' }] },
      findings: [{ severity: 'error', evidence: { field: '/cases/0', case: 'other repo', expect: 'deny', outcome: 'allow', decided_by: { field: '/aws_trust_policy/Statement/0', conditions: [`/aws_trust_policy/Statement/0/Condition/StringEquals/${AUD}`, `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}`] } } }],
    },
    {
      name: 'a denied case expected allowed names the condition that failed',
      request: sound({ cases: [{ claims: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/dev', aud: 'sts.amazonaws.com' }, expect: 'allow' }] }),
      findings: [{ evidence: { field: '/cases/0', case: 'case 0', expect: 'allow', outcome: 'deny', decided_by: { field: '/claim_patterns/sub', claim: 'sub', operator: 'StringLike', values: [PINNED], actual: 'repo:acme@1001/app@2002:ref:refs/heads/dev' } } }],
    },
  ],
});
