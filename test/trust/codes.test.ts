/**
 * The two trust codes the evaluation itself reports, not a check of a statement: TRUST_CONDITION_UNSUPPORTED
 * comes from reading the trust document (each part the reader cannot evaluate, where it meets it), and
 * TRUST_CASE_FAILED from deciding the request's cases. The checks of trust/checks/ have their test files in
 * test/trust/checks/.
 */
import { expect } from 'vitest';
import { TRUST_FINDINGS } from '../../src/engine/trust/findings.ts';
import { AUD, AUD_OK, awsPolicy, ISSUER_HOST, PINNED, runTrustCheck, sound, SUB } from './trust-tester.ts';

runTrustCheck(TRUST_FINDINGS.TRUST_CONDITION_UNSUPPORTED, {
  valid: [
    { name: 'StringEquals, StringLike and the set forms', request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: PINNED }, 'ForAnyValue:StringEquals': { [AUD]: ['sts.amazonaws.com'] }, 'ForAllValues:StringLike': { [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/app/*' } }) } },
    { name: 'a statement for another principal', request: { aws_trust_policy: { Statement: [awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[]][0]?.concat({ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }) } } },
    { name: 'every string operator, IfExists, the set prefixes, Null and a Deny statement', request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringLikeIfExists: { [SUB]: PINNED }, StringNotEquals: { [`${ISSUER_HOST}:actor`]: 'bot' }, StringEqualsIgnoreCase: { [`${ISSUER_HOST}:environment`]: 'production' }, StringNotEqualsIgnoreCase: { [`${ISSUER_HOST}:workflow`]: 'x' }, StringNotLike: { [`${ISSUER_HOST}:ref`]: 'refs/pull/*' }, Null: { [SUB]: 'false' } }).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:*', Condition: { 'ForAnyValue:StringEquals': { [`${ISSUER_HOST}:amr`]: 'x' } } }] } } },
    { name: 'no AWS policy', request: sound() },
  ],
  invalid: [
    {
      name: 'operators the checker does not evaluate, each key named',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, Bool: { 'aws:SecureTransport': 'true' }, DateLessThan: { 'aws:CurrentTime': '2030-01-01T00:00:00Z' } }) },
      findings: [
        { severity: 'warning', evidence: { field: '/aws_trust_policy/Statement/0/Condition/Bool', operator: 'Bool' } },
        { evidence: { field: '/aws_trust_policy/Statement/0/Condition/DateLessThan', operator: 'DateLessThan' } },
      ],
    },
    {
      name: 'an Effect that is neither Allow nor Deny (read as Allow)',
      request: { aws_trust_policy: { Statement: [{ ...(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as Record<string, unknown>[])[0], Effect: 'allow' }] } },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Effect', key: 'Effect' } }],
    },
    {
      name: 'a global key, a claim AWS does not receive and a policy variable',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { 'aws:SourceIp': '10.0.0.0/8', [`${ISSUER_HOST}:repository_owner`]: 'acme', [SUB]: 'repo:${aws:username}/*' } }) },
      findings: [
        { evidence: expect.objectContaining({ key: 'aws:SourceIp' }) },
        { message: expect.stringContaining('AWS does not put the claim repository_owner'), evidence: expect.objectContaining({ key: `${ISSUER_HOST}:repository_owner` }) },
        { message: expect.stringContaining('policy variable'), evidence: expect.objectContaining({ key: SUB }) },
      ],
    },
    { name: 'a wildcard principal', request: { aws_trust_policy: awsPolicy(AUD_OK, { Principal: '*' }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Principal', key: 'Principal' } }] },
    { name: 'no Statement', request: { aws_trust_policy: { Version: '2012-10-17' } }, findings: [{ evidence: { field: '/aws_trust_policy' } }] },
    { name: 'no statement for the issuer the request names', request: { issuer: 'https://token.actions.githubusercontent.com', aws_trust_policy: { Statement: { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::1:oidc-provider/gitlab.com' }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { 'gitlab.com:sub': 'project_path:acme/app:ref_type:branch:ref:main' } } } } }, findings: [{ evidence: { field: '/aws_trust_policy/Statement' } }] },
  ],
});

runTrustCheck(TRUST_FINDINGS.TRUST_CASE_FAILED, {
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
