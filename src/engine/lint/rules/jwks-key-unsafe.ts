import { RSA_MAX_MODULUS_BITS } from '../../jws/key-strength.ts';
import { keyRef } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

export const jwksKeyUnsafe: LintRule = {
  code: 'JWKS_KEY_UNSAFE',
  severity: 'error',
  title: 'A JWKS key has an unsafe RSA exponent, an oversized modulus or an unsupported curve',
  docs: 'oidc-gate verifies only with RSA keys whose public exponent is odd with 65537 ≤ e < 2^256 (NIST SP 800-56B rev. 2) and whose modulus is at most 8192 bits, and with EC keys on P-256, P-384 or P-521. With e = 1 a signature is just the padded digest, so anyone can forge one; small exponents invite padding attacks; a huge exponent or modulus makes every verification tens of times slower. The validator skips such a key, and a token that names it fails with KEY_MISMATCH. evidence.reason is weak_exponent, even_exponent, exponent_too_large, key_too_large or unsupported_curve. (A modulus under 2048 bits is JWKS_KEY_TOO_SMALL; an EC point off its curve is JWKS_INVALID.)',
  remediation: 'Ask the provider to rotate to an RSA key of 2048 to 8192 bits with public exponent 65537, or an EC P-256/P-384/P-521 key.',
  why: 'An RSA key with exponent 1 verifies any "signature" that is just the padded hash of the token, which anyone can compute: every validator that uses the key accepts forged tokens. Other bounds protect against padding attacks and against keys that make each verification a denial of service.',
  securitySeverity: 9.1,
  example: {
    scenario: 'The JWKS holds an RSA key with public exponent 1 (e "AQ").',
    config: providerExample(),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2026', use: 'sig', alg: 'RS256', e: 'AQ', n: 'wKe-Uzivkm5_fRZNzUuyMmtUv_Gngzbx1p__rIo44U0aMGZCdO46edqlRyAIiCFTnALYxivMw_N91M-mzq_rcZGbvRz1RwZuWXgH8A81G3YIzmQAHeOMiEVntMtL4bojVr1Ye7BlZJg41JJ5pNP3DHGbNgZu4Ch2WvWMwJ0oRd2gdqh1qM6-b2FfeT05qiC_9Dek9WRAY4in737ItR7i8mwOrTIjvbX_EdTl_GDupJO9M5tgQ2g6bTlhQRwcFf2-tuYB0gzrAG2aTi6CIIJRAhlFkli4iUL8_uTaJDOb7BsfPE-fXk8zaExjaW_qXVincjmD30t3XHZccW6jvpStfw' }] } },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys.flatMap((k) => k.unsafe.map((weakness) => {
      const evidence: Record<string, unknown> = { field: '/jwks_uri', ...keyRef(k), kty: k.kty, reason: weakness.reason };
      if (weakness.reason === 'key_too_large') Object.assign(evidence, { bits: k.bits, maximum_bits: RSA_MAX_MODULUS_BITS });
      else if (k.kty === 'RSA') evidence.exponent_bits = k.exponentBits;
      else evidence.crv = k.crv !== undefined && k.crv.length > 40 ? `${k.crv.slice(0, 40)}…` : k.crv;
      return report(jwksKeyUnsafe, `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} ${weakness.message}.`, evidence);
    }));
  },
};
