/**
 * Each validation finding code: one test that makes it appear, one where it is absent
 * (the status table of the README). KEY_NOT_FOUND, JWKS_UNAVAILABLE and JWKS_STALE belong to the JWKS tests.
 */
import { describe, expect, it } from 'vitest';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import type { TrustSource } from '../../src/engine/validate/trust-source.ts';
import {
  AUDIENCE, ISSUER, NOW, body, claims, fixedContext, goodToken, jwt, policyFor, segment, testKeys,
} from '../helpers/tokens.ts';
import { codes, failed, responseViolations, warningCodes } from '../helpers/response.ts';

const keys = testKeys();
const ctx = fixedContext();

async function run(token: string, policy = policyFor('RS256')) {
  const res = await validateJwt(body(token, policy), ctx);
  expect(responseViolations(res)).toEqual([]);
  return res;
}

describe('baseline', () => {
  it.each(['HS256', 'HS384', 'HS512', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519', 'Ed448'])(
    '%s: a correctly signed token under its policy is valid with no findings and no warnings',
    async (alg) => {
      const res = await run(goodToken(alg), policyFor(alg));
      expect(res.valid).toBe(true);
      expect(res.findings).toEqual([]);
      expect(res.metadata.warnings).toBeUndefined();
      expect(res.summary).toBe('Token is valid.');
      expect('claim_diff' in res).toBe(false);
      expect(res.metadata.alg).toBe(alg);
    },
  );
});

describe('ALGORITHM_INVALID', () => {
  it('appears when alg is not in allowed_algs; signature fails closed without its own finding', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { allowed_algs: ['RS384', 'ES256'] }));
    expect(codes(res)).toEqual(['ALGORITHM_INVALID']);
    expect(failed(res)).toEqual(['signature', 'algorithm']);
    expect(res.findings[0]?.evidence).toEqual({ alg: 'RS256', allowed_algs: ['RS384', 'ES256'] });
    expect(res.valid).toBe(false);
  });
  it('is case-sensitive: rs256 in the token is not RS256', async () => {
    const token = jwt('rs256', { key: keys.rsa.privateKey, signAlg: 'RS256' });
    const res = await run(token, policyFor('RS256'));
    expect(codes(res)).toEqual(['ALGORITHM_INVALID']);
  });
  it('is absent when alg is listed', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { allowed_algs: ['ES256', 'RS256'] }));
    expect(res.statuses.algorithm).toBe('pass');
    expect(codes(res)).not.toContain('ALGORITHM_INVALID');
  });
});

