/**
 * Known JWT attacks, each its own test, asserting the exact finding or error.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fetcher } from '../../src/engine/net/types.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import {
  ISSUER, NOW, b64u, body, claims, derSignature, fixedContext, goodToken, jwt, policyFor, segment, signRaw, testKeys, withSignature,
} from '../helpers/tokens.ts';
import { codes, expectMalformed, expectRequestInvalid, failed, responseViolations } from '../helpers/response.ts';

const keys = testKeys();
const ctx = fixedContext();

async function run(token: string, policy = policyFor('RS256')) {
  const res = await validateJwt(body(token, policy), ctx);
  expect(responseViolations(res)).toEqual([]);
  return res;
}

describe('alg none', () => {
  it.each(['none', 'NONE', 'None', 'nOnE'])('alg %j fails at ALGORITHM_INVALID, even with "none" allowed', async (alg) => {
    const token = jwt(alg);
    expect(token.endsWith('.')).toBe(true);
    const res = await run(token, policyFor('RS256', { allowed_algs: ['none', 'RS256'] }));
    expect(res.valid).toBe(false);
    expect(codes(res)).toEqual(['ALGORITHM_INVALID']);
    expect(failed(res)).toEqual(['signature', 'algorithm']);
  });
  it.each(['none', 'NONE', 'None', 'nOnE'])('alg %j with a non-empty signature fails at ALGORITHM_INVALID', async (alg) => {
    const token = jwt(alg, { key: keys.secret, signAlg: 'HS256' });
    const res = await run(token, policyFor('HS256', { allowed_algs: ['none', 'HS256'] }));
    expect(codes(res)).toEqual(['ALGORITHM_INVALID']);
    expect(res.statuses.signature).toBe('fail');
  });
});

describe('HMAC key confusion: HS256 signed with the RSA public key PEM as secret', () => {
  const forged = () => jwt('HS256', { key: keys.rsa.pem });
  it('with allowed_algs [RS256] fails at ALGORITHM_INVALID', async () => {
    const res = await run(forged(), policyFor('RS256'));
    expect(codes(res)).toEqual(['ALGORITHM_INVALID']);
  });
  it('with allowed_algs [RS256, HS256] fails at KEY_MISMATCH and is never valid', async () => {
    const res = await run(forged(), policyFor('RS256', { allowed_algs: ['RS256', 'HS256'] }));
    expect(res.valid).toBe(false);
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
    expect(res.findings[0]?.message).toMatch(/shared secret/);
  });
  it('the same with the DER (not PEM) bytes of the public key as secret', async () => {
    const der = keys.rsa.publicKey.export({ type: 'spki', format: 'der' });
    const res = await run(jwt('HS256', { key: der }), policyFor('RS256', { allowed_algs: ['RS256', 'HS256'] }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('the same against an EC and an Ed25519 public key', async () => {
    for (const kp of [keys.p256, keys.ed25519]) {
      const res = await run(jwt('HS256', { key: kp.pem }), { ...policyFor('RS256', { allowed_algs: ['ES256', 'EdDSA', 'HS256'] }), public_key: kp.pem });
      expect(codes(res)).toEqual(['KEY_MISMATCH']);
    }
  });
});

describe('ECDSA signature encodings', () => {
  const P256_N = Buffer.from('FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551', 'hex');

  it('r = s = 0 as raw R‖S (64 zero bytes) is SIGNATURE_INVALID', async () => {
    const res = await run(withSignature(goodToken('ES256'), Buffer.alloc(64)), policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('r = s = 0 DER-encoded (30 06 02 01 00 02 01 00) is SIGNATURE_INVALID', async () => {
    const res = await run(withSignature(goodToken('ES256'), Buffer.from('3006020100020100', 'hex')), policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it.each([['ES384', 96], ['ES512', 132]])('%s r = s = 0 (%d zero bytes) is SIGNATURE_INVALID', async (alg, n) => {
    const res = await run(withSignature(goodToken(alg), Buffer.alloc(n)), policyFor(alg));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('a valid ES256 signature re-encoded as DER is SIGNATURE_INVALID', async () => {
    const token = goodToken('ES256');
    const raw = Buffer.from(token.split('.')[2] as string, 'base64url');
    const der = derSignature(raw.subarray(0, 32), raw.subarray(32));
    expect(der[0]).toBe(0x30);
    const res = await run(withSignature(token, der), policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
    // and the raw form of the very same signature verifies
    expect((await run(token, policyFor('ES256'))).valid).toBe(true);
  });
  it('a DER signature produced by the signer (dsaEncoding der) is SIGNATURE_INVALID', async () => {
    const token = jwt('ES256', { key: keys.p256.privateKey, options: { dsaEncoding: 'der' } });
    const res = await run(token, policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('psychic signature r = s = n (the curve order) is SIGNATURE_INVALID', async () => {
    const res = await run(withSignature(goodToken('ES256'), Buffer.concat([P256_N, P256_N])), policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('r = n, s = valid s is SIGNATURE_INVALID (no reduction mod n)', async () => {
    const token = goodToken('ES256');
    const raw = Buffer.from(token.split('.')[2] as string, 'base64url');
    const res = await run(withSignature(token, Buffer.concat([P256_N, raw.subarray(32)])), policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('a raw signature with a leading extra byte (65 bytes) is SIGNATURE_INVALID', async () => {
    const token = goodToken('ES256');
    const raw = Buffer.from(token.split('.')[2] as string, 'base64url');
    const res = await run(withSignature(token, Buffer.concat([Buffer.alloc(1), raw])), policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('a high-s (n - s) signature: ECDSA malleability is accepted by JOSE verifiers, documenting that it verifies', async () => {
    // RFC 7518 does not require low-s; the malleated signature is mathematically valid. Asserted so a
    // change of policy is a conscious one.
    const token = goodToken('ES256');
    const raw = Buffer.from(token.split('.')[2] as string, 'base64url');
    const n = BigInt(`0x${P256_N.toString('hex')}`);
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const highS = Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex');
    const res = await run(withSignature(token, Buffer.concat([raw.subarray(0, 32), highS])), policyFor('ES256'));
    expect(res.statuses.signature).toBe('pass');
  });
});

describe('header keys are never trusted', () => {
  it('an embedded jwk with the attacker key, token signed by the attacker: SIGNATURE_INVALID', async () => {
    const attackerJwk = keys.p256Other.publicKey.export({ format: 'jwk' });
    const token = jwt('ES256', { headerExtra: { jwk: attackerJwk }, key: keys.p256Other.privateKey });
    const res = await run(token, policyFor('ES256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('an embedded symmetric jwk (kty oct), token HMAC-signed with it: SIGNATURE_INVALID', async () => {
    const k = Buffer.alloc(32, 7);
    const token = jwt('HS256', { headerExtra: { jwk: { kty: 'oct', k: b64u(k) } }, key: k });
    const res = await run(token, policyFor('HS256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('an x5c chain with the attacker certificate is ignored: SIGNATURE_INVALID', async () => {
    const token = jwt('RS256', { headerExtra: { x5c: ['MIIBkTCB+wIJAKHHIG...'] }, key: keys.rsaOther.privateKey });
    const res = await run(token);
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });

  describe('jku / x5u pointing at a live local server', () => {
    let server: Server;
    let base = '';
    const requests: string[] = [];
    const fetched: string[] = [];
    const spyFetcher: Fetcher = {
      online: true,
      getJson: (url) => {
        fetched.push(url);
        return Promise.resolve({ ok: false, url, reason: 'blocked', detail: 'test spy' });
      },
    };
    const attackerJwks = JSON.stringify({ keys: [{ ...keys.rsaOther.publicKey.export({ format: 'jwk' }), kid: 'evil', use: 'sig', alg: 'RS256' }] });

    beforeAll(async () => {
      server = createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        res.setHeader('content-type', 'application/json');
        res.end(attackerJwks);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // The server is real: prove it answers, then forget that request.
      const probe = await fetch(`${base}/probe`);
      expect(await probe.json()).toHaveProperty('keys');
      requests.length = 0;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    async function settle(): Promise<void> {
      // Give any stray outbound request time to arrive before counting (not a timing assertion).
      await new Promise((r) => setTimeout(r, 100));
    }

    it.each(['jku', 'x5u'])('%s to the attacker JWKS, token signed by the attacker: SIGNATURE_INVALID, zero requests', async (member) => {
      const token = jwt('RS256', { headerExtra: { [member]: `${base}/jwks.json`, kid: 'evil' }, key: keys.rsaOther.privateKey });
      const res = await validateJwt(body(token, policyFor('RS256')), fixedContext(NOW, { fetcher: spyFetcher }));
      await settle();
      expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
      expect(requests).toEqual([]);
      expect(fetched).toEqual([]);
    });
    it.each(['jku', 'x5u'])('%s on a token signed by the policy key: the header is ignored, valid, zero requests', async (member) => {
      const token = goodToken('RS256', { headerExtra: { [member]: `${base}/jwks.json` } });
      const res = await validateJwt(body(token, policyFor('RS256')), fixedContext(NOW, { fetcher: spyFetcher }));
      await settle();
      expect(res.valid).toBe(true);
      expect(requests).toEqual([]);
      expect(fetched).toEqual([]);
    });
  });
});

describe('kid injection', () => {
  it.each(['../../../../etc/passwd', "' OR 1=1 --", '', '\u0000', 'x'.repeat(2000)])('kid %j has no effect: valid with the right key, echoed as metadata', async (kid) => {
    const res = await run(goodToken('RS256', { headerExtra: { kid } }));
    expect(res.valid).toBe(true);
    expect(res.metadata.kid).toBe(kid);
  });
  it('kid path traversal on an attacker-signed token is still SIGNATURE_INVALID', async () => {
    const res = await run(jwt('HS256', { headerExtra: { kid: '../../../../dev/null' }, key: '' }), policyFor('HS256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('a non-string kid is ignored and not echoed', async () => {
    const res = await run(goodToken('RS256', { headerExtra: { kid: { $ne: null } } }));
    expect(res.valid).toBe(true);
    expect('kid' in res.metadata).toBe(false);
  });
});

describe('crit and b64', () => {
  it('an unknown crit entry is UNSUPPORTED_CRITICAL_HEADER', async () => {
    const res = await run(goodToken('RS256', { headerExtra: { crit: ['http://example.com/must-understand'], 'http://example.com/must-understand': true } }));
    expect(codes(res)).toEqual(['UNSUPPORTED_CRITICAL_HEADER']);
    expect(res.findings[0]?.evidence).toEqual({ crit: ['http://example.com/must-understand'] });
  });
  it('an empty crit list (forbidden by RFC 7515 §4.1.11) is UNSUPPORTED_CRITICAL_HEADER', async () => {
    const res = await run(goodToken('RS256', { headerExtra: { crit: [] } }));
    expect(codes(res)).toEqual(['UNSUPPORTED_CRITICAL_HEADER']);
  });
  it('b64: false (RFC 7797) is UNSUPPORTED_CRITICAL_HEADER, with or without crit', async () => {
    for (const extra of [{ b64: false }, { b64: false, crit: ['b64'] }]) {
      const res = await run(goodToken('RS256', { headerExtra: extra }));
      expect(codes(res)).toEqual(['UNSUPPORTED_CRITICAL_HEADER']);
      expect(res.findings[0]?.evidence).toMatchObject({ b64: false });
    }
  });
  it('crit is checked before the key: an attacker token with crit fails the signature without verifying', async () => {
    const res = await run(jwt('RS256', { headerExtra: { crit: ['exp'] }, key: keys.rsaOther.privateKey }));
    expect(codes(res)).toEqual(['UNSUPPORTED_CRITICAL_HEADER']);
  });
});

describe('JSON ambiguity', () => {
  it('a duplicate header member {"alg":"RS256","alg":"none"} is MALFORMED_TOKEN', async () => {
    const token = jwt('RS256', { header: '{"alg":"RS256","alg":"none"}', key: keys.rsa.privateKey });
    const e = await expectMalformed(validateJwt(body(token, policyFor('RS256')), ctx));
    expect(e.message).toMatch(/header/);
  });
  it('a duplicate claim name is MALFORMED_TOKEN', async () => {
    const payload = `{"iss":"${ISSUER}","sub":"user","sub":"admin","aud":"x"}`;
    const e = await expectMalformed(validateJwt(body(jwt('RS256', { payload, key: keys.rsa.privateKey }), policyFor('RS256')), ctx));
    expect(e.message).toMatch(/payload/);
  });
  it('a duplicate via an escaped name ("a" and "\\u0061") is MALFORMED_TOKEN, in the header and in the payload', async () => {
    const header = '{"alg":"RS256","\\u0061lg":"none"}';
    await expectMalformed(validateJwt(body(jwt('RS256', { header, key: keys.rsa.privateKey }), policyFor('RS256')), ctx));
    const payload = `{"a":1,"\\u0061":2,"iss":"${ISSUER}"}`;
    await expectMalformed(validateJwt(body(jwt('RS256', { payload, key: keys.rsa.privateKey }), policyFor('RS256')), ctx));
  });
  it('a duplicate inside a nested claim object is MALFORMED_TOKEN', async () => {
    const payload = `{"iss":"${ISSUER}","ctx":{"role":"user","role":"admin"}}`;
    await expectMalformed(validateJwt(body(jwt('RS256', { payload, key: keys.rsa.privateKey }), policyFor('RS256')), ctx));
  });
  it('the same name in different objects is not a duplicate', async () => {
    const payload = JSON.stringify({ ...claims(), ctx: { iss: 'inner', aud: ['x'] }, list: [{ sub: 1 }, { sub: 2 }] });
    const res = await run(jwt('RS256', { payload, key: keys.rsa.privateKey }));
    expect(res.valid).toBe(true);
  });
});

describe('token syntax', () => {
  async function malformed(token: string) {
    return expectMalformed(validateJwt(body(token, policyFor('RS256')), ctx));
  }
  it('a JWE (five segments) is MALFORMED_TOKEN', async () => {
    const jwe = 'eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZKTyKOMTYUmKoTCVJRgckCL9kiMT03JGeipsEdY3mx_etLbbWSrFr05kLzcSr4qKAq7YN7e9jwQRb23nfa6c9d-StnImGyFDbSv04uVuxIp5Zms1gNxKKK2Da14B8S4rzVRltdYwam_lDp5XnZAYpQdb76FdIKLaVmqgfwX7XWRxv2322i-vDxRfqNzo_tETKzpVLzfiwQyeyPGLBIO56YJ7eObdv0je81860ppamavo35UgoRdbYaBcoh9QcfylQr66oc6vFWXRcZ_ZT2LawVCWTIy3brGPi6UklfCpIMfIjf7iGdXKHzg.48V1_ALb6US04U3b.5eym8TW_c8SuK0ltJ3rpYIzOeDQz7TALvtu6UG9oMo4vpzs9tX_EFShS8iB7j6jiSdiwkIr3ajwQzaBtQD_A.XFBoMYUZodetZdvTiFvSkQ';
    expect(jwe.split('.')).toHaveLength(5);
    const e = await malformed(jwe);
    expect(e.message).toMatch(/five segments/);
  });
  it('four segments is MALFORMED_TOKEN', async () => {
    await malformed(`${goodToken('RS256')}.AAAA`);
  });
  it.each([['one segment', 'eyJhbGciOiJSUzI1NiJ9'], ['two segments', 'eyJhbGciOiJSUzI1NiJ9.e30'], ['empty header', '.e30.AAAA'], ['only dots', '..']])('%s is MALFORMED_TOKEN', async (_n, t) => {
    await malformed(t);
  });
  it('JSON serialization is MALFORMED_TOKEN', async () => {
    const [h, p, s] = goodToken('RS256').split('.');
    await malformed(JSON.stringify({ protected: h, payload: p, signature: s }));
  });
  it.each([0, 1, 2])('padding "=" in segment %d is MALFORMED_TOKEN', async (i) => {
    const parts = goodToken('RS256').split('.');
    parts[i] = `${parts[i]}=`;
    await malformed(parts.join('.'));
  });
  it('a fully padded standard-base64 signature is MALFORMED_TOKEN', async () => {
    const token = goodToken('HS256');
    const sig = Buffer.from(token.split('.')[2] as string, 'base64url').toString('base64');
    expect(sig.endsWith('=')).toBe(true);
    await expectMalformed(validateJwt(body(withSignature(token, sig), policyFor('HS256')), ctx));
  });
  it.each([['+', 0], ['/', 0], ['+', 1], ['/', 2], [' ', 2], ['\n', 1]])('the character %j in segment %d is MALFORMED_TOKEN', async (ch, i) => {
    const parts = goodToken('RS256').split('.');
    const seg = parts[i] as string;
    parts[i] = `${seg.slice(0, 4)}${ch}${seg.slice(5)}`;
    await malformed(parts.join('.'));
  });
  it('a signature in standard base64 alphabet (+ and /) is MALFORMED_TOKEN', async () => {
    // Find a real signature whose base64url form has - or _, then present it with + and /.
    let token = '';
    for (let i = 0; !/[-_]/.test(token.split('.')[2] ?? ''); i++) token = goodToken('HS256', { payload: claims({ jti: String(i) }) });
    const std = (token.split('.')[2] as string).replace(/-/g, '+').replace(/_/g, '/');
    await expectMalformed(validateJwt(body(withSignature(token, std), policyFor('HS256')), ctx));
  });
  it('non-canonical trailing bits in the signature (same bytes, other encoding) are MALFORMED_TOKEN, never valid', async () => {
    const token = goodToken('HS256');
    const sig = token.split('.')[2] as string;
    expect(sig.length % 4).toBe(3); // 32 bytes: the last character carries 2 unused bits
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig.at(-1) as string);
    const twisted = `${sig.slice(0, -1)}${alphabet[last | 1]}`;
    expect(Buffer.from(twisted, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
    await expectMalformed(validateJwt(body(withSignature(token, twisted), policyFor('HS256')), ctx));
  });
  it('non-canonical trailing bits in the payload are MALFORMED_TOKEN', async () => {
    let token = '';
    for (let i = 0; (token.split('.')[1]?.length ?? 0) % 4 !== 2; i++) token = goodToken('HS256', { payload: claims({ jti: 'x'.repeat(i) }) });
    const [h, p, s] = token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twisted = `${p.slice(0, -1)}${alphabet[alphabet.indexOf(p.at(-1) as string) | 1]}`;
    await expectMalformed(validateJwt(body(`${h}.${twisted}.${s}`, policyFor('HS256')), ctx));
  });
  it.each([['an array', '[1,2]'], ['a string', '"hello"'], ['a number', '42'], ['null', 'null'], ['not JSON', 'hello'], ['empty', '']])('a payload that is %s is MALFORMED_TOKEN', async (_n, payload) => {
    await malformed(jwt('RS256', { payload, key: keys.rsa.privateKey }));
  });
  it('a header that is not an object is MALFORMED_TOKEN', async () => {
    await malformed(`${segment('["RS256"]')}.${segment(claims())}.AAAA`);
  });
  it('a payload that is not UTF-8 is MALFORMED_TOKEN', async () => {
    const h = segment({ alg: 'RS256' });
    const p = b64u(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])); // {"\xff":1}
    const sig = b64u(signRaw('RS256', `${h}.${p}`, keys.rsa.privateKey));
    await malformed(`${h}.${p}.${sig}`);
  });
  it.each([[256], [null], [['RS256']], [{ name: 'RS256' }], [true]])('alg %j (not a string) is MALFORMED_TOKEN', async (alg) => {
    await malformed(jwt('RS256', { header: { alg }, key: keys.rsa.privateKey }));
  });
  it('a header without alg is MALFORMED_TOKEN', async () => {
    await malformed(jwt('RS256', { header: { typ: 'JWT' }, key: keys.rsa.privateKey }));
  });
});

describe('time claims of the wrong type', () => {
  function rawPayload(exp: string): string {
    return `{"iss":"${ISSUER}","aud":"api://orders","iat":${NOW - 10},"exp":${exp}}`;
  }
  it.each([['a string', '"1700000600"', '1700000600'], ['1e309 (Infinity)', '1e309', 'Infinity'], ['null', 'null', null], ['-1e309', '-1e309', '-Infinity'], ['an object', '{"t":1}', { t: 1 }], ['a boolean', 'true', true]])('exp as %s is CLAIM_TYPE_INVALID', async (_n, exp, shown) => {
    const res = await run(jwt('RS256', { payload: rawPayload(exp), key: keys.rsa.privateKey }));
    expect(codes(res)).toEqual(['CLAIM_TYPE_INVALID']);
    expect(res.findings[0]?.evidence).toEqual({ claim: 'exp', value: shown });
    expect(res.valid).toBe(false);
    // exp is present (just mistyped), so EXPIRATION_MISSING does not also fire.
    expect(res.metadata.warnings).toBeUndefined();
  });
  it('iat 1e309 is CLAIM_TYPE_INVALID and does not make max TTL pass', async () => {
    const payload = `{"iss":"${ISSUER}","aud":"api://orders","iat":1e309,"exp":${NOW + 60}}`;
    const res = await run(jwt('RS256', { payload, key: keys.rsa.privateKey }), policyFor('RS256', { max_ttl_seconds: 3600 }));
    expect(codes(res)).toContain('CLAIM_TYPE_INVALID');
    expect(res.valid).toBe(false);
  });
});

describe('empty and truncated signatures', () => {
  it.each(['RS256', 'PS256', 'ES256', 'EdDSA', 'HS256'])('%s with an empty signature is SIGNATURE_INVALID', async (alg) => {
    const res = await run(withSignature(goodToken(alg), ''), policyFor(alg));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('HS256 with a truncated (16-byte) MAC is SIGNATURE_INVALID', async () => {
    const token = goodToken('HS256');
    const mac = Buffer.from(token.split('.')[2] as string, 'base64url');
    const res = await run(withSignature(token, mac.subarray(0, 16)), policyFor('HS256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
});

describe('key and alg binding', () => {
  it('an RSA-1024 public key is refused (422 key_too_small), even for a token it signed', async () => {
    const token = jwt('RS256', { key: keys.rsa1024.privateKey });
    const e = await expectRequestInvalid(validateJwt(body(token, policyFor('RS256', { public_key: keys.rsa1024.pem })), ctx));
    expect(e.errors).toEqual([{ pointer: '/policy/public_key', message: expect.stringMatching(/1024-bit modulus.*2048.*\(key_too_small\)$/) }]);
  });
  it('PS256 with an RSA-1024 key is refused the same way', async () => {
    const e = await expectRequestInvalid(validateJwt(body(jwt('PS256', { key: keys.rsa1024.privateKey }), policyFor('PS256', { public_key: keys.rsa1024.pem })), ctx));
    expect(e.errors[0]?.message).toMatch(/\(key_too_small\)$/);
  });
  it('an RS256 token with an EC key is KEY_MISMATCH', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { public_key: keys.p256.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('an ES256 token with a P-384 key is KEY_MISMATCH', async () => {
    const res = await run(goodToken('ES256'), policyFor('ES256', { public_key: keys.p384.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
    expect(res.findings[0]?.message).toMatch(/prime256v1/);
  });
  it('an ES384 token signed by a P-256 key, policy P-256 key, is KEY_MISMATCH', async () => {
    const res = await run(jwt('ES384', { key: keys.p256.privateKey }), policyFor('ES384', { public_key: keys.p256.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('an ES256 token with an Ed25519 key is KEY_MISMATCH', async () => {
    const res = await run(goodToken('ES256'), policyFor('ES256', { public_key: keys.ed25519.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('alg Ed25519 with an Ed448 key is KEY_MISMATCH', async () => {
    const res = await run(jwt('Ed25519', { key: keys.ed448.privateKey }), policyFor('Ed25519', { public_key: keys.ed448.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('alg Ed448 with an Ed25519 key is KEY_MISMATCH', async () => {
    const res = await run(jwt('Ed448', { key: keys.ed25519.privateKey }), policyFor('Ed448', { public_key: keys.ed25519.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it('alg EdDSA with an Ed448 key is valid', async () => {
    const res = await run(jwt('EdDSA', { key: keys.ed448.privateKey }), policyFor('EdDSA', { public_key: keys.ed448.pem }));
    expect(res.valid).toBe(true);
  });
  it('alg EdDSA and alg Ed25519 with an Ed25519 key are valid', async () => {
    expect((await run(goodToken('EdDSA'), policyFor('EdDSA'))).valid).toBe(true);
    expect((await run(goodToken('Ed25519'), policyFor('Ed25519'))).valid).toBe(true);
  });
  it('an X25519 (key agreement) key is refused as public_key (422 unsupported_curve)', async () => {
    const x = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const e = await expectRequestInvalid(validateJwt(body(goodToken('EdDSA'), policyFor('EdDSA', { public_key: x })), ctx));
    expect(e.errors).toEqual([{ pointer: '/policy/public_key', message: expect.stringMatching(/X25519.*\(unsupported_curve\)$/) }]);
  });
  it('an RS256 token with an Ed25519 key is KEY_MISMATCH', async () => {
    const res = await run(goodToken('RS256'), policyFor('RS256', { public_key: keys.ed25519.pem }));
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
  });
  it.each([20, 0, 64])('PS256 with salt length %d (not 32) is SIGNATURE_INVALID', async (saltLength) => {
    const res = await run(jwt('PS256', { key: keys.rsa.privateKey, options: { saltLength } }), policyFor('PS256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('an RS256 (PKCS#1 v1.5) signature under a PS256 header is SIGNATURE_INVALID', async () => {
    const res = await run(jwt('PS256', { key: keys.rsa.privateKey, signAlg: 'RS256' }), policyFor('PS256'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('an RS256 signature under an RS384 header is SIGNATURE_INVALID', async () => {
    const res = await run(jwt('RS384', { key: keys.rsa.privateKey, signAlg: 'RS256' }), policyFor('RS384'));
    expect(codes(res)).toEqual(['SIGNATURE_INVALID']);
  });
  it('an RSA-PSS (id-RSASSA-PSS) SPKI key verifies PS256 and cannot serve RS256', async () => {
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const pem = pss.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const ok = await run(jwt('PS256', { key: pss.privateKey }), policyFor('PS256', { public_key: pem }));
    expect(ok.valid).toBe(true);
    const rs = await run(goodToken('RS256'), policyFor('RS256', { public_key: pem }));
    expect(codes(rs)).toEqual(['KEY_MISMATCH']);
  });

  describe('an X.509 certificate PEM as public_key', () => {
    let openssl = true;
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
    } catch {
      openssl = false;
    }
    it.skipIf(!openssl)('a self-signed RSA certificate verifies RS256 tokens of its key (skipped only when openssl is absent)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-cert-'));
      try {
        writeFileSync(join(dir, 'key.pem'), keys.rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }));
        execFileSync('openssl', ['req', '-x509', '-new', '-key', join(dir, 'key.pem'), '-subj', '/CN=oidc-gate test', '-days', '1', '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
        const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
        expect(cert).toMatch(/-----BEGIN CERTIFICATE-----/);
        const res = await run(goodToken('RS256'), policyFor('RS256', { public_key: cert }));
        expect(res.valid).toBe(true);
        expect(res.metadata.key_source).toBe('public_key');
        const bad = await run(jwt('RS256', { key: keys.rsaOther.privateKey }), policyFor('RS256', { public_key: cert }));
        expect(codes(bad)).toEqual(['SIGNATURE_INVALID']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
    it.skipIf(!openssl)('a self-signed EC P-256 certificate verifies ES256 and is KEY_MISMATCH for ES384', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-cert-'));
      try {
        writeFileSync(join(dir, 'key.pem'), keys.p256.privateKey.export({ type: 'pkcs8', format: 'pem' }));
        execFileSync('openssl', ['req', '-x509', '-new', '-key', join(dir, 'key.pem'), '-subj', '/CN=oidc-gate test', '-days', '1', '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
        const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
        expect((await run(goodToken('ES256'), policyFor('ES256', { public_key: cert }))).valid).toBe(true);
        expect(codes(await run(goodToken('ES384'), policyFor('ES384', { public_key: cert })))).toEqual(['KEY_MISMATCH']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
