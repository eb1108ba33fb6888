/**
 * Entra ID's tenant-independent discovery documents: /common/v2.0 and /organizations/v2.0 publish the
 * https://login.microsoftonline.com/{tenantid}/v2.0 template as their issuer. The engine asks for the real
 * URLs; a routing fetcher sends them through the guarded fetcher to a loopback HTTPS stand-in, so nothing
 * leaves the machine and the real host names are what the engine judges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { discoverProvider, withDiscoveredJwksUri } from '../../src/engine/discovery/discover.ts';
import { discoveryUris } from '../../src/engine/discovery/fetch.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import { createGuardedFetcher } from '../../src/engine/net/fetcher.ts';
import { DiscoveredJwks } from '../../src/engine/profiles/discovery.ts';
import { localPath, routedFetcher } from '../../scripts/conformance-providers.ts';
import { testPki } from '../net/servers.ts';
import { codes, jwk, keys, startDocServer, type DocServer } from '../lint/helpers/fixtures.ts';

const TEMPLATE = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const COMMON = 'https://login.microsoftonline.com/common/v2.0';
const ORGANIZATIONS = 'https://login.microsoftonline.com/organizations/v2.0';
const STAND_IN = 'entra';

let srv: DocServer;
beforeAll(async () => {
  srv = await startDocServer();
});
afterAll(() => srv.close());

/** The document Entra serves at `base`, in its published shape, with the given issuer. */
function publish(base: string, issuer: string): void {
  const tenantless = base.replace(/\/v2\.0$/, '');
  const jwksUri = `${tenantless}/discovery/v2.0/keys`;
  srv.set(localPath(STAND_IN, `${base}/.well-known/openid-configuration`), {
    issuer,
    authorization_endpoint: `${tenantless}/oauth2/v2.0/authorize`,
    token_endpoint: `${tenantless}/oauth2/v2.0/token`,
    jwks_uri: jwksUri,
    response_types_supported: ['code', 'id_token', 'code id_token'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
  });
  srv.set(localPath(STAND_IN, jwksUri), { keys: [jwk(keys.rsa2048, { kid: 'k1', use: 'sig' })] });
}

function ctx() {
  const guarded = createGuardedFetcher({ allow: ['127.0.0.1'], ca: testPki().caPem, timeoutMs: 3000 });
  return createEngineContext({ fetcher: routedFetcher(guarded, srv.origin, STAND_IN) });
}

describe('discovery of Entra ID\'s tenant-independent documents', () => {
  it.each([COMMON, ORGANIZATIONS])('%s publishes the {tenantid} template and passes', async (base) => {
    publish(base, TEMPLATE);
    const r = await discoverProvider({ issuer: base }, ctx());
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.discovery_uri).toBe(`${base}/.well-known/openid-configuration`);
  });

  it('the template itself is discovered at the common document, and lints clean with the jwks_uri found', async () => {
    publish(COMMON, TEMPLATE);
    expect(discoveryUris(TEMPLATE)?.openid).toBe(`${COMMON}/.well-known/openid-configuration`);
    const r = await discoverProvider({ issuer: TEMPLATE }, ctx());
    expect(codes(r.findings)).toEqual([]);
    expect(r.jwks_uri).toBe('https://login.microsoftonline.com/common/discovery/v2.0/keys');
    const lint = await lintOidcConfig(withDiscoveredJwksUri({
      issuer: TEMPLATE, client_id: 'client-1', audiences: ['api://orders'], jwks_uri: r.jwks_uri as string,
      redirect_uris: [], alg_policy: { allowed_algs: ['RS256'] },
    }, r), ctx());
    expect(codes(lint.findings)).toEqual([]);
  });

  it('a document naming a template nobody documents is still a mismatch (and the template is ISSUER_INVALID)', async () => {
    publish(COMMON, 'https://login.example.com/{tenantid}/v2.0');
    const r = await discoverProvider({ issuer: COMMON }, ctx());
    expect(codes(r.findings)).toEqual(['DISCOVERY_ISSUER_MISMATCH']);
  });

  it('a tenant-independent location whose document names one tenant is compared exactly', async () => {
    const consumers = 'https://login.microsoftonline.com/consumers/v2.0';
    publish(consumers, TEMPLATE);
    expect(codes((await discoverProvider({ issuer: consumers }, ctx())).findings)).toEqual(['DISCOVERY_ISSUER_MISMATCH']);
    publish(COMMON, 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0');
    expect(codes((await discoverProvider({ issuer: COMMON }, ctx())).findings)).toEqual(['DISCOVERY_ISSUER_MISMATCH']);
  });

  it('a trailing slash on /common/v2.0 is still a mismatch', async () => {
    publish(COMMON, TEMPLATE);
    // One trailing slash is dropped before the well-known path, so this fetches the same document.
    const r = await discoverProvider({ issuer: `${COMMON}/` }, ctx());
    expect(codes(r.findings)).toEqual(['DISCOVERY_ISSUER_MISMATCH']);
  });
});

describe('issuer profile with discovery: true and the template issuer', () => {
  it('takes its keys from the common document', async () => {
    publish(COMMON, TEMPLATE);
    const { fetcher, now } = ctx();
    const discovered = new DiscoveredJwks({ issuer: TEMPLATE, fetcher, now });
    expect(discovered.discoveryUri).toBe(`${COMMON}/.well-known/openid-configuration`);
    const resolution = await discovered.resolveKeys({ alg: 'RS256', kid: 'k1' }, 'RS256');
    expect(resolution.failure).toBeUndefined();
    expect(resolution.keys).toHaveLength(1);
  });

  it('refuses a common document that names another issuer', async () => {
    publish(COMMON, 'https://login.example.com/{tenantid}/v2.0');
    const { fetcher, now } = ctx();
    const resolution = await new DiscoveredJwks({ issuer: TEMPLATE, fetcher, now }).resolveKeys({ alg: 'RS256', kid: 'k1' }, 'RS256');
    expect(resolution.failure?.code).toBe('JWKS_UNAVAILABLE');
    expect(resolution.failure?.evidence?.reason).toBe('issuer_mismatch');
  });
});
