/** What only a real fetch can show: JWKS_UNREACHABLE reasons and the offline skip. Each rule's own cases live in rules/. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import { createGuardedFetcher } from '../../src/engine/net/fetcher.ts';
import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import type { Finding, LintRequest } from '../../src/engine/types.ts';
import { startServer, testPki } from '../net/servers.ts';
import { codes, goodRequest, jwk, keys, netContext, only, startDocServer, type DocServer } from './helpers/fixtures.ts';

let srv: DocServer;
let n = 0;
beforeAll(async () => {
  srv = await startDocServer();
});
afterAll(() => srv.close());

/** Serves `jwks` at a fresh path and lints a request pointing at it. */
async function lintJwks(jwks: unknown, overrides: Partial<LintRequest> = {}): Promise<Finding[]> {
  const path = `/jwks-${++n}`;
  srv.set(path, jwks);
  return (await lintOidcConfig(goodRequest(srv.url(path), overrides), netContext())).findings;
}

const goodSet = { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' }), jwk(keys.p256, { kid: 'e1', use: 'sig' })] };

describe('JWKS_UNREACHABLE', () => {
  it('fires with reason http_status for a 404', async () => {
    const fs = only((await lintOidcConfig(goodRequest(srv.url('/missing')), netContext())).findings, 'JWKS_UNREACHABLE');
    expect(fs).toHaveLength(1);
    expect(fs[0]?.evidence).toMatchObject({ field: '/jwks_uri', reason: 'http_status', status: 404 });
  });

  it('fires with reason not_json for an HTML page', async () => {
    srv.set('/html', (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login</html>');
    });
    const r = await lintOidcConfig(goodRequest(srv.url('/html')), netContext());
    expect(only(r.findings, 'JWKS_UNREACHABLE')[0]?.evidence?.reason).toBe('not_json');
    expect(r.valid).toBe(false);
  });

  it('fires with reason refused when nothing listens', async () => {
    const closed = await startServer({ tls: true });
    const uri = `${closed.origin}/jwks`;
    await closed.close();
    const fs = only((await lintOidcConfig(goodRequest(uri), netContext())).findings, 'JWKS_UNREACHABLE');
    expect(fs[0]?.evidence?.reason).toBe('refused');
  });

  it('fires with reason blocked for loopback when OUTBOUND_ALLOW does not name it, without dialling', async () => {
    const guarded = createEngineContext({ fetcher: createGuardedFetcher({ ca: testPki().caPem }) });
    const before = srv.server.connections();
    const fs = only((await lintOidcConfig(goodRequest(srv.url('/jwks-any')), guarded)).findings, 'JWKS_UNREACHABLE');
    expect(fs[0]?.evidence?.reason).toBe('blocked');
    expect(srv.server.connections()).toBe(before);
  });

  it('fires with reason blocked, without fetching, for a jwks_uri that is no http(s) URL', async () => {
    const fs = only((await lintOidcConfig(goodRequest('file:///etc/passwd'), netContext())).findings, 'JWKS_UNREACHABLE');
    expect(fs[0]?.evidence).toMatchObject({ reason: 'blocked', uri: 'file:///etc/passwd' });
  });

  it('is silent, and the JWKS is fetched exactly once, when it answers', async () => {
    let hits = 0;
    srv.set('/counted', (_req: unknown, res: import('node:http').ServerResponse) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(goodSet));
    });
    const r = await lintOidcConfig(goodRequest(srv.url('/counted')), netContext());
    expect(r.findings).toEqual([]);
    expect(hits).toBe(1);
  });
});

describe('CHECK_SKIPPED (offline)', () => {
  it('fetches nothing and reports one warning listing the skipped JWKS checks', async () => {
    const before = srv.server.connections();
    const r = await lintOidcConfig(goodRequest(srv.url('/never')), netContext({ fetcher: createOfflineFetcher() }));
    expect(srv.server.connections()).toBe(before);
    expect(r.valid).toBe(true);
    expect(r.findings).toEqual([
      expect.objectContaining({
        code: 'CHECK_SKIPPED',
        severity: 'warning',
        evidence: {
          field: '/jwks_uri',
          uri: srv.url('/never'),
          checks: [
            'JWKS_UNREACHABLE', 'ENDPOINT_CERT_EXPIRING', 'JWKS_INVALID', 'JWKS_NONSTANDARD_ENCODING', 'JWKS_PRIVATE_KEY_EXPOSED', 'JWKS_KEY_TOO_SMALL',
            'JWKS_KEY_UNSAFE', 'JWKS_X5C_EXPIRED', 'JWKS_X5C_EXPIRING', 'JWKS_X5C_MISMATCH', 'JWKS_DUPLICATE_KID', 'JWKS_NO_USABLE_KEY',
          ],
        },
      }),
    ]);
    expect(r.summary).toBe('Configuration is valid with 1 warning (CHECK_SKIPPED).');
  });

  it('works with a default context (its fetcher is the offline one) and still runs the static rules', async () => {
    const r = await lintOidcConfig(goodRequest('https://idp.example.com/jwks', { alg_policy: { allowed_algs: ['none'] } }), createEngineContext());
    expect(codes(r.findings)).toEqual(['WEAK_ALGORITHM', 'CHECK_SKIPPED']);
  });

  it('is silent when online', async () => {
    expect(only(await lintJwks(goodSet), 'CHECK_SKIPPED')).toEqual([]);
  });
});
