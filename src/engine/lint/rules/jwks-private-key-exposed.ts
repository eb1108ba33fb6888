import { keyRef } from '../jwks.ts';
import { report, type LintRule } from '../types.ts';

export const jwksPrivateKeyExposed: LintRule = {
  code: 'JWKS_PRIVATE_KEY_EXPOSED',
  severity: 'error',
  title: 'A JWKS key carries private or symmetric key members',
  docs: 'A public JWK Set must hold public keys only. A key with d, p, q, dp, dq, qi or oth is a private key, and k is a symmetric secret: anyone who reads the JWKS can sign tokens. The finding names the key and the member names, never their values.',
  remediation: 'Rotate the exposed key now (it must be considered compromised), then publish only the public members.',
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
