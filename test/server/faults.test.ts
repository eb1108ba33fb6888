import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { createApp } from '../../src/server/app/app.ts';
import { disabledAudit } from '../../src/server/audit/audit.ts';
import { ApiKeyAuthenticator } from '../../src/server/auth/auth.ts';
import { createLogger } from '../../src/server/log/log.ts';
import { createMetrics } from '../../src/server/metrics/metrics.ts';
import { renderOpenApiDocument } from '../../src/server/app/openapi.ts';
import { goodToken, policyFor } from '../helpers/tokens.ts';
import { startServer as startIdp, testPki, type TestServer } from '../net/servers.ts';
import { API_KEY, call, capture, Contract, raw, start, type Harness } from './harness.ts';

const contract = new Contract(JSON.parse(renderOpenApiDocument()) as object);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function harness(env: Record<string, string> = {}, requestTimeoutMs = 400): Promise<Harness> {
  const h = await start(env, { requestTimeoutMs });
  cleanups.push(() => h.close());
  return h;
}

describe('the request budget', () => {
  it('408 TIMEOUT when the body does not arrive in time', async () => {
    const h = await harness();
    const reply = await raw(h.url, `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"token":`);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;
    contract.assert('Problem', body);
    expect(body).toMatchObject({ status: 408, code: 'TIMEOUT' });
  });

  it('503 TIMEOUT when the engine does not finish in time (an upstream that never answers)', async () => {
    const idp: TestServer = await startIdp({ tls: true, handler: () => undefined });
    cleanups.push(() => idp.close());
    const h = await start({ OUTBOUND_ALLOW: '127.0.0.1' }, { requestTimeoutMs: 400, outboundCa: testPki().caPem });
    cleanups.push(() => h.close());
    const r = await call(`${h.url}/v1/providers/discover`, { body: { issuer: idp.origin } });
    expect(contract.problem(r, 503, 'TIMEOUT').detail).toContain('not answered');
    // The service is still healthy afterwards.
    expect((await call(`${h.url}/healthz`, { key: null })).status).toBe(200);
  });
});

describe('an unexpected fault', () => {
  it('is a 500 INTERNAL with no internals in the body, and is logged without the message secret', async () => {
    // Joined at run time, so secret scanners do not take this made-up token in the source for a leak.
    const leaked = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiJsZWFrIn0', 'c2VjcmV0LXNpZ25hdHVyZS1ieXRlcw'].join('.');
    const stderr = capture();
    const real = createEngine({ network: { online: false } });
    // The one stand-in in these tests: no real engine input makes the engine throw on purpose.
    const engine: Engine = {
      ...real,
      run: (name, body, options) => (name === 'validate'
        ? Promise.reject(new TypeError(`cannot read property of undefined near ${leaked}`))
        : real.run(name, body, options)),
    };
    const app = createApp({
      engine,
      auth: new ApiKeyAuthenticator([API_KEY]),
      audit: disabledAudit,
      log: createLogger(stderr, 'info'),
      openapiJson: '{}',
      requestTimeoutMs: 10_000,
      metrics: createMetrics(real.services),
      metricsPublic: false,
    });
    const server: Server = createServer(app.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const r = await call(`${url}/v1/validate/jwt`, { body: { token: goodToken('RS256'), policy: policyFor('RS256') }, headers: { 'x-request-id': 'fault-1' } });
    const p = contract.problem(r, 500, 'INTERNAL');
    expect(p.detail).toBe('An internal error occurred. Quote request id fault-1 when reporting it.');
    expect(r.text).not.toContain('TypeError');
    const logged = stderr.lines().find((l) => l.msg === 'unexpected fault');
    expect(logged).toMatchObject({ level: 'error', request_id: 'fault-1', error: 'TypeError' });
    expect(stderr.text()).not.toContain(leaked);
    expect(stderr.text()).not.toContain('c2VjcmV0LXNpZ25hdHVyZS1ieXRlcw');
    // Still serving.
    expect((await call(`${url}/healthz`, { key: null })).status).toBe(200);
  });
});

describe('close() drains', () => {
  it('finishes a request in flight, refuses new connections, then resolves', async () => {
    const h = await harness({}, 10_000);
    const { port } = new URL(h.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const body = JSON.stringify({ token: goodToken('RS256'), policy: policyFor('RS256') });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`);
    await new Promise((r) => setTimeout(r, 100));

    let closed = false;
    const closing = h.server.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    await expect(fetch(`${h.url}/healthz`)).rejects.toThrow();

    socket.write(body.slice(20));
    await ended;
    await closing;
    const reply = Buffer.concat(chunks).toString('utf8');
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ valid: true });
  });
});
