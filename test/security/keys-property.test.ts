/**
 * Property-based: random RSA exponents (1, 3, even, huge, and sound ones), random modulus sizes on both
 * sides of the bounds, and random EC points off their curve. Whatever the key, a token is never valid
 * and nothing but the documented outcome comes back: inline over HTTP, a 422 at /policy/public_key
 * naming the reason; through a JWKS served over loopback HTTPS, KEY_MISMATCH with evidence.reason.
 * Keys inside the bounds are used (SIGNATURE_INVALID: the forged signature does not verify).
 * The expected reason is worked out here, independently of the engine.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { compileIssuerProfiles } from '../../src/engine/profiles/load.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { AUDIENCE, ISSUER, NOW, claims } from '../helpers/tokens.ts';
import { loopbackFetcher } from '../jwks/helpers.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';
import { call, start, type Harness } from '../server/harness.ts';
import { b64u, forgeForExponentOne, modulus2048, randomOdd, spkiPem, toBase64url } from './keys-fixtures.ts';

const TWO_256 = 1n << 256n;

/** Which bound an RSA key breaks, or undefined: written from the rule, not from the engine. */
function expectedRsaRefusal(bits: number, e: bigint): string | undefined {
  if (bits < 2048) return 'key_too_small';
  if (bits > 8192) return 'key_too_large';
  if (e % 2n === 0n) return 'even_exponent';
  if (e < 65537n) return 'weak_exponent';
  if (e >= TWO_256) return 'exponent_too_large';
  return undefined;
}

const exponentArb = fc.oneof(
  fc.constantFrom(1n, 3n, 5n, 17n, 257n, 65535n),
  fc.bigInt({ min: 0n, max: 1n << 300n }).map((e) => e * 2n),
  fc.bigInt({ min: TWO_256, max: 1n << 3071n }).map((e) => e | 1n),
  fc.bigInt({ min: 65537n, max: TWO_256 - 1n }).map((e) => e | 1n),
  fc.constant(65537n),
);
/** A real 2048-bit modulus most of the time; otherwise a random odd one of a size on either side of the bounds. */
const modulusArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ bits: 2048, n: '' }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer({ min: 512, max: 2047 }), fc.integer({ min: 8193, max: 20_000 }), fc.integer({ min: 2048, max: 4096 })).map((bits) => ({ bits, n: toBase64url(randomOdd(bits)) })) },
);
const rsaCaseArb = fc.record({ modulus: modulusArb, e: exponentArb }).map(({ modulus, e }) => ({ bits: modulus.bits, n: modulus.n === '' ? modulus2048() : modulus.n, e }));

const CURVES = [
  { crv: 'P-256', alg: 'ES256', size: 32, prefix: '3059301306072a8648ce3d020106082a8648ce3d03010703420004', sig: 64 },
  { crv: 'P-384', alg: 'ES384', size: 48, prefix: '3076301006072a8648ce3d020106052b8104002203620004', sig: 96 },
  { crv: 'P-521', alg: 'ES512', size: 66, prefix: '30819b301006072a8648ce3d020106052b810400230381860004', sig: 132 },
] as const;
/** Random coordinates: a point on the curve this way has a chance of about 2^-256. */
const offCurveArb = fc.record({
  curve: fc.constantFrom(...CURVES),
  seed: fc.uint8Array({ minLength: 132, maxLength: 132 }),
}).map(({ curve, seed }) => {
  const x = Buffer.from(seed.subarray(0, curve.size));
  const y = Buffer.from(seed.subarray(66, 66 + curve.size));
  if (curve.crv === 'P-521') {
    x[0] = (x[0] as number) & 1;
    y[0] = (y[0] as number) & 1;
  }
  return { curve, x, y };
});

function rsaToken(n: string, kid: string): string {
  return forgeForExponentOne(n, { kid }, claims({ sub: 'attacker' }));
}
function ecToken(alg: string, signatureBytes: number, kid: string): string {
  const input = `${b64u(JSON.stringify({ alg, typ: 'JWT', kid }))}.${b64u(JSON.stringify(claims()))}`;
  return `${input}.${b64u(Buffer.alloc(signatureBytes, 7))}`;
}

let h: Harness;
let jwks: TestServer;
let served: Record<string, unknown>[] = [];
let runs = 0;
beforeAll(async () => {
  h = await start();
  jwks = await startServer({ tls: true, handler: (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: served })) });
  testPki();
});
afterAll(async () => {
  await h?.close();
  await jwks?.close();
});

/** POST /v1/validate/jwt with an inline public_key: a 200 that is never valid, or a 422 at /policy/public_key. */
async function inline(token: string, pem: string, alg: string): Promise<{ status: number; reason?: string; res?: ValidateResponse }> {
  const r = await call(`${h.url}/v1/validate/jwt`, { body: { token, policy: { public_key: pem, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: [alg] } } });
  if (r.status === 200) return { status: 200, res: r.json as ValidateResponse };
  expect(r.status, r.text).toBe(422);
  const errors = (r.json as { errors: Array<{ pointer: string; message: string }> }).errors;
  expect(errors).toHaveLength(1);
  expect(errors[0]?.pointer).toBe('/policy/public_key');
  return { status: 422, reason: /\(([a-z_]+)\)$/.exec(errors[0]?.message ?? '')?.[1] ?? `unnamed: ${errors[0]?.message}` };
}

