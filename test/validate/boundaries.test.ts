/**
 * Boundaries of the time, scope, custom-claim and typ checks.
 */
import { describe, expect, it } from 'vitest';
import type { VerifyPolicy } from '../../src/engine/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { NOW, body, claims, fixedContext, goodToken, policyFor } from '../helpers/tokens.ts';
import { codes, responseViolations, warningCodes } from '../helpers/response.ts';

async function check(payload: Record<string, unknown>, policy: Partial<VerifyPolicy> = {}, now = NOW, header?: Record<string, unknown>) {
  const token = goodToken('ES256', header ? { payload, header } : { payload });
  const res = await validateJwt(body(token, policyFor('ES256', policy)), fixedContext(now));
  expect(responseViolations(res)).toEqual([]);
  return res;
}

describe('exp', () => {
  it('exp equal to now is expired', async () => {
    expect(codes(await check(claims({ exp: NOW })))).toEqual(['TOKEN_EXPIRED']);
  });
  it('exp one second after now is valid', async () => {
    expect((await check(claims({ exp: NOW + 1 }))).valid).toBe(true);
  });
  it('exp one second before now is expired', async () => {
    expect(codes(await check(claims({ exp: NOW - 1 })))).toEqual(['TOKEN_EXPIRED']);
  });
  it('exp inside the skew (now - 59, skew 60) is valid', async () => {
    expect((await check(claims({ exp: NOW - 59 }), { clock_skew_seconds: 60 })).valid).toBe(true);
  });
  it('exp at the skew edge (now - 60, skew 60) is expired', async () => {
    const res = await check(claims({ exp: NOW - 60 }), { clock_skew_seconds: 60 });
    expect(codes(res)).toEqual(['TOKEN_EXPIRED']);
    expect(res.findings[0]?.evidence).toEqual({ exp: NOW - 60, now: NOW, clock_skew_seconds: 60 });
  });
  it('exp outside the skew (now - 61, skew 60) is expired', async () => {
    expect(codes(await check(claims({ exp: NOW - 61 }), { clock_skew_seconds: 60 }))).toEqual(['TOKEN_EXPIRED']);
  });
  it('with a fractional clock, exp = floor(now) is expired and exp = floor(now) + 1 is not', async () => {
    const now = NOW + 0.5;
    expect(codes(await check(claims({ exp: NOW }), {}, now))).toEqual(['TOKEN_EXPIRED']);
    expect((await check(claims({ exp: NOW + 1 }), {}, now)).valid).toBe(true);
  });
  it('a fractional exp is compared as a number', async () => {
    expect((await check(claims({ exp: NOW + 0.25 }))).valid).toBe(true);
    expect(codes(await check(claims({ exp: NOW - 0.25 })))).toEqual(['TOKEN_EXPIRED']);
  });
  it('the expiry message describes how long ago', async () => {
    const res = await check(claims({ exp: NOW - 3 * 3600 }));
    expect(res.findings[0]?.message).toBe('The token expired 3 h ago.');
  });
});

describe('nbf', () => {
  it('nbf equal to now is valid', async () => {
    expect((await check(claims({ nbf: NOW }))).valid).toBe(true);
  });
  it('nbf now + 1 is not yet valid without skew', async () => {
    expect(codes(await check(claims({ nbf: NOW + 1 })))).toEqual(['TOKEN_NOT_YET_VALID']);
  });
  it('nbf now + 1 is valid with a skew of 1', async () => {
    expect((await check(claims({ nbf: NOW + 1 }), { clock_skew_seconds: 1 })).valid).toBe(true);
  });
  it('nbf now + 2 is not yet valid with a skew of 1', async () => {
    expect(codes(await check(claims({ nbf: NOW + 2 }), { clock_skew_seconds: 1 }))).toEqual(['TOKEN_NOT_YET_VALID']);
  });
});

