import { generateKeyPairSync } from 'node:crypto';
import { jwksInvalid } from '../../../src/engine/lint/rules/jwks-invalid.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

const x25519 = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
const { n: _n, ...noModulus } = keys.rsa2048;
const standardBase64N = Buffer.from(keys.rsa2048.n as string, 'base64url').toString('base64');

runRule(jwksInvalid, {
  valid: [
    { name: 'is silent for complete keys, including key types it does not use (X25519, oct-free)', jwks: { keys: [...goodJwks.keys, jwk(x25519, { use: 'enc' })] } },
    { name: 'is silent for an empty set (JWKS_NO_USABLE_KEY reports it)', jwks: { keys: [] } },
    {
      name: 'is silent for members in standard base64, the Battle.net shape (JWKS_NONSTANDARD_ENCODING reports it)',
      jwks: { keys: [{ ...keys.rsa2048, n: standardBase64N, kid: 'b64' }] },
    },
    {
      // A kty read through an object literal found Object.prototype.constructor and threw "not iterable".
      name: 'is silent, as for any unknown kty, when a kty names a member of Object.prototype',
      jwks: { keys: [...goodJwks.keys, ...['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((kty) => ({ kty, kid: kty }))] },
    },
    { name: 'is not run when the fetch failed (JWKS_UNREACHABLE reports it)', jwks: { unreachable: 'not_json' } },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    ...[
      ['an array', [goodJwks.keys[0]], 'the document is not a JSON object'],
      ['a string', 'keys', 'the document is not a JSON object'],
      ['null', null, 'the document is not a JSON object'],
      ['an object without keys', { issuer: 'https://idp.example.com' }, 'the document has no "keys" member'],
      ['keys that is not an array', { keys: goodJwks.keys[0] }, '"keys" is not an array'],
    ].map(([what, doc, problem]) => ({
      name: `fires once for ${String(what)}`,
      jwks: doc,
      findings: [{ message: `The jwks_uri document is not a JWK Set: ${String(problem)}.`, evidence: { field: '/jwks_uri', problems: [problem] } }],
    })),
    {
      name: 'fires per key that lacks members or has broken ones, naming the key, never its values',
      jwks: {
        keys: [
          goodJwks.keys[0],
          { ...noModulus, kid: 'no-n' },
          { kty: 'EC', crv: 'P-256', x: keys.p256.x, kid: 'no-y' },
          { ...keys.rsa2048, e: 65537, kid: 'num-e' },
          { ...keys.p256, x: 'not.base64url', kid: 'bad-x' },
          { ...keys.p256, y: keys.p384.y, kid: 'off-curve' },
          { n: keys.rsa2048.n, e: 'AQAB' },
          'not a key',
        ],
      },
      neverShows: [keys.rsa2048.n as string],
      findings: [
        { message: 'JWKS key 1 (kid "no-n"): missing n.', evidence: { field: '/jwks_uri', key_index: 1, kid: 'no-n', problems: ['missing n'], missing: ['n'] } },
        { evidence: { field: '/jwks_uri', key_index: 2, kid: 'no-y', problems: ['missing y'], missing: ['y'] } },
        { evidence: { field: '/jwks_uri', key_index: 3, kid: 'num-e', problems: ['"e" is not a string'] } },
        { evidence: { field: '/jwks_uri', key_index: 4, kid: 'bad-x', problems: ['"x" is not base64url'] } },
        { evidence: { field: '/jwks_uri', key_index: 5, kid: 'off-curve', problems: ['the public members do not form a valid EC P-256 key'] } },
        { message: 'JWKS key 6: missing kty.', evidence: { field: '/jwks_uri', key_index: 6, problems: ['missing kty'], missing: ['kty'] } },
        { evidence: { field: '/jwks_uri', key_index: 7, problems: ['the key is not a JSON object'] } },
      ],
    },
    {
      name: 'fires for a member that mixes the base64 and base64url alphabets, and for a broken x5c',
      jwks: {
        keys: [
          { ...keys.rsa2048, n: 'AB+C-D', kid: 'mixed' },
          { ...keys.p256, kid: 'x5c-text', x5c: 'MIIB' },
          { ...keys.p256, kid: 'x5c-url', x5c: ['MIIB-_'] },
          { ...keys.p256, kid: 'x5c-junk', x5c: ['AAAA'] },
          { ...keys.p256, kid: 'x5c-empty', x5c: [] },
        ],
      },
      findings: [
        { evidence: { field: '/jwks_uri', key_index: 0, kid: 'mixed', problems: ['"n" is not base64url'] } },
        { evidence: { field: '/jwks_uri', key_index: 1, kid: 'x5c-text', problems: ['"x5c" is not a non-empty array of certificates'] } },
        { evidence: { field: '/jwks_uri', key_index: 2, kid: 'x5c-url', problems: ['"x5c[0]" is not base64 (x5c entries are standard base64, not base64url)'] } },
        { evidence: { field: '/jwks_uri', key_index: 3, kid: 'x5c-junk', problems: ['"x5c[0]" is not a DER X.509 certificate'] } },
        { evidence: { field: '/jwks_uri', key_index: 4, kid: 'x5c-empty', problems: ['"x5c" is not a non-empty array of certificates'] } },
      ],
    },
    {
      name: 'fires for a kid that is not a string, and for several problems of one key at once',
      jwks: { keys: [{ kty: 'EC', crv: 'P-256', kid: 7 }] },
      findings: [
        {
          message: 'JWKS key 0: missing x, y; "kid" is not a string.',
          evidence: { field: '/jwks_uri', key_index: 0, problems: ['missing x, y', '"kid" is not a string'], missing: ['x', 'y'] },
        },
      ],
    },
  ],
});
