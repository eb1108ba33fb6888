import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeyObjectCache } from '../../src/engine/jws/keys.ts';
import { compileIssuerProfiles, IssuerProfileError, loadIssuerProfiles, discoveryUrl } from '../../src/engine/profiles/index.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import type { EngineContext } from '../../src/engine/context.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';
import { AUDIENCE, claims, ISSUER, loopbackFetcher, makeKey, signJwt, startJwksServer, T0, testContext, type TestKey } from '../jwks/helpers.ts';

const SECRET = 'correct-horse-battery-staple-0123456789';
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
function hs256(payload: Record<string, unknown>, secret: string | Buffer = SECRET): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const base = { issuer: ISSUER, audiences: [AUDIENCE] };
let es: TestKey;
let ed: TestKey;
beforeAll(() => {
  testPki();
  es = makeKey('es-1');
  ed = makeKey('ed-1', 'EdDSA');
});

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((c) => c()));
});

function context(env: Record<string, string | undefined> = {}) {
  const clock = { now: T0 };
  const fetcher = loopbackFetcher();
  let ctx: EngineContext = testContext(clock, { fetcher });
  const load = (opts: { json?: string; file?: string }) => {
    const registry = loadIssuerProfiles({ ...opts, env, fetcher, now: ctx.now, keyCache: ctx.keyCache });
    ctx = { ...ctx, profiles: registry };
    return registry;
  };
  const validate = (token: string, id: string): Promise<ValidateResponse> => validateJwt({ token, issuer_profile_id: id }, ctx);
  return { clock, load, validate };
}

/** The loader's error, or a test failure when it did not throw one. */
function loadError(profiles: unknown, env: Record<string, string | undefined> = {}): IssuerProfileError {
  try {
    loadIssuerProfiles({ json: JSON.stringify(profiles), env, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() });
  } catch (err) {
    if (err instanceof IssuerProfileError) return err;
    throw err;
  }
  throw new Error('expected IssuerProfileError');
}

