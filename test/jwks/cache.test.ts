import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JwksCache, RETRY_AFTER_FAILURE_MS, UNKNOWN_KID_COOLDOWN_MS } from '../../src/engine/jwks/cache.ts';
import { compileIssuerProfiles } from '../../src/engine/profiles/load.ts';
import type { Fetcher } from '../../src/engine/net/types.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';
import { AUDIENCE, claims, ISSUER, loopbackFetcher, makeKey, signJwt, startJwksServer, T0, testContext, type JwksServer, type TestKey } from './helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let k1: TestKey;
let k2: TestKey;
let rsa: TestKey;
beforeAll(() => {
  testPki();
  k1 = makeKey('k1');
  k2 = makeKey('k2');
  rsa = makeKey('r1', 'RS256');
});

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((c) => c()));
});

async function jwksServer(keys: Array<Record<string, unknown>>): Promise<JwksServer> {
  const s = await startJwksServer(keys);
  cleanup.push(() => s.close());
  return s;
}

/** A context whose only issuer profile reads the given JWKS URI, and whose clock the test moves. */
function setup(uri: string, fetcher: Fetcher = loopbackFetcher(), allowed_algs = ['ES256', 'RS256']) {
  const clock = { now: T0 };
  const base = testContext(clock, { fetcher });
  const ctx = {
    ...base,
    profiles: compileIssuerProfiles(
      [{ id: 'p', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs, jwks_uri: uri }],
      { env: {}, fetcher, now: base.now, keyCache: base.keyCache },
    ),
  };
  const validate = (token: string): Promise<ValidateResponse> => validateJwt({ token, issuer_profile_id: 'p' }, ctx);
  return { clock, ctx, validate };
}

function codes(r: ValidateResponse): string[] {
  return r.findings.map((f) => f.code);
}

