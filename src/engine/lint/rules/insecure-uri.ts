import { providerExample, report, type LintRule } from '../types.ts';
import { isHttpsUri, pointer, redactUri } from '../../uri.ts';

export const insecureUri: LintRule = {
  code: 'INSECURE_URI',
  severity: 'error',
  title: 'A URI is not https:// while https_required is true',
  docs: 'With https_required (the default), issuer, jwks_uri, discovered_jwks_uri and every redirect URI must be absolute https:// URLs: keys fetched or codes delivered over plain HTTP can be swapped or read on the way. A value that is not a URL at all is reported too, since it is not https either.',
  remediation: 'Use the https:// form of the URI, or set https_required: false only for a local test setup.',
  alsoIn: ['discover'],
  why: 'Whoever sits on the network path of a plain-HTTP fetch can answer it: a JWKS fetched over HTTP can be replaced with the attacker\'s own keys (and then every forged token verifies), and an authorization code sent to an HTTP redirect URI can be read and redeemed.',
  securitySeverity: 7.4,
  example: {
    scenario: 'The JWKS is fetched over plain HTTP.',
    config: providerExample({ jwks_uri: 'http://idp.example.com/keys' }),
  },
  check({ request, httpsRequired }) {
    if (!httpsRequired) return [];
    // [pointer, label for the message, value], in request field order.
    const fields: [string, string, string | undefined][] = [
      [pointer('issuer'), 'issuer', request.issuer],
      [pointer('jwks_uri'), 'jwks_uri', request.jwks_uri],
      ...request.redirect_uris.map((u, i): [string, string, string] => [pointer('redirect_uris', i), `redirect_uris[${i}]`, u]),
      [pointer('discovered_jwks_uri'), 'discovered_jwks_uri', request.discovered_jwks_uri],
    ];
    return fields
      .filter((f): f is [string, string, string] => f[2] !== undefined && !isHttpsUri(f[2]))
      .map(([field, label, uri]) => report(insecureUri, `${label} is not an https:// URI.`, { field, uri: redactUri(uri) }));
  },
};
