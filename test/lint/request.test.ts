import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestInvalidError } from '../../src/engine/errors.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import { LINT_RULES } from '../../src/engine/lint/registry.ts';
import { summarise } from '../../src/engine/summary.ts';
import { lintRequestSchema } from '../../src/engine/schema/lint-request.ts';
import { goodRequest, jwk, keys, netContext, startDocServer, type DocServer } from './helpers/fixtures.ts';

let srv: DocServer;
let jwksUri: string;
beforeAll(async () => {
  srv = await startDocServer();
  srv.set('/jwks', { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' })] });
  jwksUri = srv.url('/jwks');
});
afterAll(() => srv.close());

async function problems(body: unknown): Promise<{ pointer: string; message: string }[]> {
  const err = await lintOidcConfig(body, netContext()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestInvalidError);
  return (err as RequestInvalidError).errors;
}

describe('lint request body (422)', () => {
  const required = ['issuer', 'client_id', 'audiences', 'jwks_uri', 'redirect_uris', 'alg_policy'] as const;
  for (const field of required) {
    it(`refuses a body without ${field}`, async () => {
      const body: Record<string, unknown> = { ...goodRequest(jwksUri) };
      delete body[field];
      expect(await problems(body)).toEqual([{ pointer: `/${field}`, message: 'is required' }]);
    });
  }

  it('refuses alg_policy without allowed_algs', async () => {
    expect(await problems({ ...goodRequest(jwksUri), alg_policy: {} })).toEqual([{ pointer: '/alg_policy/allowed_algs', message: 'is required' }]);
  });

  it('names every wrongly typed field with its pointer', async () => {
    const errs = await problems({
      ...goodRequest(jwksUri),
      issuer: 42,
      audiences: 'api://default',
      redirect_uris: ['https://a.example/cb', 7],
      alg_policy: { allowed_algs: ['RS256', null] },
      https_required: 'yes',
    });
    expect(errs.map((e) => e.pointer).sort()).toEqual(['/alg_policy/allowed_algs/1', '/audiences', '/https_required', '/issuer', '/redirect_uris/1']);
  });

  it('refuses unknown fields, so a typo is never ignored', async () => {
    expect(await problems({ ...goodRequest(jwksUri), audience: ['x'] })).toEqual([{ pointer: '/audience', message: 'is not a known field' }]);
    expect(await problems({ ...goodRequest(jwksUri), alg_policy: { allowed_algs: ['RS256'], allowed: ['ES256'] } }))
      .toEqual([{ pointer: '/alg_policy/allowed', message: 'is not a known field' }]);
  });

  it('refuses an empty allowlist, empty audiences and an empty client_id', async () => {
    const errs = await problems({ ...goodRequest(jwksUri), client_id: '', audiences: [], alg_policy: { allowed_algs: [] } });
    expect(errs.map((e) => e.pointer).sort()).toEqual(['/alg_policy/allowed_algs', '/audiences', '/client_id']);
  });

  it('refuses a body that is not an object', async () => {
    expect((await problems([goodRequest(jwksUri)]))[0]?.pointer).toBe('');
  });

  it('leaves URL-ness to the rules: a non-URL issuer is a finding, not a 422', async () => {
    const r = await lintOidcConfig({ ...goodRequest(jwksUri), issuer: 'not a url' }, netContext());
    expect(r.findings.map((f) => f.code)).toContain('ISSUER_INVALID');
  });

  it('keeps the schema plain JSON Schema 2020-12 with https_required defaulting to true', () => {
    expect(lintRequestSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(lintRequestSchema.additionalProperties).toBe(false);
    expect(lintRequestSchema.properties.https_required.default).toBe(true);
    expect(JSON.parse(JSON.stringify(lintRequestSchema))).toEqual(lintRequestSchema);
  });
});

describe('lint response', () => {
  it('is valid with no findings for a clean configuration', async () => {
    expect(await lintOidcConfig(goodRequest(jwksUri), netContext())).toEqual({ valid: true, findings: [], summary: 'Configuration is valid.' });
  });

  it('lists findings in registry order, then request field order, and counts them in the summary', async () => {
    const r = await lintOidcConfig(
      goodRequest(jwksUri, {
        redirect_uris: ['https://localhost/cb', 'http://app.example.com/cb'],
        alg_policy: { allowed_algs: ['HS256', 'RS256', 'none'] },
        issuer: 'http://idp.example.com',
      }),
      netContext(),
    );
    expect(r.findings.map((f) => [f.code, f.evidence?.field])).toEqual([
      ['INSECURE_URI', '/issuer'],
      ['INSECURE_URI', '/redirect_uris/1'],
      ['REDIRECT_URI_LOCALHOST', '/redirect_uris/0'],
      ['WEAK_ALGORITHM', '/alg_policy/allowed_algs/0'],
      ['WEAK_ALGORITHM', '/alg_policy/allowed_algs/2'],
    ]);
    expect(r.valid).toBe(false);
    expect(r.summary).toBe('Configuration is invalid: 4 errors, 1 warning (INSECURE_URI, REDIRECT_URI_LOCALHOST, WEAK_ALGORITHM).');
  });

  it('stays valid when only warnings are found, and says so', async () => {
    const r = await lintOidcConfig(goodRequest(jwksUri, { redirect_uris: ['https://localhost:8443/cb'] }), netContext());
    expect(r.valid).toBe(true);
    expect(r.summary).toBe('Configuration is valid with 1 warning (REDIRECT_URI_LOCALHOST).');
  });

  it('points every finding at a field that exists in the request body, and never leaks user info', async () => {
    srv.set('/leaky', { keys: [jwk(keys.rsa2048Private, { kid: 'k' }), jwk(keys.rsa1024, { kid: 'k' }), { kty: 'RSA' }] });
    const body = goodRequest(srv.url('/leaky'), {
      issuer: 'http://user:s3cret@idp.example.com/?q#f',
      redirect_uris: ['https://ok.example.com/cb', 'http://localhost/*', 'javascript:x'],
      alg_policy: { allowed_algs: ['RS256', 'none', 'rs256'] },
      discovered_jwks_uri: 'https://other.example.com/jwks',
    });
    const r = await lintOidcConfig(body, netContext());
    expect(new Set(r.findings.map((f) => f.code)).size).toBeGreaterThanOrEqual(12);
    for (const f of r.findings) {
      const ptr = f.evidence?.field as string;
      const target = ptr.split('/').slice(1).reduce<unknown>((node, seg) => (node as Record<string, unknown>)[seg], body);
      expect(target, `${f.code} ${ptr}`).toBeDefined();
    }
    expect(JSON.stringify(r)).not.toContain('s3cret');
    expect(JSON.stringify(r)).not.toContain(keys.rsa2048Private.d as string);
  });

  it('gives the same response for the same request', async () => {
    const req = goodRequest(jwksUri, { alg_policy: { allowed_algs: ['none', 'rs256'] }, redirect_uris: ['https://*.example.com/cb'] });
    expect(await lintOidcConfig(req, netContext())).toEqual(await lintOidcConfig(req, netContext()));
  });
});

describe('summarise', () => {
  const f = (code: string, severity: 'error' | 'warning') => ({ code, severity, message: '' });
  it('uses singular and plural and lists each code once', () => {
    expect(summarise('Configuration', [f('A', 'error')])).toBe('Configuration is invalid: 1 error (A).');
    expect(summarise('Configuration', [f('A', 'error'), f('A', 'error'), f('B', 'warning'), f('C', 'warning')]))
      .toBe('Configuration is invalid: 2 errors, 2 warnings (A, B, C).');
  });
});

describe('rule registry', () => {
  it('has one rule per code, each with severity, title and docs', () => {
    const codes = LINT_RULES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.sort()).toEqual([
      'CHECK_SKIPPED', 'ENDPOINT_CERT_EXPIRING', 'INSECURE_URI', 'ISSUER_INVALID', 'JWKS_DUPLICATE_KID', 'JWKS_INVALID', 'JWKS_KEY_TOO_SMALL',
      'JWKS_KEY_UNSAFE', 'JWKS_NONSTANDARD_ENCODING', 'JWKS_NO_USABLE_KEY', 'JWKS_PRIVATE_KEY_EXPOSED', 'JWKS_UNREACHABLE', 'JWKS_URI_MISMATCH',
      'JWKS_X5C_EXPIRED', 'JWKS_X5C_EXPIRING', 'JWKS_X5C_MISMATCH', 'REDIRECT_URI_INVALID',
      'REDIRECT_URI_LOCALHOST', 'REDIRECT_URI_WILDCARD', 'UNKNOWN_ALGORITHM', 'WEAK_ALGORITHM',
    ]);
    for (const r of LINT_RULES) {
      expect(r.title.length).toBeGreaterThan(10);
      expect(r.docs.length).toBeGreaterThan(40);
    }
  });

  it('has six warnings (the three of the first release, certificate expiry ahead, nonstandard encoding); every other rule is an error', () => {
    const warnings = LINT_RULES.filter((r) => r.severity === 'warning').map((r) => r.code).sort();
    expect(warnings).toEqual(['CHECK_SKIPPED', 'ENDPOINT_CERT_EXPIRING', 'JWKS_DUPLICATE_KID', 'JWKS_NONSTANDARD_ENCODING', 'JWKS_X5C_EXPIRING', 'REDIRECT_URI_LOCALHOST']);
  });
});