describe('every key source validates a token end to end', () => {
  it('secret, secret_env (with base64url), public_key and inline jwks', async () => {
    const rawKey = Buffer.from('0123456789abcdef0123456789abcdef-binary-key');
    const { clock, load, validate } = context({ HS_KEY: rawKey.toString('base64url') });
    load({
      json: JSON.stringify([
        { id: 'hs', ...base, allowed_algs: ['HS256'], secret: SECRET },
        { id: 'hs-env', ...base, allowed_algs: ['HS256'], secret_env: 'HS_KEY', secret_encoding: 'base64url' },
        { id: 'pem', ...base, allowed_algs: ['ES256'], public_key: es.publicPem, required_scopes: ['read'] },
        { id: 'inline', ...base, allowed_algs: ['EdDSA', 'ES256'], jwks: { keys: [es.jwk, ed.jwk] } },
      ]),
    });
    expect(await validate(hs256(claims(clock.now)), 'hs')).toMatchObject({ valid: true, metadata: { key_source: 'secret' } });
    expect(await validate(hs256(claims(clock.now), rawKey), 'hs-env')).toMatchObject({ valid: true, metadata: { key_source: 'secret' } });
    expect((await validate(hs256(claims(clock.now)), 'hs-env')).findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);
    expect(await validate(signJwt(es, claims(clock.now, { scope: 'read write' })), 'pem')).toMatchObject({ valid: true, metadata: { key_source: 'public_key' } });
    const noScope = await validate(signJwt(es, claims(clock.now)), 'pem');
    expect(noScope.findings.map((f) => f.code)).toEqual(['REQUIRED_SCOPE_MISSING']);
    const inline = await validate(signJwt(ed, claims(clock.now)), 'inline');
    expect(inline).toMatchObject({ valid: true, metadata: { key_source: 'jwks', kid: 'ed-1' } });
    expect(inline.metadata.jwks_cache).toBeUndefined();
    const unknown = await validate(signJwt(es, claims(clock.now), { kid: 'other' }), 'inline');
    expect(unknown.findings.map((f) => f.code)).toEqual(['KEY_NOT_FOUND']);
  });

  it('the profile claim policy applies: issuer, audience and ttl come from the profile', async () => {
    const { clock, load, validate } = context();
    load({ json: JSON.stringify([{ id: 'p', ...base, allowed_algs: ['ES256'], public_key: es.publicPem, max_ttl_seconds: 60 }]) });
    const r = await validate(signJwt(es, claims(clock.now, { iss: `${ISSUER}/`, aud: 'other' })), 'p');
    expect(r.findings.map((f) => f.code)).toEqual(['ISSUER_MISMATCH', 'AUDIENCE_MISMATCH', 'TOKEN_LIFETIME_EXCEEDED']);
  });

  it('jwks_uri from a YAML file', async () => {
    const jwks = await startJwksServer([es.jwk]);
    cleanup.push(() => jwks.close());
    const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-profiles-'));
    const file = join(dir, 'profiles.yaml');
    writeFileSync(file, `profiles:\n  - id: yaml-prof\n    issuer: ${ISSUER}\n    audiences: [${AUDIENCE}]\n    allowed_algs: [ES256]\n    jwks_uri: ${jwks.url}\n`);
    const { clock, load, validate } = context();
    const registry = load({ file });
    expect(registry.get('yaml-prof')?.keySource).toBe('jwks');
    expect(jwks.jwksRequests()).toBe(0);
    expect(await validate(signJwt(es, claims(clock.now)), 'yaml-prof')).toMatchObject({ valid: true, metadata: { jwks_cache: 'miss', kid: 'es-1' } });
  });

  it('ISSUER_PROFILES_JSON and ISSUER_PROFILES_FILE are read from env when not passed', () => {
    const registry = loadIssuerProfiles({
      env: { ISSUER_PROFILES_JSON: JSON.stringify([{ id: 'from-env', ...base, allowed_algs: ['HS256'], secret: SECRET }]) },
      fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache(),
    });
    expect(registry.get('from-env')?.keySource).toBe('secret');
    expect(loadIssuerProfiles({ env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() }).get('from-env')).toBeUndefined();
  });
});

