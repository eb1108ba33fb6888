import { expect } from 'vitest';
import { refWildcard } from '../../../src/engine/trust/checks/ref-wildcard.ts';
import { AUD, awsPolicy, ISSUER_HOST, PINNED, runTrustCheck, sound, SUB } from '../trust-tester.ts';

runTrustCheck(refWildcard, {
  valid: [
    { name: 'a pinned branch', request: sound() },
    { name: 'an environment named exactly', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:environment:production' } }) },
    { name: 'repo:o/r:* (TRUST_ANY_REF says it)', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }) },
    { name: 'a repository bound by its ID key, and the ref key pinned', request: { audiences: ['sts.amazonaws.com'], claim_patterns: { repository_id: '2002', ref: 'refs/heads/main' } } },
    { name: 'a wildcard branch narrowed by the ref key', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:ref`]: 'refs/heads/main' }, StringLike: { [SUB]: 'repo:acme@1001/app@2002:ref:refs/heads/*' } }) } },
  ],
  invalid: [
    {
      name: 'branch, prefix, tag and environment wildcards',
      request: sound({ claim_patterns: { sub: ['repo:acme@1001/app@2002:ref:refs/heads/*', 'repo:acme@1001/app@2002:ref:refs/heads/main*', 'repo:acme@1001/app@2002:ref:refs/tags/*', 'repo:acme@1001/app@2002:environment:*', 'repo:acme@1001/app@2002:environment:prod-?'] } }),
      findings: [
        { severity: 'warning', evidence: { field: '/claim_patterns/sub/0', admits: 'ref:refs/heads/-evil' } },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/1', admits: 'ref:refs/heads/main-evil' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/2' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/3' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/4', admits: 'environment:prod-x' }) },
      ],
    },
    {
      name: 'a repository bound by its ID key, and a wildcard in the ref or environment key',
      request: { audiences: ['sts.amazonaws.com'], claim_patterns: { repository_id: '2002', ref: 'refs/heads/*', environment: 'prod*' } },
      findings: [
        { evidence: expect.objectContaining({ field: '/claim_patterns/ref', admits: 'refs/heads/-evil' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/environment', admits: 'prod-evil' }) },
      ],
    },
    {
      name: 'StringEqualsIgnoreCase on a branch admits the same name in another case, another branch to git',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringEqualsIgnoreCase: { [SUB]: PINNED } }) },
      findings: [{ evidence: expect.objectContaining({ field: `/aws_trust_policy/Statement/0/Condition/StringEqualsIgnoreCase/${SUB}`, admits: 'ref:REFS/HEADS/MAIN' }) }],
    },
  ],
});
