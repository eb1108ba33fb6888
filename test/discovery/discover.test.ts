import { createEngineContext } from '../../src/engine/context.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProvider, withDiscoveredJwksUri } from '../../src/engine/discovery/discover.ts';
import { discoveryUris } from '../../src/engine/discovery/fetch.ts';
import { RequestInvalidError } from '../../src/engine/errors.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import type { DiscoverResponse } from '../../src/engine/types.ts';
import { codes, goodRequest, jwk, keys, netContext, only, startDocServer, type DocServer } from '../lint/helpers/fixtures.ts';

let srv: DocServer;
let n = 0;
beforeAll(async () => {
  srv = await startDocServer();
});
afterAll(() => srv.close());

/** A complete OIDC discovery document for issuer, with its JWKS next to it. */
function metadata(issuer: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'email'],
    claims_supported: ['sub', 'email'],
    ...extra,
  };
}

/** Serves doc at <origin>/<fresh path>/.well-known/openid-configuration and returns the issuer. */
function provider(doc: (issuer: string) => unknown): string {
  const path = `/p${++n}`;
  const issuer = srv.url(path);
  srv.set(`${path}/.well-known/openid-configuration`, doc(issuer));
  return issuer;
}

async function discover(body: unknown, offline = false): Promise<DiscoverResponse> {
  return discoverProvider(body, offline ? createEngineContext() : netContext());
}

describe('discovery URLs', () => {
  it('appends the OIDC well-known path after removing one trailing slash, and inserts the RFC 8414 one before the path', () => {
    expect(discoveryUris('https://idp.example.com/tenant/')).toEqual({
      openid: 'https://idp.example.com/tenant/.well-known/openid-configuration',
      oauth: 'https://idp.example.com/.well-known/oauth-authorization-server/tenant',
    });
    expect(discoveryUris('https://idp.example.com')).toEqual({
      openid: 'https://idp.example.com/.well-known/openid-configuration',
      oauth: 'https://idp.example.com/.well-known/oauth-authorization-server',
    });
    expect(discoveryUris('idp.example.com')).toBeUndefined();
  });
});

describe('discoverProvider', () => {
  it('answers the document jwks_uri and only its endpoint and signing-algorithm members', async () => {
    const issuer = provider((iss) => metadata(iss, { request_object_signing_alg_values_supported: ['RS256', 'ES256'], mtls_endpoint_aliases: { token_endpoint: 'x' } }));
    expect(await discover({ issuer })).toEqual({
      valid: true,
      issuer,
      discovery_uri: `${issuer}/.well-known/openid-configuration`,
      jwks_uri: `${issuer}/jwks`,
      metadata: {
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        id_token_signing_alg_values_supported: ['RS256'],
        request_object_signing_alg_values_supported: ['RS256', 'ES256'],
      },
      findings: [],
      summary: 'Provider metadata is valid.',
    });
  });

  it('falls back to the RFC 8414 document when the OIDC one is missing', async () => {
    const issuer = srv.url('/as1');
    srv.set('/.well-known/oauth-authorization-server/as1', metadata(issuer));
    const r = await discover({ issuer });
    expect(r.discovery_uri).toBe(srv.url('/.well-known/oauth-authorization-server/as1'));
    expect(r.valid).toBe(true);
  });

  it('prefers the OIDC document when both exist', async () => {
    const issuer = provider((iss) => metadata(iss));
    srv.set(`/.well-known/oauth-authorization-server${new URL(issuer).pathname}`, metadata(issuer, { jwks_uri: `${issuer}/other` }));
    expect((await discover({ issuer })).jwks_uri).toBe(`${issuer}/jwks`);
  });
});