describe('JWKS cache through validateJwt', () => {
  it('a cold cache fetches once (miss), then serves from memory (hit); metadata names kid and state', async () => {
    const s = await jwksServer([k1.jwk, k2.jwk]);
    const { clock, validate } = setup(s.url);
    const first = await validate(signJwt(k2, claims(clock.now)));
    expect(first.valid).toBe(true);
    expect(first.metadata).toMatchObject({ kid: 'k2', key_source: 'jwks', jwks_cache: 'miss' });
    clock.now += 5 * MINUTE;
    const second = await validate(signJwt(k1, claims(clock.now)));
    expect(second).toMatchObject({ valid: true, metadata: { kid: 'k1', jwks_cache: 'hit' } });
    expect(s.jwksRequests()).toBe(1);
  });

  it('100 concurrent validations on a cold cache make exactly one JWKS request', async () => {
    const s = await jwksServer([k1.jwk, k2.jwk]);
    const { clock, validate } = setup(s.url);
    const tokens = Array.from({ length: 100 }, (_, i) => signJwt(i % 2 === 0 ? k1 : k2, claims(clock.now, { n: i })));
    const results = await Promise.all(tokens.map((t) => validate(t)));
    expect(results.every((r) => r.valid)).toBe(true);
    expect(s.jwksRequests()).toBe(1);
    expect(s.server.connections()).toBe(1);
  });

  it('key rotation: a new kid after the cool-down causes one refetch and validates', async () => {
    const s = await jwksServer([k1.jwk]);
    const { clock, validate } = setup(s.url);
    expect((await validate(signJwt(k1, claims(clock.now)))).valid).toBe(true);
    s.keys = [k1.jwk, k2.jwk];
    clock.now += UNKNOWN_KID_COOLDOWN_MS + 1000;
    const rotated = await validate(signJwt(k2, claims(clock.now)));
    expect(rotated).toMatchObject({ valid: true, metadata: { kid: 'k2', jwks_cache: 'refreshed' } });
    expect(s.jwksRequests()).toBe(2);
    const again = await validate(signJwt(k2, claims(clock.now)));
    expect(again.metadata.jwks_cache).toBe('hit');
    expect(s.jwksRequests()).toBe(2);
  });

  it('a new kid inside the cool-down is KEY_NOT_FOUND without a fetch, then found once the cool-down passes', async () => {
    const s = await jwksServer([k1.jwk]);
    const { clock, validate } = setup(s.url);
    await validate(signJwt(k1, claims(clock.now)));
    s.keys = [k1.jwk, k2.jwk];
    clock.now += 10_000;
    const early = await validate(signJwt(k2, claims(clock.now)));
    expect(early.valid).toBe(false);
    expect(codes(early)).toEqual(['KEY_NOT_FOUND']);
    expect(early.findings[0]?.evidence).toMatchObject({ kid: 'k2', jwks_uri: s.url, alg: 'ES256', keys_in_set: 1 });
    expect(early.statuses.signature).toBe('fail');
    expect(s.jwksRequests()).toBe(1);
    clock.now += UNKNOWN_KID_COOLDOWN_MS;
    expect((await validate(signJwt(k2, claims(clock.now)))).valid).toBe(true);
    expect(s.jwksRequests()).toBe(2);
  });

  it('attacker kids never cause more than one refetch per cool-down', async () => {
    const s = await jwksServer([k1.jwk]);
    const { clock, validate } = setup(s.url);
    await validate(signJwt(k1, claims(clock.now)));
    const start = clock.now;
    // Two minutes of forged kids, 20 per simulated second, half of them arriving concurrently.
    for (let second = 0; second < 120; second++) {
      clock.now = start + second * 1000;
      const forged = Array.from({ length: 20 }, () => signJwt(k1, claims(clock.now), { kid: randomUUID() }));
      const results = await Promise.all(forged.map((t) => validate(t)));
      expect(results.every((r) => codes(r).includes('KEY_NOT_FOUND'))).toBe(true);
    }
    // One cold fetch, then at most one refetch per 30 s window: t=30, 60, 90 (t=120 is outside the loop).
    expect(s.jwksRequests()).toBeLessThanOrEqual(1 + Math.ceil(119_000 / UNKNOWN_KID_COOLDOWN_MS));
    expect(s.jwksRequests()).toBeGreaterThanOrEqual(2);
  });

  it('the JWKS server going down: cached keys keep validating, then JWKS_STALE after expiry, then JWKS_UNAVAILABLE after 24 h', async () => {
    const s = await jwksServer([k1.jwk]);
    s.cacheControl = 'max-age=300';
    const fetcher = loopbackFetcher();
    const { clock, validate } = setup(s.url, fetcher);
    expect((await validate(signJwt(k1, claims(clock.now)))).valid).toBe(true);
    await s.close();

    clock.now += 4 * MINUTE;
    const cached = await validate(signJwt(k1, claims(clock.now)));
    expect(cached).toMatchObject({ valid: true, metadata: { jwks_cache: 'hit' } });
    expect(cached.metadata.warnings).toBeUndefined();

    clock.now += 2 * MINUTE;
    const stale = await validate(signJwt(k1, claims(clock.now)));
    expect(stale.valid).toBe(true);
    expect(stale.findings).toEqual([]);
    expect(stale.metadata.jwks_cache).toBe('stale');
    expect(stale.metadata.warnings?.map((w) => w.code)).toEqual(['JWKS_STALE']);
    expect(stale.metadata.warnings?.[0]).toMatchObject({ severity: 'warning', evidence: { jwks_uri: s.url, reason: 'refused', age_seconds: 360 } });

    clock.now += 23 * HOUR;
    expect((await validate(signJwt(k1, claims(clock.now)))).metadata.jwks_cache).toBe('stale');

    clock.now += 2 * HOUR;
    const gone = await validate(signJwt(k1, claims(clock.now)));
    expect(gone.valid).toBe(false);
    expect(codes(gone)).toEqual(['JWKS_UNAVAILABLE']);
    expect(gone.findings[0]?.evidence).toMatchObject({ reason: 'refused', jwks_uri: s.url });
  });

  it('the 24 h stale window starts when the keys expire, not when they were fetched (max-age of 24 h)', async () => {
    const s = await jwksServer([k1.jwk]);
    s.cacheControl = 'max-age=86400';
    const { clock, validate } = setup(s.url, loopbackFetcher());
    expect((await validate(signJwt(k1, claims(clock.now)))).valid).toBe(true);
    await s.close();

    clock.now += 24 * HOUR + 1000;
    const stale = await validate(signJwt(k1, claims(clock.now)));
    expect(stale).toMatchObject({ valid: true, metadata: { jwks_cache: 'stale' } });
    expect(stale.metadata.warnings?.map((w) => w.code)).toEqual(['JWKS_STALE']);

    clock.now += 23 * HOUR;
    expect((await validate(signJwt(k1, claims(clock.now)))).metadata.jwks_cache).toBe('stale');

    clock.now += 2 * HOUR;
    expect(codes(await validate(signJwt(k1, claims(clock.now))))).toEqual(['JWKS_UNAVAILABLE']);
  });

  it('a recovered server is picked up again after a stale period', async () => {
    const s = await jwksServer([k1.jwk]);
    const { clock, validate } = setup(s.url);
    await validate(signJwt(k1, claims(clock.now)));
    s.mode = '500';
    clock.now += 11 * MINUTE;
    expect((await validate(signJwt(k1, claims(clock.now)))).metadata.jwks_cache).toBe('stale');
    s.mode = 'ok';
    s.keys = [k1.jwk, k2.jwk];
    clock.now += RETRY_AFTER_FAILURE_MS;
    const back = await validate(signJwt(k2, claims(clock.now)));
    expect(back).toMatchObject({ valid: true, metadata: { jwks_cache: 'refreshed' } });
    expect(back.metadata.warnings).toBeUndefined();
  });

  it('Cache-Control max-age sets the lifetime, clamped to at least one minute', async () => {
    const s = await jwksServer([k1.jwk]);
    s.cacheControl = 'max-age=120';
    const { clock, validate } = setup(s.url);
    const token = (): string => signJwt(k1, claims(clock.now));
    await validate(token());
    clock.now = T0 + 119_000;
    expect((await validate(token())).metadata.jwks_cache).toBe('hit');
    clock.now = T0 + 121_000;
    s.cacheControl = 'max-age=1';
    expect((await validate(token())).metadata.jwks_cache).toBe('refreshed');
    clock.now = T0 + 121_000 + 59_000;
    expect((await validate(token())).metadata.jwks_cache).toBe('hit');
    clock.now = T0 + 121_000 + 60_000;
    expect((await validate(token())).metadata.jwks_cache).toBe('refreshed');
    expect(s.jwksRequests()).toBe(3);
  });

  it('without Cache-Control the set lives 10 minutes; a huge max-age is clamped to 24 h', async () => {
    const s = await jwksServer([k1.jwk]);
    const { clock, validate } = setup(s.url);
    const token = (): string => signJwt(k1, claims(clock.now));
    await validate(token());
    clock.now = T0 + 10 * MINUTE - 1;
    expect((await validate(token())).metadata.jwks_cache).toBe('hit');
    s.cacheControl = 'max-age=31536000';
    clock.now = T0 + 10 * MINUTE;
    expect((await validate(token())).metadata.jwks_cache).toBe('refreshed');
    clock.now = T0 + 10 * MINUTE + 24 * HOUR - 1;
    expect((await validate(token())).metadata.jwks_cache).toBe('hit');
    clock.now = T0 + 10 * MINUTE + 24 * HOUR;
    expect((await validate(token())).metadata.jwks_cache).toBe('refreshed');
  });

  it.each([
    ['html', 'not_json'], ['500', 'http_status'], ['slow', 'timeout'], ['huge', 'too_large'], ['not_jwks', 'invalid_jwks'],
  ] as const)('a JWKS answering %s gives JWKS_UNAVAILABLE with reason %s', async (mode, reason) => {
    const s = await jwksServer([k1.jwk]);
    s.mode = mode;
    // Only the slow server must outlast the fetch budget; the others get the usual one, so a busy
    // machine cannot turn their answer into a timeout.
    const { clock, validate } = setup(s.url, mode === 'slow' ? loopbackFetcher(300) : loopbackFetcher());
    const r = await validate(signJwt(k1, claims(clock.now)));
    expect(r.valid).toBe(false);
    expect(r.statuses.signature).toBe('fail');
    expect(r.metadata.jwks_cache).toBe('miss');
    expect(r.findings.map((f) => f.code)).toEqual(['JWKS_UNAVAILABLE']);
    expect(r.findings[0]?.evidence).toMatchObject({ jwks_uri: s.url, reason });
  });

  it('a token without kid tries every fitting key', async () => {
    const s = await jwksServer([k1.jwk, rsa.jwk, k2.jwk]);
    const { clock, validate } = setup(s.url);
    const r = await validate(signJwt(k2, claims(clock.now), {}));
    expect(r).toMatchObject({ valid: true, metadata: { kid: 'k2' } });
  });

  it('a kid naming a key of the wrong type is KEY_NOT_FOUND, never a key confusion, and no refetch', async () => {
    const s = await jwksServer([k1.jwk, rsa.jwk]);
    const { clock, validate } = setup(s.url);
    await validate(signJwt(k1, claims(clock.now)));
    clock.now += 5 * MINUTE;
    const r = await validate(signJwt(k1, claims(clock.now), { kid: 'r1' }));
    expect(codes(r)).toEqual(['KEY_NOT_FOUND']);
    expect(s.jwksRequests()).toBe(1);
  });

  it('jku, x5u and jwk headers are never fetched or used', async () => {
    const s = await jwksServer([k1.jwk]);
    const attacker = makeKey('evil');
    const lure: TestServer = await startServer({ tls: true, handler: (_req, res) => res.end(JSON.stringify({ keys: [attacker.jwk] })) });
    cleanup.push(() => lure.close());
    const { clock, validate } = setup(s.url);
    const token = signJwt(attacker, claims(clock.now), { kid: 'evil', jku: `${lure.origin}/jwks`, x5u: `${lure.origin}/cert`, jwk: attacker.jwk });
    const r = await validate(token);
    expect(r.valid).toBe(false);
    expect(codes(r)).toEqual(['KEY_NOT_FOUND']);
    expect(lure.connections()).toBe(0);
  });

  it('PROFILE_NOT_FOUND on the 200 channel with every status fail', async () => {
    const s = await jwksServer([k1.jwk]);
    const { clock, ctx } = setup(s.url);
    const r = await validateJwt({ token: signJwt(k1, claims(clock.now)), issuer_profile_id: 'nope' }, ctx);
    expect(r.valid).toBe(false);
    expect(codes(r)).toEqual(['PROFILE_NOT_FOUND']);
    expect(Object.values(r.statuses).every((v) => v === 'fail')).toBe(true);
    expect(s.jwksRequests()).toBe(0);
  });

  it('an alg outside allowed_algs fails before any JWKS fetch', async () => {
    const s = await jwksServer([rsa.jwk]);
    const { clock, validate } = setup(s.url, loopbackFetcher(), ['ES256']);
    const r = await validate(signJwt(rsa, claims(clock.now)));
    expect(codes(r)).toContain('ALGORITHM_INVALID');
    expect(s.jwksRequests()).toBe(0);
  });
});