describe('discovery: true', () => {
  async function provider(issuerFor: (origin: string) => string = (o) => o) {
    const jwks = await startJwksServer([es.jwk]);
    let discoveryRequests = 0;
    const idp: TestServer = await startServer({
      tls: true,
      handler: (req, res) => {
        if (req.url === '/.well-known/openid-configuration') {
          discoveryRequests++;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: issuerFor(idp.origin), jwks_uri: jwks.url }));
          return;
        }
        res.writeHead(404).end();
      },
    });
    cleanup.push(() => jwks.close(), () => idp.close());
    return { jwks, idp, discoveryRequests: () => discoveryRequests };
  }

  it('fetches the discovery document lazily, once, then the JWKS', async () => {
    const p = await provider();
    const issuer = p.idp.origin;
    const { clock, load, validate } = context();
    load({ json: JSON.stringify([{ id: 'd', issuer, audiences: [AUDIENCE], allowed_algs: ['ES256'], discovery: true }]) });
    expect(p.discoveryRequests()).toBe(0);
    const tokens = Array.from({ length: 20 }, () => signJwt(es, claims(clock.now, { iss: issuer })));
    const results = await Promise.all(tokens.map((t) => validate(t, 'd')));
    expect(results.every((r) => r.valid)).toBe(true);
    expect(p.discoveryRequests()).toBe(1);
    expect(p.jwks.jwksRequests()).toBe(1);
    clock.now += 60_000;
    expect((await validate(signJwt(es, claims(clock.now, { iss: issuer })), 'd')).metadata.jwks_cache).toBe('hit');
    expect(p.discoveryRequests()).toBe(1);
  });

  it('a discovery document naming another issuer is refused (Discovery §4.3)', async () => {
    const p = await provider((o) => `${o}/`);
    const issuer = p.idp.origin;
    const { clock, load, validate } = context();
    load({ json: JSON.stringify([{ id: 'd', issuer, audiences: [AUDIENCE], allowed_algs: ['ES256'], discovery: true }]) });
    const r = await validate(signJwt(es, claims(clock.now, { iss: issuer })), 'd');
    expect(r.findings.map((f) => f.code)).toEqual(['JWKS_UNAVAILABLE']);
    expect(r.findings[0]?.evidence).toMatchObject({ reason: 'issuer_mismatch', discovery_uri: discoveryUrl(issuer) });
    expect(p.jwks.jwksRequests()).toBe(0);
  });

  it('falls back to the RFC 8414 location, as POST /v1/providers/discover does', async () => {
    const jwks = await startJwksServer([es.jwk]);
    const seen: string[] = [];
    const idp: TestServer = await startServer({
      tls: true,
      handler: (req, res) => {
        seen.push(req.url ?? '');
        if (req.url === '/.well-known/oauth-authorization-server/tenant') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: `${idp.origin}/tenant`, jwks_uri: jwks.url }));
          return;
        }
        res.writeHead(404).end();
      },
    });
    cleanup.push(() => jwks.close(), () => idp.close());
    const issuer = `${idp.origin}/tenant`;
    const { clock, load, validate } = context();
    load({ json: JSON.stringify([{ id: 'd', issuer, audiences: [AUDIENCE], allowed_algs: ['ES256'], discovery: true }]) });
    expect((await validate(signJwt(es, claims(clock.now, { iss: issuer })), 'd')).valid).toBe(true);
    expect(seen).toEqual(['/tenant/.well-known/openid-configuration', '/.well-known/oauth-authorization-server/tenant']);
  });

  it('an unreachable discovery endpoint is JWKS_UNAVAILABLE with the fetch reason', async () => {
    const { clock, load, validate } = context();
    const idp = await startServer({ tls: true, handler: (_req, res) => res.writeHead(503).end() });
    cleanup.push(() => idp.close());
    load({ json: JSON.stringify([{ id: 'd', issuer: `${idp.origin}/tenant/`, audiences: [AUDIENCE], allowed_algs: ['ES256'], discovery: true }]) });
    const r = await validate(signJwt(es, claims(clock.now, { iss: `${idp.origin}/tenant/` })), 'd');
    expect(r.findings[0]).toMatchObject({ code: 'JWKS_UNAVAILABLE', evidence: { reason: 'http_status', status: 503, discovery_uri: `${idp.origin}/tenant/.well-known/openid-configuration` } });
  });
});

