import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineContext } from '../src/engine/context.ts';
import { validateJwt } from '../src/engine/validate/validate.ts';
import { startServer } from '../src/server/main.ts';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
/** A token just under 16 KiB whose payload nests thousands of arrays: it once overflowed the stack. */
function deepToken(depth: number): string {
  return `${b64('{"alg":"HS256"}')}.${b64(`{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`)}.c2ln`;
}
const policy = { secret: 's'.repeat(32), issuer: 'i', audiences: ['a'], allowed_algs: ['HS256'] };

describe('nesting in token JSON', () => {
  it('a payload nested 5,900 levels is a malformed token (400), not a crash', async () => {
    const token = deepToken(5900);
    expect(token.length).toBeLessThanOrEqual(16384);
    await expect(validateJwt({ token, policy }, createEngineContext())).rejects.toMatchObject({ code: 'MALFORMED_TOKEN', message: expect.stringContaining('nests deeper than 64') });
  });

  it('nesting up to the limit still parses', async () => {
    const res = await validateJwt({ token: deepToken(62), policy }, createEngineContext());
    expect(res.statuses.signature).toBe('fail');
  });

  describe('over HTTP', () => {
    let server: { url: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await startServer({ API_KEYS: 'k'.repeat(32), PORT: '0', LOG_LEVEL: 'silent' }, { handleSignals: false });
    });
    afterAll(() => server.close());

    it('answers 400 MALFORMED_TOKEN and keeps serving', async () => {
      const post = (token: string) => fetch(`${server.url}/v1/validate/jwt`, {
        method: 'POST',
        headers: { authorization: `Bearer ${'k'.repeat(32)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ token, policy }),
      });
      const res = await post(deepToken(5900));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('MALFORMED_TOKEN');
      expect((await post(deepToken(2))).status).toBe(200);
    });
  });
});
