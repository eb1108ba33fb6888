/**
 * The key-strength bounds on their own: every edge of the RSA modulus and exponent ranges, the curves,
 * the key types, the verdict cache, and what OpenSSL itself refuses (an EC point off its curve).
 */
import { createPublicKey, generateKeyPairSync, verify, type JsonWebKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  curveWeakness, keyWeakness, rsaExponentWeakness, rsaModulusWeakness, rsaWeakness,
} from '../../src/engine/jws/key-strength.ts';
import { keyAlgMismatch, parsePublicKeyPem } from '../../src/engine/jws/keys.ts';
import { importJwk } from '../../src/engine/jwks/jwk.ts';
import {
  certificateFor, forgeForExponentOne, modulus2048, offCurveP256, rsaKey, secp256k1, spkiPem, unsafeRsaKeys,
} from '../security/keys-fixtures.ts';

const TWO_256 = 1n << 256n;

describe('RSA bounds', () => {
  it.each([
    [1n, 'weak_exponent'], [3n, 'weak_exponent'], [17n, 'weak_exponent'], [65535n, 'weak_exponent'],
    [0n, 'even_exponent'], [2n, 'even_exponent'], [65536n, 'even_exponent'], [65538n, 'even_exponent'], [TWO_256, 'even_exponent'],
    [TWO_256 + 1n, 'exponent_too_large'], [(1n << 3071n) + 1n, 'exponent_too_large'],
  ])('exponent %s is refused as %s', (e, reason) => {
    expect(rsaExponentWeakness(e)?.reason).toBe(reason);
  });

  it.each([65537n, 65539n, 2n ** 255n + 1n, TWO_256 - 1n])('exponent %s is inside the bounds', (e) => {
    expect(rsaExponentWeakness(e)).toBeUndefined();
  });

  it.each([[512, 'key_too_small'], [2047, 'key_too_small'], [8193, 'key_too_large'], [16384, 'key_too_large']])('a %i-bit modulus is refused as %s', (bits, reason) => {
    expect(rsaModulusWeakness(bits)?.reason).toBe(reason);
  });

  it.each([2048, 3072, 4096, 8192])('a %i-bit modulus is inside the bounds', (bits) => {
    expect(rsaModulusWeakness(bits)).toBeUndefined();
  });

  it('names the size before the exponent, and says sizes only', () => {
    expect(rsaWeakness(1024, 1n)?.reason).toBe('key_too_small');
    expect(rsaWeakness(2048, 1n)?.reason).toBe('weak_exponent');
    expect(rsaWeakness(2048, 65537n)).toBeUndefined();
    expect(rsaExponentWeakness((1n << 3070n) + 1n)?.message).toMatch(/3071-bit public exponent/);
  });
});

describe('curves', () => {
  it.each(['P-256', 'P-384', 'P-521'])('EC %s is allowed', (crv) => expect(curveWeakness('EC', crv)).toBeUndefined());
  it.each(['Ed25519', 'Ed448'])('OKP %s is allowed', (crv) => expect(curveWeakness('OKP', crv)).toBeUndefined());
  it.each([['EC', 'secp256k1'], ['EC', 'P-224'], ['EC', 'brainpoolP256r1'], ['OKP', 'X25519'], ['OKP', 'X448']] as const)('%s %s is unsupported_curve', (kty, crv) => {
    expect(curveWeakness(kty, crv)?.reason).toBe('unsupported_curve');
  });
  it('cuts a long curve name short in the message', () => {
    expect(curveWeakness('EC', 'x'.repeat(500))?.message).not.toContain('x'.repeat(41));
  });
});

describe('keyWeakness (a KeyObject)', () => {
  it('accepts every key type the validator serves', () => {
    for (const key of [
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey,
      generateKeyPairSync('rsa-pss', { modulusLength: 2048 }).publicKey,
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey,
      generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey,
      generateKeyPairSync('ec', { namedCurve: 'P-521' }).publicKey,
      generateKeyPairSync('ed25519').publicKey,
      generateKeyPairSync('ed448').publicKey,
    ]) {
      expect(keyWeakness(key), key.asymmetricKeyType).toBeUndefined();
    }
  });

  it.each([
    ['secp256k1', () => generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey, 'unsupported_curve'],
    ['P-192', () => generateKeyPairSync('ec', { namedCurve: 'prime192v1' }).publicKey, 'unsupported_curve'],
    ['X25519', () => generateKeyPairSync('x25519').publicKey, 'unsupported_curve'],
    ['X448', () => generateKeyPairSync('x448').publicKey, 'unsupported_curve'],
    ['DSA', () => generateKeyPairSync('dsa', { modulusLength: 2048, divisorLength: 256 }).publicKey, 'unsupported_key_type'],
    ['RSA-PSS e = 3', () => generateKeyPairSync('rsa-pss', { modulusLength: 2048, publicExponent: 3 }).publicKey, 'weak_exponent'],
  ])('refuses %s as %s', (_name, make, reason) => {
    expect(keyWeakness(make())?.reason).toBe(reason);
  });

  it.each(unsafeRsaKeys().map((k) => [k.name, k.reason, k.key] as const))('refuses RSA with %s as %s', (_name, reason, material) => {
    expect(keyWeakness(material.key)?.reason).toBe(reason);
  });

  it('judges a KeyObject once: the cached verdict is the same object', () => {
    const key = rsaKey(modulus2048(), 3n).key;
    const first = keyWeakness(key);
    expect(first).toBeDefined();
    expect(keyWeakness(key)).toBe(first);
  });

  it('keyAlgMismatch refuses an unsafe key for every alg of its family, so no path verifies with it', () => {
    const weak = rsaKey(modulus2048(), 1n).key;
    for (const alg of ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'] as const) {
      expect(keyAlgMismatch({ type: 'public', key: weak }, alg)).toMatch(/\(weak_exponent\)$/);
    }
  });
});