describe('JwksCache directly', () => {
  it('offline (the offline fetcher) is JWKS_UNAVAILABLE with reason offline', async () => {
    const cache = new JwksCache({ uri: 'https://issuer.test/jwks', fetcher: createOfflineFetcher(), now: () => T0 });
    const r = await cache.resolveKeys({ alg: 'ES256', kid: 'k1' }, 'ES256');
    expect(r).toMatchObject({ keys: [], cache: 'miss', failure: { code: 'JWKS_UNAVAILABLE', evidence: { reason: 'offline' } } });
  });

  it('a cold failure backs off briefly instead of fetching on every lookup', async () => {
    const s = await jwksServer([k1.jwk]);
    s.mode = '500';
    const clock = { now: T0 };
    const cache = new JwksCache({ uri: s.url, fetcher: loopbackFetcher(), now: () => clock.now });
    for (let i = 0; i < 5; i++) expect((await cache.resolveKeys({ alg: 'ES256', kid: 'k1' }, 'ES256')).failure?.code).toBe('JWKS_UNAVAILABLE');
    expect(s.jwksRequests()).toBe(1);
    s.mode = 'ok';
    clock.now += 5_000;
    const r = await cache.resolveKeys({ alg: 'ES256', kid: 'k1' }, 'ES256');
    expect(r.failure).toBeUndefined();
    expect(r.keys.map((k) => k.kid)).toEqual(['k1']);
    expect(s.jwksRequests()).toBe(2);
  });

  it('a stale cache retries the refresh at most once per 30 s', async () => {
    const s = await jwksServer([k1.jwk]);
    const clock = { now: T0 };
    const cache = new JwksCache({ uri: s.url, fetcher: loopbackFetcher(), now: () => clock.now });
    await cache.resolveKeys({ alg: 'ES256', kid: 'k1' }, 'ES256');
    s.mode = '500';
    clock.now += 11 * MINUTE;
    for (let i = 0; i < 10; i++) {
      clock.now += 1000;
      expect((await cache.resolveKeys({ alg: 'ES256', kid: 'k1' }, 'ES256')).cache).toBe('stale');
    }
    expect(s.jwksRequests()).toBe(2);
  });
});