describe('SIGNATURE_INVALID', () => {
  it('appears when the token was signed by another key', async () => {
    const token = jwt('RS256', { key: keys.rsaOther.privateKey });
    const res = await run(token);
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
    expect(failed(res)).toEqual(['signature']);
    expect(res.findings[0]?.evidence).toEqual({ alg: 'RS256', keys_tried: 1 });
  });
  it('appears when the payload was changed after signing', async () => {
    const token = goodToken('ES256');
    const [h, , s] = token.split('.');
    const res = await run(`${h}.${segment(claims({ sub: 'admin' }))}.${s}`, policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('appears for an HMAC token under the wrong secret', async () => {
    const res = await run(goodToken('HS256'), policyFor('HS256', { secret: `${keys.secret}x` }));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('is absent with the right key', async () => {
    const res = await run(goodToken('RS256'));
    expect(res.statuses.signature).toBe('pass');
  });
});

describe('KEY_MISMATCH', () => {
  it('appears when the policy key type cannot serve the alg (EC key, RS256 token)', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { public_key: keys.p256.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
    expect(failed(res)).toEqual(['signature']);
    expect(res.findings[0]?.evidence).toMatchObject({ alg: 'RS256' });
  });
  it('appears when a secret is configured for an RS256 token', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { public_key: undefined, secret: keys.secret }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('is absent when key and alg fit', async () => {
    const res = await run(goodToken('ES384'), policyFor('ES384'));
    expect(codes(res)).toEqual([]);
  });
});

describe('UNSUPPORTED_CRITICAL_HEADER', () => {
  it('appears for a crit header', async () => {
    const token = goodToken('RS256', { headerExtra: { crit: ['exp'], exp: 1 } });
    const res = await run(token);
    expect(codes(res)).toEqual(['UNSUPPORTED_CRITICAL_HEADER']);
    expect(failed(res)).toEqual(['signature']);
  });
  it('is absent without crit or b64', async () => {
    const res = await run(goodToken('RS256', { headerExtra: { b64: true } }));
    expect(codes(res)).toEqual([]);
  });
});

describe('ISSUER_MISMATCH', () => {
  it('appears for a different issuer, with claim_diff and no near-miss remediation', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ iss: 'https://evil.example.com' }) }));
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(failed(res)).toEqual(['issuer']);
    expect(res.claim_diff).toEqual({ iss: { expected: ISSUER, actual: 'https://evil.example.com' } });
    expect(res.findings[0]?.remediation).toBeUndefined();
    expect(res.findings[0]?.evidence).toEqual({ iss: 'https://evil.example.com', expected_issuer: ISSUER });
  });
  it('names a trailing-slash near miss in the remediation', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ iss: `${ISSUER}/` }) }));
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.findings[0]?.remediation).toMatch(/trailing slash/);
  });
  it('names a letter-case near miss in the remediation', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ iss: ISSUER.toUpperCase() }) }));
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.findings[0]?.remediation).toMatch(/letter case/);
  });
  it('appears when iss is absent, with actual null', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ iss: undefined }) }));
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.claim_diff).toEqual({ iss: { expected: ISSUER, actual: null } });
  });
  it('appears when iss is not a string', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ iss: [ISSUER] }) }));
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
  });
  it('is absent for the exact issuer', async () => {
    const res = await run(goodToken('RS256'));
    expect(res.statuses.issuer).toBe('pass');
  });
});

describe('AUDIENCE_MISMATCH', () => {
  it('appears for a string aud not allowed, with evidence and claim_diff', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ aud: 'api://other' }) }));
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
    expect(failed(res)).toEqual(['audience']);
    expect(res.findings[0]?.severity).toBe('error');
    expect(res.findings[0]?.evidence).toEqual({ aud: 'api://other', allowed_audiences: [AUDIENCE] });
    expect(res.claim_diff).toEqual({ aud: { expected: [AUDIENCE], actual: 'api://other' } });
  });
  it('appears for an array aud with no allowed member', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ aud: ['a', 'b'] }) }));
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
  });
  it('appears when aud is missing', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ aud: undefined }) }));
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
    expect(res.claim_diff).toEqual({ aud: { expected: [AUDIENCE], actual: null } });
  });
  it.each([[42], [{ aud: AUDIENCE }], [[AUDIENCE, 7]], [[]], [null], [true]])('appears when aud is mistyped: %j', async (aud) => {
    const res = await run(goodToken('RS256', { payload: claims({ aud }) }));
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
  });
  it('is absent for a matching string aud', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { audiences: ['x', AUDIENCE] }));
    expect(res.statuses.audience).toBe('pass');
  });
  it('is absent for an array aud with one allowed member', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ aud: ['other', AUDIENCE] }) }));
    expect(res.statuses.audience).toBe('pass');
    expect(res.valid).toBe(true);
  });
});

