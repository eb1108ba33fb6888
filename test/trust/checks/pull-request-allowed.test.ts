import { expect } from 'vitest';
import { pullRequestAllowed } from '../../../src/engine/trust/checks/pull-request-allowed.ts';
import { PINNED, runTrustCheck, sound } from '../trust-tester.ts';

runTrustCheck(pullRequestAllowed, {
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
