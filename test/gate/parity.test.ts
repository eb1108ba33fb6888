/**
 * The report promise: each `response` in a report is byte for byte the body the service answers for
 * the same request, and each `problem` is the service's problem body. The gate runs with network
 * checks on; the fixture's JWKS and discovery URLs are on loopback, which the guarded fetcher refuses
 * for both, so the outcome is the same without leaving the machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { getOperation, tokenFingerprint, type OperationName } from '../../src/engine/index.ts';
import { runGate } from '../../src/gate/run/run.ts';
import type { GateReport, GateResult } from '../../src/gate/types.ts';
import { startServer } from '../../src/server/main.ts';
import { FIXTURES, known, SERVER_BUNDLE } from '../fixtures/harness.ts';
import { API_KEY as BUNDLE_KEY, spawnServer, type Spawned } from '../server/harness.ts';

const root = path.join(FIXTURES, 'repos/parity');
const config = parse(readFileSync(path.join(root, '.github/oidc-gate/parity.yml'), 'utf8')) as { profiles: unknown[] };
const API_KEY = 'parity-test-key-0123456789abcdef';
/** The service path of a result's kind: the operation that produced it. */
const endpoint = (kind: OperationName): string => getOperation(kind)?.path ?? '';

let server: { url: string; close(): Promise<void> };
let report: GateReport;

beforeAll(async () => {
  server = await startServer(
    { PORT: '0', HOST: '127.0.0.1', API_KEYS: API_KEY, LOG_LEVEL: 'silent', AUDIT_LOG: 'off', ISSUER_PROFILES_JSON: JSON.stringify(config.profiles) },
    // Every sample of the fixture is evaluated at the same `at`: the service's clock is set to it.
    { handleSignals: false, now: () => Date.parse(known.at), stderr: { write: () => true } },
  );
  report = (await runGate({ root, patterns: ['.github/oidc-gate/*.yml'], network: true, env: {} })).report;
});
afterAll(async () => server.close());

/** The report's request with the real token and secret put back, as a client would send it. */
function original(result: GateResult): unknown {
  const byFingerprint = new Map(Object.values(known.tokens).map((t) => [tokenFingerprint(t), t]));
  const body = structuredClone(result.request) as { token?: string; policy?: { secret?: string } };
  if (body.token !== undefined) body.token = byFingerprint.get(body.token) ?? body.token;
  if (body.policy?.secret === '[redacted]') body.policy.secret = known.secret;
  return body;
}

/**
 * A service 200 body as the report records it. Two validation metadata members belong to the service
 * alone: request_id (which request this was) and signature_cache (whether that process had verified
 * the token before: history, not a property of the request). The gate runs without a verification
 * cache, so its reports never depend on which sample presented a token first. Everything else is
 * compared byte for byte: JSON.parse keeps member order, so re-serialising changes nothing else.
 */
function asReported(text: string): string {
  const body = JSON.parse(text) as { metadata?: Record<string, unknown> };
  if (body.metadata !== undefined && 'request_id' in body.metadata) {
    delete body.metadata.request_id;
    delete body.metadata.signature_cache;
  }
  return JSON.stringify(body);
}

describe('report parity with the service', () => {
  it('covers every kind of outcome', () => {
    expect(report.results.map((r) => `${r.kind}:${r.problem !== undefined ? r.problem.status : 200}`)).toEqual([
      'discover:200', 'lint:200', 'lint:422', 'validate:200', 'validate:200', 'validate:200', 'validate:200', 'validate:400', 'validate:422', 'trust-policy:200',
    ]);
    expect(report.results.every((r) => r.at === undefined || r.at === known.at)).toBe(true);
    // The gate runs without a verification cache: no report says whether a token was seen before.
    const metadata = report.results.map((r) => (r.response as { metadata?: Record<string, unknown> } | undefined)?.metadata ?? {});
    expect(metadata.filter((m) => 'signature_cache' in m || 'request_id' in m)).toEqual([]);
  });

  it('has, for every request, the exact body the service returns', async () => {
    for (const result of report.results) {
      const res = await fetch(`${server.url}${endpoint(result.kind)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(original(result)),
      });
      const text = await res.text();
      if (result.problem !== undefined) {
        expect(res.status, result.name).toBe(result.problem.status);
        expect(text, result.name).toBe(JSON.stringify(result.problem));
      } else {
        expect(res.status, result.name).toBe(200);
        // Byte for byte, but for the two members only the service has (see asReported).
        expect(asReported(text), result.name).toBe(JSON.stringify(result.response));
      }
    }
  });
});

const BUNDLE = SERVER_BUNDLE;

/**
 * The same replay against the shipped bundle, in its own process. That process runs on the real clock,
 * so it replays every result that does not depend on the time: discovery, lint, the 400/422 problems,
 * and PROFILE_NOT_FOUND. (Under CI a missing bundle fails instead of skipping.)
 */
describe.skipIf(!existsSync(BUNDLE) && process.env.CI === undefined)('report parity with the service bundle dist/server/index.js', () => {
  let bundle: Spawned | undefined;
  beforeAll(async () => {
    bundle = await spawnServer(BUNDLE, { ISSUER_PROFILES_JSON: JSON.stringify(config.profiles) });
  });
  afterAll(() => {
    bundle?.kill('SIGKILL');
  });

  it('returns the body the report records, byte for byte, for every clock-independent request', async () => {
    const timeless = report.results.filter((r) => r.kind !== 'validate' || r.problem !== undefined || r.name === 'unknown-profile');
    expect(timeless.map((r) => r.name)).toContain('unknown-profile');
    expect(timeless.length).toBeGreaterThanOrEqual(6);
    for (const result of timeless) {
      const res = await fetch(`${(bundle as Spawned).url}${endpoint(result.kind)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BUNDLE_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(original(result)),
      });
      const text = await res.text();
      expect(res.status, result.name).toBe(result.problem?.status ?? 200);
      expect(result.problem !== undefined ? text : asReported(text), result.name).toBe(JSON.stringify(result.problem ?? result.response));
    }
  });
});
