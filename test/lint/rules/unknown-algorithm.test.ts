import { unknownAlgorithm } from '../../../src/engine/lint/rules/unknown-algorithm.ts';
import { runRule } from '../rule-tester.ts';

runRule(unknownAlgorithm, {
  valid: [
    { name: 'is silent for registered names, and leaves weak names to WEAK_ALGORITHM', request: { alg_policy: { allowed_algs: ['ES384', 'PS512', 'Ed448', 'NONE', 'RS1'] } } },
    // Registered in the IANA JWS registry though the validator does not implement them.
    { name: 'is silent for registered names the validator does not implement', request: { alg_policy: { allowed_algs: ['ES256K', 'ESP256', 'ESB512'] } } },
  ],
  invalid: [
    {
      name: 'fires for names that are not JWS algorithms, case-sensitively, with a did-you-mean',
      request: { alg_policy: { allowed_algs: ['RS256', 'rs256', 'RSA-OAEP', ''] } },
      findings: [
        {
          message: 'allowed_algs[1] "rs256" is not a registered JWS algorithm (names are case-sensitive: did you mean RS256?).',
          evidence: { field: '/alg_policy/allowed_algs/1', alg: 'rs256' },
          remediation: 'Write it as RS256.',
        },
        {
          message: 'allowed_algs[2] "RSA-OAEP" is not a registered JWS algorithm.',
          evidence: { field: '/alg_policy/allowed_algs/2', alg: 'RSA-OAEP' },
          remediation: unknownAlgorithm.remediation,
        },
        { evidence: { field: '/alg_policy/allowed_algs/3', alg: '' }, remediation: unknownAlgorithm.remediation },
      ],
    },
    {
      name: 'suggests the registered name for one written with spaces around it',
      request: { alg_policy: { allowed_algs: [' ES256 '] } },
      findings: [{ evidence: { field: '/alg_policy/allowed_algs/0', alg: ' ES256 ' }, remediation: 'Write it as ES256.' }],
    },
  ],
});
