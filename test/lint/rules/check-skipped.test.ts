import { expect } from 'vitest';
import { LINT_RULES } from '../../../src/engine/lint/registry.ts';
import { checkSkipped } from '../../../src/engine/lint/rules/check-skipped.ts';
import { JWKS_URI, runRule } from '../rule-tester.ts';

/**
 * Every rule that reads the fetched JWKS, in registry order. registry.test.ts shows that the rules not
 * marked needsJwks do not read it, so this list is the one CHECK_SKIPPED must give.
 */
const skipped = LINT_RULES.filter((r) => r.needsJwks === true).map((r) => r.code);
/** The JWKS rules of the first release; a new JWKS rule is added to the list, never replaces one. */
const firstRelease = ['JWKS_UNREACHABLE', 'JWKS_INVALID', 'JWKS_PRIVATE_KEY_EXPOSED', 'JWKS_KEY_TOO_SMALL', 'JWKS_DUPLICATE_KID', 'JWKS_NO_USABLE_KEY'];

runRule(checkSkipped, {
  valid: [
    { name: 'is silent when online' },
    { name: 'is silent online even when the fetch failed (JWKS_UNREACHABLE reports it)', jwks: { unreachable: 'dns' } },
  ],
  invalid: [
    {
      name: 'reports one warning listing the skipped JWKS checks',
      jwks: 'skipped',
      findings: [
        {
          message: `jwks_uri was not fetched (offline mode); not run: ${skipped.join(', ')}.`,
          evidence: { field: '/jwks_uri', uri: JWKS_URI, checks: skipped },
          remediation: checkSkipped.remediation,
        },
      ],
    },
    {
      name: 'lists every JWKS check of the first release',
      jwks: 'skipped',
      findings: [{ evidence: { field: '/jwks_uri', uri: JWKS_URI, checks: expect.arrayContaining(firstRelease) } }],
    },
    {
      name: 'shows user info in jwks_uri as ***',
      request: { jwks_uri: 'https://ops:pa55word@idp.example.com/jwks' },
      jwks: 'skipped',
      neverShows: ['pa55word'],
      findings: [{ evidence: { field: '/jwks_uri', uri: 'https://***@idp.example.com/jwks', checks: skipped } }],
    },
  ],
});
