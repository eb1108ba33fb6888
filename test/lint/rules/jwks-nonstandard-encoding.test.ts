import { jwksNonstandardEncoding } from '../../../src/engine/lint/rules/jwks-nonstandard-encoding.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

const standard = (v: unknown) => Buffer.from(v as string, 'base64url').toString('base64');
/** 256 bytes of modulus always end in "==" padding in standard base64, so this is never base64url by chance. */
const nStandard = standard(keys.rsa2048.n);

runRule(jwksNonstandardEncoding, {
  valid: [
    { name: 'is silent for base64url members' },
    { name: 'is silent for a member that is not base64 in either alphabet (JWKS_INVALID reports it)', jwks: { keys: [{ ...keys.rsa2048, n: 'AB+C-D' }] } },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires once per key, naming the members (the Battle.net and PayPal shapes), never their values',
      jwks: {
        keys: [
          goodJwks.keys[0],
          { ...keys.rsa2048, n: nStandard, e: 'AQAB', kid: 'battle-net' },
          jwk({ ...keys.p256, x: standard(keys.p256.x), y: `${standard(keys.p256.y)}` }, { kid: 'paypal' }),
        ],
      },
      neverShows: [nStandard],
      findings: [
        {
          message: 'JWKS key 1 (kid "battle-net") writes n in standard base64 (+, / or = padding), not base64url.',
          evidence: { field: '/jwks_uri', key_index: 1, kid: 'battle-net', members: ['n'] },
        },
        { evidence: { field: '/jwks_uri', key_index: 2, kid: 'paypal', members: ['x', 'y'] } },
      ],
    },
  ],
});