describe('iat', () => {
  it('iat equal to now is valid', async () => {
    expect((await check(claims({ iat: NOW }))).valid).toBe(true);
  });
  it('iat now + 30 is issued in the future without skew', async () => {
    expect(codes(await check(claims({ iat: NOW + 30, nbf: undefined })))).toEqual(['TOKEN_ISSUED_IN_FUTURE']);
  });
  it('iat now + 30 is valid with a skew of 30', async () => {
    expect((await check(claims({ iat: NOW + 30, nbf: undefined }), { clock_skew_seconds: 30 })).valid).toBe(true);
  });
  it('iat now + 31 is issued in the future with a skew of 30', async () => {
    expect(codes(await check(claims({ iat: NOW + 31, nbf: undefined }), { clock_skew_seconds: 30 }))).toEqual(['TOKEN_ISSUED_IN_FUTURE']);
  });
  it('nbf and iat both in the future give two findings in check order', async () => {
    expect(codes(await check(claims({ iat: NOW + 100, nbf: NOW + 100, exp: NOW - 1 })))).toEqual(['TOKEN_EXPIRED', 'TOKEN_NOT_YET_VALID', 'TOKEN_ISSUED_IN_FUTURE']);
  });
});

describe('max_ttl_seconds', () => {
  it('exp - iat equal to max is valid', async () => {
    expect((await check(claims({ iat: NOW - 100, exp: NOW + 500 }), { max_ttl_seconds: 600 })).valid).toBe(true);
  });
  it('exp - iat one over max is TOKEN_LIFETIME_EXCEEDED', async () => {
    const res = await check(claims({ iat: NOW - 100, exp: NOW + 501 }), { max_ttl_seconds: 600 });
    expect(codes(res)).toEqual(['TOKEN_LIFETIME_EXCEEDED']);
    expect(res.findings[0]?.evidence).toEqual({ lifetime_seconds: 601, max_ttl_seconds: 600 });
  });
  it('without iat, max TTL fails naming iat', async () => {
    const res = await check(claims({ iat: undefined }), { max_ttl_seconds: 600 });
    expect(codes(res)).toEqual(['TOKEN_LIFETIME_EXCEEDED']);
    expect(res.findings[0]?.evidence).toEqual({ missing: ['iat'], max_ttl_seconds: 600 });
  });
  it('without exp, max TTL fails naming exp, and EXPIRATION_MISSING is a warning', async () => {
    const res = await check(claims({ exp: undefined }), { max_ttl_seconds: 600 });
    expect(codes(res)).toEqual(['TOKEN_LIFETIME_EXCEEDED']);
    expect(res.findings[0]?.evidence).toEqual({ missing: ['exp'], max_ttl_seconds: 600 });
    expect(warningCodes(res)).toEqual(['EXPIRATION_MISSING']);
  });
  it('without exp and iat, max TTL fails naming both', async () => {
    const res = await check(claims({ exp: undefined, iat: undefined }), { max_ttl_seconds: 600 });
    expect(res.findings[0]?.evidence).toEqual({ missing: ['exp', 'iat'], max_ttl_seconds: 600 });
  });
  it('without iat and without max_ttl_seconds, the token is valid', async () => {
    expect((await check(claims({ iat: undefined }))).valid).toBe(true);
  });
  it('a very long-lived token passes when no max TTL is set', async () => {
    expect((await check(claims({ exp: NOW + 10 * 365 * 86400 }))).valid).toBe(true);
  });
});

describe('scopes', () => {
  const need = (...s: string[]) => ({ required_scopes: s });
  it('"readonly" does not grant "read"', async () => {
    const res = await check(claims({ scope: 'readonly write' }), need('read'));
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(res.findings[0]?.evidence).toEqual({ claim: 'scope', missing: ['read'], granted: ['readonly', 'write'] });
  });
  it('"read:all" does not grant "read", and "rea" is not granted by "read"', async () => {
    expect(codes(await check(claims({ scope: 'read:all' }), need('read')))).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(codes(await check(claims({ scope: 'read' }), need('rea')))).toEqual(['REQUIRED_SCOPE_MISSING']);
  });
  it('scope matching is case-sensitive', async () => {
    expect(codes(await check(claims({ scope: 'READ' }), need('read')))).toEqual(['REQUIRED_SCOPE_MISSING']);
  });
  it('an exact scope among several, with extra spaces, is granted', async () => {
    expect((await check(claims({ scope: '  openid   read  ' }), need('read', 'openid'))).valid).toBe(true);
  });
  it('scp as a space-delimited string is read when scope is absent', async () => {
    const res = await check(claims({ scp: 'read write' }), need('read', 'write'));
    expect(res.valid).toBe(true);
  });
  it('scp as an array is read when scope is absent', async () => {
    expect((await check(claims({ scp: ['read', 'write'] }), need('write'))).valid).toBe(true);
  });
  it('scp array members are whole scopes: ["readonly"] does not grant "read"', async () => {
    const res = await check(claims({ scp: ['readonly'] }), need('read'));
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(res.findings[0]?.evidence).toMatchObject({ claim: 'scp', granted: ['readonly'] });
    expect(res.claim_diff).toEqual({ scp: { expected: ['read'], actual: ['readonly'] } });
  });
  it('scope takes precedence over scp when both are present', async () => {
    const res = await check(claims({ scope: 'openid', scp: ['read'] }), need('read'));
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(res.findings[0]?.evidence).toMatchObject({ claim: 'scope' });
  });
  it('neither scope nor scp: missing, evidence claim null, diff under scope with actual null', async () => {
    const res = await check(claims(), need('read'));
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(res.findings[0]?.evidence).toEqual({ claim: null, missing: ['read'], granted: [] });
    expect(res.claim_diff).toEqual({ scope: { expected: ['read'], actual: null } });
  });
  it('no required_scopes: a token without scopes is valid', async () => {
    expect((await check(claims())).valid).toBe(true);
  });
  it('non-string members of an scp array grant nothing', async () => {
    expect(codes(await check(claims({ scp: [1, { read: true }, null] }), need('read')))).toEqual(['REQUIRED_SCOPE_MISSING']);
  });
});

