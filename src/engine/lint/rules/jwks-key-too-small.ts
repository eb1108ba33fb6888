import { RSA_MIN_MODULUS_BITS } from '../../jws/key-strength.ts';
import { describeKey, keyRef, MIN_EC_BITS } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

export const jwksKeyTooSmall: LintRule = {
  code: 'JWKS_KEY_TOO_SMALL',
  severity: 'error',
  title: 'A JWKS key is too small (RSA under 2048 bits, EC under 224 bits)',
  docs: 'RSA keys under 2048 bits and EC keys under 224 bits are within reach of factoring or discrete-log attacks (NIST SP 800-57); oidc-gate will not verify with such RSA keys. The RSA size is that of the modulus without leading zero bytes.',
  remediation: 'Ask the provider to rotate to RSA 2048+ or an EC P-256/P-384 key, and allow only the algorithms of the strong keys.',
  why: 'A 1024-bit RSA key can be factored with resources well within reach of a determined attacker, and whoever factors it signs tokens as the provider.',
  securitySeverity: 7.4,
  example: {
    scenario: 'The provider still signs with a 1024-bit RSA key.',
    config: providerExample(),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'RSA', kid: 'orders-2016', use: 'sig', alg: 'RS256', e: 'AQAB', n: 'yhueO0hjbwHnnmDmF-dPrTQmrkmSrA1uVa7Fpu1XgTC0RE4--8RQqA6G2gJV5QFIhJArNUeMiAqf7CkOKSMPZ3Op27fnG_PvDPi_wIMeFzKLPUldEOGsLcwZo7aTS92C_DKwJNdrsuFdvYh0InQX195hCCCaLU_shGpxvHJUxYE' }] } },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys.flatMap((k) => {
      if (k.bits === undefined) return [];
      const minimum = k.kty === 'RSA' ? RSA_MIN_MODULUS_BITS : k.kty === 'EC' ? MIN_EC_BITS : undefined;
      if (minimum === undefined || k.bits >= minimum) return [];
      return [
        report(
          jwksKeyTooSmall,
          `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} is ${describeKey(k)}${k.kty === 'EC' ? ` (${k.bits} bits)` : ' bits'}, under the ${minimum}-bit minimum.`,
          { field: '/jwks_uri', ...keyRef(k), kty: k.kty, bits: k.bits, minimum_bits: minimum },
        ),
      ];
    });
  },
};
