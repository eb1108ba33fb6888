import { providerExample, report, type LintRule } from '../types.ts';
import { parseAbsoluteUri, pointer, redactUri } from '../../uri.ts';

export const redirectUriLocalhost: LintRule = {
  code: 'REDIRECT_URI_LOCALHOST',
  severity: 'warning',
  title: 'A redirect URI uses localhost instead of a loopback IP literal',
  docs: 'RFC 8252 §8.3: loopback redirect URIs should use 127.0.0.1 or [::1]; the name localhost may resolve to another interface, or be answered by another listener.',
  remediation: 'Use http://127.0.0.1:<port>/... or http://[::1]:<port>/... for a native app loopback redirect.',
  why: 'localhost is a name: it may resolve to an address other than the loopback interface, and another program listening on it can receive the native app\'s authorization code.',
  securitySeverity: 3.7,
  example: {
    scenario: 'A native app\'s loopback redirect uses the name localhost.',
    config: providerExample({ redirect_uris: '\n      - http://localhost:5173/callback', https_required: 'false' }),
  },
  check({ request }) {
    return request.redirect_uris.flatMap((raw, i) => {
      const p = parseAbsoluteUri(raw);
      if (!p.ok) return [];
      const host = p.url.hostname.toLowerCase().replace(/\.$/, '');
      if (host !== 'localhost' && !host.endsWith('.localhost')) return [];
      return [report(redirectUriLocalhost, `redirect_uris[${i}] uses the host name ${host}.`, { field: pointer('redirect_uris', i), uri: redactUri(raw) })];
    });
  },
};