describe('DISCOVERY_UNREACHABLE', () => {
  it('fires when neither document answers, listing both attempts', async () => {
    const issuer = srv.url('/nothing-here');
    const r = await discover({ issuer });
    expect(codes(r.findings)).toEqual(['DISCOVERY_UNREACHABLE']);
    expect(r.findings[0]?.evidence).toEqual({
      field: '/issuer',
      reason: 'http_status',
      attempts: [
        { uri: `${issuer}/.well-known/openid-configuration`, reason: 'http_status', status: 404 },
        { uri: srv.url('/.well-known/oauth-authorization-server/nothing-here'), reason: 'http_status', status: 404 },
      ],
    });
    expect(r).toMatchObject({ valid: false, discovery_uri: null, jwks_uri: null, metadata: {} });
    expect(r.summary).toBe('Provider metadata is invalid: 1 error (DISCOVERY_UNREACHABLE).');
  });

  it('is silent when the document answers', async () => {
    expect(only((await discover({ issuer: provider((iss) => metadata(iss)) })).findings, 'DISCOVERY_UNREACHABLE')).toEqual([]);
  });
});

describe('DISCOVERY_INVALID', () => {
  it('fires when the document is not an object', async () => {
    const r = await discover({ issuer: provider(() => ['not', 'metadata']) });
    expect(codes(r.findings)).toEqual(['DISCOVERY_INVALID']);
    expect(r.jwks_uri).toBeNull();
  });

  it('fires per member of the wrong type, and does not also call it missing', async () => {
    const r = await discover({ issuer: provider((iss) => metadata(iss, { jwks_uri: 5, response_types_supported: 'code', userinfo_endpoint: null })) });
    expect(only(r.findings, 'DISCOVERY_INVALID').map((f) => f.evidence?.member)).toEqual(['userinfo_endpoint', 'jwks_uri', 'response_types_supported']);
    expect(only(r.findings, 'METADATA_MISSING')).toEqual([]);
    expect(r.jwks_uri).toBeNull();
  });

  it('checks boolean members, and leaves members it does not know alone', async () => {
    const r = await discover({
      issuer: provider((iss) => metadata(iss, { claims_parameter_supported: 'true', http_logout_supported: true, x_vendor_supported: 'yes' })),
    });
    expect(only(r.findings, 'DISCOVERY_INVALID').map((f) => f.evidence?.member)).toEqual(['claims_parameter_supported']);
  });

  it('is silent for a well-typed document, booleans included', async () => {
    const doc = (iss: string) => metadata(iss, { claims_parameter_supported: true, request_uri_parameter_supported: false, code_challenge_methods_supported: ['S256'] });
    expect(only((await discover({ issuer: provider(doc) })).findings, 'DISCOVERY_INVALID')).toEqual([]);
  });
});

describe('DISCOVERY_ISSUER_MISMATCH', () => {
  it('fires for an issuer published with a trailing slash (the Docker shape), naming the near miss', async () => {
    const issuer = provider((iss) => metadata(`${iss}/`));
    const r = await discover({ issuer });
    const fs = only(r.findings, 'DISCOVERY_ISSUER_MISMATCH');
    expect(fs).toHaveLength(1);
    expect(fs[0]?.evidence).toMatchObject({ field: '/issuer', expected: issuer, actual: `${issuer}/` });
    expect(fs[0]?.message).toContain('trailing slash');
    expect(r.valid).toBe(false);
  });

  it('is silent when the request spells the issuer exactly as published, trailing slash included', async () => {
    const path = `/p${++n}`;
    const issuer = srv.url(`${path}/`);
    srv.set(`${path}/.well-known/openid-configuration`, metadata(issuer));
    const r = await discover({ issuer });
    expect(r.discovery_uri).toBe(srv.url(`${path}/.well-known/openid-configuration`));
    expect(r.findings).toEqual([]);
  });

  it('compares letter case exactly', async () => {
    const issuer = provider((iss) => metadata(iss.replace('/p', '/P')));
    expect(only((await discover({ issuer })).findings, 'DISCOVERY_ISSUER_MISMATCH')).toHaveLength(1);
  });
});

