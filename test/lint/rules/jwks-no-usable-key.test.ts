import { jwksNoUsableKey } from '../../../src/engine/lint/rules/jwks-no-usable-key.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

const notASet = [[goodJwks.keys[0]], { issuer: 'https://idp.example.com' }, { keys: goodJwks.keys[0] }];
const algs = (...allowed_algs: string[]) => ({ alg_policy: { allowed_algs } });

runRule(jwksNoUsableKey, {
  valid: [
    { name: 'is silent for RSA for PS256', request: algs('PS256'), jwks: { keys: [jwk(keys.rsa2048)] } },
    { name: 'is silent for an EC key without use (the PayPal shape)', request: algs('ES256'), jwks: { keys: [jwk(keys.p256)] } },
    { name: 'is silent for Ed25519 for EdDSA', request: algs('EdDSA'), jwks: { keys: [jwk(keys.ed25519)] } },
    { name: 'is silent for one fitting key among unusable ones', request: algs('RS256', 'ES384'), jwks: { keys: [jwk(keys.rsa1024), jwk(keys.p384, { kid: 'p' })] } },
    {
      name: 'is silent for a 1024-bit RSA key next to a fitting EC key (the Yahoo shape)',
      request: algs('ES256', 'RS256'),
      jwks: { keys: [jwk(keys.rsa1024, { kid: 'old', use: 'sig', alg: 'RS256' }), goodJwks.keys[1]] },
    },
    {
      name: 'is silent for a key in standard base64, as the validator reads it',
      request: algs('RS256'),
      jwks: { keys: [{ ...keys.rsa2048, n: Buffer.from(keys.rsa2048.n as string, 'base64url').toString('base64'), kid: 'b64' }] },
    },
    ...notASet.map((doc, i) => ({ name: `is silent for a document that is no JWK Set (JWKS_INVALID reports it) #${i + 1}`, jwks: doc })),
    { name: 'is not run when the fetch failed', jwks: { unreachable: 'timeout' } },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for an EC-only JWKS and an RS256 allowlist',
      request: algs('RS256'),
      jwks: { keys: [jwk(keys.p256, { kid: 'e1', use: 'sig', alg: 'ES256' })] },
      findings: [
        {
          message: 'None of the 1 JWKS key (EC P-256) can verify any of RS256.',
          evidence: { field: '/jwks_uri', allowed_algs: ['RS256'], keys: [{ key_index: 0, type: 'EC P-256', kid: 'e1', alg: 'ES256', use: 'sig' }] },
          remediation: jwksNoUsableKey.remediation,
        },
      ],
    },
    ...(
      [
        ['the only RSA key is 1024 bits', [jwk(keys.rsa1024, { kid: 'small' })], ['RS256'], [{ key_index: 0, type: 'RSA 1024', kid: 'small' }]],
        ['the key is for encryption', [jwk(keys.rsa2048, { use: 'enc' })], ['RS256'], [{ key_index: 0, type: 'RSA 2048', use: 'enc' }]],
        ['the key names another alg', [jwk(keys.rsa2048, { alg: 'PS256' })], ['RS256'], [{ key_index: 0, type: 'RSA 2048', alg: 'PS256' }]],
        ['key_ops lacks verify', [jwk(keys.rsa2048, { key_ops: ['encrypt'] })], ['RS256'], [{ key_index: 0, type: 'RSA 2048' }]],
        ['the curve does not fit', [jwk(keys.p384)], ['ES256'], [{ key_index: 0, type: 'EC P-384' }]],
        ['the allowlist is HMAC only', [jwk(keys.rsa2048)], ['HS256'], [{ key_index: 0, type: 'RSA 2048' }]],
        ['the set is empty', [], ['RS256'], []],
        ['the only key is a leaked private key, which the validator refuses', [jwk(keys.rsa2048Private, { kid: 'leaked' })], ['RS256'], [{ key_index: 0, type: 'RSA 2048', kid: 'leaked' }]],
      ] as const
    ).map(([why, ks, allowed, described]) => ({
      name: `fires when ${why}`,
      request: algs(...allowed),
      jwks: { keys: ks },
      findings: [{ evidence: { field: '/jwks_uri', allowed_algs: allowed, keys: described } }],
    })),
    {
      name: 'says so when the set holds no keys',
      request: algs('RS256'),
      jwks: { keys: [] },
      findings: [{ message: 'The JWKS holds no keys, so no allowed algorithm can be verified.' }],
    },
    {
      name: 'names each key type once in the message',
      request: algs('ES512'),
      jwks: { keys: [jwk(keys.p256, { kid: 'a' }), jwk(keys.p256, { kid: 'b' }), jwk(keys.ed25519)] },
      findings: [{ message: 'None of the 3 JWKS keys (EC P-256, OKP Ed25519) can verify any of ES512.' }],
    },
  ],
});
