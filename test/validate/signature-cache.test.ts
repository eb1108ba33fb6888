/**
 * The verification cache in the engine: what it remembers (passed checks only, per key and alg), what it
 * never skips (claims and time, judged on every call), its bound, and that 0 turns it off.
 */
import { createHash, createPublicKey, createSecretKey } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.ts';
import { HELD_CHARS_BUDGET, MAX_HELD_CHARS, tokenDigest, VerifyCache } from '../../src/engine/jws/verify-cache.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { claims, goodToken, NOW, policyFor, testKeys } from '../helpers/tokens.ts';

function engineAt(clock: { now: number }, verifyCacheSize?: number) {
  const engine = createEngine({ network: { online: false }, clock: () => clock.now * 1000, ...(verifyCacheSize !== undefined ? { verifyCacheSize } : {}) });
  return async (body: unknown): Promise<ValidateResponse> => {
    const outcome = await engine.run('validate', body);
    if (outcome.response === undefined) throw new Error(`expected a response, got ${JSON.stringify(outcome.problem)}`);
    return outcome.response as ValidateResponse;
  };
}

describe('VerifyCache', () => {
  const keys = testKeys();
  const rsa = createPublicKey(keys.rsa.pem);
  const other = createPublicKey(keys.rsaOther.pem);

  it('answers only for the key object and alg a check passed with', () => {
    const cache = new VerifyCache(10);
    const digest = tokenDigest('h.p.s');
    expect(cache.passed(digest, rsa, 'RS256')).toBe(false);
    cache.remember(digest, rsa, 'RS256');
    expect(cache.passed(digest, rsa, 'RS256')).toBe(true);
    expect(cache.passed(digest, rsa, 'PS256')).toBe(false);
    expect(cache.passed(digest, other, 'RS256')).toBe(false);
    // The same key material imported again is another key object, as after a JWKS refresh: no hit.
    expect(cache.passed(digest, createPublicKey(keys.rsa.pem), 'RS256')).toBe(false);
    expect(cache.passed(tokenDigest('h.p.t'), rsa, 'RS256')).toBe(false);
    const secret = createSecretKey(Buffer.from(keys.secret));
    cache.remember(digest, secret, 'HS256');
    expect(cache.passed(digest, secret, 'HS256')).toBe(true);
    expect(cache.passed(digest, rsa, 'RS256')).toBe(false);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new VerifyCache(2);
    const [a, b, c] = ['a.a.a', 'b.b.b', 'c.c.c'].map(tokenDigest) as [string, string, string];
    cache.remember(a, rsa, 'RS256');
    cache.remember(b, rsa, 'RS256');
    expect(cache.passed(a, rsa, 'RS256')).toBe(true); // a is now the most recently used
    cache.remember(c, rsa, 'RS256');
    expect(cache.size).toBe(2);
    expect(cache.evictions).toBe(1);
    expect(cache.passed(b, rsa, 'RS256')).toBe(false);
    expect(cache.passed(a, rsa, 'RS256')).toBe(true);
    expect(cache.passed(c, rsa, 'RS256')).toBe(true);
  });

  it('keeps exactly the entries a reference LRU keeps, over random remember and lookup sequences', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 6 })), { maxLength: 60 }),
      (capacity, steps) => {
        const cache = new VerifyCache(capacity);
        const digests = Array.from({ length: 7 }, (_, i) => tokenDigest(`t${i}.p.s`));
        let order: number[] = []; // least recently used first
        let evictions = 0;
        for (const [remember, i] of steps) {
          const digest = digests[i] as string;
          if (remember) {
            cache.remember(digest, rsa, 'RS256');
            order = [...order.filter((x) => x !== i), i];
            if (order.length > capacity) { order.shift(); evictions++; }
          } else {
            const hit = cache.passed(digest, rsa, 'RS256');
            expect(hit).toBe(order.includes(i));
            if (hit) order = [...order.filter((x) => x !== i), i];
          }
        }
        expect(cache.size).toBe(order.length);
        expect(cache.evictions).toBe(evictions);
        for (let i = 0; i < digests.length; i++) expect(cache.recall(digests[i] as string) !== undefined).toBe(order.includes(i));
      },
    ), { numRuns: 300 });
  });

  it('holds parsed claims only for a remembered check, deeply frozen, within the per-token and total bounds', () => {
    const cache = new VerifyCache(10);
    const claimsOf = (sub: string) => ({ header: { alg: 'RS256', jwk: { kty: 'RSA' } }, payload: { sub, groups: ['a', { b: 1 }] } });
    const [a, b, c] = ['a.a.a', 'b.b.b', 'c.c.c'].map(tokenDigest) as [string, string, string];
    cache.hold(a, claimsOf('a'), 10);
    expect(cache.recall(a)).toBeUndefined();
    cache.remember(a, rsa, 'RS256');
    expect(cache.recall(a)?.claims).toBeUndefined();
    const held = claimsOf('a');
    cache.hold(a, held, 10);
    expect(cache.recall(a)?.claims).toEqual(claimsOf('a'));
    expect([held.header, held.header.jwk, held.payload, held.payload.groups, held.payload.groups[1]].every((o) => Object.isFrozen(o))).toBe(true);
    expect(cache.heldChars).toBe(10);
    // Holding again changes nothing; a hit still answers for the key and alg only.
    cache.hold(a, claimsOf('other'), 10);
    expect(cache.recall(a)?.claims?.payload.sub).toBe('a');
    expect(cache.passed(a, rsa, 'RS256')).toBe(true);
    expect(cache.passed(a, other, 'RS256')).toBe(false);

    cache.remember(b, rsa, 'RS256');
    cache.hold(b, claimsOf('b'), MAX_HELD_CHARS + 1);
    expect(cache.recall(b)?.claims).toBeUndefined();
    cache.remember(c, rsa, 'RS256');
    cache.hold(c, claimsOf('c'), HELD_CHARS_BUDGET);
    expect(cache.recall(c)?.claims).toBeUndefined();
    expect(cache.heldChars).toBe(10);
    // Remembered anew (as after a pass with another key), a token gives up what was held for it.
    cache.remember(a, other, 'RS256');
    expect(cache.recall(a)?.claims).toBeUndefined();
    expect(cache.heldChars).toBe(0);
  });

  it('gives back the held characters of an evicted entry', () => {
    const cache = new VerifyCache(1);
    const [a, b] = ['a.a.a', 'b.b.b'].map(tokenDigest) as [string, string];
    cache.remember(a, rsa, 'RS256');
    cache.hold(a, { header: { alg: 'RS256' }, payload: {} }, 40);
    expect(cache.heldChars).toBe(40);
    cache.remember(b, rsa, 'RS256');
    expect(cache.recall(a)).toBeUndefined();
    expect(cache.heldChars).toBe(0);
  });

  it('refuses a size below 1 (the engine turns the cache off with 0 instead)', () => {
    expect(() => new VerifyCache(0)).toThrow(RangeError);
  });

  it('keys on a digest that keeps the boundary between signing input and signature', () => {
    expect(tokenDigest('aaaa.bbbb.cccc')).not.toBe(tokenDigest('aaaa.bbbbcccc.'));
    expect(tokenDigest('aaaa.bbbb.cccc')).not.toBe(tokenDigest('aaaa.bbb.bcccc'));
    expect(Buffer.from(tokenDigest('aaaa.bbbb.cccc'), 'latin1')).toEqual(createHash('sha256').update('aaaa.bbbb.cccc').digest());
  });
});

