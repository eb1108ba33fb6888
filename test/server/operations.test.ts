/**
 * The service serves and documents the engine's operations table, and nothing else is needed for an
 * operation: its route, its OpenAPI path item and its audit fields all come from the table entry.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, OPERATIONS, type Engine, type Operation } from '../../src/engine/index.ts';
import { createApp } from '../../src/server/app/app.ts';
import type { AuditLog, AuditRecord } from '../../src/server/audit/audit.ts';
import { ApiKeyAuthenticator } from '../../src/server/auth/auth.ts';
import { createLogger } from '../../src/server/log/log.ts';
import { createMetrics } from '../../src/server/metrics/metrics.ts';
import { auditTraitsOf } from '../../src/server/audit/operation-audit.ts';
import { claims, goodToken, policyFor } from '../helpers/tokens.ts';
import { API_KEY, call, capture, start, type Harness } from './harness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('every operation of the table', () => {
  let h: Harness;
  let doc: { paths: Record<string, Record<string, { operationId: string; requestBody: unknown; responses: Record<string, unknown> }>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    h = await start();
    doc = (await call(`${h.url}/v1/openapi.json`, { key: null })).json as typeof doc;
  });
  afterAll(async () => h.close());

  it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s is served at its path, POST only, behind the API key', async (_name, operation) => {
    const url = `${h.url}${operation.path}`;
    expect((await call(url, { body: {}, key: null })).status).toBe(401);
    const get = await call(url, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe(operation.method);
    // An authenticated body with a member no schema knows reaches the engine, which refuses it with the
    // 422 of its schema (an empty object is not enough: every member of a trust-policy request is optional).
    const unknown = await call(url, { body: { not_a_member: true } });
    expect(unknown.status).toBe(422);
    expect(unknown.json).toMatchObject({ code: 'REQUEST_INVALID' });
  });

  it.each(OPERATIONS.map((o) => [o.name, o] as const))('%s is documented from its table entry', (_name, operation) => {
    const item = doc.paths[operation.path]?.[operation.method.toLowerCase()];
    expect(item).toMatchObject({
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [operation.tag],
      requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/${operation.request.name}` } } } },
    });
    expect(item?.responses['200']).toMatchObject({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${operation.response.name}` } } } });
    expect(item?.responses['400']).toEqual({ $ref: `#/components/responses/${operation.malformedToken === true ? 'MalformedToken' : 'BadRequest'}` });
    expect(doc.components.schemas[operation.request.name]).toBeDefined();
    expect(doc.components.schemas[operation.response.name]).toBeDefined();
  });

  it('the document lists exactly the table and the three meta endpoints', () => {
    expect(Object.keys(doc.paths)).toEqual([...OPERATIONS.map((o) => o.path), '/v1/openapi.json', '/healthz', '/metrics']);
  });
});

describe('a new operation', () => {
  it('is served, authenticated and audited from its table entry alone', async () => {
    const echo: Operation<'echo'> = {
      name: 'echo',
      method: 'POST',
      path: '/v1/echo',
      operationId: 'echo',
      summary: 'Echo',
      description: 'Answers with one warning naming the request member count.',
      tag: 'meta',
      request: { name: 'EchoRequest', schema: { type: 'object' } },
      response: { name: 'EchoResponse', schema: { type: 'object' } },
      run: async (body) => ({
        valid: true,
        findings: [{ code: 'ECHOED', severity: 'warning', message: `${Object.keys(body as object).length} members` }],
        summary: 'Echoed.',
      }),
    };
    const real = createEngine({ network: { online: false } });
    const engine = {
      ...real,
      operations: [...real.operations, echo],
      run: async (name: string, body: unknown) => (name === 'echo' ? { response: await echo.run(body, undefined as never) } : real.run(name as never, body)),
    } as unknown as Engine;
    const lines: AuditRecord[] = [];
    const audit: AuditLog = { enabled: true, write: (r) => void lines.push(r), close: async () => undefined };
    const app = createApp({ engine, auth: new ApiKeyAuthenticator([API_KEY]), audit, log: createLogger(capture(), 'silent'), openapiJson: '{}', requestTimeoutMs: 10_000, metrics: createMetrics(real.services), metricsPublic: false });
    const server: Server = createServer(app.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/echo`;

    const r = await call(url, { body: { a: 1, b: 2 }, headers: { 'x-request-id': 'echo-1' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ valid: true, findings: [{ code: 'ECHOED', severity: 'warning', message: '2 members' }], summary: 'Echoed.' });
    expect((await call(url, { body: {}, key: null })).status).toBe(401);
    expect((await call(url, { method: 'GET' })).headers.get('allow')).toBe('POST');
    expect(lines[0]).toMatchObject({ request_id: 'echo-1', endpoint: 'POST /v1/echo', outcome: 'valid', status: 200, finding_codes: ['ECHOED'], token_fingerprint: null });
    expect(lines.map((l) => l.status)).toEqual([200, 401, 405]);
  });
});

describe('audit fields, read from the operation schemas', () => {
  it('validate fingerprints its token, audits warnings and answers request_id; lint and discover do neither; trust-policy answers request_id', () => {
    const traits = Object.fromEntries(OPERATIONS.map((o) => [o.name, auditTraitsOf(o)]));
    expect(traits).toEqual({
      validate: { token: true, warnings: true, requestId: true },
      lint: { token: false, warnings: false, requestId: false },
      discover: { token: false, warnings: false, requestId: false },
      'trust-policy': { token: false, warnings: false, requestId: true },
    });
  });

  it('over HTTP: a warning code is audited, and discovery metadata (the provider document) never gets a request_id', async () => {
    const a = await start({ AUDIT_LOG: 'stdout' });
    cleanups.push(() => a.close());
    const token = goodToken('RS256', { payload: claims({ exp: undefined }) });
    const validated = await call(`${a.url}/v1/validate/jwt`, { body: { token, policy: policyFor('RS256') }, headers: { 'x-request-id': 'w-1' } });
    expect(validated.json).toMatchObject({ valid: true, findings: [], metadata: { warnings: [{ code: 'EXPIRATION_MISSING' }], request_id: 'w-1' } });
    // Loopback is not in OUTBOUND_ALLOW: the fetch is refused without dialling.
    const discovered = await call(`${a.url}/v1/providers/discover`, { body: { issuer: 'https://127.0.0.1:9' }, headers: { 'x-request-id': 'd-1' } });
    expect(discovered.status).toBe(200);
    const response = discovered.json as { metadata: Record<string, unknown>; findings: { code: string }[] };
    expect(response.metadata).not.toHaveProperty('request_id');
    // A `token` in a lint body is refused by its schema, and is not fingerprinted: lint takes no token.
    const lint = await call(`${a.url}/v1/lint/oidc-config`, { body: { token }, headers: { 'x-request-id': 'l-1' } });
    expect(lint.status).toBe(422);

    const lines = a.stdout.lines();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ request_id: 'w-1', outcome: 'valid', finding_codes: ['EXPIRATION_MISSING'], token_fingerprint: `sha256:${createHash('sha256').update(token).digest('hex')}` });
    expect(lines[1]).toMatchObject({ request_id: 'd-1', outcome: 'invalid', finding_codes: response.findings.map((f) => f.code), token_fingerprint: null });
    expect(response.findings.length).toBeGreaterThan(0);
    expect(lines[2]).toMatchObject({ request_id: 'l-1', outcome: 'rejected', status: 422, token_fingerprint: null });
  });
});
