/**
 * Keys scoped to an issuer: Microsoft's tenant-independent key set names each key's issuer, and a key of
 * one tenant must not vouch for a token that claims another, however well its signature verifies (the
 * forged-token pattern of a consumer-tenant key signing for an enterprise tenant). A key with the
 * template issuer serves every tenant, the token's own `tid` filled in; a key without `issuer` is scoped
 * by its key set alone.
 */
import { describe, expect, it } from 'vitest';
import { KeyObjectCache } from '../../src/engine/jws/keys.ts';
import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { loadIssuerProfiles } from '../../src/engine/profiles/index.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { codes, responseViolations } from '../helpers/response.ts';
import { claims, fixedContext, jwt, NOW, testKeys } from '../helpers/tokens.ts';

/** Validates `token` under a profile with these fields and an inline key set (as the /common key set would be fetched). */
function validateWith(token: string, policy: Record<string, unknown>) {
  const profiles = loadIssuerProfiles({
    json: JSON.stringify([{ id: 'p', ...policy }]), env: {}, fetcher: createOfflineFetcher(), now: () => NOW * 1000, keyCache: new KeyObjectCache(),
  });
  return validateJwt({ token, issuer_profile_id: 'p' }, { ...fixedContext(), profiles });
}
const keys = testKeys();
const TEMPLATE = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const CONSUMERS = '9188040d-6c67-4c5b-b112-36a304b66dad';
const CONTOSO = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const v2 = (tid: string) => `https://login.microsoftonline.com/${tid}/v2.0`;

/** A key set like Microsoft's /common one: a key of every tenant, and a key of the consumers' tenant. */
function keySet(extra: Record<string, unknown> = {}) {
  const jwk = (kp: typeof keys.rsa, kid: string, issuer: unknown) => ({ ...kp.publicKey.export({ format: 'jwk' }), kid, use: 'sig', issuer, ...extra });
  return { keys: [jwk(keys.rsa, 'common', TEMPLATE), jwk(keys.rsaOther, 'consumers', v2(CONSUMERS))] };
}

async function run(kid: string, payload: Record<string, unknown>, jwks: object = keySet(), issuer = TEMPLATE) {
  const signer = kid === 'common' ? keys.rsa.privateKey : keys.rsaOther.privateKey;
  const token = jwt('RS256', { header: { alg: 'RS256', kid }, payload: claims(payload), key: signer });
  const res = await validateWith(token, { issuer, audiences: ['api://orders'], allowed_algs: ['RS256'], jwks });
  expect(responseViolations(res)).toEqual([]);
  return res;
}

describe('a signing key scoped to an issuer', () => {
  it('a key of every tenant verifies a token of its own tenant', async () => {
    const res = await run('common', { iss: v2(CONTOSO), tid: CONTOSO });
    expect(res.valid).toBe(true);
  });

  it('a key of the consumers\' tenant does not vouch for a token claiming another tenant', async () => {
    const res = await run('consumers', { iss: v2(CONTOSO), tid: CONTOSO });
    expect(res.valid).toBe(false);
    expect(codes(res)).toEqual(['KEY_MISMATCH']);
    expect(res.findings[0]?.message).toContain(`scoped to the issuer ${v2(CONSUMERS)}`);
  });

  it('the consumers\' key verifies the consumers\' own token', async () => {
    const res = await run('consumers', { iss: v2(CONSUMERS), tid: CONSUMERS });
    expect(res.valid).toBe(true);
  });

  it('a v1.0 token of a tenant is verified by the v2.0 key set\'s key of every tenant', async () => {
    const res = await run('common', { iss: `https://sts.windows.net/${CONTOSO}/`, tid: CONTOSO }, keySet(), 'https://sts.windows.net/{tenantid}/');
    expect(res.valid).toBe(true);
  });

  it('a template key with no tid in the token, or a tid of another tenant than iss, verifies nothing', async () => {
    expect(codes(await run('common', { iss: v2(CONTOSO), tid: undefined }))).toContain('KEY_MISMATCH');
    expect(codes(await run('common', { iss: v2(CONTOSO), tid: CONSUMERS }))).toContain('KEY_MISMATCH');
  });

  it('any other issuer on a key must be the token\'s iss exactly', async () => {
    const own = { keys: [{ ...keys.rsa.publicKey.export({ format: 'jwk' }), kid: 'k', issuer: 'https://issuer.example.com' }] };
    const other = { keys: [{ ...keys.rsa.publicKey.export({ format: 'jwk' }), kid: 'k', issuer: 'https://elsewhere.example.com' }] };
    const token = jwt('RS256', { header: { alg: 'RS256', kid: 'k' }, payload: claims(), key: keys.rsa.privateKey });
    const policy = (jwks: object) => ({ issuer: 'https://issuer.example.com', audiences: ['api://orders'], allowed_algs: ['RS256'], jwks });
    expect((await validateWith(token, policy(own))).valid).toBe(true);
    expect(codes(await validateWith(token, policy(other)))).toEqual(['KEY_MISMATCH']);
  });

  it('a key without issuer is scoped by its key set alone', async () => {
    const plain = { keys: [{ ...keys.rsa.publicKey.export({ format: 'jwk' }), kid: 'k' }] };
    const token = jwt('RS256', { header: { alg: 'RS256', kid: 'k' }, payload: claims({ iss: v2(CONTOSO), tid: CONTOSO }), key: keys.rsa.privateKey });
    const res = await validateWith(token, { issuer: TEMPLATE, audiences: ['api://orders'], allowed_algs: ['RS256'], jwks: plain });
    expect(res.valid).toBe(true);
  });
});
