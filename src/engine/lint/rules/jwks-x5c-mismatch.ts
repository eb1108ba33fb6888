import { describeKey, keyRef } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';
import { X5C_EXAMPLE } from '../x5c-example.ts';

export const jwksX5cMismatch: LintRule = {
  code: 'JWKS_X5C_MISMATCH',
  severity: 'error',
  title: 'The certificate in a JWKS key\'s x5c holds another public key than the JWK',
  docs: 'RFC 7517 §4.7: the key in the first x5c certificate MUST match the JWK\'s own members (n and e, or crv, x and y). The two keys are compared as keys (type, parameters and value), not as text. Keys whose own members are broken are JWKS_INVALID\'s and not compared.',
  remediation: 'Ask the provider to publish, in x5c, the certificate of the key the JWK describes (or to drop x5c from the key).',
  why: 'Clients that read the key from x5c and clients that read n/e or x/y then trust different keys: tokens verify for some relying parties and fail for others, and the key in the certificate may belong to someone else.',
  securitySeverity: 6.5,
  example: {
    scenario: 'The key\'s x5c holds the certificate of another key.',
    config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ ...X5C_EXAMPLE.jwk, kid: 'orders-2026', use: 'sig', alg: 'ES256', x5c: [X5C_EXAMPLE.otherKeyCertificate] }] } },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys.flatMap((k) => {
      if (k.x5c?.matchesKey !== false) return [];
      return [report(
        jwksX5cMismatch,
        `The x5c certificate of JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} holds a ${k.x5c.keyDescription} key that is not the JWK's ${describeKey(k)} key.`,
        { field: '/jwks_uri', ...keyRef(k), jwk_key: describeKey(k), certificate_key: k.x5c.keyDescription },
      )];
    });
  },
};
