/**
 * fetchDiscoveryDocument: the one fetch of a discovery document, shared by POST /v1/providers/discover
 * and `discovery: true` profiles. Real servers on 127.0.0.1; the guarded fetcher allows loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fetchDiscoveryDocument } from '../../src/engine/discovery/fetch.ts';
import { createGuardedFetcher } from '../../src/engine/net/fetcher.ts';
import { startServer, testPki, type Handler, type TestServer } from '../net/servers.ts';

const fetcher = createGuardedFetcher({ allow: ['127.0.0.1'], ca: testPki().caPem });
const cleanup: TestServer[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((s) => s.close()));
});

/** A provider answering each path with [status, body]; every request path is recorded in order. */
async function provider(routes: Record<string, [number, unknown]>, tls = true): Promise<{ origin: string; seen: string[] }> {
  const seen: string[] = [];
  const handler: Handler = (req, res) => {
    seen.push(req.url ?? '');
    const route = Object.hasOwn(routes, req.url ?? '') ? routes[req.url as string] : undefined;
    if (route === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route[0], { 'content-type': 'application/json' }).end(JSON.stringify(route[1]));
  };
  const server = await startServer({ tls, handler });
  cleanup.push(server);
  return { origin: server.origin, seen };
}

const OPENID = '/tenant/.well-known/openid-configuration';
const OAUTH = '/.well-known/oauth-authorization-server/tenant';

describe('fetchDiscoveryDocument', () => {
  it('takes the OpenID Connect document when there is one, and asks nothing else', async () => {
    const p = await provider({ [OPENID]: [200, { issuer: 'x' }], [OAUTH]: [200, { issuer: 'y' }] });
    const r = await fetchDiscoveryDocument(fetcher, `${p.origin}/tenant/`, { allowHttp: false });
    expect(r).toEqual({ state: 'fetched', uri: `${p.origin}${OPENID}`, document: { issuer: 'x' }, tls: { notAfter: expect.any(String), url: `${p.origin}${OPENID}` } });
    expect(p.seen).toEqual([OPENID]);
  });

  it('falls back to the RFC 8414 location when the first gives no JSON', async () => {
    const p = await provider({ [OAUTH]: [200, { issuer: 'y' }] });
    const r = await fetchDiscoveryDocument(fetcher, `${p.origin}/tenant`, { allowHttp: false });
    expect(r).toEqual({ state: 'fetched', uri: `${p.origin}${OAUTH}`, document: { issuer: 'y' }, tls: { notAfter: expect.any(String), url: `${p.origin}${OAUTH}` } });
    expect(p.seen).toEqual([OPENID, OAUTH]);
  });

  it('when both fail, lists both attempts in order; the first is the one to report', async () => {
    const p = await provider({ [OPENID]: [503, {}] });
    const r = await fetchDiscoveryDocument(fetcher, `${p.origin}/tenant`, { allowHttp: false });
    expect(r).toMatchObject({
      state: 'unreachable',
      attempts: [
        { uri: `${p.origin}${OPENID}`, reason: 'http_status', status: 503 },
        { uri: `${p.origin}${OAUTH}`, reason: 'http_status', status: 404 },
      ],
    });
  });

  it('a JSON answer that is not an object stops the search at that location', async () => {
    const p = await provider({ [OPENID]: [200, ['issuer']], [OAUTH]: [200, { issuer: 'y' }] });
    const r = await fetchDiscoveryDocument(fetcher, `${p.origin}/tenant`, { allowHttp: false });
    expect(r).toEqual({ state: 'not_an_object', uri: `${p.origin}${OPENID}` });
    expect(p.seen).toEqual([OPENID]);
  });

  it.each(['ftp://127.0.0.1/tenant', 'not a url', 'https:127.0.0.1/tenant'])('%j is no http(s) URL: nothing is dialled', async (issuer) => {
    expect(await fetchDiscoveryDocument(fetcher, issuer, { allowHttp: true })).toEqual({ state: 'not_http' });
  });

  it('plain http is fetched only with allowHttp', async () => {
    const p = await provider({ [OPENID]: [200, { issuer: 'x' }] }, false);
    const refused = await fetchDiscoveryDocument(fetcher, `${p.origin}/tenant`, { allowHttp: false });
    expect(refused).toMatchObject({ state: 'unreachable', attempts: [{ reason: 'blocked' }, { reason: 'blocked' }] });
    expect(p.seen).toEqual([]);
    const allowed = await fetchDiscoveryDocument(fetcher, `${p.origin}/tenant`, { allowHttp: true });
    expect(allowed).toMatchObject({ state: 'fetched', document: { issuer: 'x' } });
  });
});
