import { providerExample, report, type LintRule } from '../types.ts';
import { parseAbsoluteUri, pointer, redactUri } from '../../uri.ts';

const DANGEROUS_SCHEMES = new Set(['javascript', 'data', 'file', 'vbscript']);

/** RFC 6749 §3.1.2: absolute, no fragment; OAuth 2.0 Security BCP §4.1: no scheme that runs code. */
export const redirectUriInvalid: LintRule = {
  code: 'REDIRECT_URI_INVALID',
  severity: 'error',
  title: 'A redirect URI is not absolute, has a fragment or user info, or uses a javascript:, data: or file: scheme',
  docs: 'A redirect URI must be an absolute URI without fragment (RFC 6749 §3.1.2). User info and the javascript:, data:, file: and vbscript: schemes let an authorization response land somewhere other than the client.',
  remediation: 'Register the exact absolute https:// callback URL of the client (or a private-use scheme / loopback URI for native apps, RFC 8252).',
  why: 'The provider sends authorization codes and tokens to the redirect URI. A fragment is dropped or mangled on the way, user info can make a URI point at another host than it seems to, and a javascript:, data: or file: URI runs or reads something in the user\'s browser instead of reaching the client.',
  securitySeverity: 7.4,
  example: {
    scenario: 'A redirect URI carries a fragment, which RFC 6749 forbids.',
    config: providerExample({ redirect_uris: '\n      - https://orders.example.com/callback#signed-in' }),
  },
  check({ request }) {
    return request.redirect_uris.flatMap((raw, i) => {
      const problems: string[] = [];
      const p = parseAbsoluteUri(raw);
      if (!p.ok) {
        problems.push(p.reason);
      } else {
        if (DANGEROUS_SCHEMES.has(p.scheme)) problems.push(`uses the ${p.scheme}: scheme`);
        if (p.url.username !== '' || p.url.password !== '') problems.push('carries user info');
        if (raw.includes('#')) problems.push('has a fragment');
        const illegal = p.illegalChars.filter((c) => c !== '*');
        if (illegal.length > 0) problems.push(`contains characters not allowed in a URI (${illegal.join(' ')})`);
      }
      if (problems.length === 0) return [];
      const field = pointer('redirect_uris', i);
      return [report(redirectUriInvalid, `redirect_uris[${i}] ${problems.join(', ')}.`, { field, uri: redactUri(raw), problems })];
    });
  },
};