describe('METADATA_MISSING', () => {
  it('fires per required member that is absent', async () => {
    const r = await discover({
      issuer: provider((iss) => {
        const { token_endpoint: _t, subject_types_supported: _s, ...rest } = metadata(iss);
        return rest;
      }),
    });
    expect(only(r.findings, 'METADATA_MISSING').map((f) => f.evidence?.member)).toEqual(['token_endpoint', 'subject_types_supported']);
  });

  it('does not require token_endpoint of an implicit-only provider (the Facebook shape)', async () => {
    const r = await discover({
      issuer: provider((iss) => {
        const { token_endpoint: _t, ...rest } = metadata(iss, { response_types_supported: ['id_token', 'token id_token'] });
        return rest;
      }),
    });
    // Offering the implicit flow is worth a warning of its own, never a missing member.
    expect(codes(r.findings)).toEqual(['DISCOVERY_IMPLICIT_FLOW']);
  });

  it('is silent for a complete document', async () => {
    expect(only((await discover({ issuer: provider((iss) => metadata(iss)) })).findings, 'METADATA_MISSING')).toEqual([]);
  });
});

describe('INSECURE_URI in discovery', () => {
  it('fires for each plain-http endpoint in the document', async () => {
    const r = await discover({ issuer: provider((iss) => metadata(iss, { userinfo_endpoint: 'http://idp.example.com/userinfo', end_session_endpoint: 'http://idp.example.com/logout' })) });
    expect(only(r.findings, 'INSECURE_URI').map((f) => f.evidence)).toEqual([
      { field: '/issuer', member: 'userinfo_endpoint', uri: 'http://idp.example.com/userinfo' },
      { field: '/issuer', member: 'end_session_endpoint', uri: 'http://idp.example.com/logout' },
    ]);
  });

  it('fires for a plain-http issuer, which the fetcher does not dial', async () => {
    const before = srv.server.connections();
    const r = await discover({ issuer: srv.url('/x').replace('https:', 'http:') });
    expect(codes(r.findings)).toEqual(['INSECURE_URI', 'DISCOVERY_UNREACHABLE']);
    expect(r.findings[1]?.evidence?.reason).toBe('blocked');
    expect(srv.server.connections()).toBe(before);
  });

  it('is silent when https_required is false', async () => {
    const r = await discover({ issuer: provider((iss) => metadata(iss, { userinfo_endpoint: 'http://idp.example.com/userinfo' })), https_required: false });
    expect(r.findings).toEqual([]);
  });
});

describe('ISSUER_INVALID in discovery', () => {
  it('fires for a template issuer (the Entra shape), and still reads the document it names', async () => {
    const issuer = srv.url('/{tenantid}/v2.0');
    srv.set('/{tenantid}/v2.0/.well-known/openid-configuration', metadata(issuer));
    const r = await discover({ issuer });
    expect(codes(r.findings)).toEqual(['ISSUER_INVALID']);
    expect(r.findings[0]?.message).toContain('unfilled template');
    expect(r.jwks_uri).toBe(`${issuer}/jwks`);
  });

  it('fires without fetching for an issuer that is no URL', async () => {
    const r = await discover({ issuer: 'login.example.com' });
    expect(codes(r.findings)).toEqual(['ISSUER_INVALID', 'INSECURE_URI', 'DISCOVERY_UNREACHABLE']);
  });
});

describe('offline discovery', () => {
  it('fetches nothing and reports CHECK_SKIPPED', async () => {
    const before = srv.server.connections();
    const issuer = provider((iss) => metadata(iss));
    const r = await discover({ issuer }, true);
    expect(srv.server.connections()).toBe(before);
    expect(r).toMatchObject({ valid: true, discovery_uri: null, jwks_uri: null, metadata: {} });
    expect(codes(r.findings)).toEqual(['CHECK_SKIPPED']);
    expect(r.findings[0]?.evidence).toMatchObject({ field: '/issuer', uri: `${issuer}/.well-known/openid-configuration` });
  });
});

