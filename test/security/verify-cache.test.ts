/**
 * The verification cache remembers signature checks that passed, so it is a way for a token to be
 * accepted without its signature being verified. These tests hold its boundaries as a client meets
 * them, over HTTP against the real service: a key that leaves its issuer's JWKS never validates from
 * the cache again, and a token whose bytes differ from a cached one in any way never hits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER, makeKey, signJwt, startJwksServer, T0, type JwksServer } from '../jwks/helpers.ts';
import { testPki } from '../net/servers.ts';
import { call, start, type Harness } from '../server/harness.ts';

interface Answer {
  valid: boolean;
  statuses: { signature: string };
  findings: { code: string }[];
  metadata: { signature_cache?: string; jwks_cache?: string; kid?: string };
}

const keyA = makeKey('a', 'RS256');
const keyB = makeKey('b', 'RS256');
const clock = { now: T0 };
let jwks: JwksServer;
let h: Harness;

beforeAll(async () => {
  jwks = await startJwksServer([keyA.jwk, keyB.jwk]);
  jwks.cacheControl = 'max-age=60';
  const profiles = [{ id: 'rotating', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'], jwks_uri: jwks.url }];
  h = await start(
    { ISSUER_PROFILES_JSON: JSON.stringify(profiles), OUTBOUND_ALLOW: '127.0.0.1' },
    { outboundCa: testPki().caPem, now: () => clock.now },
  );
});
afterAll(async () => {
  await h.close();
  await jwks.close();
});

async function validate(token: string): Promise<Answer> {
  const r = await call(`${h.url}/v1/validate/jwt`, { body: { token, issuer_profile_id: 'rotating' } });
  expect(r.status).toBe(200);
  return r.json as Answer;
}

const payload = (extra: Record<string, unknown> = {}): Record<string, unknown> => {
  const now = Math.floor(T0 / 1000);
  return { iss: ISSUER, aud: AUDIENCE, sub: 'svc', iat: now - 10, exp: now + 48 * 3600, ...extra };
};

describe('a key rotated out of its JWKS', () => {
  it('never validates from the cache: a token cached as passed fails once the set no longer serves its key', async () => {
    const withKid = signJwt(keyA, payload({ jti: 'with-kid' }));
    const withoutKid = signJwt(keyA, payload({ jti: 'without-kid' }), {});
    for (const token of [withKid, withoutKid]) {
      expect(await validate(token)).toMatchObject({ valid: true, metadata: { signature_cache: 'miss' } });
      expect(await validate(token)).toMatchObject({ valid: true, metadata: { signature_cache: 'hit', kid: 'a' } });
    }

    // The issuer withdraws key a. Once the cached set expires, the service fetches the new one.
    jwks.keys = [keyB.jwk];
    const fetchesBefore = jwks.jwksRequests();
    clock.now += 61_000;

    const named = await validate(withKid);
    expect(jwks.jwksRequests()).toBeGreaterThan(fetchesBefore);
    expect(named).toMatchObject({ valid: false, statuses: { signature: 'fail' }, metadata: { jwks_cache: 'refreshed' } });
    expect(named.findings.map((f) => f.code)).toEqual(['KEY_NOT_FOUND']);
    expect(named.metadata.signature_cache).toBeUndefined();

    // Without a kid every key of the set is tried: only b is left, and b was never what verified it.
    const unnamed = await validate(withoutKid);
    expect(unnamed).toMatchObject({ valid: false, statuses: { signature: 'fail' }, metadata: { jwks_cache: 'hit', signature_cache: 'miss' } });
    expect(unnamed.findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);

    // And it stays that way: the failure was not remembered as anything.
    expect((await validate(withoutKid)).valid).toBe(false);
  });
});

describe('only the exact token hits', () => {
  it('a token with a changed payload and the cached signature never hits', async () => {
    jwks.keys = [keyA.jwk, keyB.jwk];
    clock.now += 61_000;
    const token = signJwt(keyA, payload({ scope: 'read' }));
    expect(await validate(token)).toMatchObject({ valid: true, metadata: { signature_cache: 'miss' } });
    expect(await validate(token)).toMatchObject({ valid: true, metadata: { signature_cache: 'hit' } });

    const [header, , signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify(payload({ scope: 'admin' }))).toString('base64url');
    const forged = await validate(`${header}.${forgedPayload}.${signature}`);
    expect(forged).toMatchObject({ valid: false, statuses: { signature: 'fail' }, metadata: { signature_cache: 'miss' } });
    expect(forged.findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);
  });

  it('the same token with another key configured is a miss, and fails', async () => {
    const token = signJwt(keyA, payload({ jti: 'other-key' }));
    expect((await validate(token)).metadata.signature_cache).toBe('miss');
    const inline = {
      token,
      policy: { public_key: keyB.publicPem, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'] },
    };
    const r = await call(`${h.url}/v1/validate/jwt`, { body: inline });
    expect(r.json).toMatchObject({ valid: false, metadata: { signature_cache: 'miss' } });
  });
});
