/**
 * The scheduled-audit checks against real HTTPS servers on 127.0.0.1, with certificates made here:
 * one server whose certificate expires in 3 days, one in 60. Every new code appears on one and is
 * absent on the other, through lint and discovery as the service, the action and the CLI run them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProvider } from '../../src/engine/discovery/discover.ts';
import { importJwk } from '../../src/engine/jwks/jwk.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import type { Finding } from '../../src/engine/types.ts';
import { codes, goodRequest, jwk, keys, only } from '../lint/helpers/fixtures.ts';
import { ecKey, expiringIn, whole, x5cCertificate } from './certs.ts';
import { auditContext, offlineContext, startAuditServer, type AuditServer } from './servers.ts';

let soon: AuditServer;
let later: AuditServer;
beforeAll(async () => {
  [soon, later] = await Promise.all([startAuditServer(3), startAuditServer(60)]);
});
afterAll(async () => {
  await Promise.all([soon.close(), later.close()]);
});

const goodJwks = { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' }), jwk(keys.p256, { kid: 'e1', use: 'sig' })] };
const NEW_NETWORK_CHECKS = [
  'ENDPOINT_CERT_EXPIRING', 'JWKS_NONSTANDARD_ENCODING', 'JWKS_X5C_EXPIRED', 'JWKS_X5C_EXPIRING', 'JWKS_X5C_MISMATCH',
];
const NEW_DISCOVERY_CHECKS = ['ENDPOINT_CERT_EXPIRING', 'DISCOVERY_ALG_NONE', 'DISCOVERY_PKCE_MISSING', 'DISCOVERY_PKCE_METHOD_INVALID', 'DISCOVERY_IMPLICIT_FLOW'];

function metadata(issuer: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    ...extra,
  };
}

let n = 0;
/** Serves doc at a fresh issuer path on srv and returns the issuer. */
function provider(srv: AuditServer, doc: (issuer: string) => Record<string, unknown>): string {
  const issuer = srv.url(`/p${++n}`);
  srv.set(`/p${n}/.well-known/openid-configuration`, doc(issuer));
  return issuer;
}

function serveJwks(srv: AuditServer, jwks: unknown): string {
  const path = `/jwks${++n}`;
  srv.set(path, jwks);
  return srv.url(path);
}

describe('ENDPOINT_CERT_EXPIRING', () => {
  it('warns for a JWKS endpoint whose certificate expires in 3 days, from the connection the lint made', async () => {
    const uri = serveJwks(soon, goodJwks);
    const r = await lintOidcConfig(goodRequest(uri), auditContext());
    expect(r.valid).toBe(true);
    expect(r.findings).toEqual([{
      code: 'ENDPOINT_CERT_EXPIRING',
      severity: 'warning',
      message: `The TLS certificate of ${uri} expires in 2 days (${soon.notAfter}).`,
      evidence: { field: '/jwks_uri', uri, not_after: soon.notAfter, days_left: 2 },
      remediation: expect.any(String) as unknown,
    }]);
  });

  it('is absent for a certificate valid 60 more days', async () => {
    const r = await lintOidcConfig(goodRequest(serveJwks(later, goodJwks)), auditContext());
    expect(r.findings).toEqual([]);
  });

  it('reads "now" from the engine clock: the 60-day certificate warns for a clock 50 days ahead', async () => {
    const r = await lintOidcConfig(goodRequest(serveJwks(later, goodJwks)), auditContext(Date.now() + 50 * 86_400_000));
    expect(only(r.findings, 'ENDPOINT_CERT_EXPIRING').map((f) => f.evidence?.days_left)).toEqual([9]);
  });

  it('judges every hop of a redirect, and names the one whose certificate expires first', async () => {
    const target = serveJwks(soon, goodJwks);
    const viaLater = later.url(`/hop${++n}`);
    later.set(new URL(viaLater).pathname, `redirect:${target}`);
    const first = only((await lintOidcConfig(goodRequest(viaLater), auditContext())).findings, 'ENDPOINT_CERT_EXPIRING');
    expect(first.map((f) => f.evidence)).toEqual([{ field: '/jwks_uri', uri: target, not_after: soon.notAfter, days_left: 2 }]);

    const onLater = serveJwks(later, goodJwks);
    const viaSoon = soon.url(`/hop${++n}`);
    soon.set(new URL(viaSoon).pathname, `redirect:${onLater}`);
    const second = only((await lintOidcConfig(goodRequest(viaSoon), auditContext())).findings, 'ENDPOINT_CERT_EXPIRING');
    expect(second.map((f) => f.evidence?.uri)).toEqual([viaSoon]);
  });

  it('warns for a discovery endpoint whose certificate expires in 3 days, and not for one valid 60 days', async () => {
    const r = await discoverProvider({ issuer: provider(soon, (iss) => metadata(iss)) }, auditContext());
    expect(r.valid).toBe(true);
    expect(r.findings.map((f) => [f.code, f.evidence?.field, f.evidence?.days_left])).toEqual([['ENDPOINT_CERT_EXPIRING', '/issuer', 2]]);
    expect(r.findings[0]?.evidence?.uri).toBe(r.discovery_uri);
    const clean = await discoverProvider({ issuer: provider(later, (iss) => metadata(iss)) }, auditContext());
    expect(clean.findings).toEqual([]);
  });
});

