import { jwksDuplicateKid } from '../../../src/engine/lint/rules/jwks-duplicate-kid.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

const notASet = [[jwk(keys.rsa2048, { kid: 'k' }), jwk(keys.p256, { kid: 'k' })], { issuer: 'https://idp.example.com' }, { keys: jwk(keys.rsa2048, { kid: 'k' }) }];

runRule(jwksDuplicateKid, {
  valid: [
    { name: 'is silent when every kid differs, and for keys without kid', jwks: { keys: [jwk(keys.rsa2048), jwk(keys.p256), jwk(keys.p384, { kid: 'a' })] } },
    { name: 'is silent for a good set', jwks: goodJwks },
    ...notASet.map((doc, i) => ({ name: `is silent for a document that is no JWK Set (JWKS_INVALID reports it) #${i + 1}`, jwks: doc })),
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires as a warning naming the kid and the keys that share it',
      jwks: { keys: [jwk(keys.rsa2048, { kid: 'k' }), jwk(keys.p256, { kid: 'x' }), jwk(keys.p384, { kid: 'k' })] },
      findings: [{ message: 'JWKS keys 0, 2 share kid "k".', evidence: { field: '/jwks_uri', kid: 'k', key_indexes: [0, 2] } }],
    },
    {
      name: 'fires once per shared kid, in the order the kids first appear',
      jwks: { keys: [jwk(keys.rsa2048, { kid: 'b' }), jwk(keys.p256, { kid: 'a' }), jwk(keys.p384, { kid: 'a' }), jwk(keys.ed25519, { kid: 'b' }), jwk(keys.rsa1024, { kid: 'b' })] },
      findings: [
        { evidence: { field: '/jwks_uri', kid: 'b', key_indexes: [0, 3, 4] } },
        { evidence: { field: '/jwks_uri', kid: 'a', key_indexes: [1, 2] } },
      ],
    },
  ],
});
