import { expect } from 'vitest';
import { anyRef } from '../../../src/engine/trust/checks/any-ref.ts';
import { AUD, awsPolicy, ISSUER_HOST, runTrustCheck, sound, SUB } from '../trust-tester.ts';

runTrustCheck(anyRef, {
  valid: [
    { name: 'a branch', request: sound() },
    { name: 'any branch only', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/*' } }) },
    { name: 'StringEquals with a literal *', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme@1001/app@2002:*' } }) } },
    { name: 'repo:o/r:* with the ref key pinned', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:ref`]: 'refs/heads/main' }, StringLike: { [SUB]: 'repo:acme@1001/app@2002:*' } }) } },
  ],
  invalid: [
    { name: 'a customised template without a context part', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme@1001/app@2002' } }) }, findings: [{ message: expect.stringContaining('no ref or environment part') }] },
    { name: 'the repository_id key with an owner-wide sub', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:repository_id`]: '2002' }, StringLike: { [SUB]: 'repo:acme@1001/*' } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringEquals/${ISSUER_HOST}:repository_id` } }] },
    { name: 'repo:o/r:*', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub', operator: 'StringLike', value: 'repo:acme@1001/app@2002:*' } }] },
  ],
});
