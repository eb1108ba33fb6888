/**
 * Public vectors, verbatim from the RFCs:
 *  - RFC 7515 Appendix A.1 (HS256), A.2 (RS256), A.3 (ES256), A.5 (unsecured): JWTs.
 *  - RFC 7520 §4.1 (RS256), §4.3 (ES512), §4.4 (HS256) and RFC 8037 A.4 (Ed25519): text payloads,
 *    so malformed as JWTs, but their signatures verify at the JWS layer.
 */
import { createPublicKey, createSecretKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { MalformedTokenError } from '../../src/engine/errors.ts';
import { parseCompactJws, parseJwt } from '../../src/engine/jws/compact.ts';
import { keyAlgMismatch } from '../../src/engine/jws/keys.ts';
import { verifySignature } from '../../src/engine/jws/verify.ts';
import type { JwsAlgorithm } from '../../src/engine/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { codes, expectMalformed, responseViolations } from '../helpers/response.ts';

// RFC 7515 A.1-A.3, A.5 share this payload: {"iss":"joe",\r\n "exp":1300819380,\r\n "http://example.com/is_root":true}
const A_PAYLOAD = 'eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
const A_EXP = 1300819380;

const RFC7515_A1 = {
  token: `eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.${A_PAYLOAD}.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk`,
  k: 'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow',
};

const RFC7515_A2 = {
  token: `eyJhbGciOiJSUzI1NiJ9.${A_PAYLOAD}.cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw`,
  jwk: {
    kty: 'RSA',
    n: 'ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ',
    e: 'AQAB',
  },
};

const RFC7515_A3 = {
  token: `eyJhbGciOiJFUzI1NiJ9.${A_PAYLOAD}.DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q`,
  jwk: { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' },
};

const RFC7515_A5 = `eyJhbGciOiJub25lIn0.${A_PAYLOAD}.`;

// RFC 7520 §4: payload "It’s a dangerous business, Frodo, going out your door. ..." (text, not JSON).
const FRODO = 'SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGlmIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4';

const RFC7520_4_1 = {
  alg: 'RS256' as const,
  token: `eyJhbGciOiJSUzI1NiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9.${FRODO}.MRjdkly7_-oTPTS3AXP41iQIGKa80A0ZmTuV5MEaHoxnW2e5CZ5NlKtainoFmKZopdHM1O2U4mwzJdQx996ivp83xuglII7PNDi84wnB-BDkoBwA78185hX-Es4JIwmDLJK3lfWRa-XtL0RnltuYv746iYTh_qHRD68BNt1uSNCrUCTJDt5aAE6x8wW1Kt9eRo4QPocSadnHXFxnt8Is9UzpERV0ePPQdLuW3IS_de3xyIrDaLGdjluPxUAhb6L2aXic1U12podGU0KLUQSE_oI-ZnmKJ3F4uOZDnd6QZWJushZ41Axf_fcIe8u9ipH84ogoree7vjbU5y18kDquDg`,
  key: () => publicJwk({
    kty: 'RSA',
    n: 'n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEHLd4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmSCpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBordaZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAKwuCLqKnS2BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw',
    e: 'AQAB',
  }),
};

const RFC7520_4_3 = {
  alg: 'ES512' as const,
  token: `eyJhbGciOiJFUzUxMiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9.${FRODO}.AE_R_YZCChjn4791jSQCrdPZCNYqHXCTZH0-JZGYNlaAjP2kqaluUIIUnC9qvbu9Plon7KRTzoNEuT4Va2cmL1eJAQy3mtPBu_u_sDDyYjnAMDxXPn7XrT0lw-kvAD890jl8e2puQens_IEKBpHABlsbEPX6sFY8OcGDqoRuBomu9xQ2`,
  key: () => publicJwk({
    kty: 'EC',
    crv: 'P-521',
    x: 'AHKZLLOsCOzz5cY97ewNUajB957y-C-U88c3v13nmGZx6sYl_oJXu9A5RkTKqjqvjyekWF-7ytDyRXYgCF5cj0Kt',
    y: 'AdymlHvOiLxXkEhayXQnNCvDX4h9htZaCJN34kfmC6pV5OhQHiraVySsUdaQkAgDPrwQrJmbnX9cwlGfP-HqHZR1',
  }),
};

const RFC7520_4_4 = {
  alg: 'HS256' as const,
  token: `eyJhbGciOiJIUzI1NiIsImtpZCI6IjAxOGMwYWU1LTRkOWItNDcxYi1iZmQ2LWVlZjMxNGJjNzAzNyJ9.${FRODO}.s0h6KThzkfBBBkLspW1h84VsJZFTsPPqMDA7g1Md7p0`,
  key: () => ({ type: 'secret' as const, key: createSecretKey(Buffer.from('hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg', 'base64url')) }),
};

// RFC 8037 A.4: Ed25519 over the text "Example of Ed25519 signing".
const RFC8037_A4 = {
  alg: 'EdDSA' as const,
  token: 'eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc.hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg',
  key: () => publicJwk({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }),
};

function publicJwk(jwk: JsonWebKey): { type: 'public'; key: KeyObject } {
  return { type: 'public', key: createPublicKey({ key: jwk, format: 'jwk' }) };
}

function spkiPem(jwk: JsonWebKey): string {
  return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
}

/** A clock one minute before the vectors' exp (2011-03-22T18:42:00Z), so they are fresh. */
const before = createEngineContext({ now: () => (A_EXP - 60) * 1000 });

function policy(alg: string, key: { secret: string; secret_encoding: 'base64url' } | { public_key: string }) {
  return { ...key, issuer: 'joe', audiences: ['bob'], allowed_algs: [alg] };
}

describe('RFC 7515 Appendix A', () => {
  it('A.1 HS256 verifies with the JWK k as secret (secret_encoding base64url)', async () => {
    const res = await validateJwt({ token: RFC7515_A1.token, policy: policy('HS256', { secret: RFC7515_A1.k, secret_encoding: 'base64url' }) }, before);
    expect(res.statuses.signature).toBe('pass');
    expect(res.statuses.algorithm).toBe('pass');
    expect(res.statuses.issuer).toBe('pass');
    expect(res.statuses.time).toBe('pass');
    // The vector has no aud claim, so only the audience check fails.
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
    expect(res.metadata).toMatchObject({ alg: 'HS256', key_source: 'secret' });
    expect(res.metadata.warnings).toBeUndefined(); // 64-byte key: not weak
    expect(responseViolations(res)).toEqual([]);
  });
  it('A.1 with the k taken as UTF-8 text (the default encoding) does not verify', async () => {
    const res = await validateJwt({ token: RFC7515_A1.token, policy: { secret: RFC7515_A1.k, issuer: 'joe', audiences: ['bob'], allowed_algs: ['HS256'] } }, before);
    expect(codes(res)).toContain('SIGNATURE_INVALID');
  });
  it('A.1 is expired under the current clock (exp 1300819380)', async () => {
    const res = await validateJwt({ token: RFC7515_A1.token, policy: policy('HS256', { secret: RFC7515_A1.k, secret_encoding: 'base64url' }) }, createEngineContext({ now: () => A_EXP * 1000 }));
    expect(res.statuses.signature).toBe('pass');
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH', 'TOKEN_EXPIRED']);
  });
  it('A.2 RS256 verifies with the SPKI built from the JWK n/e', async () => {
    const res = await validateJwt({ token: RFC7515_A2.token, policy: policy('RS256', { public_key: spkiPem(RFC7515_A2.jwk) }) }, before);
    expect(res.statuses.signature).toBe('pass');
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
    expect(res.metadata).toMatchObject({ alg: 'RS256', key_source: 'public_key' });
  });
  it('A.2 with one signature bit flipped fails', async () => {
    const [h, p, s] = RFC7515_A2.token.split('.') as [string, string, string];
    const sig = Buffer.from(s, 'base64url');
    sig[10] = (sig[10] as number) ^ 0x01;
    const res = await validateJwt({ token: `${h}.${p}.${sig.toString('base64url')}`, policy: policy('RS256', { public_key: spkiPem(RFC7515_A2.jwk) }) }, before);
    expect(codes(res)).toEqual(['SIGNATURE_INVALID', 'AUDIENCE_MISMATCH']);
  });
  it('A.3 ES256 verifies with the SPKI built from the JWK x/y', async () => {
    const res = await validateJwt({ token: RFC7515_A3.token, policy: policy('ES256', { public_key: spkiPem(RFC7515_A3.jwk) }) }, before);
    expect(res.statuses.signature).toBe('pass');
    expect(codes(res)).toEqual(['AUDIENCE_MISMATCH']);
  });
  it('A.5 (alg none) fails at ALGORITHM_INVALID even when allowed_algs lists "none"', async () => {
    const res = await validateJwt({ token: RFC7515_A5, policy: { secret: 'x'.repeat(32), issuer: 'joe', audiences: ['bob'], allowed_algs: ['none', 'HS256'] } }, before);
    expect(res.valid).toBe(false);
    expect(codes(res)[0]).toBe('ALGORITHM_INVALID');
    expect(res.statuses.algorithm).toBe('fail');
    expect(res.statuses.signature).toBe('fail');
    expect(res.findings[0]?.message).toMatch(/none/);
    expect(responseViolations(res)).toEqual([]);
  });
  it('A.1-A.3 parse as JWTs with the exact claims', () => {
    for (const t of [RFC7515_A1.token, RFC7515_A2.token, RFC7515_A3.token]) {
      expect(parseJwt(t).payload).toEqual({ iss: 'joe', exp: A_EXP, 'http://example.com/is_root': true });
    }
    expect(parseJwt(RFC7515_A1.token).header).toEqual({ typ: 'JWT', alg: 'HS256' });
  });
});

describe('RFC 7520 §4 and RFC 8037 A.4: text payloads', () => {
  const vectors = [
    ['RFC 7520 4.1 RS256', RFC7520_4_1],
    ['RFC 7520 4.3 ES512', RFC7520_4_3],
    ['RFC 7520 4.4 HS256', RFC7520_4_4],
    ['RFC 8037 A.4 Ed25519', RFC8037_A4],
  ] as const;

  it.each(vectors)('%s verifies at the signature layer', (_name, v) => {
    const jws = parseCompactJws(v.token);
    expect(jws.header.alg).toBe(v.alg);
    const key = v.key();
    expect(keyAlgMismatch(key, v.alg)).toBeUndefined();
    expect(verifySignature(v.alg, key, jws.signingInput, jws.signature)).toBe(true);
  });
  it.each(vectors)('%s fails at the signature layer with one payload byte changed', (_name, v) => {
    const jws = parseCompactJws(v.token);
    const tampered = Buffer.from(jws.signingInput);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 0x01;
    expect(verifySignature(v.alg, v.key(), tampered, jws.signature)).toBe(false);
  });
  it.each(vectors)('%s is MALFORMED as a JWT (the payload is not a JSON object)', async (_name, v) => {
    expect(() => parseJwt(v.token)).toThrow(MalformedTokenError);
    const key = v.key();
    const keyField = key.type === 'secret'
      ? { secret: 'hJtXIZ2uSN5kbQfbtTNWbpdmhkV8FJG-Onbc6mxCcYg', secret_encoding: 'base64url' as const }
      : { public_key: key.key.export({ type: 'spki', format: 'pem' }).toString() };
    const e = await expectMalformed(validateJwt({ token: v.token, policy: { ...keyField, issuer: 'x', audiences: ['y'], allowed_algs: [v.alg] } }, before));
    expect(e.code).toBe('MALFORMED_TOKEN');
    expect(e.message).toMatch(/payload/);
  });
  it('RFC 8037 A.4 also verifies under the alg name Ed25519 (same key, same signature bytes)', () => {
    const jws = parseCompactJws(RFC8037_A4.token);
    const alg: JwsAlgorithm = 'Ed25519';
    expect(keyAlgMismatch(RFC8037_A4.key(), alg)).toBeUndefined();
    expect(verifySignature(alg, RFC8037_A4.key(), jws.signingInput, jws.signature)).toBe(true);
  });
});
