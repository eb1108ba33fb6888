import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import { json, startServer, type TestServer } from '../net/servers.ts';
import { goodRequest, jwk, keys, netContext } from './helpers/fixtures.ts';

/** https_required: false is the request saying plain http is acceptable; the fetch follows it. */
describe('plain-http jwks_uri', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startServer({ tls: false, handler: json({ keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' })] }) });
  });
  afterAll(() => plain.close());

  it('is fetched and analysed when https_required is false', async () => {
    const r = await lintOidcConfig(goodRequest(`${plain.origin}/jwks`, { https_required: false }), netContext());
    expect(r.findings.map((f) => f.code)).toEqual([]);
    expect(r.valid).toBe(true);
    expect(plain.requests()).toBeGreaterThan(0);
  });

  it('is refused without a connection when https_required is true (INSECURE_URI and JWKS_UNREACHABLE blocked)', async () => {
    const before = plain.connections();
    const r = await lintOidcConfig(goodRequest(`${plain.origin}/jwks`), netContext());
    expect(r.findings.map((f) => f.code)).toEqual(['INSECURE_URI', 'JWKS_UNREACHABLE']);
    expect(r.findings[1]?.evidence?.reason).toBe('blocked');
    expect(plain.connections()).toBe(before);
  });
});