/** The same key served in a JWKS over loopback HTTPS, through a fresh jwks_uri profile (so nothing is cached). */
async function throughJwks(token: string, jwk: Record<string, unknown>, alg: string): Promise<ValidateResponse> {
  served = [jwk];
  const fetcher = loopbackFetcher(5000);
  const base = createEngineContext({ fetcher, now: () => NOW * 1000 });
  const ctx = {
    ...base,
    profiles: compileIssuerProfiles(
      [{ id: 'p', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: [alg], jwks_uri: `${jwks.origin}/jwks/${++runs}` }],
      { env: {}, fetcher, now: base.now, keyCache: base.keyCache },
    ),
  };
  return validateJwt({ token, issuer_profile_id: 'p' }, ctx);
}

function expectRefusedOrUnverified(res: ValidateResponse, reason: string | undefined): void {
  expect(res.valid).toBe(false);
  if (reason === undefined) expect(res.findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);
  else expect(res.findings.map((f) => [f.code, f.evidence?.reason])).toEqual([['KEY_MISMATCH', reason]]);
}

describe('property: RSA keys on both sides of the bounds', () => {
  it('inline over HTTP: out of bounds is the documented 422, in bounds never verifies the forgery (150 runs)', async () => {
    const seen = { refused: 0, used: 0 };
    await fc.assert(
      fc.asyncProperty(rsaCaseArb, async ({ bits, n, e }) => {
        const expected = expectedRsaRefusal(bits, e);
        const pem = spkiPem(rsaDer(n, e));
        const out = await inline(rsaToken(n, 'k'), pem, 'RS256');
        if (expected === undefined) {
          expect(out.status).toBe(200);
          expectRefusedOrUnverified(out.res as ValidateResponse, undefined);
          seen.used++;
        } else {
          expect(out).toEqual({ status: 422, reason: expected });
          seen.refused++;
        }
      }),
      { numRuns: 150 },
    );
    expect(seen.refused).toBeGreaterThan(50);
    expect(seen.used).toBeGreaterThan(5);
  });

  it('through a JWKS: out of bounds is KEY_MISMATCH with the reason, in bounds never verifies the forgery (150 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(rsaCaseArb, async ({ bits, n, e }) => {
        const res = await throughJwks(rsaToken(n, 'k'), { kty: 'RSA', n, e: toBase64url(e), kid: 'k' }, 'RS256');
        expectRefusedOrUnverified(res, expectedRsaRefusal(bits, e));
      }),
      { numRuns: 150 },
    );
  });
});

describe('property: EC points off their curve', () => {
  it('inline over HTTP: 422 point_not_on_curve (100 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(offCurveArb, async ({ curve, x, y }) => {
        const pem = spkiPem(Buffer.concat([Buffer.from(curve.prefix, 'hex'), x, y]));
        expect(await inline(ecToken(curve.alg, curve.sig, 'k'), pem, curve.alg)).toEqual({ status: 422, reason: 'point_not_on_curve' });
      }),
      { numRuns: 100 },
    );
  });

  it('through a JWKS: KEY_MISMATCH point_not_on_curve (100 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(offCurveArb, async ({ curve, x, y }) => {
        const res = await throughJwks(ecToken(curve.alg, curve.sig, 'k'), { kty: 'EC', crv: curve.crv, x: b64u(x), y: b64u(y), kid: 'k' }, curve.alg);
        expectRefusedOrUnverified(res, 'point_not_on_curve');
      }),
      { numRuns: 100 },
    );
  });
});

/** SubjectPublicKeyInfo DER of an RSA key, built by hand so no library judges n or e on the way. */
function rsaDer(n: string, e: bigint): Buffer {
  const len = (l: number) => (l < 0x80 ? Buffer.from([l]) : (() => {
    const b: number[] = [];
    for (let v = l; v > 0; v >>= 8) b.unshift(v & 0xff);
    return Buffer.from([0x80 | b.length, ...b]);
  })());
  const tlv = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), len(body.length), body]);
  const int = (bytes: Buffer) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const v = bytes.subarray(i);
    return tlv(0x02, (v[0] as number) & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
  };
  const eBytes = Buffer.from(toBase64url(e), 'base64url');
  const rsaPublicKey = tlv(0x30, Buffer.concat([int(Buffer.from(n, 'base64url')), int(eBytes.length === 0 ? Buffer.from([0]) : eBytes)]));
  const algorithm = Buffer.from('300d06092a864886f70d0101010500', 'hex');
  return tlv(0x30, Buffer.concat([algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), rsaPublicKey]))]));
}
