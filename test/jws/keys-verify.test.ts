/**
 * The JWS layer on its own: compact parsing, the key cache, PEM parsing, key/alg binding and
 * signature verification (which must never throw and never verify across families).
 */
import { createSecretKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MalformedTokenError } from '../../src/engine/errors.ts';
import { parseCompactJws, parseJwt } from '../../src/engine/jws/compact.ts';
import { KeyObjectCache, keyAlgMismatch, parsePublicKeyPem } from '../../src/engine/jws/keys.ts';
import { verifySignature } from '../../src/engine/jws/verify.ts';
import { JWS_ALGORITHMS, type JwsAlgorithm } from '../../src/engine/types.ts';
import { b64u, jwt, segment, signRaw, testKeys } from '../helpers/tokens.ts';

const keys = testKeys();

describe('parseCompactJws / parseJwt', () => {
  it('splits a token: header object, payload bytes, ASCII signing input, signature bytes', () => {
    const token = jwt('HS256', { payload: { a: 1 }, key: 'k' });
    const [h, p, s] = token.split('.') as [string, string, string];
    const jws = parseCompactJws(token);
    expect(jws.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(jws.payloadBytes.toString()).toBe('{"a":1}');
    expect(jws.signingInput.toString('latin1')).toBe(`${h}.${p}`);
    expect(jws.signature.equals(Buffer.from(s, 'base64url'))).toBe(true);
    expect(parseJwt(token).payload).toEqual({ a: 1 });
  });
  it('parseCompactJws accepts a text payload, parseJwt does not', () => {
    const token = `${segment({ alg: 'HS256' })}.${b64u('hello')}.${b64u(signRaw('HS256', `${segment({ alg: 'HS256' })}.${b64u('hello')}`, 'k'))}`;
    expect(parseCompactJws(token).payloadBytes.toString()).toBe('hello');
    expect(() => parseJwt(token)).toThrow(MalformedTokenError);
  });
  it('an empty payload segment parses as a JWS but is not a JWT', () => {
    const token = `${segment({ alg: 'HS256' })}..AAAA`;
    expect(parseCompactJws(token).payloadBytes.length).toBe(0);
    expect(() => parseJwt(token)).toThrow(MalformedTokenError);
  });
  it('a UTF-8 BOM before the header JSON is malformed', () => {
    const header = b64u(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"alg":"HS256"}')]));
    expect(() => parseCompactJws(`${header}.${segment({})}.AAAA`)).toThrow(MalformedTokenError);
  });
  it('invalid UTF-8 in the header is malformed', () => {
    const header = b64u(Buffer.from([0x7b, 0x22, 0x61, 0x6c, 0x67, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d])); // overlong "/"
    expect(() => parseCompactJws(`${header}.${segment({})}.AAAA`)).toThrow(/UTF-8/);
  });
  it('error messages never contain the token', () => {
    const token = `${segment('{"alg":"HS256","alg":"none"}')}.${segment({ secretish: 'zzzzzzzzzzzzzzzz' })}.AAAA`;
    try {
      parseJwt(token);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).not.toContain(token.split('.')[0]);
      expect((e as Error).message).not.toContain('zzzzzzzz');
    }
  });
});

