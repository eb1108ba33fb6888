/**
 * The validation response contract the three faces rely on byte for byte: validity rules, finding
 * order, claim_diff, summary sentences, metadata, key order.
 */
import { describe, expect, it } from 'vitest';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { AUDIENCE, ISSUER, NOW, body, claims, fixedContext, goodToken, jwt, policyFor, testKeys } from '../helpers/tokens.ts';
import { codes, responseViolations } from '../helpers/response.ts';

const keys = testKeys();
const ctx = fixedContext();

describe('validity', () => {
  it('valid true: findings empty, every status pass, no claim_diff', async () => {
    const res = await validateJwt(body(goodToken('RS256'), policyFor('RS256')), ctx);
    expect(res).toEqual({
      valid: true,
      statuses: { signature: 'pass', issuer: 'pass', audience: 'pass', algorithm: 'pass', time: 'pass', required_claims: 'pass' },
      findings: [],
      summary: 'Token is valid.',
      metadata: { alg: 'RS256', key_source: 'public_key' },
    });
  });
  it('one failing check makes valid false; the other statuses keep passing', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ exp: NOW - 5 }) }), policyFor('RS256')), ctx);
    expect(res.valid).toBe(false);
    expect(res.statuses).toEqual({ signature: 'pass', issuer: 'pass', audience: 'pass', algorithm: 'pass', time: 'fail', required_claims: 'pass' });
  });
  it('claims are evaluated even when the signature fails, so the response explains everything', async () => {
    const token = jwt('RS256', { payload: claims({ aud: 'other', exp: NOW - 5 }), key: keys.rsaOther.privateKey });
    const res = await validateJwt(body(token, policyFor('RS256')), ctx);
    expect(codes(res)).toEqual(['SIGNATURE_INVALID', 'AUDIENCE_MISMATCH', 'TOKEN_EXPIRED']);
  });
  it('claims are evaluated when the algorithm is refused, and signature is fail', async () => {
    const token = jwt('none', { payload: claims({ iss: 'x' }) });
    const res = await validateJwt(body(token, policyFor('RS256')), ctx);
    expect(codes(res)).toEqual(['ALGORITHM_INVALID', 'ISSUER_MISMATCH']);
    expect(res.statuses.signature).toBe('fail');
  });
  it('warnings never change valid (valid with warnings, invalid with warnings)', async () => {
    const secret = 'short';
    const ok = await validateJwt(body(jwt('HS256', { payload: claims({ exp: undefined }), key: secret }), policyFor('HS256', { secret })), ctx);
    expect(ok.valid).toBe(true);
    expect(ok.findings).toEqual([]);
    expect(ok.metadata.warnings?.map((w) => w.code)).toEqual(['WEAK_SECRET', 'EXPIRATION_MISSING']);
    expect(ok.summary).toBe('Token is valid (2 warnings: WEAK_SECRET, EXPIRATION_MISSING).');
  });
});

describe('finding order and claim_diff', () => {
  it('every check failing at once: findings in status order algorithm, signature, issuer, audience, time, required_claims', async () => {
    const token = jwt('RS256', {
      header: { alg: 'RS256', typ: 'JWT' },
      payload: { iss: 'https://evil', aud: 'nope', exp: NOW - 1, nbf: NOW + 100, tenant: 'x' },
      key: keys.rsaOther.privateKey,
    });
    const policy = policyFor('RS256', {
      required_claims: ['sub'], required_scopes: ['read'], required_custom_claims: { tenant: 'acme' }, token_type: 'at+jwt', max_ttl_seconds: 60,
    });
    const res = await validateJwt(body(token, policy), ctx);
    expect(codes(res)).toEqual([
      'SIGNATURE_INVALID', 'ISSUER_MISMATCH', 'AUDIENCE_MISMATCH', 'TOKEN_EXPIRED', 'TOKEN_NOT_YET_VALID', 'TOKEN_LIFETIME_EXCEEDED',
      'REQUIRED_CLAIM_MISSING', 'REQUIRED_SCOPE_MISSING', 'CUSTOM_CLAIM_MISMATCH', 'TOKEN_TYPE_MISMATCH',
    ]);
    expect(Object.values(res.statuses).every((s) => s === 'fail' || s === 'pass')).toBe(true);
    expect(res.statuses.algorithm).toBe('pass');
    expect(res.claim_diff).toEqual({
      iss: { expected: ISSUER, actual: 'https://evil' },
      aud: { expected: [AUDIENCE], actual: 'nope' },
      sub: { expected: 'present', actual: null },
      scope: { expected: ['read'], actual: null },
      tenant: { expected: 'acme', actual: 'x' },
      typ: { expected: 'at+jwt', actual: 'JWT' },
    });
    expect(res.summary).toBe('Token is invalid: 10 errors (SIGNATURE_INVALID, ISSUER_MISMATCH, AUDIENCE_MISMATCH, TOKEN_EXPIRED, TOKEN_NOT_YET_VALID, TOKEN_LIFETIME_EXCEEDED, REQUIRED_CLAIM_MISSING, REQUIRED_SCOPE_MISSING, CUSTOM_CLAIM_MISMATCH, TOKEN_TYPE_MISMATCH).');
    expect(responseViolations(res)).toEqual([]);
  });
  it('the algorithm finding comes first', async () => {
    const token = jwt('HS256', { payload: claims({ aud: 'nope' }), key: keys.secret });
    const res = await validateJwt(body(token, policyFor('RS256')), ctx);
    expect(codes(res)).toEqual(['ALGORITHM_INVALID', 'AUDIENCE_MISMATCH']);
  });
  it('claim_diff is absent when only signature or time failed', async () => {
    const token = jwt('RS256', { payload: claims({ exp: NOW - 1 }), key: keys.rsaOther.privateKey });
    const res = await validateJwt(body(token, policyFor('RS256')), ctx);
    expect(codes(res)).toEqual(['SIGNATURE_INVALID', 'TOKEN_EXPIRED']);
    expect('claim_diff' in res).toBe(false);
  });
  it('claim_diff is present for an audience failure alone, with exactly {expected, actual}', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ aud: ['a', 'b'] }) }), policyFor('RS256')), ctx);
    expect(res.claim_diff).toEqual({ aud: { expected: [AUDIENCE], actual: ['a', 'b'] } });
    expect(Object.keys(res.claim_diff?.aud ?? {})).toEqual(['expected', 'actual']);
  });
});

