import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodToken, policyFor } from '../helpers/tokens.ts';
import { API_KEY, call, Contract, raw, start, type Harness } from './harness.ts';

/**
 * Random and mutated requests against the running service: no 5xx, every answer matches the
 * published contract, nothing is logged as an unexpected fault, and the service still answers a
 * normal request correctly at the end. Bounded for a shared 2-core machine (~10-20 s).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

const validBody = { token: goodToken('RS256'), policy: policyFor('RS256') };
const hsBody = { token: goodToken('HS256'), policy: policyFor('HS256') };
const lintBody = {
  issuer: 'https://idp.example.com', client_id: 'c', audiences: ['a'], jwks_uri: 'https://127.0.0.1:9/jwks',
  redirect_uris: ['https://app.example.com/cb'], alg_policy: { allowed_algs: ['RS256'] },
};
const discoverBody = { issuer: 'https://127.0.0.1:9' };

const ENDPOINTS = [
  { path: '/v1/validate/jwt', schema: 'ValidateResponse', seeds: [validBody, hsBody] },
  { path: '/v1/lint/oidc-config', schema: 'LintResponse', seeds: [lintBody] },
  { path: '/v1/providers/discover', schema: 'DiscoverResponse', seeds: [discoverBody] },
] as const;

const b64u = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')), maxLength: 60 });

/** Tokens near the valid one: re-encoded headers, edited segments, wrong segment counts. */
const token = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.array(b64u, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('.')),
  fc.tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }), b64u).map(([h, p, s]) =>
    `${Buffer.from(JSON.stringify(h)).toString('base64url')}.${Buffer.from(JSON.stringify(p)).toString('base64url')}.${s}`),
  fc.record({ alg: fc.constantFrom('none', 'NONE', 'RS256', 'HS256', 'ES256', 'EdDSA', 'PS256', 'rs256', 'x'), kid: fc.option(fc.string(), { nil: undefined }), crit: fc.option(fc.array(fc.string()), { nil: undefined }), b64: fc.option(fc.boolean(), { nil: undefined }) })
    .map((h) => `${Buffer.from(JSON.stringify(h)).toString('base64url')}.${validBody.token.split('.')[1]}.${validBody.token.split('.')[2]}`),
  fc.tuple(fc.nat({ max: validBody.token.length - 1 }), fc.string({ minLength: 1, maxLength: 1 })).map(([i, c]) => `${validBody.token.slice(0, i)}${c}${validBody.token.slice(i + 1)}`),
);

type Obj = Record<string, unknown>;

/** Mutate a JSON object at a random path: drop, replace, add, or retype a member. */
function mutate(seed: Obj): fc.Arbitrary<unknown> {
  const keys = Object.keys(seed);
  return fc.oneof(
    fc.constantFrom(...keys).map((k) => {
      const copy = { ...seed };
      delete copy[k];
      return copy;
    }),
    fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 3 })).map(([k, v]) => ({ ...seed, [k]: v })),
    fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ ...seed, [k]: v })),
    token.map((t) => ('token' in seed ? { ...seed, token: t } : { ...seed, issuer: t })),
    ...(typeof seed.policy === 'object' && seed.policy !== null
      ? [fc.tuple(fc.constantFrom(...Object.keys(seed.policy as Obj), 'secret', 'public_key', 'required_custom_claims', 'max_ttl_seconds', 'clock_skew_seconds', 'token_type', 'secret_encoding'), fc.jsonValue({ maxDepth: 3 }))
        .map(([k, v]) => ({ ...seed, policy: { ...(seed.policy as Obj), [k]: v } }))]
      : []),
  );
}

const endpointIndex = fc.nat({ max: ENDPOINTS.length - 1 });

/** A body as text: mutated seed, random JSON, random text, or random bytes read as Latin-1. */
const bodyFor = (i: number): fc.Arbitrary<string> => {
  const seeds = ENDPOINTS[i]?.seeds ?? [];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...seeds).chain((s) => mutate(s as Obj)).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')) },
  );
};

