import { weakAlgorithm } from '../../../src/engine/lint/rules/weak-algorithm.ts';
import { runRule } from '../rule-tester.ts';

const algs = ['RS256', 'none', 'NoNe', 'HS256', 'HS384', 'HS512', 'RS1', 'HS1'];

runRule(weakAlgorithm, {
  valid: [
    { name: 'is silent for RS256, PS256, ES256 and EdDSA', request: { alg_policy: { allowed_algs: ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'] } } },
    { name: 'leaves names that are no algorithm to UNKNOWN_ALGORITHM', request: { alg_policy: { allowed_algs: ['rs256', 'hs256', 'RSA-OAEP'] } } },
  ],
  invalid: [
    {
      name: 'fires for none in any case, HS*, RS1 and HS1',
      request: { alg_policy: { allowed_algs: algs } },
      findings: algs.slice(1).map((alg, i) => ({ evidence: { field: `/alg_policy/allowed_algs/${i + 1}`, alg } })),
    },
    {
      name: 'says why the algorithm is weak',
      request: { alg_policy: { allowed_algs: ['none', 'RS1'] } },
      findings: [
        { message: 'allowed_algs[0] "none" means unsigned tokens: anyone can forge one.' },
        { message: 'allowed_algs[1] "RS1" uses SHA-1, which is broken for signatures.' },
      ],
    },
    {
      name: 'still runs offline, where only the JWKS rules are skipped',
      request: { alg_policy: { allowed_algs: ['none'] } },
      jwks: 'skipped',
      findings: [{ evidence: { field: '/alg_policy/allowed_algs/0', alg: 'none' } }],
    },
  ],
});