describe('the e = 1 forgery the bounds exist for', () => {
  it('is accepted by raw node:crypto with an e = 1 key (what the validator used to do)', () => {
    const material = rsaKey(modulus2048(), 1n);
    const token = forgeForExponentOne(material.jwk.n, {}, { sub: 'anyone' });
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${h}.${p}`), material.key, Buffer.from(s, 'base64url'))).toBe(true);
  });
});

describe('EC points off their curve: OpenSSL refuses them on import', () => {
  it('createPublicKey throws for an off-curve JWK and an off-curve SPKI (so no KeyObject can hold one)', () => {
    const off = offCurveP256();
    expect(() => createPublicKey({ key: off.jwk as JsonWebKey, format: 'jwk' })).toThrow();
    expect(() => createPublicKey(off.pem)).toThrow();
  });

  it('the engine names it point_not_on_curve, for a JWK and for an SPKI PEM', () => {
    const off = offCurveP256();
    const jwk = importJwk({ ...off.jwk, kid: 'bent' });
    expect(jwk.ok ? undefined : jwk.refused).toEqual({ kid: 'bent', weakness: { reason: 'point_not_on_curve', message: expect.stringContaining('not on P-256') } });
    const pem = parsePublicKeyPem(off.pem);
    expect(pem).toEqual({ ok: false, reason: expect.stringMatching(/not on P-256.*\(point_not_on_curve\)$/), weakness: 'point_not_on_curve' });
  });

  it('a broken PEM frame around a good point is not called off-curve', () => {
    const good = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const r = parsePublicKeyPem(`  ${good}`);
    expect(r.ok ? '' : r.reason).toMatch(/not a parseable/);
  });

  it.each(['P-256', 'P-384', 'P-521'])('the SPKI prefix the off-curve check looks for is the one Node writes for %s', (namedCurve) => {
    const der = generateKeyPairSync('ec', { namedCurve }).publicKey.export({ type: 'spki', format: 'der' });
    const bent = Buffer.from(der);
    bent[bent.length - 1] = (bent[bent.length - 1] as number) ^ 1;
    expect(parsePublicKeyPem(spkiPem(bent))).toMatchObject({ ok: false, weakness: 'point_not_on_curve' });
  });

  it('an EC JWK with a short coordinate is an invalid key, not off-curve', () => {
    const off = offCurveP256();
    const r = importJwk({ ...off.jwk, y: off.jwk.y.slice(0, 20) });
    expect(r).toEqual({ ok: false, reason: 'is not a valid EC public key' });
  });
});

describe('parsePublicKeyPem applies the bounds to SPKI and certificate PEMs', () => {
  it.each(unsafeRsaKeys().map((k) => [k.name, k.reason, k.key.pem] as const))('SPKI RSA with %s: %s, without quoting the key', (_name, reason, pem) => {
    const r = parsePublicKeyPem(pem);
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(new RegExp(`\\(${reason}\\)$`)), weakness: reason });
    const body = pem.split('\n')[1] as string;
    expect(r.ok ? '' : r.reason).not.toContain(body.slice(0, 20));
  });

  it('SPKI secp256k1: unsupported_curve', () => {
    expect(parsePublicKeyPem(secp256k1().pem)).toMatchObject({ ok: false, weakness: 'unsupported_curve' });
  });

  it('a certificate whose key has e = 1 (or e = 3) is refused; the same certificate with a sound key parses', () => {
    const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = (e: bigint) => rsaKey(signer.publicKey.export({ format: 'jwk' }).n as string, e).key.export({ type: 'spki', format: 'der' });
    expect(parsePublicKeyPem(certificateFor(spki(1n), signer.privateKey))).toMatchObject({ ok: false, weakness: 'weak_exponent' });
    expect(parsePublicKeyPem(certificateFor(spki(3n), signer.privateKey))).toMatchObject({ ok: false, weakness: 'weak_exponent' });
    expect(parsePublicKeyPem(certificateFor(spki(65537n), signer.privateKey)).ok).toBe(true);
  });
});