describe('time findings', () => {
  it('TOKEN_EXPIRED appears for exp in the past, absent for exp in the future', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ exp: NOW - 100 }) }));
    expect(codes(res)).toEqual(['TOKEN_EXPIRED']);
    expect(failed(res)).toEqual(['time']);
    expect(res.findings[0]?.evidence).toEqual({ exp: NOW - 100, now: NOW, clock_skew_seconds: 0 });
    expect('claim_diff' in res).toBe(false);
    const ok = await run(goodToken('RS256', { payload: claims({ exp: NOW + 100 }) }));
    expect(ok.statuses.time).toBe('pass');
  });
  it('TOKEN_NOT_YET_VALID appears for nbf in the future, absent for nbf in the past', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ nbf: NOW + 100 }) }));
    expect(codes(res)).toEqual(['TOKEN_NOT_YET_VALID']);
    expect(res.findings[0]?.evidence).toEqual({ nbf: NOW + 100, now: NOW, clock_skew_seconds: 0 });
    const ok = await run(goodToken('RS256', { payload: claims({ nbf: NOW - 100 }) }));
    expect(ok.valid).toBe(true);
  });
  it('TOKEN_ISSUED_IN_FUTURE appears for iat in the future, absent for iat in the past', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ iat: NOW + 100, nbf: undefined }) }));
    expect(codes(res)).toEqual(['TOKEN_ISSUED_IN_FUTURE']);
    expect(res.findings[0]?.evidence).toEqual({ iat: NOW + 100, now: NOW, clock_skew_seconds: 0 });
    const ok = await run(goodToken('RS256', { payload: claims({ iat: NOW }) }));
    expect(ok.valid).toBe(true);
  });
  it('TOKEN_LIFETIME_EXCEEDED appears when exp - iat > max_ttl_seconds, absent when within', async () => {
    const token = goodToken('RS256', { payload: claims({ iat: NOW - 10, exp: NOW + 3600 }) });
    const res = await run(token, policyFor('RS256', { max_ttl_seconds: 3600 }));
    expect(codes(res)).toEqual(['TOKEN_LIFETIME_EXCEEDED']);
    expect(res.findings[0]?.evidence).toEqual({ lifetime_seconds: 3610, max_ttl_seconds: 3600 });
    const ok = await run(token, policyFor('RS256', { max_ttl_seconds: 3610 }));
    expect(ok.valid).toBe(true);
  });
  it('CLAIM_TYPE_INVALID appears for a non-numeric nbf, absent for numeric claims', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ nbf: '1700000000' }) }));
    expect(codes(res)).toEqual(['CLAIM_TYPE_INVALID']);
    expect(res.findings[0]?.evidence).toEqual({ claim: 'nbf', value: '1700000000' });
    expect(failed(res)).toEqual(['time']);
    const ok = await run(goodToken('RS256', { payload: claims({ exp: NOW + 0.5 }) }));
    expect(ok.valid).toBe(true);
  });
});

describe('required_claims findings', () => {
  it('REQUIRED_CLAIM_MISSING appears per absent claim with claim_diff; absent when present (even if null)', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { required_claims: ['sub', 'tenant', 'jti'] }));
    expect(codes(res)).toEqual(['REQUIRED_CLAIM_MISSING', 'REQUIRED_CLAIM_MISSING']);
    expect(res.findings.map((f) => f.evidence)).toEqual([{ claim: 'tenant' }, { claim: 'jti' }]);
    expect(failed(res)).toEqual(['required_claims']);
    expect(res.claim_diff).toEqual({ tenant: { expected: 'present', actual: null }, jti: { expected: 'present', actual: null } });
    const ok = await run(goodToken('RS256', { payload: claims({ tenant: null, jti: 'x' }) }), policyFor('RS256', { required_claims: ['sub', 'tenant', 'jti'] }));
    expect(ok.valid).toBe(true);
  });
  it('REQUIRED_SCOPE_MISSING appears for a missing scope, absent when granted', async () => {
    const policy = policyFor('RS256', { required_scopes: ['orders:read', 'orders:write'] });
    const res = await run(goodToken('RS256', { payload: claims({ scope: 'orders:read profile' }) }), policy);
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(res.findings[0]?.evidence).toEqual({ claim: 'scope', missing: ['orders:write'], granted: ['orders:read', 'profile'] });
    expect(res.claim_diff).toEqual({ scope: { expected: ['orders:read', 'orders:write'], actual: 'orders:read profile' } });
    const ok = await run(goodToken('RS256', { payload: claims({ scope: 'orders:write orders:read' }) }), policy);
    expect(ok.valid).toBe(true);
  });
  it('CUSTOM_CLAIM_MISMATCH appears for a wrong value, absent for the right one', async () => {
    const policy = policyFor('RS256', { required_custom_claims: { tenant: 'acme' } });
    const res = await run(goodToken('RS256', { payload: claims({ tenant: 'globex' }) }), policy);
    expect(codes(res)).toEqual(['CUSTOM_CLAIM_MISMATCH']);
    expect(res.findings[0]?.evidence).toEqual({ claim: 'tenant', expected: 'acme', actual: 'globex' });
    expect(res.claim_diff).toEqual({ tenant: { expected: 'acme', actual: 'globex' } });
    const ok = await run(goodToken('RS256', { payload: claims({ tenant: 'acme' }) }), policy);
    expect(ok.valid).toBe(true);
  });
  it('TOKEN_TYPE_MISMATCH appears for another typ, absent for the expected typ', async () => {
    const policy = policyFor('RS256', { token_type: 'at+jwt' });
    const res = await run(goodToken('RS256'), policy);
    expect(codes(res)).toEqual(['TOKEN_TYPE_MISMATCH']);
    expect(res.findings[0]?.evidence).toEqual({ typ: 'JWT', expected: 'at+jwt' });
    expect(res.claim_diff).toEqual({ typ: { expected: 'at+jwt', actual: 'JWT' } });
    expect(failed(res)).toEqual(['required_claims']);
    const ok = await run(goodToken('RS256', { header: { alg: 'RS256', typ: 'at+jwt' } }), policy);
    expect(ok.valid).toBe(true);
  });
});

