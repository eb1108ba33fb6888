/**
 * Microsoft Entra ID's multi-tenant issuer templates.
 *
 * Entra's tenant-independent discovery documents do not name one issuer: they publish a template with a
 * `{tenantid}` placeholder, because every tenant signs its tokens with its own issuer. Microsoft's
 * "Access tokens in the Microsoft identity platform" page (learn.microsoft.com/entra/identity-platform/access-tokens,
 * "Validate the issuer", "Multitenant applications") says that
 * https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration and
 * https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration return the issuer
 * https://login.microsoftonline.com/{tenantid}/v2.0, and that an application using them must check that the
 * token's `tid` claim is a GUID and that `iss` is exactly the template with that `tid` put in place of
 * `{tenantid}`. Microsoft's older "How to convert an app to be multi-tenant" page says the same of the v1.0
 * document at https://login.microsoftonline.com/common/.well-known/openid-configuration, whose issuer is
 * https://sts.windows.net/{tenantid}/.
 *
 * Only these exact strings are templates. Any other `{`…`}` in an issuer stays what it was (ISSUER_INVALID
 * in lint, a mismatch in validation): a placeholder nobody documents is not something to guess at.
 */

/** Each accepted template and the tenant-independent discovery locations Microsoft documents as publishing it. */
const TEMPLATES: ReadonlyMap<string, readonly string[]> = new Map([
  ['https://login.microsoftonline.com/{tenantid}/v2.0', ['https://login.microsoftonline.com/common/v2.0', 'https://login.microsoftonline.com/organizations/v2.0']],
  ['https://sts.windows.net/{tenantid}/', ['https://login.microsoftonline.com/common']],
]);

export const TENANT_PLACEHOLDER = '{tenantid}';

/** A tenant ID as Entra writes it in `tid`: a GUID, lower-case hex, 8-4-4-4-12. Anything else is refused. */
export const TENANT_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const TENANT_ID = new RegExp(TENANT_ID_PATTERN);

/** True only for Microsoft's published templates, byte for byte. */
export function isTenantTemplate(issuer: string): boolean {
  return TEMPLATES.has(issuer);
}

export function isTenantId(value: unknown): value is string {
  return typeof value === 'string' && TENANT_ID.test(value);
}

/** The issuer a token of tenant `tid` carries under `template`. Call only with a template and a checked tenant ID. */
export function issuerForTenant(template: string, tid: string): string {
  return template.replace(TENANT_PLACEHOLDER, tid);
}

/**
 * Where to fetch the discovery document of a template issuer: the tenant-independent document that
 * publishes it (the `common` one). Undefined for any other issuer, whose document is under itself.
 */
export function templateDiscoveryBase(issuer: string): string | undefined {
  return TEMPLATES.get(issuer)?.[0];
}

/**
 * The template a tenant-independent location publishes (`https://login.microsoftonline.com/common/v2.0`
 * publishes the v2.0 template), or undefined when `base` is no such location.
 */
export function templatePublishedAt(base: string): string | undefined {
  for (const [template, bases] of TEMPLATES) if (bases.includes(base)) return template;
  return undefined;
}

/**
 * Whether a discovery document fetched for `configured` may name `published` as its issuer: exactly the
 * same string (Discovery's own rule), or the pairing Microsoft documents, where the tenant-independent
 * location (`/common/v2.0`, `/organizations/v2.0`, v1.0 `/common`) publishes its template.
 */
export function documentSpeaksFor(configured: string, published: string): boolean {
  if (configured === published) return true;
  return isTenantTemplate(published) && templatePublishedAt(configured) === published;
}
