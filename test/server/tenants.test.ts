/**
 * POST /v1/validate/jwt with Microsoft Entra ID's multi-tenant template issuer and `tenants`, inline and
 * through an issuer profile; POST /v1/lint/oidc-config with the template as issuer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, goodToken, policyFor } from '../helpers/tokens.ts';
import { call, start, type Harness } from './harness.ts';

const TEMPLATE = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const CONTOSO = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const FABRIKAM = 'aaaabbbb-0000-cccc-1111-dddd2222eeee';
const token = (tid: string, iss = `https://login.microsoftonline.com/${tid}/v2.0`) => goodToken('RS256', { payload: claims({ iss, tid }) });

let h: Harness;
beforeAll(async () => {
  const profile = { id: 'entra', ...policyFor('RS256', { issuer: TEMPLATE, tenants: [CONTOSO] }) };
  h = await start({ ISSUER_PROFILES_JSON: JSON.stringify([profile]) });
});
afterAll(async () => h.close());

describe('the service with Entra\'s multi-tenant template', () => {
  it('inline policy: the tid-substituted iss passes, another tenant\'s iss fails, tenants refuses an unlisted tid', async () => {
    const url = `${h.url}/v1/validate/jwt`;
    const policy = policyFor('RS256', { issuer: TEMPLATE });
    expect((await call(url, { body: { token: token(CONTOSO), policy } })).json).toMatchObject({ valid: true, findings: [] });
    expect((await call(url, { body: { token: token(CONTOSO, `https://login.microsoftonline.com/${FABRIKAM}/v2.0`), policy } })).json)
      .toMatchObject({ valid: false, statuses: { issuer: 'fail' }, findings: [{ code: 'ISSUER_MISMATCH' }] });
    const refused = await call(url, { body: { token: token(FABRIKAM), policy: { ...policy, tenants: [CONTOSO] } } });
    expect(refused.json).toMatchObject({ valid: false, findings: [{ code: 'ISSUER_MISMATCH', evidence: { tid: FABRIKAM, tenants: [CONTOSO] } }] });
  });

  it('tenants without the template is a 422 naming /policy/tenants', async () => {
    const r = await call(`${h.url}/v1/validate/jwt`, { body: { token: token(CONTOSO), policy: policyFor('RS256', { tenants: [CONTOSO] }) } });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ code: 'REQUEST_INVALID', errors: [{ pointer: '/policy/tenants' }] });
  });

  it('issuer profile: its tenants apply', async () => {
    const url = `${h.url}/v1/validate/jwt`;
    expect((await call(url, { body: { token: token(CONTOSO), issuer_profile_id: 'entra' } })).json).toMatchObject({ valid: true });
    expect((await call(url, { body: { token: token(FABRIKAM), issuer_profile_id: 'entra' } })).json).toMatchObject({ valid: false, findings: [{ code: 'ISSUER_MISMATCH' }] });
  });

  it('lint: the template is a valid issuer', async () => {
    const r = await call(`${h.url}/v1/lint/oidc-config`, {
      body: { issuer: TEMPLATE, client_id: 'c', audiences: ['api://orders'], jwks_uri: 'https://login.microsoftonline.com/common/discovery/v2.0/keys', redirect_uris: [], alg_policy: { allowed_algs: ['RS256'] } },
    });
    expect(r.status).toBe(200);
    expect((r.json as { findings: { code: string }[] }).findings.map((f) => f.code)).not.toContain('ISSUER_INVALID');
  });
});