describe('warnings', () => {
  it('EXPIRATION_MISSING is a warning in metadata.warnings; valid stays true and findings stay empty', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ exp: undefined }) }));
    expect(res.valid).toBe(true);
    expect(res.findings).toEqual([]);
    expect(warningCodes(res)).toEqual(['EXPIRATION_MISSING']);
    expect(res.metadata.warnings?.[0]?.severity).toBe('warning');
    expect(res.summary).toBe('Token is valid (1 warning: EXPIRATION_MISSING).');
  });
  it('EXPIRATION_MISSING is absent when exp is present', async () => {
    const res = await run(goodToken('RS256'));
    expect(res.metadata.warnings).toBeUndefined();
  });
  it('EXPIRATION_MISSING rides along an invalid response without changing the error count', async () => {
    const res = await run(goodToken('RS256', { payload: claims({ exp: undefined, aud: 'x' }) }));
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
    expect(warningCodes(res)).toEqual(['EXPIRATION_MISSING']);
    expect(res.summary).toBe('Token is invalid: 1 error (AUDIENCE_MISMATCH); 1 warning: EXPIRATION_MISSING.');
  });
  it.each([['HS256', 31], ['HS384', 47], ['HS512', 63]])('WEAK_SECRET: %s with a %d-byte secret is a warning, valid stays true', async (alg, n) => {
    const secret = 's'.repeat(n);
    const token = jwt(alg, { key: secret });
    const res = await run(token, policyFor(alg, { secret }));
    expect(res.valid).toBe(true);
    expect(res.findings).toEqual([]);
    expect(warningCodes(res)).toEqual(['WEAK_SECRET']);
    expect(res.metadata.warnings?.[0]?.evidence).toEqual({ secret_bytes: n, minimum_bytes: n + 1 });
    expect(res.summary).toBe('Token is valid (1 warning: WEAK_SECRET).');
  });
  it.each([['HS256', 32], ['HS384', 48], ['HS512', 64]])('WEAK_SECRET is absent for %s with a %d-byte secret', async (alg, n) => {
    const secret = 's'.repeat(n);
    const res = await run(jwt(alg, { key: secret }), policyFor(alg, { secret }));
    expect(res.valid).toBe(true);
    expect(res.metadata.warnings).toBeUndefined();
  });
  it('WEAK_SECRET counts bytes, not characters (16 two-byte characters are 32 bytes)', async () => {
    const secret = 'é'.repeat(16);
    const res = await run(jwt('HS256', { key: Buffer.from(secret, 'utf8') }), policyFor('HS256', { secret }));
    expect(res.valid).toBe(true);
    expect(res.metadata.warnings).toBeUndefined();
  });
  it('WEAK_SECRET is reported even when the signature fails', async () => {
    const res = await run(jwt('HS256', { key: 'other' }), policyFor('HS256', { secret: 'short' }));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
    expect(warningCodes(res)).toEqual(['WEAK_SECRET']);
  });
});

