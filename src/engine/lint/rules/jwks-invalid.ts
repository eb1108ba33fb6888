import { keyRef } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

export const jwksInvalid: LintRule = {
  code: 'JWKS_INVALID',
  severity: 'error',
  title: 'The JWKS is not a JWK Set, or a key lacks required members',
  docs: 'The jwks_uri document must be a JSON object with a "keys" array (RFC 7517 §5), and each key must carry the members its kty requires (RFC 7518 §6: RSA n and e, EC crv, x and y, OKP crv and x) as base64url strings that form a valid key (members in standard base64 are JWKS_NONSTANDARD_ENCODING instead). An x5c, when present, must be an array of standard-base64 DER certificates (RFC 7517 §4.7).',
  remediation: 'Point jwks_uri at the provider\'s JWK Set document (not at discovery or a PEM), and publish complete public keys.',
  why: 'Keys that do not parse cannot verify anything, and validators differ in how they treat them: one skips the key, another fails the whole set. A broken JWKS can stop every token from verifying.',
  securitySeverity: 5.3,
  example: {
    scenario: 'The RSA key in the set has no modulus (n).',
    config: providerExample(),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2026', use: 'sig', alg: 'RS256', e: 'AQAB' }] } },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    const { analysis } = jwks;
    if (analysis.notASet !== undefined) {
      return [report(jwksInvalid, `The jwks_uri document is not a JWK Set: ${analysis.notASet}.`, { field: '/jwks_uri', problems: [analysis.notASet] })];
    }
    return analysis.keys
      .filter((k) => k.missing.length > 0 || k.malformed.length > 0)
      .map((k) => {
        const problems = [...(k.missing.length > 0 ? [`missing ${k.missing.join(', ')}`] : []), ...k.malformed];
        const evidence: Record<string, unknown> = { field: '/jwks_uri', ...keyRef(k), problems };
        if (k.missing.length > 0) evidence.missing = k.missing;
        return report(jwksInvalid, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''}: ${problems.join('; ')}.`, evidence);
      });
  },
};