describe('the engine with the verification cache', () => {
  it('is on by default: a token seen again is a hit, with the same answer otherwise', async () => {
    const validate = engineAt({ now: NOW });
    const body = { token: goodToken('RS256'), policy: policyFor('RS256') };
    const first = await validate(body);
    const second = await validate(body);
    expect(first.metadata.signature_cache).toBe('miss');
    expect(second.metadata.signature_cache).toBe('hit');
    expect({ ...second, metadata: { ...second.metadata, signature_cache: 'miss' } }).toEqual(first);
    expect(first.valid).toBe(true);
  });

  it('a token seen a third time is answered from its held claims: the same answer, time and policy judged anew', async () => {
    const clock = { now: NOW };
    const engine = createEngine({ network: { online: false }, clock: () => clock.now * 1000 });
    const validate = async (body: unknown): Promise<ValidateResponse> => (await engine.run('validate', body)).response as ValidateResponse;
    const body = { token: goodToken('RS256', { payload: claims({ exp: NOW + 60, groups: ['admin'] }) }), policy: policyFor('RS256') };
    const first = await validate(body);
    expect(engine.services.verifyCache?.heldChars).toBe(0);
    await validate(body);
    // Seen again: its header and claims are held from now on.
    expect(engine.services.verifyCache?.heldChars).toBe(body.token.lastIndexOf('.'));
    const third = await validate(body);
    expect(third.metadata.signature_cache).toBe('hit');
    expect({ ...third, metadata: { ...third.metadata, signature_cache: 'miss' } }).toEqual(first);
    const wanting = await validate({ ...body, policy: policyFor('RS256', { required_custom_claims: { groups: ['ops'] } }) });
    expect(wanting).toMatchObject({ valid: false, statuses: { signature: 'pass', required_claims: 'fail' }, metadata: { signature_cache: 'hit' } });
    expect(wanting.claim_diff).toEqual({ groups: { expected: ['ops'], actual: ['admin'] } });
    clock.now = NOW + 61;
    const later = await validate(body);
    expect(later).toMatchObject({ valid: false, statuses: { time: 'fail' }, metadata: { signature_cache: 'hit' } });
    expect(later.findings.map((f) => f.code)).toEqual(['TOKEN_EXPIRED']);
  });

  it('a token with held claims checked with another key has its signature verified, and fails', async () => {
    const validate = engineAt({ now: NOW });
    const token = goodToken('RS256');
    for (let i = 0; i < 3; i++) expect((await validate({ token, policy: policyFor('RS256') })).valid).toBe(true);
    const elsewhere = await validate({ token, policy: policyFor('RS256', { public_key: testKeys().rsaOther.pem }) });
    expect(elsewhere).toMatchObject({ valid: false, statuses: { signature: 'fail' }, metadata: { signature_cache: 'miss' } });
    expect(elsewhere.findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);
  });

  it('a token too large to hold is still a hit, parsed every time', async () => {
    const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
    const body = { token: goodToken('ES256', { payload: claims({ note: 'x'.repeat(MAX_HELD_CHARS) }) }), policy: policyFor('ES256') };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await engine.run('validate', body)).response as ValidateResponse);
    expect(answers.map((r) => [r.valid, r.metadata.signature_cache])).toEqual([[true, 'miss'], [true, 'hit'], [true, 'hit']]);
    expect(engine.services.verifyCache?.heldChars).toBe(0);
  });

  it('judges claims and time on every call: a cached token that expired is invalid, and says hit', async () => {
    const clock = { now: NOW };
    const validate = engineAt(clock);
    const body = { token: goodToken('ES256', { payload: claims({ exp: NOW + 60 }) }), policy: policyFor('ES256') };
    expect(await validate(body)).toMatchObject({ valid: true, metadata: { signature_cache: 'miss' } });
    clock.now = NOW + 61;
    const later = await validate(body);
    expect(later).toMatchObject({ valid: false, statuses: { signature: 'pass', time: 'fail' }, metadata: { signature_cache: 'hit' } });
    expect(later.findings.map((f) => f.code)).toEqual(['TOKEN_EXPIRED']);
    // A policy that asks for more is judged too: the cache only ever answers for the signature.
    const stricter = await validate({ ...body, policy: policyFor('ES256', { audiences: ['api://elsewhere'] }) });
    expect(stricter).toMatchObject({ valid: false, statuses: { signature: 'pass', audience: 'fail' }, metadata: { signature_cache: 'hit' } });
  });

  it('never remembers a failed check', async () => {
    const validate = engineAt({ now: NOW });
    const body = { token: goodToken('RS256'), policy: policyFor('RS256', { public_key: testKeys().rsaOther.pem }) };
    for (let i = 0; i < 2; i++) {
      const r = await validate(body);
      expect(r).toMatchObject({ valid: false, statuses: { signature: 'fail' }, metadata: { signature_cache: 'miss' } });
      expect(r.findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);
    }
  });

  it('is not consulted when no key is tried (the alg is refused)', async () => {
    const validate = engineAt({ now: NOW });
    const body = { token: goodToken('RS256'), policy: policyFor('RS256', { allowed_algs: ['ES256'] }) };
    const r = await validate(body);
    expect(r.findings.map((f) => f.code)).toEqual(['ALGORITHM_INVALID']);
    expect(r.metadata).not.toHaveProperty('signature_cache');
  });

  it('evicts: with room for one check, two tokens in turn always miss', async () => {
    const validate = engineAt({ now: NOW }, 1);
    const a = { token: goodToken('HS256', { payload: claims({ jti: 'a' }) }), policy: policyFor('HS256') };
    const b = { token: goodToken('HS256', { payload: claims({ jti: 'b' }) }), policy: policyFor('HS256') };
    const seen = [];
    for (const body of [a, a, b, a, b, b]) seen.push((await validate(body)).metadata.signature_cache);
    expect(seen).toEqual(['miss', 'hit', 'miss', 'miss', 'miss', 'hit']);
  });

  it('verifyCacheSize 0 turns it off: every call verifies, and no response says signature_cache', async () => {
    const validate = engineAt({ now: NOW }, 0);
    const body = { token: goodToken('EdDSA'), policy: policyFor('EdDSA') };
    for (let i = 0; i < 2; i++) {
      const r = await validate(body);
      expect(r.valid).toBe(true);
      expect(r.metadata).not.toHaveProperty('signature_cache');
    }
    expect(createEngine({ network: { online: false }, verifyCacheSize: 0 }).services.verifyCache).toBeUndefined();
    expect(createEngine({ network: { online: false } }).services.verifyCache?.maxEntries).toBe(10_000);
    expect(() => createEngine({ network: { online: false }, verifyCacheSize: -1 })).toThrow(RangeError);
  });

  it('a cached token is still refused when its request is: the policy is checked on every call', async () => {
    const token = goodToken('RS256');
    const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
    expect((await engine.run('validate', { token, policy: policyFor('RS256') })).response?.valid).toBe(true);
    const refused = await engine.run('validate', { token, policy: { ...policyFor('RS256'), secret: 'x' } });
    expect(refused.problem?.code).toBe('REQUEST_INVALID');
  });
});
