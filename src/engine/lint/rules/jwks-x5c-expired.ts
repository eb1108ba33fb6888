import { certificateExpiry } from '../cert-expiry.ts';
import { keyRef } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';
import { X5C_EXAMPLE } from '../x5c-example.ts';

export const jwksX5cExpired: LintRule = {
  code: 'JWKS_X5C_EXPIRED',
  severity: 'error',
  title: 'The certificate in a JWKS key\'s x5c has expired',
  docs: 'The first certificate of a key\'s x5c (RFC 7517 §4.7) holds the key. Its notAfter is judged at the engine\'s clock; evidence.not_after gives it. Only the first certificate of the chain is judged.',
  remediation: 'Ask the provider to publish a current certificate for the key in x5c, or to drop x5c from the key.',
  why: 'Clients that take the key from x5c, as many .NET and Java libraries and some API gateways do, check its validity and refuse an expired certificate: for them the key is gone, and every token it signs fails.',
  securitySeverity: 5.3,
  example: {
    scenario: 'The key\'s certificate expired in 2020; the JWK itself is still served.',
    config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ ...X5C_EXAMPLE.jwk, kid: 'orders-2020', use: 'sig', alg: 'ES256', x5c: [X5C_EXAMPLE.expiredCertificate] }] } },
  },
  needsJwks: true,
  check({ jwks, now }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys.flatMap((k) => {
      if (k.x5c === undefined || !certificateExpiry(k.x5c.notAfter, now).expired) return [];
      return [report(
        jwksX5cExpired,
        `The x5c certificate of JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} expired on ${k.x5c.notAfter}.`,
        { field: '/jwks_uri', ...keyRef(k), not_after: k.x5c.notAfter },
      )];
    });
  },
};
