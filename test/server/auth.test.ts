import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodToken, policyFor } from '../helpers/tokens.ts';
import { ApiKeyAuthenticator, comparableKey, keysEqual } from '../../src/server/auth/auth.ts';
import { API_KEY, call, Contract, OTHER_KEY, start, type Harness } from './harness.ts';

const body = (): Record<string, unknown> => ({ token: goodToken('RS256'), policy: policyFor('RS256') });

let h: Harness;
let contract: Contract;

beforeAll(async () => {
  h = await start({ API_KEYS: `${API_KEY}, ${OTHER_KEY}` });
  contract = await Contract.load(h.url);
});
afterAll(async () => h.close());

function expectUnauthorized(r: Awaited<ReturnType<typeof call>>): Record<string, unknown> {
  const p = contract.problem(r, 401, 'UNAUTHORIZED');
  expect(r.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  return p;
}

describe('Bearer API keys', () => {
  it.each(['/v1/validate/jwt', '/v1/lint/oidc-config', '/v1/providers/discover'])('401 without an Authorization header on %s', async (path) => {
    expectUnauthorized(await call(`${h.url}${path}`, { body: {}, key: null }));
  });

  it('401 for a wrong key, a prefix of a key, and a key with a suffix', async () => {
    for (const key of ['wrong-key-0123456789abcdef', API_KEY.slice(0, -1), `${API_KEY}x`, '']) {
      const p = expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: body(), key }));
      expect(p.detail).not.toContain(key === '' ? '\u0000' : key);
    }
  });

  it('401 for a presented key longer than any key can be (256 characters), the right key repeated included', async () => {
    for (const key of [API_KEY.repeat(20), 'k'.repeat(8000)]) {
      const p = expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: body(), key }));
      expect(p.detail).toBe('The API key is not valid.');
    }
  });

  it('401 for another scheme carrying the right key', async () => {
    expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: body(), headers: { authorization: `Basic ${API_KEY}` } }));
    expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: body(), headers: { authorization: API_KEY } }));
  });

  it('accepts each configured key, with the scheme in any letter case', async () => {
    expect((await call(`${h.url}/v1/validate/jwt`, { body: body(), key: API_KEY })).status).toBe(200);
    expect((await call(`${h.url}/v1/validate/jwt`, { body: body(), key: OTHER_KEY })).status).toBe(200);
    expect((await call(`${h.url}/v1/validate/jwt`, { body: body(), headers: { authorization: `bearer ${OTHER_KEY}` } })).status).toBe(200);
  });

  it('a JWT in the Authorization header is not an API key, and the answer says so', async () => {
    const p = expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: body(), key: goodToken('RS256') }));
    expect(p.detail).toMatch(/JWT/);
  });

  it('authentication comes before the body is looked at', async () => {
    expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: '{not json', key: null }));
    expectUnauthorized(await call(`${h.url}/v1/validate/jwt`, { body: 'x', headers: { 'content-type': 'text/plain' }, key: 'nope-nope-nope-nope' }));
  });

  it('does not ask for a key on /healthz and /v1/openapi.json', async () => {
    expect((await call(`${h.url}/healthz`, { key: null })).status).toBe(200);
    expect((await call(`${h.url}/v1/openapi.json`, { key: null })).status).toBe(200);
  });
});

describe('key configuration', () => {
  it('reads API_KEYS_FILE, one key per line, # comments', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'oidc-gate-keys-')), 'keys');
    writeFileSync(file, `# ops keys\n${API_KEY}\n\n  ${OTHER_KEY}  \n`);
    const s = await start({ API_KEYS: undefined, API_KEYS_FILE: file });
    try {
      expect((await call(`${s.url}/v1/validate/jwt`, { body: body(), key: OTHER_KEY })).status).toBe(200);
      expect((await call(`${s.url}/v1/validate/jwt`, { body: body(), key: '# ops keys' })).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('with no key configured, generates one, prints it once to stderr, and never runs open', async () => {
    const s = await start({ API_KEYS: undefined });
    try {
      const lines = s.stderr.lines().filter((l) => 'api_key' in l);
      expect(lines).toHaveLength(1);
      const key = lines[0]?.api_key as string;
      expect(key).toMatch(/^ogk_[A-Za-z0-9_-]{43}$/);
      expect(s.stderr.text().split(key).length - 1).toBe(1);
      expect((await call(`${s.url}/v1/validate/jwt`, { body: body(), key: null })).status).toBe(401);
      expect((await call(`${s.url}/v1/validate/jwt`, { body: body(), key: API_KEY })).status).toBe(401);
      expect((await call(`${s.url}/v1/validate/jwt`, { body: body(), key })).status).toBe(200);
      expect(s.stderr.text().split(key).length - 1).toBe(1);
    } finally {
      await s.close();
    }
  });
});

describe('keysEqual (the API key comparison)', () => {
  const key = comparableKey(API_KEY);
  it('is true only for the same key: not for a prefix, an extension, a repetition, or one character changed anywhere', () => {
    expect(keysEqual(`${API_KEY}`, key)).toBe(true);
    expect(keysEqual(API_KEY.slice(0, -1), key)).toBe(false);
    expect(keysEqual(`${API_KEY}x`, key)).toBe(false);
    expect(keysEqual(`${API_KEY}${API_KEY}`, key)).toBe(false);
    expect(keysEqual('', key)).toBe(false);
    for (const at of [0, 7, API_KEY.length - 1]) {
      const changed = `${API_KEY.slice(0, at)}${String.fromCharCode(API_KEY.charCodeAt(at) ^ 1)}${API_KEY.slice(at + 1)}`;
      expect(keysEqual(changed, key)).toBe(false);
    }
  });

  it('agrees with === for any presented string and any key of 1 to 256 characters, the longest included', () => {
    const printable = (min: number, max: number) => fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: min, maxLength: max });
    fc.assert(fc.property(printable(0, 300), printable(1, 256), (presented, configured) => {
      const k = comparableKey(configured);
      expect(keysEqual(presented.slice(0, 256), k)).toBe(presented.slice(0, 256) === configured);
      expect(keysEqual(configured, k)).toBe(true);
    }));
    const longest = 'k'.repeat(255) + 'z';
    expect(keysEqual(longest, comparableKey(longest))).toBe(true);
    expect(keysEqual(`${'k'.repeat(255)}y`, comparableKey(longest))).toBe(false);
  });

  it('a key outside 1 to 256 printable ASCII characters is refused when the authenticator is made', () => {
    expect(() => new ApiKeyAuthenticator(['x', ''])).toThrow(/1 to 256 printable ASCII/);
    expect(() => new ApiKeyAuthenticator(['x'.repeat(257)])).toThrow(/1 to 256 printable ASCII/);
    // Codes above 0xff would wrap in the comparison's bytes: such a key is refused, never compared.
    expect(() => new ApiKeyAuthenticator([`${'k'.repeat(16)}\u0141`])).toThrow(/printable ASCII/);
  });
});
