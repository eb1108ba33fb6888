import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, fixedContext, goodToken, NOW, policyFor } from '../helpers/tokens.ts';
import { VerifyCache } from '../../src/engine/jws/verify-cache.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { API_KEY, call, Contract, raw, start, type Harness } from './harness.ts';

const lintBody = {
  issuer: 'https://idp.example.com',
  client_id: 'client-1',
  audiences: ['api://orders'],
  // Loopback is not in OUTBOUND_ALLOW here: the guarded fetcher refuses it without dialling.
  jwks_uri: 'https://127.0.0.1:9/jwks',
  redirect_uris: ['https://app.example.com/callback'],
  alg_policy: { allowed_algs: ['RS256'] },
};

let h: Harness;
let contract: Contract;
let v: (path: string) => string;

beforeAll(async () => {
  h = await start();
  contract = await Contract.load(h.url);
  v = (path) => `${h.url}${path}`;
});
afterAll(async () => h.close());

describe('GET endpoints (no authentication)', () => {
  it('GET /healthz answers ok without a key', async () => {
    const r = await call(v('/healthz'), { key: null });
    expect(r.status).toBe(200);
    contract.assert('Health', r.json);
    expect(r.json).toEqual({ status: 'ok' });
  });

  it('HEAD /healthz answers without a body', async () => {
    const r = await call(v('/healthz'), { key: null, method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
  });

  it('GET /v1/openapi.json serves the committed document, byte for byte, OpenAPI 3.1, v0.0.1', async () => {
    const r = await call(v('/v1/openapi.json'), { key: null });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.text).toBe(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    const doc = r.json as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('v0.0.1');
    expect(Object.keys(doc.paths).sort()).toEqual(['/healthz', '/metrics', '/v1/lint/oidc-config', '/v1/lint/trust-policy', '/v1/openapi.json', '/v1/providers/discover', '/v1/validate/jwt']);
  });

  it('the document reuses the engine request schemas (unknown fields are closed)', async () => {
    const doc = (await call(v('/v1/openapi.json'), { key: null })).json as { components: { schemas: Record<string, { additionalProperties?: boolean; required?: string[] }> } };
    expect(doc.components.schemas.ValidateRequest?.additionalProperties).toBe(false);
    expect(doc.components.schemas.LintRequest?.required).toContain('alg_policy');
    expect(doc.components.schemas.DiscoverRequest?.required).toEqual(['issuer']);
  });
});

describe('POST /v1/validate/jwt', () => {
  it('200 valid: the body is exactly JSON.stringify of the engine response, with the request id', async () => {
    // A token no other test sends, so the service's verification cache has not seen it either.
    const request = { token: goodToken('RS256', { payload: claims({ jti: 'exact-body-1' }) }), policy: policyFor('RS256') };
    const r = await call(v('/v1/validate/jwt'), { body: request, headers: { 'x-request-id': 'exact-1' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    contract.assert('ValidateResponse', r.json);
    expect((r.json as { valid: boolean }).valid).toBe(true);
    const direct = await validateJwt(request, fixedContext(NOW, { verifyCache: new VerifyCache() }));
    expect(direct.metadata.signature_cache).toBe('miss');
    expect(r.text).toBe(JSON.stringify({ ...direct, metadata: { ...direct.metadata, request_id: 'exact-1' } }));
  });

  it('200 invalid: an audience mismatch is a finding, not an HTTP error', async () => {
    const r = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256'), policy: policyFor('RS256', { audiences: ['api://other'] }) } });
    expect(r.status).toBe(200);
    contract.assert('ValidateResponse', r.json);
    const body = r.json as { valid: boolean; statuses: { audience: string }; findings: { code: string }[] };
    expect(body.valid).toBe(false);
    expect(body.statuses.audience).toBe('fail');
    expect(body.findings.map((f) => f.code)).toEqual(['AUDIENCE_MISMATCH']);
  });

  it('200 PROFILE_NOT_FOUND for an unregistered issuer_profile_id', async () => {
    const r = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256'), issuer_profile_id: 'nope' } });
    expect(r.status).toBe(200);
    contract.assert('ValidateResponse', r.json);
    expect((r.json as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['PROFILE_NOT_FOUND']);
  });

  it('400 MALFORMED_TOKEN for a token that is not a compact JWS', async () => {
    const r = await call(v('/v1/validate/jwt'), { body: { token: 'not.a-jwt', policy: policyFor('RS256') } });
    contract.problem(r, 400, 'MALFORMED_TOKEN');
  });

  it('422 when both or neither of policy and issuer_profile_id are given', async () => {
    const both = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256'), policy: policyFor('RS256'), issuer_profile_id: 'x' } });
    expect(contract.problem(both, 422, 'REQUEST_INVALID').errors).toHaveLength(1);
    const neither = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256') } });
    contract.problem(neither, 422, 'REQUEST_INVALID');
  });

  it('422 names each offending field with a JSON Pointer', async () => {
    const policy = { ...policyFor('RS256'), audience: 'typo' } as Record<string, unknown>;
    delete policy.issuer;
    const r = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256'), policy } });
    const p = contract.problem(r, 422, 'REQUEST_INVALID');
    const pointers = (p.errors as { pointer: string }[]).map((e) => e.pointer).sort();
    expect(pointers).toEqual(['/policy/audience', '/policy/issuer']);
  });

  it.each([
    ['not JSON', '{"token": ', 'not valid JSON'],
    ['empty', '', 'empty'],
    ['a duplicate member name', '{"token":"a.b.c","token":"x.y.z","issuer_profile_id":"p"}', 'repeats the member name "token"'],
    ['nested too deep', `{"token":"a","policy":{"required_custom_claims":${'{"a":'.repeat(80)}1${'}'.repeat(80)}}}`, 'deeper than'],
  ])('422 REQUEST_INVALID for a body that is %s, without echoing it', async (_name, body, fragment) => {
    const r = await call(v('/v1/validate/jwt'), { body });
    const p = contract.problem(r, 422, 'REQUEST_INVALID');
    expect(p.detail).toContain(fragment);
    expect((p.errors as { pointer: string }[])[0]?.pointer).toBe('');
  });

  it('422 for a body that is not UTF-8', async () => {
    const res = await fetch(v('/v1/validate/jwt'), {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    const text = await res.text();
    contract.problem({ status: res.status, headers: res.headers, text, json: JSON.parse(text) }, 422, 'REQUEST_INVALID');
  });

  it('a query string does not change the route', async () => {
    const r = await call(v('/v1/validate/jwt?x=1'), { body: { token: goodToken('RS256'), policy: policyFor('RS256') } });
    expect(r.status).toBe(200);
  });
});

describe('POST /v1/lint/oidc-config and /v1/providers/discover', () => {
  it('lint: 200 with findings; the unreachable JWKS is a finding', async () => {
    const r = await call(v('/v1/lint/oidc-config'), { body: lintBody });
    expect(r.status).toBe(200);
    contract.assert('LintResponse', r.json);
    const body = r.json as { valid: boolean; findings: { code: string; evidence?: { reason?: string } }[] };
    expect(body.valid).toBe(false);
    const unreachable = body.findings.find((f) => f.code === 'JWKS_UNREACHABLE');
    expect(unreachable?.evidence?.reason).toBe('blocked');
  });

  it('lint: 200 INSECURE_URI for an http redirect URI', async () => {
    const r = await call(v('/v1/lint/oidc-config'), { body: { ...lintBody, redirect_uris: ['http://app.example.com/cb'] } });
    expect(r.status).toBe(200);
    contract.assert('LintResponse', r.json);
    expect((r.json as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain('INSECURE_URI');
  });

  it('lint: 422 for a missing required field', async () => {
    const { jwks_uri: _omit, ...body } = lintBody;
    const p = contract.problem(await call(v('/v1/lint/oidc-config'), { body }), 422, 'REQUEST_INVALID');
    expect(p.errors).toEqual([{ pointer: '/jwks_uri', message: 'is required' }]);
  });

  it('discover: 200 DISCOVERY_UNREACHABLE when the issuer cannot be fetched', async () => {
    const r = await call(v('/v1/providers/discover'), { body: { issuer: 'https://127.0.0.1:9' } });
    expect(r.status).toBe(200);
    contract.assert('DiscoverResponse', r.json);
    const body = r.json as { valid: boolean; findings: { code: string }[] };
    expect(body.valid).toBe(false);
    expect(body.findings.map((f) => f.code)).toContain('DISCOVERY_UNREACHABLE');
  });

  it('discover: 422 without issuer', async () => {
    contract.problem(await call(v('/v1/providers/discover'), { body: { https_required: true } }), 422, 'REQUEST_INVALID');
  });
});

describe('HTTP-level errors', () => {
  it.each(['/', '/v1', '/v1/validate/jwt/', '/v2/validate/jwt', '/V1/VALIDATE/JWT'])('404 NOT_FOUND for %s', async (path) => {
    contract.problem(await call(v(path), { method: 'POST', body: {} }), 404, 'NOT_FOUND');
  });

  it('405 with Allow for the wrong method', async () => {
    const get = await call(v('/v1/validate/jwt'));
    contract.problem(get, 405, 'METHOD_NOT_ALLOWED');
    expect(get.headers.get('allow')).toBe('POST');
    const post = await call(v('/healthz'), { body: {} });
    contract.problem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const put = await call(v('/v1/openapi.json'), { method: 'PUT', body: {} });
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a non-UTF-8 charset', 'application/json; charset=iso-8859-1'],
    ['form data', 'application/x-www-form-urlencoded'],
  ])('415 UNSUPPORTED_MEDIA_TYPE for %s', async (_n, type) => {
    const r = await call(v('/v1/validate/jwt'), { body: '{}', headers: { 'content-type': type } });
    contract.problem(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('415 when the content type is missing', async () => {
    const reply = await raw(h.url, `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(reply).toMatch(/^HTTP\/1\.1 415 /);
    expect(reply).toContain('"code":"UNSUPPORTED_MEDIA_TYPE"');
  });

  it('accepts application/json with charset=utf-8 and +json types', async () => {
    const body = { token: goodToken('RS256'), policy: policyFor('RS256') };
    expect((await call(v('/v1/validate/jwt'), { body, headers: { 'content-type': 'application/json; charset=UTF-8' } })).status).toBe(200);
    expect((await call(v('/v1/validate/jwt'), { body, headers: { 'content-type': 'application/vnd.oidc-gate+json' } })).status).toBe(200);
  });

  it('413 PAYLOAD_TOO_LARGE for a body over 64 KiB', async () => {
    const big = JSON.stringify({ token: 'a'.repeat(70 * 1024) });
    contract.problem(await call(v('/v1/validate/jwt'), { body: big }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('413 is answered from Content-Length alone, before any body byte is sent', async () => {
    const reply = await raw(h.url, `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.toLowerCase()).toContain('connection: close');
  });

  it('413 for a chunked body once it crosses the limit', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const chunks = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const reply = await raw(h.url, `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`);
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('a malformed HTTP request gets a problem+json 400 and the connection closes', async () => {
    const reply = await raw(h.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('application/problem+json');
    expect(reply).toContain('"code":"BAD_REQUEST"');
  });
});

describe('request ids', () => {
  it('echoes a well-formed X-Request-Id and generates one otherwise', async () => {
    const mine = await call(v('/healthz'), { key: null, headers: { 'x-request-id': 'abc-123.x:y_z' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123.x:y_z');
    const bad = await call(v('/healthz'), { key: null, headers: { 'x-request-id': 'has space<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const long = await call(v('/healthz'), { key: null, headers: { 'x-request-id': 'a'.repeat(129) } });
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const none = await call(v('/healthz'), { key: null });
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('metadata.request_id is the X-Request-Id, with the audit log off too', async () => {
    const r = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256'), policy: policyFor('RS256') }, headers: { 'x-request-id': 'rid-1' } });
    expect(r.headers.get('x-request-id')).toBe('rid-1');
    expect((r.json as { metadata: Record<string, unknown> }).metadata.request_id).toBe('rid-1');
    const generated = await call(v('/v1/validate/jwt'), { body: { token: goodToken('RS256'), policy: policyFor('RS256') } });
    const id = generated.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((generated.json as { metadata: Record<string, unknown> }).metadata.request_id).toBe(id);
    // A problem answer has no metadata, but the header still carries the id to quote.
    const refused = await call(v('/v1/validate/jwt'), { body: { token: 'not-a-jwt', policy: policyFor('RS256') } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an unparseable request still gets an X-Request-Id header', async () => {
    const reply = await raw(h.url, 'GARBAGE\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
  });
});

describe('audit log', () => {
  it('writes one line per request to a file, with digests and codes only, and request_id in metadata', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-audit-'));
    const file = join(dir, 'audit.log');
    const a = await start({ AUDIT_LOG: file, API_KEYS: `${API_KEY},another-key-0123456789` });
    try {
      const token = goodToken('RS256');
      const ok = await call(`${a.url}/v1/validate/jwt`, { body: { token, policy: policyFor('RS256', { audiences: ['api://x'] }) }, headers: { 'x-request-id': 'audit-1' } });
      expect(ok.status).toBe(200);
      expect((ok.json as { metadata: { request_id?: string } }).metadata.request_id).toBe('audit-1');
      contract.assert('ValidateResponse', ok.json);
      await call(`${a.url}/v1/validate/jwt`, { body: { token, policy: policyFor('RS256') }, key: 'wrong-key-0123456789abc' });
      await call(`${a.url}/healthz`, { key: null });
      await a.close();
      const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(3);
      const [first, second, third] = lines;
      expect(first).toMatchObject({
        request_id: 'audit-1',
        endpoint: 'POST /v1/validate/jwt',
        api_key_fingerprint: createHash('sha256').update(API_KEY).digest('hex').slice(0, 12),
        outcome: 'invalid',
        status: 200,
        finding_codes: ['AUDIENCE_MISMATCH'],
        token_fingerprint: `sha256:${createHash('sha256').update(token).digest('hex')}`,
      });
      expect(Object.keys(first as object).sort()).toEqual(['api_key_fingerprint', 'duration_ms', 'endpoint', 'finding_codes', 'outcome', 'request_id', 'status', 'time', 'token_fingerprint']);
      expect(second).toMatchObject({ status: 401, outcome: 'rejected', api_key_fingerprint: null, token_fingerprint: null });
      expect(third).toMatchObject({ endpoint: 'GET /healthz', status: 200, outcome: 'ok' });
    } finally {
      await a.close();
    }
  });

  it('a client that leaves mid-upload still leaves one audit line (outcome aborted, status 0)', async () => {
    const a = await start({ AUDIT_LOG: 'stdout' });
    try {
      const { port } = new URL(a.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      socket.write(`POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 500\r\nX-Request-Id: gone-1\r\n\r\n{"token":`);
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      for (let i = 0; i < 50 && a.stdout.lines().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(a.stdout.lines()).toEqual([expect.objectContaining({ request_id: 'gone-1', outcome: 'aborted', status: 0, token_fingerprint: null })]);
    } finally {
      await a.close();
    }
  });

  it('AUDIT_LOG=stdout writes the lines to stdout', async () => {
    const a = await start({ AUDIT_LOG: 'stdout' });
    try {
      await call(`${a.url}/v1/validate/jwt`, { body: { token: goodToken('RS256'), policy: policyFor('RS256') } });
      const lines = a.stdout.lines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ outcome: 'valid', status: 200, finding_codes: [] });
    } finally {
      await a.close();
    }
  });
});