describe('PROFILE_NOT_FOUND', () => {
  const unregistered = { get: (): TrustSource | undefined => undefined };

  it('appears on the 200 channel with every status fail', async () => {
    const res = await validateJwt({ token: goodToken('RS256'), issuer_profile_id: 'corp-sso' }, fixedContext(NOW, { profiles: unregistered }));
    expect(res.valid).toBe(false);
    expect(codes(res)).toEqual(['PROFILE_NOT_FOUND']);
    expect(Object.values(res.statuses)).toEqual(['fail', 'fail', 'fail', 'fail', 'fail', 'fail']);
    expect(res.findings[0]?.evidence).toEqual({ issuer_profile_id: 'corp-sso' });
    expect(res.findings[0]?.severity).toBe('error');
    expect(res.summary).toBe('Token is invalid: 1 error (PROFILE_NOT_FOUND).');
    expect(Object.keys(res)).toEqual(['valid', 'statuses', 'findings', 'summary', 'metadata']);
    expect(res.metadata.alg).toBe('RS256');
    expect(responseViolations(res)).toEqual([]);
  });
  it('appears when the context has no profile registry at all', async () => {
    const res = await validateJwt({ token: goodToken('RS256'), issuer_profile_id: 'corp-sso' }, ctx);
    expect(codes(res)).toEqual(['PROFILE_NOT_FOUND']);
  });
  it('is absent when the profile is registered: its trust source is used', async () => {
    const policy = policyFor('RS256');
    const source: TrustSource = {
      policy,
      keySource: 'jwks',
      resolveKeys: async () => ({ keys: [{ type: 'public', key: keys.rsa.publicKey, kid: 'k1' }] }),
    };
    const res = await validateJwt({ token: goodToken('RS256'), issuer_profile_id: 'corp-sso' }, fixedContext(NOW, { profiles: { get: (id) => (id === 'corp-sso' ? source : undefined) } }));
    expect(res.valid).toBe(true);
    expect(res.metadata).toEqual({ alg: 'RS256', kid: 'k1', key_source: 'jwks' });
  });
  it('a malformed token is still 400 before the profile lookup', async () => {
    await expect(validateJwt({ token: 'a.b', issuer_profile_id: 'corp-sso' }, fixedContext(NOW, { profiles: unregistered }))).rejects.toMatchObject({ code: 'MALFORMED_TOKEN' });
  });
});

it('the test covers the whole validation catalogue except the JWKS codes', async () => {
  const { VALIDATION_FINDINGS } = await import('../../src/engine/validate/findings.ts');
  const covered = ['ALGORITHM_INVALID', 'SIGNATURE_INVALID', 'KEY_MISMATCH', 'UNSUPPORTED_CRITICAL_HEADER', 'ISSUER_MISMATCH', 'AUDIENCE_MISMATCH',
    'TOKEN_EXPIRED', 'TOKEN_NOT_YET_VALID', 'TOKEN_ISSUED_IN_FUTURE', 'TOKEN_LIFETIME_EXCEEDED', 'CLAIM_TYPE_INVALID', 'REQUIRED_CLAIM_MISSING',
    'REQUIRED_SCOPE_MISSING', 'CUSTOM_CLAIM_MISMATCH', 'TOKEN_TYPE_MISMATCH', 'PROFILE_NOT_FOUND', 'EXPIRATION_MISSING', 'WEAK_SECRET',
    // Covered by claim-patterns.test.ts, beside the pattern syntax it tests.
    'CLAIM_PATTERN_MISMATCH'];
  const jwks = ['KEY_NOT_FOUND', 'JWKS_UNAVAILABLE', 'JWKS_STALE'];
  expect(Object.keys(VALIDATION_FINDINGS).sort()).toEqual([...covered, ...jwks].sort());
});
