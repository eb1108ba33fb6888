import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'vitest';
import { jwksKeyUnsafe } from '../../../src/engine/lint/rules/jwks-key-unsafe.ts';
import { modulus2048, offCurveP256, randomOdd, secp256k1, toBase64url } from '../../security/keys-fixtures.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { goodJwks, runRule } from '../rule-tester.ts';

const n = modulus2048();
const rsa = (e: bigint, extra: Record<string, unknown> = {}) => ({ kty: 'RSA', n, e: toBase64url(e), ...extra });
const n8192 = toBase64url(randomOdd(8192));
const n16384 = toBase64url(randomOdd(16384));
const x25519 = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
const p521 = generateKeyPairSync('ec', { namedCurve: 'P-521' }).publicKey.export({ format: 'jwk' });
const exponentEvidence = (key_index: number, kid: string, exponent_bits: number, reason: string) => ({
  field: '/jwks_uri', key_index, kid, kty: 'RSA', reason, exponent_bits,
});

runRule(jwksKeyUnsafe, {
  valid: [
    { name: 'is silent for a 2048-bit RSA key with e = 65537 and a P-256 key', jwks: goodJwks },
    { name: 'is silent for P-384, P-521, Ed25519 and an X25519 encryption key (never a signing key)', jwks: { keys: [jwk(keys.p384), jwk(p521), jwk(keys.ed25519), { ...x25519, use: 'enc' }] } },
    { name: 'is silent at the edges of the bounds: an 8192-bit modulus, e = 2^256 - 1', jwks: { keys: [{ kty: 'RSA', n: n8192, e: 'AQAB' }, rsa((1n << 256n) - 1n)] } },
    { name: 'is silent for e = 65537 written with a leading zero byte', jwks: { keys: [{ kty: 'RSA', n, e: 'AAEAAQ' }] } },
    { name: 'is silent for a 1024-bit RSA key and a P-192 key (JWKS_KEY_TOO_SMALL reports them)', jwks: { keys: [jwk(keys.rsa1024), { kty: 'EC', crv: 'P-192', x: 'AAAA', y: 'AAAA' }] } },
    { name: 'is silent for an EC point off its curve (JWKS_INVALID reports it)', jwks: { keys: [offCurveP256().jwk] } },
    { name: 'is silent for an RSA key whose members are not base64url (JWKS_INVALID reports it)', jwks: { keys: [{ kty: 'RSA', n: 'a+b_', e: 'AQ-=' }] } },
    { name: 'is silent for a document that is no JWK Set', jwks: { keys: 'none' } },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for e = 1, next to good keys',
      jwks: { keys: [...goodJwks.keys, rsa(1n, { kid: 'forgeable', use: 'sig' })] },
      findings: [{
        message: expect.stringMatching(/^JWKS key 2 \(kid "forgeable"\) is an RSA key with a public exponent below 65537 .*anyone can forge/),
        evidence: exponentEvidence(2, 'forgeable', 1, 'weak_exponent'),
      }],
    },
    {
      name: 'fires for e = 3',
      jwks: { keys: [rsa(3n, { kid: 'three' })] },
      findings: [{ evidence: exponentEvidence(0, 'three', 2, 'weak_exponent') }],
    },
    {
      name: 'fires for an even exponent',
      jwks: { keys: [rsa(65536n, { kid: 'even' })] },
      findings: [{ evidence: exponentEvidence(0, 'even', 17, 'even_exponent') }],
    },
    {
      name: 'fires for an exponent of 2^256 or more',
      jwks: { keys: [rsa((1n << 256n) + 1n, { kid: 'wide' }), rsa(randomOdd(3071), { kid: 'huge' })] },
      findings: [
        { evidence: exponentEvidence(0, 'wide', 257, 'exponent_too_large') },
        { message: expect.stringContaining('3071-bit public exponent'), evidence: exponentEvidence(1, 'huge', 3071, 'exponent_too_large') },
      ],
    },
    {
      name: 'fires for a modulus over 8192 bits, without quoting it',
      jwks: { keys: [{ kty: 'RSA', n: n16384, e: 'AQAB', kid: 'big' }] },
      neverShows: [n16384.slice(0, 40)],
      findings: [{
        message: expect.stringContaining('16384-bit modulus, over the 8192-bit maximum'),
        evidence: { field: '/jwks_uri', key_index: 0, kid: 'big', kty: 'RSA', reason: 'key_too_large', bits: 16384, maximum_bits: 8192 },
      }],
    },
    {
      name: 'gives one finding per problem when a key breaks two bounds',
      jwks: { keys: [{ kty: 'RSA', n: n16384, e: 'Aw' }] },
      findings: [
        { evidence: { field: '/jwks_uri', key_index: 0, kty: 'RSA', reason: 'weak_exponent', exponent_bits: 2 } },
        { evidence: { field: '/jwks_uri', key_index: 0, kty: 'RSA', reason: 'key_too_large', bits: 16384, maximum_bits: 8192 } },
      ],
    },
    {
      name: 'fires for EC keys on curves other than P-256, P-384 and P-521 (secp256k1, P-224)',
      jwks: { keys: [{ ...secp256k1().jwk, kid: 'k1' }, { kty: 'EC', crv: 'P-224', x: 'AAAA', y: 'AAAA' }] },
      findings: [
        { message: expect.stringContaining('EC key on the curve "secp256k1"'), evidence: { field: '/jwks_uri', key_index: 0, kid: 'k1', kty: 'EC', reason: 'unsupported_curve', crv: 'secp256k1' } },
        { evidence: { field: '/jwks_uri', key_index: 1, kty: 'EC', reason: 'unsupported_curve', crv: 'P-224' } },
      ],
    },
  ],
});
