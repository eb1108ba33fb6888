import { jwksKeyTooSmall } from '../../../src/engine/lint/rules/jwks-key-too-small.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

/** The modulus with a leading zero byte, as some providers publish it. */
const pad = (n: unknown) => Buffer.concat([Buffer.from([0]), Buffer.from(n as string, 'base64url')]).toString('base64url');
const notASet = [[jwk(keys.rsa1024)], { issuer: 'https://idp.example.com' }, { keys: jwk(keys.rsa1024) }];

runRule(jwksKeyTooSmall, {
  valid: [
    { name: 'is silent for 2048-bit RSA and P-256', jwks: goodJwks },
    { name: 'is silent for P-384, Ed25519 and a P-224 key at the minimum', jwks: { keys: [jwk(keys.p384), jwk(keys.ed25519), { kty: 'EC', crv: 'P-224', x: 'AAAA', y: 'AAAA' }] } },
    { name: 'is silent for a 2048-bit modulus with a leading zero byte', jwks: { keys: [{ ...keys.rsa2048, n: pad(keys.rsa2048.n) }] } },
    ...notASet.map((doc, i) => ({ name: `is silent for a document that is no JWK Set (JWKS_INVALID reports it) #${i + 1}`, jwks: doc })),
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for a 1024-bit RSA key next to good ones (the Yahoo shape)',
      request: { alg_policy: { allowed_algs: ['ES256', 'RS256'] } },
      jwks: { keys: [jwk(keys.rsa1024, { kid: 'old', use: 'sig', alg: 'RS256' }), goodJwks.keys[1]] },
      findings: [
        {
          message: 'JWKS key 0 (kid "old") is RSA 1024 bits, under the 2048-bit minimum.',
          evidence: { field: '/jwks_uri', key_index: 0, kid: 'old', kty: 'RSA', bits: 1024, minimum_bits: 2048 },
        },
      ],
    },
    {
      name: 'fires for an EC key on a curve under 224 bits',
      jwks: { keys: [...goodJwks.keys, { kty: 'EC', crv: 'P-192', x: 'AAAA', y: 'AAAA', kid: 'tiny' }] },
      findings: [
        {
          message: 'JWKS key 2 (kid "tiny") is EC P-192 (192 bits), under the 224-bit minimum.',
          evidence: { field: '/jwks_uri', key_index: 2, kid: 'tiny', kty: 'EC', bits: 192, minimum_bits: 224 },
        },
      ],
    },
    {
      name: 'measures the modulus without a leading zero byte (seen in real provider moduli)',
      jwks: { keys: [{ ...keys.rsa1024, n: pad(keys.rsa1024.n), kid: 'small' }, { ...keys.rsa2048, n: pad(keys.rsa2048.n), kid: 'ok' }] },
      findings: [{ evidence: { field: '/jwks_uri', key_index: 0, kid: 'small', kty: 'RSA', bits: 1024, minimum_bits: 2048 } }],
    },
  ],
});
