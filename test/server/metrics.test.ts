/**
 * GET /metrics over HTTP: Prometheus text format, behind the API key unless METRICS_PUBLIC=true, and
 * values that follow the requests actually made (each server counting only its own).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, goodToken, policyFor } from '../helpers/tokens.ts';
import { AUDIENCE, ISSUER, makeKey, signJwt, startJwksServer, T0, type JwksServer } from '../jwks/helpers.ts';
import { testPki } from '../net/servers.ts';
import { API_KEY, call, Contract, spawnServer, start, type Harness } from './harness.ts';

interface Sample { name: string; labels: Record<string, string>; value: number }

// Values as Prometheus reads them (Go's ParseFloat): prom-client writes a fresh event-loop mean as "Nan".
const METRIC_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|\+Inf|-Inf|NaN|Nan))$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * The text exposition format, strictly: every line is a # HELP / # TYPE line, blank, or a sample whose
 * metric was declared by a # TYPE line above it. Throws on anything else.
 */
function parseExposition(text: string): Sample[] {
  const declared = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta !== null) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        declared.add(meta[2] as string);
      }
      continue;
    }
    const m = METRIC_LINE.exec(line);
    if (m === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const name = m[1] as string;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!declared.has(name) && !declared.has(family)) throw new Error(`sample before its # TYPE: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1] as string] = l[2] as string;
    samples.push({ name, labels, value: Number(m[3]) });
  }
  return samples;
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const hit = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hit?.value;
}

async function scrape(h: Harness, key: string | null = API_KEY): Promise<Sample[]> {
  const r = await call(`${h.url}/metrics`, { key });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(r.text);
}

const VALIDATE = 'POST /v1/validate/jwt';
const keyA = makeKey('a', 'ES256');
let jwks: JwksServer;
let h: Harness;

beforeAll(async () => {
  jwks = await startJwksServer([keyA.jwk]);
  const profiles = [{ id: 'idp', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['ES256'], jwks_uri: jwks.url }];
  h = await start({ ISSUER_PROFILES_JSON: JSON.stringify(profiles), OUTBOUND_ALLOW: '127.0.0.1' }, { outboundCa: testPki().caPem, now: () => T0 });
});
afterAll(async () => {
  await h.close();
  await jwks.close();
});

describe('GET /metrics', () => {
  it('needs the API key by default: 401 problem without it', async () => {
    const contract = await Contract.load(h.url);
    const r = await call(`${h.url}/metrics`, { key: null });
    contract.problem(r, 401, 'UNAUTHORIZED');
    expect(r.headers.get('www-authenticate')).toBe('Bearer realm="oidc-gate"');
    expect(r.text).not.toContain('oidc_gate_');
  });

  it('is documented in OpenAPI as a meta route, not an operation', async () => {
    const doc = (await call(`${h.url}/v1/openapi.json`, { key: null })).json as { paths: Record<string, { get?: { tags: string[]; responses: Record<string, unknown> } }> };
    expect(doc.paths['/metrics']?.get?.tags).toEqual(['meta']);
    expect(Object.keys(doc.paths['/metrics']?.get?.responses ?? {})).toContain('401');
  });

  it('counts requests by endpoint and status, latency, findings by code, and both caches', async () => {
    const before = await scrape(h);
    expect(value(before, 'oidc_gate_http_requests_total', { endpoint: VALIDATE })).toBeUndefined();

    const inline = { token: goodToken('RS256', { payload: claims({ jti: 'metrics-1' }) }), policy: policyFor('RS256') };
    const wrongAudience = { ...inline, policy: policyFor('RS256', { audiences: ['api://elsewhere'] }) };
    const now = Math.floor(T0 / 1000);
    const viaJwks = { token: signJwt(keyA, { iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 600 }), issuer_profile_id: 'idp' };
    for (const body of [inline, inline, wrongAudience, viaJwks, viaJwks]) {
      expect((await call(`${h.url}/v1/validate/jwt`, { body })).status).toBe(200);
    }
    expect((await call(`${h.url}/v1/validate/jwt`, { body: { token: 'x', policy: policyFor('RS256') } })).status).toBe(400);
    expect((await call(`${h.url}/v1/validate/jwt`, { body: inline, key: 'wrong-key-0123456789abcdef' })).status).toBe(401);
    expect((await call(`${h.url}/no/such/eyJhbGciOiJIUzI1NiJ9.path`, { key: null })).status).toBe(404);

    const after = await scrape(h);
    expect(value(after, 'oidc_gate_http_requests_total', { endpoint: VALIDATE, status: '200' })).toBe(5);
    expect(value(after, 'oidc_gate_http_requests_total', { endpoint: VALIDATE, status: '400' })).toBe(1);
    expect(value(after, 'oidc_gate_http_requests_total', { endpoint: VALIDATE, status: '401' })).toBe(1);
    expect(value(after, 'oidc_gate_http_requests_total', { endpoint: 'GET (unknown path)', status: '404' })).toBe(1);
    // The scrape before this one is counted too; the one in progress is not yet.
    expect(value(after, 'oidc_gate_http_requests_total', { endpoint: 'GET /metrics', status: '200' })).toBe(1);
    // A path as sent (which may hold a token) is never a label value.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('eyJ')))).toBe(false);

    expect(value(after, 'oidc_gate_http_request_duration_seconds_count', { endpoint: VALIDATE })).toBe(7);
    expect(value(after, 'oidc_gate_http_request_duration_seconds_bucket', { endpoint: VALIDATE, le: '+Inf' })).toBe(7);
    expect(value(after, 'oidc_gate_http_request_duration_seconds_bucket', { endpoint: VALIDATE, le: '10' })).toBe(7);
    expect(value(after, 'oidc_gate_http_request_duration_seconds_sum', { endpoint: VALIDATE })).toBeGreaterThan(0);

    expect(value(after, 'oidc_gate_findings_total', { code: 'AUDIENCE_MISMATCH' })).toBe(1);
    expect(value(after, 'oidc_gate_jwks_cache_total', { state: 'miss' })).toBe(1);
    expect(value(after, 'oidc_gate_jwks_cache_total', { state: 'hit' })).toBe(1);
    // inline: miss then hit; the wrong audience: hit (same token, same key); the JWKS token: miss then hit.
    expect(value(after, 'oidc_gate_signature_cache_total', { result: 'miss' })).toBe(2);
    expect(value(after, 'oidc_gate_signature_cache_total', { result: 'hit' })).toBe(3);
    expect(value(after, 'oidc_gate_signature_cache_entries')).toBe(2);
    expect(value(after, 'oidc_gate_signature_cache_evictions_total')).toBe(0);
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts per server: another server in the same process starts from zero', async () => {
    const other = await start({ METRICS_PUBLIC: 'true' });
    try {
      const samples = await scrape(other, null);
      expect(value(samples, 'oidc_gate_http_requests_total', { endpoint: VALIDATE })).toBeUndefined();
      expect(value(samples, 'oidc_gate_signature_cache_entries')).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('METRICS_PUBLIC', () => {
  let open: Harness;
  beforeAll(async () => {
    open = await start({ METRICS_PUBLIC: 'true' });
  });
  afterAll(async () => open.close());

  it('=true serves /metrics without a key (and HEAD without a body); the operations still need one', async () => {
    expect((await scrape(open, null)).length).toBeGreaterThan(0);
    const head = await call(`${open.url}/metrics`, { key: null, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect((await call(`${open.url}/v1/validate/jwt`, { body: {}, key: null })).status).toBe(401);
  });

  it('with VERIFY_CACHE_SIZE=0 the cache is off: no signature_cache in answers, no hits counted', async () => {
    const off = await start({ METRICS_PUBLIC: 'true', VERIFY_CACHE_SIZE: '0' });
    try {
      const body = { token: goodToken('RS256'), policy: policyFor('RS256') };
      for (let i = 0; i < 2; i++) {
        const r = await call(`${off.url}/v1/validate/jwt`, { body });
        expect((r.json as { valid: boolean; metadata: Record<string, unknown> }).metadata).not.toHaveProperty('signature_cache');
      }
      const samples = await scrape(off, null);
      expect(value(samples, 'oidc_gate_signature_cache_total')).toBeUndefined();
      expect(value(samples, 'oidc_gate_signature_cache_entries')).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('WORKERS=2', () => {
  it('a scrape of either worker shows both workers\' series, which add up to every request served', async () => {
    const entry = fileURLToPath(new URL('../../src/server/index.ts', import.meta.url));
    const s = await spawnServer(entry, { WORKERS: '2', METRICS_PUBLIC: 'true', LOG_LEVEL: 'info' });
    try {
      const listening = (): number => s.stderr().split('\n').filter((l) => l.includes('"msg":"listening"')).length;
      for (const deadline = Date.now() + 15_000; listening() < 2 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 50));
      expect(listening()).toBe(2);
      const body = { token: goodToken('RS256', { payload: claims({ exp: Math.floor(Date.now() / 1000) + 600, iat: undefined, nbf: undefined }) }), policy: policyFor('RS256') };
      for (let i = 0; i < 6; i++) {
        // A new connection each time, so the primary hands requests to both workers.
        const r = await call(`${s.url}/v1/validate/jwt`, { body, headers: { connection: 'close' } });
        expect(r.status).toBe(200);
      }
      for (let i = 0; i < 2; i++) {
        const r = await call(`${s.url}/metrics`, { key: null, headers: { connection: 'close' } });
        expect(r.status).toBe(200);
        const samples = parseExposition(r.text);
        const workers = new Set(samples.filter((x) => x.name === 'process_resident_memory_bytes').map((x) => x.labels.worker));
        expect([...workers].sort()).toEqual(['1', '2']);
        const served = samples.filter((x) => x.name === 'oidc_gate_http_requests_total' && x.labels.endpoint === VALIDATE && x.labels.status === '200');
        expect(served.reduce((sum, x) => sum + x.value, 0)).toBe(6);
        // The latency histogram (counted by the service itself, not prom-client) reaches the primary too.
        const timed = samples.filter((x) => x.name === 'oidc_gate_http_request_duration_seconds_count' && x.labels.endpoint === VALIDATE);
        expect(timed.reduce((sum, x) => sum + x.value, 0)).toBe(6);
        expect(new Set(timed.map((x) => x.labels.worker)).size).toBeGreaterThanOrEqual(1);
      }
    } finally {
      s.kill('SIGTERM');
    }
    expect((await s.exited).code).toBe(0);
  });
});
