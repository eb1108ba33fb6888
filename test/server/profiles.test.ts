import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, ISSUER, AUDIENCE, jwt, testKeys } from '../helpers/tokens.ts';
import { startServer as startIdp, testPki, type TestServer } from '../net/servers.ts';
import { call, Contract, start, type Harness } from './harness.ts';

/**
 * Issuer profiles end to end: the service fetches a JWKS (and a discovery document) over HTTPS
 * from a server on 127.0.0.1 signed by a test CA, and validates tokens against it.
 */
const keys = testKeys();
const jwk = { ...(keys.rsa.publicKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: 'k1', use: 'sig', alg: 'RS256' };
const HMAC_SECRET = 'profile-hmac-secret-0123456789abcdef0123456789';

let idp: TestServer;
let h: Harness;
let contract: Contract;
let jwksHits = 0;

beforeAll(async () => {
  idp = await startIdp({ tls: true });
  idp.handler = (req, res) => {
    if (req.url === '/jwks') {
      jwksHits++;
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        issuer: idp.origin,
        authorization_endpoint: `${idp.origin}/authorize`,
        token_endpoint: `${idp.origin}/token`,
        jwks_uri: `${idp.origin}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }));
    } else {
      res.writeHead(404).end();
    }
  };
  const profiles = [
    { id: 'corp', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'], jwks_uri: `${idp.origin}/jwks` },
    { id: 'discovered', issuer: idp.origin, audiences: [AUDIENCE], allowed_algs: ['RS256'], discovery: true },
    { id: 'hmac', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['HS256'], secret_env: 'CORP_HMAC_SECRET' },
    { id: 'down', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'], jwks_uri: 'https://127.0.0.1:9/jwks' },
  ];
  h = await start(
    { ISSUER_PROFILES_JSON: JSON.stringify(profiles), OUTBOUND_ALLOW: '127.0.0.1', CORP_HMAC_SECRET: HMAC_SECRET },
    { outboundCa: testPki().caPem },
  );
  contract = await Contract.load(h.url);
});
afterAll(async () => {
  await h.close();
  await idp.close();
});

interface Result { valid: boolean; findings: { code: string }[]; metadata: Record<string, unknown> }

async function validate(token: string, profile: string): Promise<Result> {
  const r = await call(`${h.url}/v1/validate/jwt`, { body: { token, issuer_profile_id: profile } });
  expect(r.status).toBe(200);
  contract.assert('ValidateResponse', r.json);
  return r.json as Result;
}

describe('issuer profiles over HTTPS', () => {
  it('validates with a jwks_uri profile, fetching once and then serving from cache', async () => {
    const token = jwt('RS256', { headerExtra: { kid: 'k1' }, key: keys.rsa.privateKey });
    const first = await validate(token, 'corp');
    expect(first.valid).toBe(true);
    expect(first.metadata).toMatchObject({ key_source: 'jwks', kid: 'k1', jwks_cache: 'miss' });
    const hits = jwksHits;
    const second = await validate(token, 'corp');
    expect(second.valid).toBe(true);
    expect(second.metadata.jwks_cache).toBe('hit');
    expect(jwksHits).toBe(hits);
  });

  it('a token signed by another key fails the signature', async () => {
    const token = jwt('RS256', { headerExtra: { kid: 'k1' }, key: keys.rsaOther.privateKey });
    const r = await validate(token, 'corp');
    expect(r.valid).toBe(false);
    expect(r.findings.map((f) => f.code)).toEqual(['SIGNATURE_INVALID']);
  });

  it('an unknown kid gives KEY_NOT_FOUND', async () => {
    const token = jwt('RS256', { headerExtra: { kid: 'other' }, key: keys.rsa.privateKey });
    expect((await validate(token, 'corp')).findings.map((f) => f.code)).toEqual(['KEY_NOT_FOUND']);
  });

  it('a discovery profile finds the JWKS through the discovery document', async () => {
    const token = jwt('RS256', { headerExtra: { kid: 'k1' }, payload: claims({ iss: idp.origin }), key: keys.rsa.privateKey });
    const r = await validate(token, 'discovered');
    expect(r.findings).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('a secret_env profile takes its secret from the environment given to startServer', async () => {
    const token = jwt('HS256', { key: HMAC_SECRET });
    const r = await validate(token, 'hmac');
    expect(r.valid).toBe(true);
    expect(r.metadata.key_source).toBe('secret');
  });

  it('an unreachable JWKS gives JWKS_UNAVAILABLE on the 200 channel', async () => {
    const token = jwt('RS256', { headerExtra: { kid: 'k1' }, key: keys.rsa.privateKey });
    expect((await validate(token, 'down')).findings.map((f) => f.code)).toEqual(['JWKS_UNAVAILABLE']);
  });

  it('an id that is not registered is PROFILE_NOT_FOUND', async () => {
    const token = jwt('RS256', { headerExtra: { kid: 'k1' }, key: keys.rsa.privateKey });
    expect((await validate(token, 'Corp')).findings.map((f) => f.code)).toEqual(['PROFILE_NOT_FOUND']);
  });
});
