/**
 * Microsoft Entra ID's multi-tenant template issuer: iss must be the template with the token's tid (a
 * lower-case GUID) in place of {tenantid}, and `tenants` restricts tid. Every failure is ISSUER_MISMATCH.
 */
import { describe, expect, it } from 'vitest';
import { RequestInvalidError } from '../../src/engine/errors.ts';
import { documentSpeaksFor, isTenantTemplate, templateDiscoveryBase } from '../../src/engine/issuer-template.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { codes, failed, responseViolations } from '../helpers/response.ts';
import { body, claims, fixedContext, goodToken, policyFor } from '../helpers/tokens.ts';

const ctx = fixedContext();
const TEMPLATE = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const V1_TEMPLATE = 'https://sts.windows.net/{tenantid}/';
const CONTOSO = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const FABRIKAM = 'aaaabbbb-0000-cccc-1111-dddd2222eeee';
const v2 = (tid: string) => `https://login.microsoftonline.com/${tid}/v2.0`;

async function run(payload: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const res = await validateJwt(body(goodToken('RS256', { payload: claims(payload) }), policyFor('RS256', { issuer: TEMPLATE, ...overrides })), ctx);
  expect(responseViolations(res)).toEqual([]);
  return res;
}

describe('Entra multi-tenant template issuer', () => {
  it('passes a token whose iss is the template with its own tid filled in', async () => {
    const res = await run({ iss: v2(CONTOSO), tid: CONTOSO });
    expect(res.valid).toBe(true);
    expect(res.findings).toEqual([]);
  });

  it('passes the v1.0 template the same way', async () => {
    const res = await run({ iss: `https://sts.windows.net/${CONTOSO}/`, tid: CONTOSO }, { issuer: V1_TEMPLATE });
    expect(res.valid).toBe(true);
  });

  it('fails a token whose iss names another tenant than its tid', async () => {
    const res = await run({ iss: v2(FABRIKAM), tid: CONTOSO });
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(failed(res)).toEqual(['issuer']);
    expect(res.findings[0]?.evidence).toMatchObject({ iss: v2(FABRIKAM), tid: CONTOSO, expected_issuer: v2(CONTOSO), issuer_template: TEMPLATE });
    expect(res.claim_diff).toEqual({ iss: { expected: v2(CONTOSO), actual: v2(FABRIKAM) } });
  });

  it.each([
    ['missing', undefined, 'has no tid claim'],
    ['upper case', CONTOSO.toUpperCase(), 'is not a tenant ID'],
    ['not a GUID', 'contoso.onmicrosoft.com', 'is not a tenant ID'],
    ['braced', `{${CONTOSO}}`, 'is not a tenant ID'],
    ['a number', 42, 'is not a tenant ID'],
    ['the placeholder itself', '{tenantid}', 'is not a tenant ID'],
  ])('fails when tid is %s', async (_name, tid, words) => {
    const iss = typeof tid === 'string' ? v2(tid) : v2(CONTOSO);
    const res = await run({ iss, tid });
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.findings[0]?.message).toContain(words);
  });

  it('never matches a token carrying the unfilled template as its iss', async () => {
    expect(codes(await run({ iss: TEMPLATE, tid: CONTOSO }))).toEqual(['ISSUER_MISMATCH']);
    expect(codes(await run({ iss: TEMPLATE }))).toEqual(['ISSUER_MISMATCH']);
  });

  it('fails a token without iss', async () => {
    const res = await run({ iss: undefined, tid: CONTOSO });
    expect(res.findings[0]?.message).toBe('The token has no iss claim.');
  });

  it('tenants: admits a listed tenant', async () => {
    const res = await run({ iss: v2(CONTOSO), tid: CONTOSO }, { tenants: [FABRIKAM, CONTOSO] });
    expect(res.valid).toBe(true);
  });

  it('tenants: refuses a tenant not listed, naming it', async () => {
    const res = await run({ iss: v2(CONTOSO), tid: CONTOSO }, { tenants: [FABRIKAM] });
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.findings[0]?.message).toBe(`The token comes from tenant ${CONTOSO}, which is not in the policy's tenants.`);
    expect(res.findings[0]?.evidence).toMatchObject({ tid: CONTOSO, tenants: [FABRIKAM] });
    expect(res.claim_diff).toEqual({ tid: { expected: [FABRIKAM], actual: CONTOSO } });
  });

  it('tenants: an iss/tid disagreement is reported as such even when tid is listed', async () => {
    const res = await run({ iss: v2(FABRIKAM), tid: CONTOSO }, { tenants: [CONTOSO] });
    expect(res.findings[0]?.message).toContain('is not the issuer of its own tenant');
  });

  it('tenants without the template issuer is a 422 at /policy/tenants', async () => {
    const err = await validateJwt(body(goodToken('RS256'), policyFor('RS256', { tenants: [CONTOSO] })), ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).errors).toEqual([{ pointer: '/policy/tenants', message: expect.stringContaining('applies only with the multi-tenant issuer') }]);
  });

  it('tenants entries must be lower-case GUIDs (422)', async () => {
    const err = await validateJwt(body(goodToken('RS256'), policyFor('RS256', { issuer: TEMPLATE, tenants: [CONTOSO.toUpperCase()] })), ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestInvalidError);
    expect((err as RequestInvalidError).errors[0]?.pointer).toBe('/policy/tenants/0');
  });
});

