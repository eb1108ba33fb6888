import { providerExample, report, type LintRule } from '../types.ts';
import { pointer, redactUri } from '../../uri.ts';

export const redirectUriWildcard: LintRule = {
  code: 'REDIRECT_URI_WILDCARD',
  severity: 'error',
  title: 'A redirect URI contains a * wildcard',
  docs: 'Redirect URIs are compared by exact string match (OAuth 2.0 Security BCP §4.1.3). A pattern invites providers or proxies that do expand it to send codes to an attacker-chosen host or path.',
  remediation: 'List every callback URL explicitly instead of a pattern.',
  why: 'Authorization codes go wherever the redirect URI points. If any subdomain or path matches, an attacker who controls one of them (a forgotten DNS record, a user-content site) receives codes for your client and can log in as its users.',
  securitySeverity: 8.1,
  example: {
    scenario: 'One redirect URI covers every subdomain of the app.',
    config: providerExample({ redirect_uris: '\n      - https://*.orders.example.com/callback' }),
  },
  check({ request }) {
    return request.redirect_uris.flatMap((raw, i) =>
      raw.includes('*')
        ? [report(redirectUriWildcard, `redirect_uris[${i}] contains a "*" wildcard.`, { field: pointer('redirect_uris', i), uri: redactUri(raw) })]
        : [],
    );
  },
};
