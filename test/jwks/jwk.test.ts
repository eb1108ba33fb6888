import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cacheLifetimeMs, DEFAULT_TTL_MS, MAX_TTL_MS, MIN_TTL_MS } from '../../src/engine/jwks/cache.ts';
import { importJwk, importPublicMembers, parseJwks, selectKeys, type ParsedJwk } from '../../src/engine/jwks/jwk.ts';
import { makeKey } from './helpers.ts';

function parsed(jwk: Record<string, unknown>): ParsedJwk {
  const r = importJwk(jwk);
  if (!r.ok) throw new Error(r.reason);
  return r.jwk;
}

describe('importJwk', () => {
  it('imports RSA, EC and OKP public keys with kid, use and alg', () => {
    for (const alg of ['RS256', 'ES256', 'EdDSA'] as const) {
      const k = makeKey(`k-${alg}`, alg, { use: 'sig', alg });
      const r = importJwk(k.jwk);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.jwk.kid).toBe(`k-${alg}`);
        expect(r.jwk.key.equals(k.publicKey)).toBe(true);
      }
    }
  });

  it('refuses private and symmetric members, naming members but never values', () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const priv = pair.privateKey.export({ format: 'jwk' });
    const r = importJwk(priv);
    expect(r).toMatchObject({ ok: false, private: ['d'] });
    expect(JSON.stringify(r)).not.toContain(priv.d as string);
    const oct = importJwk({ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' });
    expect(oct).toMatchObject({ ok: false, private: ['k'] });
    expect(JSON.stringify(oct)).not.toContain('c2VjcmV0');
  });

  it.each([
    [null, /not a JSON object/], [{}, /no kty/], [{ kty: 'oct' }, /unsupported kty/], [{ kty: 'RSA', n: 'AQAB' }, /not a valid RSA/],
    [{ kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }, /not a valid EC/], [{ kty: 'EC', kid: 7 }, /non-string kid/], [{ kty: 'OKP', key_ops: 'verify' }, /key_ops/],
  ])('refuses %j', (jwk, why) => {
    const r = importJwk(jwk);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(why);
  });

  it.each(['constructor', '__proto__', 'toString'])('refuses kty %j as an unsupported kty', (kty) => {
    expect(importJwk({ kty, kid: 'k' })).toEqual({ ok: false, reason: `has unsupported kty "${kty}"` });
  });

  it('uses the public-members import it is handed instead of importing again (the linter imports each key once)', () => {
    const k = makeKey('k', 'ES256');
    const handed = importPublicMembers(k.jwk as Record<string, unknown>, 'EC');
    expect(handed.ok).toBe(true);
    const r = importJwk(k.jwk, handed);
    expect(r.ok && handed.ok && r.jwk.key === handed.key).toBe(true);
    // Handed a failed import, it judges the key as OpenSSL's refusal would have.
    expect(importJwk(makeKey('r', 'RS256').jwk, { ok: false })).toMatchObject({ ok: false, reason: 'is not a valid RSA public key' });
  });

  it('importPublicMembers reads only the public members of the key type', () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const priv = pair.privateKey.export({ format: 'jwk' });
    const r = importPublicMembers(priv as Record<string, unknown>, 'EC');
    expect(r.ok && r.key.type).toBe('public');
    expect(importPublicMembers({ kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' }, 'EC')).toEqual({ ok: false });
  });

  it('parseJwks keeps usable keys and lists skipped ones by index', () => {
    const good = makeKey('good');
    const r = parseJwks({ keys: [good.jwk, { kty: 'RSA', n: 'x', e: 'AQAB', d: 'secret' }, 'nope'] });
    expect(r?.keys.map((k) => k.kid)).toEqual(['good']);
    expect(r?.skipped.map((s) => s.index)).toEqual([1, 2]);
    expect(parseJwks({ nokeys: [] })).toBeUndefined();
    expect(parseJwks([])).toBeUndefined();
  });
});

describe('selectKeys', () => {
  const es256 = makeKey('a', 'ES256');
  const es256b = makeKey('b', 'ES256');
  const es384 = makeKey('c', 'ES384');
  const rsa = makeKey('r', 'RS256');
  const set = [es256, es256b, es384, rsa].map((k) => parsed(k.jwk));

  it('a kid selects that key only, when it fits the alg', () => {
    const s = selectKeys(set, { alg: 'ES256', kid: 'b' }, 'ES256');
    expect(s.keys.map((k) => k.kid)).toEqual(['b']);
    expect(s.unknownKid).toBe(false);
  });

  it('a known kid whose key does not fit the alg selects nothing and asks for no refetch', () => {
    expect(selectKeys(set, { alg: 'ES256', kid: 'r' }, 'ES256')).toEqual({ keys: [], unknownKid: false, kid: 'r' });
    expect(selectKeys(set, { alg: 'ES256', kid: 'c' }, 'ES256').keys).toEqual([]);
  });

  it('an unknown kid selects nothing and asks for a refetch', () => {
    expect(selectKeys(set, { alg: 'ES256', kid: 'zzz' }, 'ES256')).toEqual({ keys: [], unknownKid: true, kid: 'zzz' });
  });

  it('no kid: every key whose type and curve fit', () => {
    expect(selectKeys(set, { alg: 'ES256' }, 'ES256').keys.map((k) => k.kid)).toEqual(['a', 'b']);
    expect(selectKeys(set, { alg: 'ES384' }, 'ES384').keys.map((k) => k.kid)).toEqual(['c']);
    expect(selectKeys(set, { alg: 'PS256' }, 'PS256').keys.map((k) => k.kid)).toEqual(['r']);
    expect(selectKeys(set, { alg: 'EdDSA' }, 'EdDSA')).toMatchObject({ keys: [], unknownKid: true });
  });

  it('a non-string kid matches nothing and is not worth a refetch', () => {
    expect(selectKeys(set, { alg: 'ES256', kid: 5 }, 'ES256')).toEqual({ keys: [], unknownKid: false });
  });

  it('respects use, alg and key_ops on the JWK', () => {
    const k = makeKey('x');
    const variants = [
      parsed({ ...k.jwk, kid: 'enc', use: 'enc' }),
      parsed({ ...k.jwk, kid: 'other-alg', alg: 'ES384' }),
      parsed({ ...k.jwk, kid: 'no-verify', key_ops: ['encrypt'] }),
      parsed({ ...k.jwk, kid: 'ok', use: 'sig', alg: 'ES256', key_ops: ['verify'] }),
      parsed({ ...k.jwk, kid: 'bare', use: undefined }),
    ];
    expect(selectKeys(variants, { alg: 'ES256' }, 'ES256').keys.map((v) => v.kid)).toEqual(['ok', 'bare']);
  });

  it('RSA keys under 2048 bits are never imported, so never selected', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' });
    const r = importJwk({ ...small, kid: 's' });
    expect(r.ok).toBe(false);
    expect(r.ok ? undefined : r.refused).toEqual({ kid: 's', weakness: { reason: 'key_too_small', message: expect.stringContaining('1024-bit modulus') } });
  });
});

describe('cacheLifetimeMs', () => {
  it.each([
    [undefined, DEFAULT_TTL_MS], ['public', DEFAULT_TTL_MS], ['max-age=120', 120_000], ['public, max-age=3600, must-revalidate', 3_600_000],
    ['max-age=5', MIN_TTL_MS], ['max-age=0', MIN_TTL_MS], ['max-age=9999999', MAX_TTL_MS], ['no-store', MIN_TTL_MS],
    ['no-cache, max-age=600', MIN_TTL_MS], ['max-age="300"', 300_000], ['max-age=abc', DEFAULT_TTL_MS], ['MAX-AGE=90', 90_000],
  ])('%s -> %d ms', (header, ms) => {
    expect(cacheLifetimeMs(header)).toBe(ms);
  });
});