describe('required_custom_claims', () => {
  const custom = (c: Record<string, unknown>) => ({ required_custom_claims: c });
  it('scalar equal: valid', async () => {
    expect((await check(claims({ tenant: 'acme', level: 3, admin: false }), custom({ tenant: 'acme', level: 3, admin: false }))).valid).toBe(true);
  });
  it('scalar of another type does not match ("3" vs 3, 0 vs false, null vs "null")', async () => {
    expect(codes(await check(claims({ level: '3' }), custom({ level: 3 })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
    expect(codes(await check(claims({ flag: 0 }), custom({ flag: false })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
    expect(codes(await check(claims({ v: 'null' }), custom({ v: null })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('scalar in an array claim: valid', async () => {
    expect((await check(claims({ groups: ['dev', 'ops'] }), custom({ groups: 'ops' }))).valid).toBe(true);
  });
  it('scalar not in the array claim: mismatch', async () => {
    expect(codes(await check(claims({ groups: ['dev', 'ops'] }), custom({ groups: 'admin' })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('array subset: valid (order does not matter)', async () => {
    expect((await check(claims({ groups: ['dev', 'ops', 'qa'] }), custom({ groups: ['qa', 'dev'] }))).valid).toBe(true);
  });
  it('array not a subset: mismatch, with the diff', async () => {
    const res = await check(claims({ groups: ['dev'] }), custom({ groups: ['dev', 'ops'] }));
    expect(codes(res)).toEqual(['CUSTOM_CLAIM_MISMATCH']);
    expect(res.claim_diff).toEqual({ groups: { expected: ['dev', 'ops'], actual: ['dev'] } });
  });
  it('array expectation against a scalar claim: mismatch', async () => {
    expect(codes(await check(claims({ groups: 'dev' }), custom({ groups: ['dev'] })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('nested object partial match: valid (extra keys in the claim are fine)', async () => {
    const payload = claims({ org: { id: 'o1', plan: { tier: 'gold', seats: 10 }, region: 'eu' } });
    expect((await check(payload, custom({ org: { id: 'o1', plan: { tier: 'gold' } } }))).valid).toBe(true);
  });
  it('nested object with a wrong inner value: mismatch', async () => {
    const payload = claims({ org: { id: 'o1', plan: { tier: 'silver' } } });
    expect(codes(await check(payload, custom({ org: { plan: { tier: 'gold' } } })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('nested object with a missing inner key: mismatch', async () => {
    expect(codes(await check(claims({ org: { id: 'o1' } }), custom({ org: { region: 'eu' } })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('object expectation vs array claim: mismatch', async () => {
    expect(codes(await check(claims({ org: [{ id: 'o1' }] }), custom({ org: { id: 'o1' } })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('array expectation vs object claim: mismatch', async () => {
    expect(codes(await check(claims({ org: { 0: 'a' } }), custom({ org: ['a'] })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('an array of objects expectation matches by deep equality', async () => {
    expect((await check(claims({ roles: [{ r: 'a' }, { r: 'b' }] }), custom({ roles: [{ r: 'b' }] }))).valid).toBe(true);
    expect(codes(await check(claims({ roles: [{ r: 'a', x: 1 }] }), custom({ roles: [{ r: 'a' }] })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('an absent claim: mismatch, message says absent, actual null', async () => {
    const res = await check(claims(), custom({ tenant: 'acme' }));
    expect(codes(res)).toEqual(['CUSTOM_CLAIM_MISMATCH']);
    expect(res.findings[0]?.message).toMatch(/absent/);
    expect(res.claim_diff).toEqual({ tenant: { expected: 'acme', actual: null } });
  });
  it('a claim present as null matches an expectation of null, an absent claim does not', async () => {
    expect((await check(claims({ deleted: null }), custom({ deleted: null }))).valid).toBe(true);
    expect(codes(await check(claims(), custom({ deleted: null })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('each failing custom claim is its own finding', async () => {
    expect(codes(await check(claims({ a: 1, b: 2 }), custom({ a: 2, b: 3, c: 4 })))).toEqual(['CUSTOM_CLAIM_MISMATCH', 'CUSTOM_CLAIM_MISMATCH', 'CUSTOM_CLAIM_MISMATCH']);
  });
  it('an inherited property name (toString, __proto__) is not treated as present', async () => {
    expect(codes(await check(claims(), custom({ toString: 'x' })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
    expect(codes(await check(claims(), custom({ constructor: {} })))).toEqual(['CUSTOM_CLAIM_MISMATCH']);
  });
  it('a __proto__ claim name becomes an own claim_diff entry, not a prototype', async () => {
    const res = await check(claims(), { required_claims: ['__proto__'], required_custom_claims: JSON.parse('{"toString":"x"}') as Record<string, unknown> });
    expect(Object.hasOwn(res.claim_diff ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(res.claim_diff)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(res.claim_diff))).toEqual(JSON.parse('{"__proto__":{"expected":"present","actual":null},"toString":{"expected":"x","actual":null}}'));
  });
});

describe('token_type (typ)', () => {
  const at = { token_type: 'at+jwt' };
  it.each(['at+jwt', 'application/at+jwt', 'AT+JWT', 'Application/AT+JWT'])('typ %j matches token_type "at+jwt"', async (typ) => {
    expect((await check(claims(), at, NOW, { alg: 'ES256', typ })).valid).toBe(true);
  });
  it('token_type "application/at+jwt" matches typ "at+jwt"', async () => {
    expect((await check(claims(), { token_type: 'application/at+jwt' }, NOW, { alg: 'ES256', typ: 'at+jwt' })).valid).toBe(true);
  });
  it('a missing typ fails', async () => {
    const res = await check(claims(), at, NOW, { alg: 'ES256' });
    expect(codes(res)).toEqual(['TOKEN_TYPE_MISMATCH']);
    expect(res.findings[0]?.message).toMatch(/no typ/);
    expect(res.claim_diff).toEqual({ typ: { expected: 'at+jwt', actual: null } });
  });
  it.each(['JWT', 'at+jwt ', 'jwt+at', 'application/jwt', 'at'])('typ %j does not match "at+jwt"', async (typ) => {
    expect(codes(await check(claims(), at, NOW, { alg: 'ES256', typ }))).toEqual(['TOKEN_TYPE_MISMATCH']);
  });
  it('a non-string typ fails', async () => {
    expect(codes(await check(claims(), at, NOW, { alg: 'ES256', typ: ['at+jwt'] }))).toEqual(['TOKEN_TYPE_MISMATCH']);
  });
  it('without token_type, any typ (or none) is accepted', async () => {
    expect((await check(claims(), {}, NOW, { alg: 'ES256', typ: 'weird' })).valid).toBe(true);
    expect((await check(claims(), {}, NOW, { alg: 'ES256' })).valid).toBe(true);
  });
});

describe('scope claim present with the wrong type (reported engine deviations)', () => {
  // claim_diff actual is the token value, or null when the claim is absent. A present but
  // mistyped scope is not absent, so its value belongs in claim_diff.
  it('scope as an array: REQUIRED_SCOPE_MISSING, and claim_diff.scope.actual is the token value, not null', async () => {
    const res = await check(claims({ scope: ['read'] }), { required_scopes: ['read'] });
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
    expect(res.claim_diff).toEqual({ scope: { expected: ['read'], actual: ['read'] } });
  });
  // "read scope; if absent, scp": a present (mistyped) scope should not hand over to scp.
  it('scope present but not a string does not fall back to scp', async () => {
    const res = await check(claims({ scope: 42, scp: ['read'] }), { required_scopes: ['read'] });
    expect(codes(res)).toEqual(['REQUIRED_SCOPE_MISSING']);
  });
});
