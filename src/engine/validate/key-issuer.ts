/**
 * A signing key scoped to one issuer. Microsoft's tenant-independent key set (`/common`) holds keys of
 * many issuers, each key naming its own in an `issuer` member: a key of one tenant (the personal
 * Microsoft accounts' tenant, say) must not vouch for a token that claims another tenant, however well
 * its signature verifies. Microsoft's guidance for multi-tenant apps is to check that the key's issuer,
 * with the token's `tid` in place of `{tenantid}`, is the token's `iss`. A key without `issuer` is
 * scoped by nothing but the key set it came from.
 */
import { isTenantId, issuerForTenant, isTenantTemplate, TENANT_PLACEHOLDER } from '../issuer-template.ts';
import type { VerificationKey } from './trust-source.ts';

/** Microsoft's tenant issuers: the v2.0 and v1.0 forms, for a tenant ID (a GUID). */
const MICROSOFT_TENANT_ISSUER = /^(?:https:\/\/login\.microsoftonline\.com\/([0-9a-f-]{36})\/v2\.0|https:\/\/sts\.windows\.net\/([0-9a-f-]{36})\/)$/;

/** Why the key may not verify this token (its issuer is another's), or undefined when it may. */
export function keyIssuerMismatch(key: VerificationKey, claims: Readonly<Record<string, unknown>>): string | undefined {
  if (key.type !== 'public' || key.issuer === undefined) return undefined;
  const { iss, tid } = claims;
  const refused = `the key is scoped to the issuer ${clip(key.issuer)}, not to this token's`;
  if (isTenantTemplate(key.issuer)) {
    // A key of every tenant: the token's own tenant fills the template, in either of Microsoft's forms.
    if (!isTenantId(tid)) return refused;
    return sameTenantIssuer(issuerForTenant(key.issuer, tid), iss) ? undefined : refused;
  }
  if (key.issuer.includes(TENANT_PLACEHOLDER)) return refused;
  return sameTenantIssuer(key.issuer, iss) ? undefined : refused;
}

/**
 * The token's `iss` is the key's issuer, or (for Microsoft's tenant issuers) the other form of the same
 * tenant's issuer: a v1.0 token of a tenant is signed with the keys its v2.0 key set lists.
 */
function sameTenantIssuer(keyIssuer: string, iss: unknown): boolean {
  if (typeof iss !== 'string') return false;
  if (keyIssuer === iss) return true;
  const keyTenant = tenantOf(keyIssuer);
  return keyTenant !== undefined && keyTenant === tenantOf(iss);
}

function tenantOf(issuer: string): string | undefined {
  const m = MICROSOFT_TENANT_ISSUER.exec(issuer);
  const tenant = m?.[1] ?? m?.[2];
  return isTenantId(tenant) ? tenant : undefined;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
