import { keyRef } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

export const jwksPrivateKeyExposed: LintRule = {
  code: 'JWKS_PRIVATE_KEY_EXPOSED',
  severity: 'error',
  title: 'A JWKS key carries private or symmetric key members',
  docs: 'A public JWK Set must hold public keys only. A key with d, p, q, dp, dq, qi or oth is a private key, and k is a symmetric secret: anyone who reads the JWKS can sign tokens. The finding names the key and the member names, never their values.',
  remediation: 'Rotate the exposed key now (it must be considered compromised), then publish only the public members.',
  why: 'The JWKS is public: anyone who fetches it gets the private key and can sign tokens every relying party accepts. The key must be considered compromised from the moment it was published.',
  securitySeverity: 9.8,
  example: {
    scenario: 'The signing key was published with its private part d.',
    config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'EC', crv: 'P-256', kid: 'orders-2026', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg', d: '(the private key, elided here)' }] } },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys
      .filter((k) => k.privateMembers.length > 0)
      .map((k) =>
        report(
          jwksPrivateKeyExposed,
          `JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} publishes private members: ${k.privateMembers.join(', ')}.`,
          { field: '/jwks_uri', ...keyRef(k), members: k.privateMembers },
        ),
      );
  },
};
