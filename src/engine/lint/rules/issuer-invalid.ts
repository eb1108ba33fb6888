import { providerExample, report, type LintRule } from '../types.ts';
import { isTenantTemplate } from '../../issuer-template.ts';
import { parseAbsoluteUri, redactUri } from '../../uri.ts';

/**
 * Why an issuer string is not a valid issuer identifier; empty when it is one. Discovery shares it.
 * Microsoft Entra ID's published multi-tenant templates (https://login.microsoftonline.com/{tenantid}/v2.0
 * and https://sts.windows.net/{tenantid}/, exactly) are valid: validation fills in the token's tid.
 */
export function issuerProblems(raw: string): string[] {
  if (isTenantTemplate(raw)) return [];
  const p = parseAbsoluteUri(raw);
  if (!p.ok) return [p.reason];
  const problems: string[] = [];
  if (p.url.username !== '' || p.url.password !== '') problems.push('carries user info');
  if (raw.includes('?')) problems.push('has a query');
  if (raw.includes('#')) problems.push('has a fragment');
  if (p.illegalChars.length > 0) {
    problems.push(`contains characters not allowed in a URL (${p.illegalChars.join(' ')})${p.illegalChars.includes('{') ? ', probably an unfilled template' : ''}`);
  }
  return problems;
}

/** OIDC Core §2 / Discovery §2: the issuer is an https URL with no query or fragment. */
export const issuerInvalid: LintRule = {
  code: 'ISSUER_INVALID',
  severity: 'error',
  title: 'The issuer is not an absolute URL, or carries a query, fragment or user info',
  docs: 'The issuer is compared byte for byte with the iss claim and is the base of discovery, so it must be an absolute URL without query, fragment or user info (OpenID Connect Discovery §2), written with RFC 3986 characters only: a template such as {tenantid} never matches a real token. The one exception is Microsoft Entra ID\'s multi-tenant issuer exactly as its tenant-independent discovery documents publish it, https://login.microsoftonline.com/{tenantid}/v2.0 (or the v1.0 https://sts.windows.net/{tenantid}/): validation then requires iss to be that template with the token\'s tid claim in place of {tenantid}, and tenants: can list the tenants to accept.',
  remediation: 'Set issuer to the exact iss value the provider puts in its tokens, e.g. https://login.example.com/tenant-id.',
  alsoIn: ['discover'],
  why: 'No token ever carries an issuer that is not a plain URL, so every token fails ISSUER_MISMATCH; and a template left in the configuration (a {tenantid} placeholder) usually means whoever set it up meant to accept a whole family of issuers, which exact matching will never do.',
  securitySeverity: 5.3,
  example: {
    scenario: 'The issuer was copied from a multi-tenant provider\'s documentation with its {tenantid} placeholder still in it.',
    config: providerExample({ issuer: 'https://login.example.com/{tenantid}/v2.0' }),
  },
  check({ request }) {
    const problems = issuerProblems(request.issuer);
    if (problems.length === 0) return [];
    return [report(issuerInvalid, `issuer ${problems.join(', ')}.`, { field: '/issuer', uri: redactUri(request.issuer), problems })];
  },
};