describe('issuers that are not Microsoft\'s template', () => {
  it.each([
    'https://login.example.com/{tenantid}/v2.0',
    'https://login.microsoftonline.com/{tenantid}/v2.0/',
    'https://login.microsoftonline.com/{TenantId}/v2.0',
    'http://login.microsoftonline.com/{tenantid}/v2.0',
    'https://login.microsoftonline.us/{tenantid}/v2.0',
  ])('%s is never filled in: even a token carrying it literally fails', async (issuer) => {
    expect(isTenantTemplate(issuer)).toBe(false);
    const res = await run({ iss: issuer, tid: CONTOSO }, { issuer });
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.findings[0]?.message).toContain('unfilled {tenantid} placeholder');
    const filled = await run({ iss: issuer.replace(/\{tenantid\}/i, CONTOSO), tid: CONTOSO }, { issuer });
    expect(codes(filled)).toEqual(['ISSUER_MISMATCH']);
  });

  it('a tenant-independent location as the policy issuer fails with a hint to use the template', async () => {
    const res = await run({ iss: v2(CONTOSO), tid: CONTOSO }, { issuer: 'https://login.microsoftonline.com/common/v2.0' });
    expect(codes(res)).toEqual(['ISSUER_MISMATCH']);
    expect(res.findings[0]?.remediation).toContain(TEMPLATE);
  });

  it('an ordinary issuer is still compared exactly, tid or not', async () => {
    expect((await run({ iss: v2(CONTOSO), tid: CONTOSO }, { issuer: v2(CONTOSO) })).valid).toBe(true);
    expect(codes(await run({ iss: v2(FABRIKAM), tid: FABRIKAM }, { issuer: v2(CONTOSO) }))).toEqual(['ISSUER_MISMATCH']);
  });
});

describe('issuer-template helpers', () => {
  it('pairs each tenant-independent location with the template it publishes, and nothing else', () => {
    expect(documentSpeaksFor('https://login.microsoftonline.com/common/v2.0', TEMPLATE)).toBe(true);
    expect(documentSpeaksFor('https://login.microsoftonline.com/organizations/v2.0', TEMPLATE)).toBe(true);
    expect(documentSpeaksFor('https://login.microsoftonline.com/common', V1_TEMPLATE)).toBe(true);
    expect(documentSpeaksFor(TEMPLATE, TEMPLATE)).toBe(true);
    expect(documentSpeaksFor('https://login.microsoftonline.com/consumers/v2.0', TEMPLATE)).toBe(false);
    expect(documentSpeaksFor('https://login.microsoftonline.com/common/v2.0', V1_TEMPLATE)).toBe(false);
    expect(documentSpeaksFor('https://login.microsoftonline.com/common/v2.0/', TEMPLATE)).toBe(false);
    expect(documentSpeaksFor('https://evil.example/common/v2.0', TEMPLATE)).toBe(false);
    expect(documentSpeaksFor('https://login.microsoftonline.com/common/v2.0', 'https://evil.example/{tenantid}/v2.0')).toBe(false);
    expect(documentSpeaksFor('https://login.microsoftonline.com/common/v2.0', v2(CONTOSO))).toBe(false);
  });

  it('discovers a template issuer at the common document', () => {
    expect(templateDiscoveryBase(TEMPLATE)).toBe('https://login.microsoftonline.com/common/v2.0');
    expect(templateDiscoveryBase(V1_TEMPLATE)).toBe('https://login.microsoftonline.com/common');
    expect(templateDiscoveryBase('https://idp.example.com')).toBeUndefined();
  });
});
