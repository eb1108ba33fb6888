/**
 * Keys outside the key-strength bounds in a fetched JWKS: skipped, never verified with; a token naming
 * one by kid fails KEY_MISMATCH with evidence.reason, and naming one does not trigger a refetch (the
 * set would serve the same key again).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compileIssuerProfiles } from '../../src/engine/profiles/load.ts';
import { parseJwks, selectKeys } from '../../src/engine/jwks/jwk.ts';
import { UNKNOWN_KID_COOLDOWN_MS } from '../../src/engine/jwks/cache.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { testPki } from '../net/servers.ts';
import { forgeForExponentOne, modulus2048, rsaKey, secp256k1 } from '../security/keys-fixtures.ts';
import { AUDIENCE, claims, ISSUER, loopbackFetcher, makeKey, signJwt, startJwksServer, T0, testContext, type JwksServer, type TestKey } from './helpers.ts';

let good: TestKey;
beforeAll(() => {
  testPki();
  good = makeKey('good', 'RS256');
});
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((c) => c()));
});

const e1 = rsaKey(modulus2048(), 1n);
const e1Jwk = { ...e1.jwk, kid: 'weak', use: 'sig' };

async function setup(keys: Array<Record<string, unknown>>): Promise<{ s: JwksServer; clock: { now: number }; validate: (t: string) => Promise<ValidateResponse> }> {
  const s = await startJwksServer(keys);
  cleanup.push(() => s.close());
  const clock = { now: T0 };
  const fetcher = loopbackFetcher();
  const base = testContext(clock, { fetcher });
  const ctx = { ...base, profiles: compileIssuerProfiles([{ id: 'p', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256', 'ES256'], jwks_uri: s.url }], { env: {}, fetcher, now: base.now, keyCache: base.keyCache }) };
  return { s, clock, validate: (token) => validateJwt({ token, issuer_profile_id: 'p' }, ctx) };
}

describe('parseJwks and selectKeys', () => {
  it('leave an unsafe key out of the usable keys and remember its kid and reason, without the key', () => {
    const parsed = parseJwks({ keys: [good.jwk, e1Jwk, { ...secp256k1().jwk, kid: 'k1' }] });
    expect(parsed?.keys.map((k) => k.kid)).toEqual(['good']);
    expect(parsed?.refused.map((r) => [r.kid, r.weakness.reason])).toEqual([['weak', 'weak_exponent'], ['k1', 'unsupported_curve']]);
    expect(JSON.stringify(parsed?.refused)).not.toContain(e1.jwk.n.slice(0, 30));
    expect(parsed?.skipped.map((s) => s.index)).toEqual([1, 2]);
  });

  it('a kid naming a refused key is refused, not unknown; a kid naming nothing is unknown', () => {
    const parsed = parseJwks({ keys: [good.jwk, e1Jwk] });
    const named = selectKeys(parsed?.keys ?? [], { alg: 'RS256', kid: 'weak' }, 'RS256', parsed?.refused);
    expect(named).toMatchObject({ keys: [], unknownKid: false, kid: 'weak', refused: { reason: 'weak_exponent' } });
    expect(selectKeys(parsed?.keys ?? [], { alg: 'RS256', kid: 'nope' }, 'RS256', parsed?.refused)).toEqual({ keys: [], unknownKid: true, kid: 'nope' });
  });

  it('a usable key that shares the kid of a refused one is still used', () => {
    const parsed = parseJwks({ keys: [{ ...e1Jwk, kid: 'good' }, good.jwk] });
    const s = selectKeys(parsed?.keys ?? [], { alg: 'RS256', kid: 'good' }, 'RS256', parsed?.refused);
    expect(s.keys).toHaveLength(1);
    expect(s.refused).toBeUndefined();
  });
});

describe('a JWKS with an e = 1 key, through validateJwt', () => {
  it('the forged token naming it fails KEY_MISMATCH weak_exponent, and asking again after the cool-down does not refetch', async () => {
    const { s, clock, validate } = await setup([good.jwk, e1Jwk]);
    const forged = forgeForExponentOne(e1.jwk.n, { kid: 'weak' }, claims(clock.now));
    const first = await validate(forged);
    expect(first.valid).toBe(false);
    expect(first.findings).toEqual([expect.objectContaining({
      code: 'KEY_MISMATCH',
      message: expect.stringMatching(/^The key with kid "weak" in the JWKS at .* is never used: it is an RSA key with a public exponent below 65537/),
      evidence: { jwks_uri: s.url, alg: 'RS256', kid: 'weak', reason: 'weak_exponent' },
    })]);
    clock.now += UNKNOWN_KID_COOLDOWN_MS + 1000;
    expect((await validate(forged)).findings.map((f) => f.evidence?.reason)).toEqual(['weak_exponent']);
    expect(s.jwksRequests()).toBe(1);
    expect((await validate(signJwt(good, claims(clock.now)))).valid).toBe(true);
  });

  it('without a kid the forged token finds no usable key (KEY_NOT_FOUND); the refused key is never tried', async () => {
    const { validate } = await setup([e1Jwk]);
    const res = await validate(forgeForExponentOne(e1.jwk.n, {}, claims(T0)));
    expect(res.valid).toBe(false);
    expect(res.findings.map((f) => f.code)).toEqual(['KEY_NOT_FOUND']);
  });
});
