/**
 * The headers every answer carries, as they are on the wire: each once, whichever way the answer was
 * written (the plain 200 of an operation, or an answer that adds or overrides headers of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodToken, policyFor } from '../helpers/tokens.ts';
import { API_KEY, raw, start, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await start();
});
afterAll(async () => h.close());

interface WireAnswer { status: number; headers: [string, string][]; body: string }

/** One request on its own connection (closed by the client's `connection: close`), read back as sent. */
async function exchange(method: string, path: string, headers: Record<string, string>, body = ''): Promise<WireAnswer> {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: localhost', 'connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== '') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  const text = await raw(h.url, `${lines.join('\r\n')}\r\n\r\n${body}`);
  const [head = '', rest = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...fields] = head.split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: fields.map((f) => [f.slice(0, f.indexOf(':')).toLowerCase(), f.slice(f.indexOf(':') + 1).trim()] as [string, string]),
    body: rest,
  };
}

function only(answer: WireAnswer, name: string): string | undefined {
  const values = answer.headers.filter(([n]) => n === name).map(([, v]) => v);
  expect(values.length, `${name} appears ${values.length} times`).toBeLessThanOrEqual(1);
  return values[0];
}

describe('answer headers on the wire', () => {
  it('a validation (200): JSON, its exact length, no-store, nosniff and the request id, each once', async () => {
    const body = JSON.stringify({ token: goodToken('RS256'), policy: policyFor('RS256') });
    const answer = await exchange('POST', '/v1/validate/jwt', { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', 'x-request-id': 'wire-1' }, body);
    expect(answer.status).toBe(200);
    expect(only(answer, 'content-type')).toBe('application/json');
    expect(only(answer, 'content-length')).toBe(String(Buffer.byteLength(answer.body)));
    expect(only(answer, 'cache-control')).toBe('no-store');
    expect(only(answer, 'x-content-type-options')).toBe('nosniff');
    expect(only(answer, 'x-request-id')).toBe('wire-1');
    expect(JSON.parse(answer.body)).toMatchObject({ valid: true, metadata: { request_id: 'wire-1' } });
  });

  it('an answer with headers of its own: they override the shared ones, never doubling them', async () => {
    const doc = await exchange('GET', '/v1/openapi.json', {});
    expect(doc.status).toBe(200);
    expect(only(doc, 'cache-control')).toBe('public, max-age=300');
    expect(only(doc, 'x-content-type-options')).toBe('nosniff');
    expect(only(doc, 'content-length')).toBe(String(Buffer.byteLength(doc.body)));

    const refused = await exchange('POST', '/v1/validate/jwt', { 'content-type': 'application/json' }, '{}');
    expect(refused.status).toBe(401);
    expect(only(refused, 'content-type')).toBe('application/problem+json');
    expect(only(refused, 'cache-control')).toBe('no-store');
    expect(only(refused, 'www-authenticate')).toBe('Bearer realm="oidc-gate"');
    expect(only(refused, 'connection')).toBe('close');
    expect(only(refused, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