describe('KeyObjectCache', () => {
  it('parses a PEM once: the same KeyObject comes back', () => {
    const cache = new KeyObjectCache();
    const a = cache.publicKey(keys.rsa.pem);
    const b = cache.publicKey(keys.rsa.pem);
    expect(a.ok && b.ok && a.key === b.key).toBe(true);
    expect(cache.size).toBe(1);
  });
  it('caches failures too, without keeping the text in the reason', () => {
    const cache = new KeyObjectCache();
    const r = cache.publicKey('-----BEGIN PUBLIC KEY-----\nQUJD\n-----END PUBLIC KEY-----');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).not.toContain('QUJD');
    expect(cache.size).toBe(1);
  });
  it('is bounded and evicts the least recently used entry', () => {
    const cache = new KeyObjectCache(2);
    const a = cache.publicKey(keys.rsa.pem);
    cache.publicKey(keys.p256.pem);
    cache.publicKey(keys.rsa.pem); // touch rsa: p256 is now the oldest
    cache.publicKey(keys.ed25519.pem);
    expect(cache.size).toBe(2);
    const again = cache.publicKey(keys.rsa.pem);
    expect(a.ok && again.ok && a.key === again.key).toBe(true); // rsa survived
    expect(cache.size).toBe(2);
  });
  it('secret: utf8 bytes, strict base64url, refuses empty and non-strict', () => {
    const cache = new KeyObjectCache();
    expect(cache.secret('é', 'utf8')?.symmetricKeySize).toBe(2);
    expect(cache.secret('AAEC', 'base64url')?.export().equals(Buffer.from([0, 1, 2]))).toBe(true);
    expect(cache.secret('AB==', 'base64url')).toBeUndefined();
    expect(cache.secret('AB', 'base64url')).toBeUndefined();
    expect(cache.secret('', 'base64url')).toBeUndefined();
  });
  it('secret: the same string under two encodings is two keys', () => {
    const cache = new KeyObjectCache();
    const u = cache.secret('AAEC', 'utf8');
    const b = cache.secret('AAEC', 'base64url');
    expect(u?.symmetricKeySize).toBe(4);
    expect(b?.symmetricKeySize).toBe(3);
  });
});

describe('parsePublicKeyPem', () => {
  it('accepts SPKI for every key type', () => {
    for (const kp of [keys.rsa, keys.p256, keys.p384, keys.p521, keys.ed25519, keys.ed448]) expect(parsePublicKeyPem(kp.pem).ok).toBe(true);
  });
  it('tolerates CRLF line endings, a leading newline and trailing whitespace', () => {
    expect(parsePublicKeyPem(`\n${keys.p256.pem.replace(/\n/g, '\r\n')}  \n`).ok).toBe(true);
  });
  it('spaces before the BEGIN line (OpenSSL refuses them) give a reason, not an exception', () => {
    const r = parsePublicKeyPem(`  ${keys.p256.pem}`);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(/not a parseable/);
  });
  it('refuses a PKCS#1 "RSA PUBLIC KEY" PEM, naming the expected labels', () => {
    const pkcs1 = keys.rsa.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const r = parsePublicKeyPem(pkcs1);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toMatch(/PUBLIC KEY.*CERTIFICATE/);
  });
  it('refuses private keys of every kind with a private-key reason', () => {
    for (const pem of [
      keys.rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      keys.rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      keys.p256.privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
      keys.ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ]) {
      const r = parsePublicKeyPem(pem);
      expect(r.ok).toBe(false);
      expect(r.ok ? '' : r.reason).toMatch(/private key/);
    }
  });
});

/** Which algs a key may serve, written out independently of the engine. */
function expectedFits(key: string, alg: JwsAlgorithm): boolean {
  const table: Record<string, JwsAlgorithm[]> = {
    secret: ['HS256', 'HS384', 'HS512'],
    rsa: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
    rsa1024: [],
    p256: ['ES256'],
    p384: ['ES384'],
    p521: ['ES512'],
    ed25519: ['EdDSA', 'Ed25519'],
    ed448: ['EdDSA', 'Ed448'],
  };
  return (table[key] as JwsAlgorithm[]).includes(alg);
}

describe('keyAlgMismatch: the full key × alg matrix', () => {
  const candidates: [string, { type: 'secret'; key: KeyObject } | { type: 'public'; key: KeyObject }][] = [
    ['secret', { type: 'secret', key: createSecretKey(Buffer.alloc(64, 1)) }],
    ['rsa', { type: 'public', key: keys.rsa.publicKey }],
    ['rsa1024', { type: 'public', key: keys.rsa1024.publicKey }],
    ['p256', { type: 'public', key: keys.p256.publicKey }],
    ['p384', { type: 'public', key: keys.p384.publicKey }],
    ['p521', { type: 'public', key: keys.p521.publicKey }],
    ['ed25519', { type: 'public', key: keys.ed25519.publicKey }],
    ['ed448', { type: 'public', key: keys.ed448.publicKey }],
  ];
  for (const [name, key] of candidates) {
    it(`${name}`, () => {
      for (const alg of JWS_ALGORITHMS) {
        const reason = keyAlgMismatch(key, alg);
        expect(reason === undefined, `${name} / ${alg}: ${reason ?? 'fits'}`).toBe(expectedFits(name, alg));
      }
    });
  }
  it('an RSA-2047-bit-ish boundary: 2048 fits, 2040 does not', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 2040 }).publicKey;
    expect(keyAlgMismatch({ type: 'public', key: small }, 'RS256')).toMatch(/2048/);
  });
});