describe('x5c checks on a JWKS served over HTTPS', () => {
  const signer = ecKey();
  const other = ecKey();
  const now = Date.now();
  const x5c = {
    in3Days: x5cCertificate(signer.privateKey, expiringIn(3, now)),
    in60Days: x5cCertificate(signer.privateKey, expiringIn(60, now)),
    expired: x5cCertificate(signer.privateKey, expiringIn(-3, now)),
    otherKey: x5cCertificate(other.privateKey, expiringIn(60, now)),
  };
  const key = (kid: string, cert: string) => ({ ...signer.jwk, kid, use: 'sig', alg: 'ES256', x5c: [cert] });

  it('reports an expiring, an expired and a mismatched certificate, each on its key', async () => {
    const uri = serveJwks(later, { keys: [key('current', x5c.in60Days), key('soon', x5c.in3Days), key('old', x5c.expired), key('swapped', x5c.otherKey)] });
    const r = await lintOidcConfig(goodRequest(uri), auditContext(now));
    expect(r.findings.map((f) => [f.code, f.evidence?.kid])).toEqual([
      ['JWKS_X5C_EXPIRED', 'old'], ['JWKS_X5C_EXPIRING', 'soon'], ['JWKS_X5C_MISMATCH', 'swapped'],
    ]);
    expect(r.valid).toBe(false);
    expect(only(r.findings, 'JWKS_X5C_EXPIRING')[0]?.evidence).toEqual({
      field: '/jwks_uri', key_index: 1, kid: 'soon', not_after: whole(expiringIn(3, now).notAfter), days_left: 2,
    });
  });

  it('is silent for a key whose certificate is current and holds its key', async () => {
    const r = await lintOidcConfig(goodRequest(serveJwks(later, { keys: [key('current', x5c.in60Days)] })), auditContext(now));
    expect(r.findings).toEqual([]);
  });
});

describe('JWKS_NONSTANDARD_ENCODING', () => {
  const standard = (v: unknown) => Buffer.from(v as string, 'base64url').toString('base64');
  const battleNet = { ...keys.rsa2048, n: standard(keys.rsa2048.n), kid: 'bnet', use: 'sig', alg: 'RS256' };

  it('warns for a key in standard base64 (the Battle.net shape); the key stays usable, so the lint stays valid', async () => {
    const r = await lintOidcConfig(goodRequest(serveJwks(later, { keys: [battleNet] }), { alg_policy: { allowed_algs: ['RS256'] } }), auditContext());
    expect(codes(r.findings)).toEqual(['JWKS_NONSTANDARD_ENCODING']);
    expect(r.valid).toBe(true);
    // The validator reads the key as lint says: Node's JWK import accepts both alphabets.
    expect(importJwk(battleNet).ok).toBe(true);
  });

  it('is absent for base64url keys', async () => {
    const r = await lintOidcConfig(goodRequest(serveJwks(later, goodJwks)), auditContext());
    expect(codes(r.findings)).toEqual([]);
  });
});