describe('summary sentences', () => {
  it('one error', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ aud: 'x' }) }), policyFor('RS256')), ctx);
    expect(res.summary).toBe('Token is invalid: 1 error (AUDIENCE_MISMATCH).');
  });
  it('two errors', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ aud: 'x', exp: NOW - 1 }) }), policyFor('RS256')), ctx);
    expect(res.summary).toBe('Token is invalid: 2 errors (AUDIENCE_MISMATCH, TOKEN_EXPIRED).');
  });
  it('repeated codes are counted but named once', async () => {
    const res = await validateJwt(body(goodToken('RS256'), policyFor('RS256', { required_claims: ['a', 'b'] })), ctx);
    expect(res.summary).toBe('Token is invalid: 2 errors (REQUIRED_CLAIM_MISSING).');
  });
  it('errors and a warning', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ exp: undefined, iss: 'x' }) }), policyFor('RS256')), ctx);
    expect(res.summary).toBe('Token is invalid: 1 error (ISSUER_MISMATCH); 1 warning: EXPIRATION_MISSING.');
  });
});

describe('metadata', () => {
  it('alg, kid and key_source for a public key', async () => {
    const res = await validateJwt(body(goodToken('ES256', { headerExtra: { kid: 'key-2024' } }), policyFor('ES256')), ctx);
    expect(res.metadata).toEqual({ alg: 'ES256', kid: 'key-2024', key_source: 'public_key' });
  });
  it('key_source secret for HS*', async () => {
    const res = await validateJwt(body(goodToken('HS512'), policyFor('HS512')), ctx);
    expect(res.metadata).toEqual({ alg: 'HS512', key_source: 'secret' });
  });
  it('metadata is present on failures too, with the token alg (even a refused one)', async () => {
    const res = await validateJwt(body(jwt('none', { headerExtra: { kid: 'k' } }), policyFor('RS256')), ctx);
    expect(res.metadata).toEqual({ alg: 'none', kid: 'k', key_source: 'public_key' });
  });
  it('no jwks_cache for an inline policy', async () => {
    const res = await validateJwt(body(goodToken('RS256'), policyFor('RS256')), ctx);
    expect('jwks_cache' in res.metadata).toBe(false);
  });
});

describe('key order (the faces compare bytes)', () => {
  it('without claim_diff: valid, statuses, findings, summary, metadata', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ exp: NOW - 1 }) }), policyFor('RS256')), ctx);
    expect(Object.keys(res)).toEqual(['valid', 'statuses', 'findings', 'summary', 'metadata']);
    expect(Object.keys(res.statuses)).toEqual(['signature', 'issuer', 'audience', 'algorithm', 'time', 'required_claims']);
  });
  it('with claim_diff: valid, statuses, findings, summary, claim_diff, metadata', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ aud: 'x' }) }), policyFor('RS256')), ctx);
    expect(Object.keys(res)).toEqual(['valid', 'statuses', 'findings', 'summary', 'claim_diff', 'metadata']);
  });
  it('findings keys: code, severity, message, evidence, remediation', async () => {
    const res = await validateJwt(body(goodToken('RS256', { payload: claims({ aud: 'x' }) }), policyFor('RS256')), ctx);
    expect(Object.keys(res.findings[0] ?? {})).toEqual(['code', 'severity', 'message', 'evidence', 'remediation']);
  });
  it('metadata keys in order alg, kid, key_source, warnings', async () => {
    const res = await validateJwt(body(goodToken('RS256', { headerExtra: { kid: 'k' }, payload: claims({ exp: undefined }) }), policyFor('RS256')), ctx);
    expect(Object.keys(res.metadata)).toEqual(['alg', 'kid', 'key_source', 'warnings']);
  });
  it('the same request gives byte-identical JSON twice (deterministic)', async () => {
    const request = body(goodToken('RS256', { payload: claims({ aud: 'x', exp: NOW - 1 }) }), policyFor('RS256', { required_claims: ['jti'] }));
    const a = JSON.stringify(await validateJwt(request, ctx));
    const b = JSON.stringify(await validateJwt(structuredClone(request), fixedContext()));
    expect(a).toBe(b);
  });
});

describe('the engine does not mutate its input', () => {
  it('the request body is unchanged after validation (no defaults written in)', async () => {
    const request = body(goodToken('RS256'), policyFor('RS256'));
    const before = JSON.stringify(request);
    await validateJwt(request, ctx);
    expect(JSON.stringify(request)).toBe(before);
  });
});
