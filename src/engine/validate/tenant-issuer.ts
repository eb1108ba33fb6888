import { finding } from '../findings.ts';
import { isTenantId, issuerForTenant, TENANT_PLACEHOLDER, templatePublishedAt } from '../issuer-template.ts';
import type { Finding, VerifyPolicy } from '../types.ts';
import { VALIDATION_FINDINGS as F } from './findings.ts';

type Claims = Record<string, unknown>;

export interface TenantIssuerCheck {
  errors: Finding[];
  /** claim_diff entries: iss (and tid, when the tenant is the problem). */
  diff: Array<[string, { expected: unknown; actual: unknown }]>;
}

/**
 * The issuer check for Microsoft Entra ID's multi-tenant template (`policy.issuer` is
 * https://login.microsoftonline.com/{tenantid}/v2.0 or https://sts.windows.net/{tenantid}/). As Microsoft's
 * "Access tokens in the Microsoft identity platform" page asks of applications using its tenant-independent
 * documents: the token's tid must be a GUID, and iss must be exactly the template with that tid in place of
 * {tenantid}. Then, when the policy lists `tenants`, tid must be one of them. Every failure is ISSUER_MISMATCH.
 */
export function checkTenantIssuer(claims: Claims, policy: VerifyPolicy): TenantIssuerCheck {
  const template = policy.issuer;
  const iss = Object.hasOwn(claims, 'iss') ? claims.iss : null;
  const tid = Object.hasOwn(claims, 'tid') ? claims.tid : null;
  const fail = (message: string, expected: string, remediation: string, extra: Record<string, unknown> = {}): TenantIssuerCheck => ({
    errors: [finding(F.ISSUER_MISMATCH, message, { iss, tid, expected_issuer: expected, issuer_template: template, ...extra }, remediation)],
    diff: [['iss', { expected, actual: iss }]],
  });

  if (!isTenantId(tid)) {
    const why = tid === null ? 'The token has no tid claim' : 'The token tid claim is not a tenant ID (a lower-case GUID)';
    return fail(`${why}, so the issuer template "${template}" cannot be filled in and no iss can match it.`, template,
      'An Entra ID token names its tenant in tid; a token without a GUID tid is not one the template can accept. Check that the token comes from Entra ID, or set the policy issuer to the exact iss of a single-tenant issuer.');
  }
  const expected = issuerForTenant(template, tid);
  if (iss !== expected) {
    const message = iss === null
      ? 'The token has no iss claim.'
      : `The token iss is not the issuer of its own tenant ("${expected}", the template with tid in place of ${TENANT_PLACEHOLDER}).`;
    return fail(message, expected,
      'With a multi-tenant template issuer, iss must name the same tenant as tid, exactly. A token whose iss and tid disagree was not issued by that tenant.');
  }
  if (policy.tenants !== undefined && !policy.tenants.includes(tid)) {
    const check = fail(`The token comes from tenant ${tid}, which is not in the policy's tenants.`, expected,
      'Add the tenant ID to tenants if tokens of that organisation are to be accepted; otherwise this is a token from a tenant the policy does not trust.',
      { tenants: policy.tenants });
    check.diff = [['tid', { expected: policy.tenants, actual: tid }]];
    return check;
  }
  return { errors: [], diff: [] };
}

/**
 * A remediation for an exact issuer that can never match: a tenant-independent Entra location
 * (/common/v2.0, /organizations/v2.0) names no issuer; tokens carry their own tenant's.
 */
export function tenantIndependentHint(issuer: string): string | undefined {
  const template = templatePublishedAt(issuer);
  if (template === undefined) return undefined;
  return `${issuer} is not an issuer: Entra ID tokens carry their own tenant's. Set the policy issuer to the template its discovery document publishes, ${template}, and list the accepted tenant IDs in tenants.`;
}