describe('invalid profiles stop the load, naming profile and field, never a value', () => {
  const privatePem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  it.each([
    ['no key source', { id: 'a', ...base, allowed_algs: ['RS256'] }, '/0', /needs a key source/],
    ['two key sources', { id: 'a', ...base, allowed_algs: ['HS256'], secret: SECRET, jwks_uri: 'https://x.test/jwks' }, '/0', /more than one key source \(secret, jwks_uri\)/],
    ['a typo field', { id: 'a', ...base, allowed_algs: ['HS256'], secret: SECRET, audience: 'x' }, '/0/audience', /not a known field/],
    ['a missing issuer', { id: 'a', audiences: [AUDIENCE], allowed_algs: ['HS256'], secret: SECRET }, '/0/issuer', /required/],
    ['an unknown alg', { id: 'a', ...base, allowed_algs: ['rs256'], public_key: 'x' }, '/0/allowed_algs/0', /must be one of/],
    ['a private key PEM', { id: 'a', ...base, allowed_algs: ['ES256'], public_key: privatePem }, '/0/public_key', /private key/],
    ['a non-PEM public key', { id: 'a', ...base, allowed_algs: ['ES256'], public_key: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE' }, '/0/public_key', /not PEM/],
    ['an unset secret_env', { id: 'a', ...base, allowed_algs: ['HS256'], secret_env: 'NOT_SET' }, '/0/secret_env', /NOT_SET.*not set/],
    ['a bad base64url secret', { id: 'a', ...base, allowed_algs: ['HS256'], secret: 'not base64url!!', secret_encoding: 'base64url' }, '/0/secret', /base64url/],
    ['secret_encoding without a secret', { id: 'a', ...base, allowed_algs: ['ES256'], public_key: 'x', secret_encoding: 'utf8' }, '/0/secret_encoding', /only with secret/],
    ['an http jwks_uri', { id: 'a', ...base, allowed_algs: ['RS256'], jwks_uri: 'http://idp.test/jwks' }, '/0/jwks_uri', /https/],
    ['discovery on an http issuer', { id: 'a', issuer: 'http://idp.test', audiences: [AUDIENCE], allowed_algs: ['RS256'], discovery: true }, '/0/issuer', /https/],
    ['a jwks_uri with user info', { id: 'a', ...base, allowed_algs: ['RS256'], jwks_uri: 'https://ops:hunter2@idp.test/jwks' }, '/0/jwks_uri', /without user info/],
    // URL parsers repair these silently (new URL trims the space and reads https:host as https://host);
    // lint calls them INSECURE_URI, and a profile refuses them too.
    ['a jwks_uri written https:host', { id: 'a', ...base, allowed_algs: ['RS256'], jwks_uri: 'https:idp.test/jwks' }, '/0/jwks_uri', /https/],
    ['a jwks_uri with a leading space', { id: 'a', ...base, allowed_algs: ['RS256'], jwks_uri: ' https://idp.test/jwks' }, '/0/jwks_uri', /https/],
    ['discovery on an issuer written https:host', { id: 'a', issuer: 'https:idp.test', audiences: [AUDIENCE], allowed_algs: ['RS256'], discovery: true }, '/0/issuer', /https/],
    ['an inline JWKS that is not a set', { id: 'a', ...base, allowed_algs: ['RS256'], jwks: { kty: 'RSA' } }, '/0/jwks', /JWK Set/],
    ['an inline JWKS with no key', { id: 'a', ...base, allowed_algs: ['RS256'], jwks: { keys: [] } }, '/0/jwks/keys', /no key/],
    ['a secret with only RS algs', { id: 'a', ...base, allowed_algs: ['RS256'], secret: SECRET }, '/0/allowed_algs', /no HS256/],
    ['a public key with only HS algs', { id: 'a', ...base, allowed_algs: ['HS256', 'none'], jwks_uri: 'https://x.test/jwks' }, '/0/allowed_algs', /only HMAC/],
    ['an empty id', { id: '', ...base, allowed_algs: ['HS256'], secret: SECRET }, '/0/id', /fewer than 1/],
  ])('%s', (_name, profile, pointer, why) => {
    const err = loadError([profile]);
    expect(err.code).toBe('ISSUER_PROFILES_INVALID');
    const problem = err.problems.find((p) => p.pointer === pointer);
    expect(problem?.message).toMatch(why);
    expect(err.message).toContain(profile.id === '' ? '#0' : `"${profile.id}" (#0)`);
    expect(err.message).toContain(pointer);
    for (const value of [SECRET, privatePem, 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE', 'not base64url!!', 'hunter2']) expect(err.message).not.toContain(value);
  });

  it('an inline JWKS holding a private key names the key and member, not the value', () => {
    const priv = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    const err = loadError([{ id: 'leaky', ...base, allowed_algs: ['ES256'], jwks: { keys: [es.jwk, priv] } }]);
    expect(err.problems).toEqual([{ profile: '"leaky" (#0)', pointer: '/0/jwks/keys/1', message: 'carries private or symmetric key members (d)' }]);
    expect(err.message).not.toContain(priv.d as string);
  });

  it('duplicate ids, and problems in several profiles, are all reported at once', () => {
    const err = loadError([
      { id: 'x', ...base, allowed_algs: ['HS256'], secret: SECRET },
      { id: 'x', ...base, allowed_algs: ['HS256'], secret: SECRET },
      { id: 'y', ...base, allowed_algs: ['HS256'] },
      'not an object',
    ]);
    expect(err.problems.map((p) => [p.profile, p.pointer])).toEqual([['"x" (#1)', '/1/id'], ['"y" (#2)', '/2'], ['#3', '/3']]);
  });

  it('YAML and JSON syntax errors give the position, never the offending line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-profiles-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, `- id: a\n  secret: "${SECRET}\n  issuer: x\n`);
    let err: unknown;
    try {
      loadIssuerProfiles({ file, env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(IssuerProfileError);
    expect((err as Error).message).toMatch(/not valid JSON or YAML \([A-Z_]+ at line \d+, column \d+\)/);
    expect((err as Error).message).not.toContain(SECRET);
    expect(() => loadIssuerProfiles({ json: `[{"id": "a", "secret": "${SECRET}",,}]`, env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() }))
      .toThrow(/ISSUER_PROFILES_JSON: \/ is not valid JSON or YAML/);
  });

  it('duplicate keys in a profile are refused', () => {
    expect(() => loadIssuerProfiles({ json: '[{"id": "a", "id": "b"}]', env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() })).toThrow(/DUPLICATE_KEY/);
  });

  it('a missing file, both settings at once, and a non-list document are refused', () => {
    const opts = { env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() };
    expect(() => loadIssuerProfiles({ ...opts, file: '/nonexistent/profiles.yaml' })).toThrow(/could not be read \(ENOENT\)/);
    expect(() => loadIssuerProfiles({ ...opts, file: '/x', json: '[]' })).toThrow(/only one of ISSUER_PROFILES_JSON and ISSUER_PROFILES_FILE/);
    expect(() => loadIssuerProfiles({ ...opts, json: '{"id": "a"}' })).toThrow(/must be an array/);
  });
});

describe('jwks_uri and a discovery issuer are read as strictly as lint reads a URI', () => {
  const inputs = [
    'https://idp.test/jwks', 'HTTPS://idp.test/jwks', 'https://idp.test:8443/t/{tenant}/jwks', 'https://[::1]/jwks',
    'http://idp.test/jwks', 'https:idp.test/jwks', 'https:/idp.test/jwks', 'https:\\\\idp.test/jwks', ' https://idp.test/jwks',
    'https://idp.test/jwks ', 'https://idp .test/jwks', 'https://', 'idp.test/jwks', 'ftp://idp.test/jwks', 'https://@idp.test/jwks',
  ];
  const loads = (source: Record<string, unknown>, issuer = ISSUER): boolean => {
    try {
      compileIssuerProfiles([{ id: 'p', issuer, audiences: [AUDIENCE], allowed_algs: ['RS256'], ...source }], { env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() });
      return true;
    } catch (err) {
      if (err instanceof IssuerProfileError) return false;
      throw err;
    }
  };
  it.each(inputs)('%j: a profile loads exactly when lint finds no INSECURE_URI', async (uri) => {
    const lint = await lintOidcConfig({
      issuer: uri, client_id: 'c', audiences: [AUDIENCE], jwks_uri: uri, redirect_uris: [], alg_policy: { allowed_algs: ['RS256'] },
    }, testContext({ now: T0 }, { fetcher: createOfflineFetcher() }));
    const insecure = lint.findings.filter((f) => f.code === 'INSECURE_URI').map((f) => f.evidence?.field);
    expect(loads({ jwks_uri: uri })).toBe(!insecure.includes('/jwks_uri'));
    expect(loads({ discovery: true }, uri)).toBe(!insecure.includes('/issuer'));
  });
});

describe('compileIssuerProfiles', () => {
  it('accepts already-parsed entries and reports pointers into the given list', () => {
    const registry = compileIssuerProfiles([{ id: 'c', ...base, allowed_algs: ['HS256'], secret: SECRET }], { env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() });
    expect(registry.get('c')?.keySource).toBe('secret');
    expect(registry.get('c')?.policy).toEqual({ ...base, allowed_algs: ['HS256'] });
    expect(registry.get('toString')).toBeUndefined();
    expect(registry.get('__proto__')).toBeUndefined();
  });
});