describe('discovery metadata checks', () => {
  const discover = async (extra: Record<string, unknown>): Promise<Finding[]> =>
    (await discoverProvider({ issuer: provider(later, (iss) => metadata(iss, extra)) }, auditContext())).findings;

  it('DISCOVERY_ALG_NONE: an error for none in id_token_signing_alg_values_supported, in any letter case', async () => {
    const findings = await discover({ id_token_signing_alg_values_supported: ['RS256', 'None'] });
    expect(findings.map((f) => [f.code, f.severity, f.evidence?.alg])).toEqual([['DISCOVERY_ALG_NONE', 'error', 'None']]);
    expect(await discover({ id_token_signing_alg_values_supported: ['RS256', 'ES256'] })).toEqual([]);
  });

  it('DISCOVERY_PKCE_MISSING: a warning when the code flow is offered without S256, the member absent included', async () => {
    const absent = await discover({ code_challenge_methods_supported: undefined });
    expect(absent.map((f) => [f.code, f.severity, f.evidence?.methods])).toEqual([['DISCOVERY_PKCE_MISSING', 'warning', null]]);
    const plainOnly = await discover({ code_challenge_methods_supported: ['plain'] });
    expect(plainOnly.map((f) => [f.code, f.evidence?.methods])).toEqual([['DISCOVERY_PKCE_MISSING', ['plain']]]);
    expect(await discover({ code_challenge_methods_supported: ['plain', 'S256'] })).toEqual([]);
  });

  it('DISCOVERY_PKCE_MISSING does not fire for a token-only issuer without a code response type (the GitHub Actions shape)', async () => {
    const github = { response_types_supported: ['id_token'], code_challenge_methods_supported: undefined, token_endpoint: undefined, authorization_endpoint: undefined };
    expect(codes(await discover(github)).filter((c) => c.startsWith('DISCOVERY_'))).toEqual([]);
  });

  it('DISCOVERY_PKCE_METHOD_INVALID: a warning listing unregistered names (the PayPal shape), with a hint for a letter-case slip', async () => {
    const paypal = await discover({ code_challenge_methods_supported: ['RS256', 'ES256', 'S256'] });
    expect(paypal.map((f) => [f.code, f.severity, f.evidence?.methods])).toEqual([['DISCOVERY_PKCE_METHOD_INVALID', 'warning', ['RS256', 'ES256']]]);
    const slip = await discover({ code_challenge_methods_supported: ['s256'] });
    expect(codes(slip)).toEqual(['DISCOVERY_PKCE_MISSING', 'DISCOVERY_PKCE_METHOD_INVALID']);
    expect(slip[1]?.message).toContain('"s256" should be "S256"');
    expect(await discover({ code_challenge_methods_supported: ['S256', 'plain'] })).toEqual([]);
  });

  it('DISCOVERY_IMPLICIT_FLOW: a warning listing every response type that returns an access token, in any word order', async () => {
    const findings = await discover({ response_types_supported: ['code', 'id_token', 'token', 'token id_token', 'code id_token token'] });
    expect(findings.map((f) => [f.code, f.severity, f.evidence?.response_types])).toEqual([
      ['DISCOVERY_IMPLICIT_FLOW', 'warning', ['token', 'token id_token', 'code id_token token']],
    ]);
    expect(await discover({ response_types_supported: ['code', 'id_token', 'code id_token', 'none'] })).toEqual([]);
  });

  it('leaves a member of the wrong type to DISCOVERY_INVALID alone (one mistake, one finding)', async () => {
    const findings = await discover({ code_challenge_methods_supported: 'S256', response_types_supported: 'code token' });
    expect(codes(findings)).toEqual(['DISCOVERY_INVALID', 'DISCOVERY_INVALID']);
  });
});

describe('offline', () => {
  it('lint skips each new network check with CHECK_SKIPPED', async () => {
    const r = await lintOidcConfig(goodRequest(serveJwks(soon, goodJwks)), offlineContext());
    expect(codes(r.findings)).toEqual(['CHECK_SKIPPED']);
    expect(r.findings[0]?.evidence?.checks).toEqual(expect.arrayContaining(NEW_NETWORK_CHECKS));
  });

  it('discovery skips each new check with CHECK_SKIPPED', async () => {
    const r = await discoverProvider({ issuer: provider(soon, (iss) => metadata(iss, { id_token_signing_alg_values_supported: ['none'] })) }, offlineContext());
    expect(codes(r.findings)).toEqual(['CHECK_SKIPPED']);
    expect(r.findings[0]?.evidence?.checks).toEqual(expect.arrayContaining(NEW_DISCOVERY_CHECKS));
  });
});