describe('discover request body (422)', () => {
  it.each([
    [{}, '/issuer'],
    [{ issuer: 7 }, '/issuer'],
    [{ issuer: 'https://idp.example.com', https_required: 'no' }, '/https_required'],
    [{ issuer: 'https://idp.example.com', jwks_uri: 'x' }, '/jwks_uri'],
  ])('refuses %j at %s', async (body, pointer) => {
    const err = await discover(body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).errors.map((e) => e.pointer)).toEqual([pointer]);
  });
});

describe('discover: true for lint requests', () => {
  it('fills discovered_jwks_uri, so a configured JWKS that is not the provider one is a mismatch', async () => {
    const issuer = provider((iss) => metadata(iss));
    srv.set(`${new URL(issuer).pathname}/jwks`, { keys: [jwk(keys.rsa2048, { kid: 'r1' })] });
    srv.set('/elsewhere/jwks', { keys: [jwk(keys.rsa2048, { kid: 'r1' })] });
    const ctx = netContext();
    const discovery = await discoverProvider({ issuer }, ctx);
    expect(discovery.valid).toBe(true);
    const request = withDiscoveredJwksUri(goodRequest(srv.url('/elsewhere/jwks'), { issuer }), discovery);
    expect(request.discovered_jwks_uri).toBe(`${issuer}/jwks`);
    expect(codes((await lintOidcConfig(request, ctx)).findings)).toEqual(['JWKS_URI_MISMATCH']);

    const matching = withDiscoveredJwksUri(goodRequest(`${issuer}/jwks`, { issuer }), discovery);
    expect(matching.discovered_jwks_uri).toBe(`${issuer}/jwks`);
    expect((await lintOidcConfig(matching, ctx)).findings).toEqual([]);
  });

  it('leaves the request alone when discovery found no jwks_uri', () => {
    const req = goodRequest('https://idp.example.com/jwks');
    const none: DiscoverResponse = { valid: false, issuer: req.issuer, discovery_uri: null, jwks_uri: null, metadata: {}, findings: [], summary: '' };
    expect(withDiscoveredJwksUri(req, none)).toBe(req);
  });

  it('replaces a discovered_jwks_uri written in the request with what discovery found, without changing the request', () => {
    const req = { ...goodRequest('https://idp.example.com/jwks'), discovered_jwks_uri: 'https://idp.example.com/pinned' };
    const found: DiscoverResponse = { valid: true, issuer: req.issuer, discovery_uri: null, jwks_uri: 'https://idp.example.com/keys', metadata: {}, findings: [], summary: '' };
    expect(withDiscoveredJwksUri(req, found)).toEqual({ ...req, discovered_jwks_uri: 'https://idp.example.com/keys' });
    expect(req.discovered_jwks_uri).toBe('https://idp.example.com/pinned');
  });

  it('lints a provider advertising none and HS256 (the mojeID shape) from its own metadata', async () => {
    const issuer = provider((iss) => metadata(iss, { id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'] }));
    srv.set(`${new URL(issuer).pathname}/jwks`, { keys: [jwk(keys.rsa2048, { kid: 'r1' })] });
    const ctx = netContext();
    const d = await discoverProvider({ issuer }, ctx);
    const algs = d.metadata.id_token_signing_alg_values_supported as string[];
    const request = withDiscoveredJwksUri(goodRequest(`${issuer}/jwks`, { issuer, alg_policy: { allowed_algs: algs } }), d);
    const r = await lintOidcConfig(request, ctx);
    expect(r.findings.map((f) => [f.code, f.evidence?.field])).toEqual([
      ['WEAK_ALGORITHM', '/alg_policy/allowed_algs/1'],
      ['WEAK_ALGORITHM', '/alg_policy/allowed_algs/2'],
    ]);
  });
});
