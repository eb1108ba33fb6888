import { subjectMutable } from '../../../src/engine/trust/checks/subject-mutable.ts';
import { runTrustCheck, sound } from '../trust-tester.ts';

runTrustCheck(subjectMutable, {
  valid: [
    { name: 'owner and repository IDs', request: sound() },
    { name: 'a custom subject template', request: sound({ claim_patterns: { sub: 'repository_owner_id:1001:repository_id:2002' } }) },
  ],
  invalid: [
    { name: 'names only', request: sound({ claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/main' } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub' } }] },
    { name: 'the owner ID only', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app:ref:refs/heads/main' } }), findings: [{ evidence: { field: '/claim_patterns/sub' } }] },
  ],
});
