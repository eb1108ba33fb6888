/**
 * Issuer profiles are held to the key-strength bounds at load: an unsafe inline public_key (SPKI or
 * certificate) or an unsafe key in an inline jwks stops the load with one problem per key, naming the
 * profile, the field and the reason, never the key.
 */
import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeyObjectCache } from '../../src/engine/jws/keys.ts';
import { IssuerProfileError, loadIssuerProfiles } from '../../src/engine/profiles/index.ts';
import { AUDIENCE, ISSUER, T0 } from '../jwks/helpers.ts';
import { certificateFor, modulus2048, offCurveP256, rsaKey, rsaOfSize, secp256k1 } from '../security/keys-fixtures.ts';

function load(profiles: unknown[]) {
  return loadIssuerProfiles({ json: JSON.stringify(profiles), env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() });
}
function problems(profiles: unknown[]): IssuerProfileError['problems'] {
  try {
    load(profiles);
  } catch (err) {
    if (err instanceof IssuerProfileError) return err.problems;
    throw err;
  }
  throw new Error('expected IssuerProfileError');
}
const profile = (id: string, source: Record<string, unknown>, allowed_algs = ['RS256']) => ({ id, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs, ...source });

describe('public_key profiles', () => {
  it.each([
    ['e = 3', rsaKey(modulus2048(), 3n).pem, 'weak_exponent'],
    ['a 16384-bit modulus', rsaOfSize(16384).pem, 'key_too_large'],
    ['secp256k1', secp256k1().pem, 'unsupported_curve'],
    ['a point off P-256', offCurveP256().pem, 'point_not_on_curve'],
  ])('%s stops the load at /public_key with %s', (_name, pem, reason) => {
    const alg = reason === 'unsupported_curve' || reason === 'point_not_on_curve' ? ['ES256'] : ['RS256'];
    const found = problems([profile('p', { public_key: pem }, alg)]);
    expect(found).toEqual([{ profile: '"p" (#0)', pointer: '/0/public_key', message: expect.stringMatching(new RegExp(`\\(${reason}\\)$`)) }]);
    expect(JSON.stringify(found)).not.toContain(pem.split('\n')[1] as string);
  });

  it('a certificate PEM whose key has e = 1 stops the load; the same certificate for a sound key loads', () => {
    const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const n = signer.publicKey.export({ format: 'jwk' }).n as string;
    const cert = (e: bigint) => certificateFor(rsaKey(n, e).key.export({ type: 'spki', format: 'der' }), signer.privateKey);
    expect(problems([profile('cert', { public_key: cert(1n) })])).toEqual([
      { profile: '"cert" (#0)', pointer: '/0/public_key', message: expect.stringMatching(/\(weak_exponent\)$/) },
    ]);
    expect(load([profile('cert', { public_key: cert(65537n) })]).get('cert')?.keySource).toBe('public_key');
  });
});

describe('inline jwks profiles', () => {
  it('one problem per unsafe key, at its index; sound keys beside them are not reported', () => {
    const sound = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: 'ok' };
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
    const found = problems([profile('set', { jwks: { keys: [sound, { ...rsaKey(modulus2048(), 1n).jwk, kid: 'e1' }, x25519, offCurveP256().jwk] } })]);
    expect(found.map((p) => [p.pointer, /\(([a-z_]+)\)$/.exec(p.message)?.[1]])).toEqual([
      ['/0/jwks/keys/1', 'weak_exponent'],
      ['/0/jwks/keys/2', 'unsupported_curve'],
      ['/0/jwks/keys/3', 'point_not_on_curve'],
    ]);
  });
});