const headerText = fc.string({ unit: fc.constantFrom(...' !#$%&\'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ;=/"'.split('')), maxLength: 60 });

const headers = fc.record({
  contentType: fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'application/problem+json', 'text/plain', 'application/json; charset=latin1', 'application/xml', 'application/x+json;', '*/*') },
    { weight: 1, arbitrary: headerText },
  ),
  auth: fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${API_KEY}`) },
    { weight: 1, arbitrary: fc.constantFrom(`bearer ${API_KEY}`, `Bearer  ${API_KEY} `, `Bearer ${API_KEY}x`, 'Bearer', '', `Basic ${API_KEY}`, `Bearer ${validBody.token}`) },
    { weight: 1, arbitrary: headerText },
  ),
  requestId: fc.option(headerText, { nil: undefined }),
  method: fc.oneof({ weight: 9, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') }),
  pathSuffix: fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '?a=b', '/x', '%00', '?') }),
});

const EXPECTED = new Set([200, 400, 401, 404, 405, 413, 415, 422]);

let h: Harness;
let contract: Contract;

beforeAll(async () => {
  h = await start({ LOG_LEVEL: 'warn' });
  contract = await Contract.load(h.url);
});
afterAll(async () => h.close());

describe('fuzz', () => {
  it(`${RUNS} random and mutated requests: no 5xx, every answer in contract`, async () => {
    let answered = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(endpointIndex.chain((i) => fc.tuple(fc.constant(i), bodyFor(i), headers)), async ([i, body, hd]) => {
        const ep = ENDPOINTS[i] as (typeof ENDPOINTS)[number];
        const reqHeaders: Record<string, string> = { 'content-type': hd.contentType, authorization: hd.auth };
        if (hd.requestId !== undefined) reqHeaders['x-request-id'] = hd.requestId;
        const withBody = hd.method !== 'GET' && hd.method !== 'HEAD';
        const r = await call(`${h.url}${ep.path}${hd.pathSuffix}`, { method: hd.method, headers: reqHeaders, ...(withBody ? { body } : {}), key: null });
        answered++;
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (!EXPECTED.has(r.status)) throw new Error(`unexpected status ${r.status}: ${r.text.slice(0, 300)}`);
        if (hd.method === 'HEAD') return;
        if (r.status === 200) contract.assert(ep.schema, r.json);
        else contract.problem(r, r.status, (r.json as { code: string }).code);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20240601), endOnFailure: true },
    );
    expect(answered).toBe(RUNS);
    // The fuzz reached past the HTTP checks into every engine outcome.
    for (const s of [200, 400, 401, 415, 422]) expect(statuses.get(s) ?? 0).toBeGreaterThan(0);
    expect(h.stderr.lines().filter((l) => l.level === 'error')).toEqual([]);
  }, 120_000);

  it('random bytes on the raw socket never take the service down', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
          fc.tuple(fc.constantFrom('POST /v1/validate/jwt HTTP/1.1\r\n', 'GET /healthz HTTP/1.1\r\n', 'POST / HTTP/1.0\r\n'), fc.string({ maxLength: 200 }))
            .map(([line, rest]) => Buffer.from(`${line}Host: x\r\nConnection: close\r\n${rest}\r\n\r\n`)),
        ),
        async (bytes) => {
          // An incomplete request just waits; 300 ms is enough to see any answer the bytes provoke.
          const reply = await raw(h.url, bytes, 300);
          if (/^HTTP\/1\.[01] 5\d\d/.test(reply)) throw new Error(`5xx: ${reply.slice(0, 200)}`);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  }, 120_000);

  it('answers a normal request correctly afterwards', async () => {
    const r = await call(`${h.url}/v1/validate/jwt`, { body: validBody });
    expect(r.status).toBe(200);
    expect((r.json as { valid: boolean }).valid).toBe(true);
    expect((await call(`${h.url}/healthz`, { key: null })).json).toEqual({ status: 'ok' });
    expect(h.stderr.lines().filter((l) => l.level === 'error')).toEqual([]);
  });
});
