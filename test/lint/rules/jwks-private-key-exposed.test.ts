import { generateKeyPairSync } from 'node:crypto';
import { jwksPrivateKeyExposed } from '../../../src/engine/lint/rules/jwks-private-key-exposed.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

const ecPrivate = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
const notASet = [[goodJwks.keys[0]], { issuer: 'https://idp.example.com' }, { keys: goodJwks.keys[0] }];

runRule(jwksPrivateKeyExposed, {
  valid: [
    { name: 'is silent for public keys', jwks: goodJwks },
    ...notASet.map((doc, i) => ({ name: `is silent for a document that is no JWK Set (JWKS_INVALID reports it) #${i + 1}`, jwks: doc })),
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for a JWKS holding an RSA private key, naming the members and never a value',
      jwks: { keys: [jwk(keys.rsa2048Private, { kid: 'leaked', use: 'sig', alg: 'RS256' })] },
      findings: [
        {
          message: 'JWKS key 0 (kid "leaked") publishes private members: d, p, q, dp, dq, qi.',
          evidence: { field: '/jwks_uri', key_index: 0, kid: 'leaked', members: ['d', 'p', 'q', 'dp', 'dq', 'qi'] },
          remediation: jwksPrivateKeyExposed.remediation,
        },
      ],
    },
    {
      name: 'fires for a symmetric key (k) in the set',
      jwks: { keys: [goodJwks.keys[0], { kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ', kid: 'hmac' }] },
      neverShows: ['c2VjcmV0'],
      findings: [{ evidence: { field: '/jwks_uri', key_index: 1, kid: 'hmac', members: ['k'] } }],
    },
    {
      name: 'counts a leaked key as exposed whatever the allowlist (JWKS_NO_USABLE_KEY also refuses it)',
      request: { alg_policy: { allowed_algs: ['RS256'] } },
      jwks: { keys: [jwk(keys.rsa2048Private, { kid: 'leaked' })] },
      findings: [{ evidence: { field: '/jwks_uri', key_index: 0, kid: 'leaked', members: ['d', 'p', 'q', 'dp', 'dq', 'qi'] } }],
    },
    {
      name: 'fires for an EC private key, and for a key without kid',
      jwks: { keys: [...goodJwks.keys, jwk(ecPrivate)] },
      findings: [{ message: 'JWKS key 2 publishes private members: d.', evidence: { field: '/jwks_uri', key_index: 2, members: ['d'] } }],
    },
    {
      name: 'fires for other-prime info (oth), never showing its values',
      jwks: { keys: [{ ...keys.rsa2048, kid: 'multi', oth: [{ r: 'b3RoZXItcHJpbWUtcg', d: 'b3RoZXItcHJpbWUtZA', t: 'b3RoZXItcHJpbWUtdA' }] }] },
      findings: [{ evidence: { field: '/jwks_uri', key_index: 0, kid: 'multi', members: ['oth'] } }],
    },
  ],
});
