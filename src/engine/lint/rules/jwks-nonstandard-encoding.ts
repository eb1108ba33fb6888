import { keyRef } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

/** A real 2048-bit RSA modulus written in standard base64, as Battle.net and PayPal publish theirs. */
const STANDARD_BASE64_MODULUS = 'y3BqJTP+kUSKd2lULLtyECbT2dJ7HAgs6J3hss0yd7UZQXCVfSgAN1pUSMgQT1+N1P8kLUb1OMsbfLxFufxlJnFcDTNHOLuYWSplVKfss4i/SkYOKtkymD8h6YOdRBVBjgb93Z99zYJjnym0LVupfFEEYAIg6Pi+GF+UzGyJ8yAH4I4+DBB6Y7CFPajpM10NPnwvNWDYZzmgXtq1a9GAf7JOn98tlwzdNdi31t3PJNlTM+3bI1sU0qacEZAONHad6zoBbz62xEvsyRcQdz74zWl/J3cuxVEyNsXl5U5Ge7Nj9f5Gaeu2PYQRD/F0DApYUthRh1IQCV1fFOcMBqtk8w==';

export const jwksNonstandardEncoding: LintRule = {
  code: 'JWKS_NONSTANDARD_ENCODING',
  severity: 'warning',
  title: 'A JWKS key writes its members in standard base64 instead of base64url',
  docs: 'RFC 7518 §6 writes key members (n, e, x, y, …) in base64url without padding. Some providers publish standard base64 (+, / and = padding) instead. Node\'s JWK import and jose read both alphabets, so oidc-gate\'s validator, like most libraries, still verifies with such a key, and JWKS_NO_USABLE_KEY counts it as usable; stricter libraries refuse it. evidence.members names the members, never their values.',
  remediation: 'Publish the key members in base64url (- and _ instead of + and /, no = padding), as RFC 7518 §6 requires.',
  why: 'A strict JOSE library, or a future version of a lenient one, refuses the key: clients that use one cannot verify the provider\'s tokens, and which clients those are is hard to tell until they fail.',
  securitySeverity: 2.0,
  example: {
    scenario: 'The provider writes its RSA modulus in standard base64, with + and / and = padding.',
    config: providerExample(),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2026', use: 'sig', alg: 'RS256', e: 'AQAB', n: STANDARD_BASE64_MODULUS }] } },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys
      .filter((k) => k.nonstandardEncoding.length > 0)
      .map((k) => report(
        jwksNonstandardEncoding,
        `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} writes ${k.nonstandardEncoding.join(', ')} in standard base64 (+, / or = padding), not base64url.`,
        { field: '/jwks_uri', ...keyRef(k), members: k.nonstandardEncoding },
      ));
  },
};
