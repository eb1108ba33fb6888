import { report, type LintRule } from '../types.ts';
import { parseAbsoluteUri, redactUri } from '../uri.ts';

/** OIDC Core §2 / Discovery §2: the issuer is an https URL with no query or fragment. */
export const issuerInvalid: LintRule = {
  code: 'ISSUER_INVALID',
  severity: 'error',
  title: 'The issuer is not an absolute URL, or carries a query, fragment or user info',
  docs: 'The issuer is compared byte for byte with the iss claim and is the base of discovery, so it must be an absolute URL without query, fragment or user info (OpenID Connect Discovery §2), written with RFC 3986 characters only: a template such as {tenantid} never matches a real token.',
  remediation: 'Set issuer to the exact iss value the provider puts in its tokens, e.g. https://login.example.com/tenant-id.',
  check({ request }) {
    const raw = request.issuer;
    const problems: string[] = [];
    const p = parseAbsoluteUri(raw);
    if (!p.ok) {
      problems.push(p.reason);
    } else {
      if (p.url.username !== '' || p.url.password !== '') problems.push('carries user info');
      if (p.url.search !== '' || raw.includes('?')) problems.push('has a query');
      if (p.url.hash !== '' || raw.includes('#')) problems.push('has a fragment');
      if (p.illegalChars.length > 0) {
        problems.push(`contains characters not allowed in a URL (${p.illegalChars.join(' ')})${p.illegalChars.includes('{') ? ', probably an unfilled template' : ''}`);
      }
    }
    if (problems.length === 0) return [];
    return [report(issuerInvalid, `issuer ${problems.join(', ')}.`, { field: '/issuer', uri: redactUri(raw), problems })];
  },
};