describe('verifySignature', () => {
  const input = Buffer.from('eyJhbGciOiJub25lIn0.e30');
  it('verifies each alg with its own key', () => {
    const pairs: [JwsAlgorithm, KeyObject, KeyObject][] = [
      ['RS256', keys.rsa.privateKey, keys.rsa.publicKey], ['RS512', keys.rsa.privateKey, keys.rsa.publicKey],
      ['PS256', keys.rsa.privateKey, keys.rsa.publicKey], ['PS512', keys.rsa.privateKey, keys.rsa.publicKey],
      ['ES256', keys.p256.privateKey, keys.p256.publicKey], ['ES384', keys.p384.privateKey, keys.p384.publicKey],
      ['ES512', keys.p521.privateKey, keys.p521.publicKey], ['EdDSA', keys.ed25519.privateKey, keys.ed25519.publicKey],
      ['Ed448', keys.ed448.privateKey, keys.ed448.publicKey],
    ];
    for (const [alg, priv, pub] of pairs) {
      const sig = signRaw(alg, input.toString('latin1'), priv);
      expect(verifySignature(alg, { type: 'public', key: pub }, input, sig), alg).toBe(true);
      expect(verifySignature(alg, { type: 'public', key: pub }, Buffer.concat([input, Buffer.from('x')]), sig), alg).toBe(false);
    }
  });
  it('HMAC: verifies the right MAC, refuses a truncated or extended one', () => {
    const key = createSecretKey(Buffer.alloc(32, 9));
    const mac = signRaw('HS256', input.toString('latin1'), Buffer.alloc(32, 9));
    expect(verifySignature('HS256', { type: 'secret', key }, input, mac)).toBe(true);
    expect(verifySignature('HS256', { type: 'secret', key }, input, mac.subarray(0, 31))).toBe(false);
    expect(verifySignature('HS256', { type: 'secret', key }, input, Buffer.concat([mac, Buffer.alloc(1)]))).toBe(false);
    expect(verifySignature('HS384', { type: 'secret', key }, input, mac)).toBe(false);
  });
  it('never verifies across families, even when the caller skips keyAlgMismatch', () => {
    // A MAC computed with the public key's PEM text: the classic confusion. A public key with alg HS256 never verifies.
    const mac = signRaw('HS256', input.toString('latin1'), keys.rsa.pem);
    expect(verifySignature('HS256', { type: 'public', key: keys.rsa.publicKey }, input, mac)).toBe(false);
    // A secret with an asymmetric alg never verifies.
    const secret = createSecretKey(Buffer.from(keys.rsa.pem));
    expect(verifySignature('RS256', { type: 'secret', key: secret }, input, mac)).toBe(false);
  });
  it('never throws on garbage: wrong lengths, empty, wrong key types', () => {
    const garbage = [Buffer.alloc(0), Buffer.alloc(1), Buffer.alloc(64, 0xff), Buffer.alloc(600, 7)];
    for (const alg of JWS_ALGORITHMS) {
      for (const key of [keys.rsa.publicKey, keys.p256.publicKey, keys.ed25519.publicKey, keys.ed448.publicKey, keys.rsa1024.publicKey]) {
        for (const sig of garbage) expect(() => verifySignature(alg, { type: 'public', key }, input, sig)).not.toThrow();
      }
    }
  });
  it('ES256: a DER signature of the right data is refused', () => {
    const der = signRaw('ES256', input.toString('latin1'), keys.p256.privateKey, { dsaEncoding: 'der' });
    expect(verifySignature('ES256', { type: 'public', key: keys.p256.publicKey }, input, der)).toBe(false);
  });
  it('PS256 refuses a signature made with salt length 0 or 20', () => {
    for (const saltLength of [0, 20]) {
      const sig = signRaw('PS256', input.toString('latin1'), keys.rsa.privateKey, { saltLength });
      expect(verifySignature('PS256', { type: 'public', key: keys.rsa.publicKey }, input, sig)).toBe(false);
    }
  });
});
