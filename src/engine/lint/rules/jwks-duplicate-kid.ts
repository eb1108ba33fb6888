import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

export const jwksDuplicateKid: LintRule = {
  code: 'JWKS_DUPLICATE_KID',
  severity: 'warning',
  title: 'Two JWKS keys share a kid',
  docs: 'Validators pick the key by kid; when two keys share one, which key verifies a token depends on the validator, and a rotation can silently break verification.',
  remediation: 'Give every key in the set its own kid.',
  why: 'When two keys share a kid, which one verifies a token depends on the validator: some try only the first, so after a rotation valid tokens fail in some services and not in others.',
  securitySeverity: 3.7,
  example: {
    scenario: 'A rotation published the new key under the old key\'s kid.',
    config: providerExample({ alg_policy: '\n      allowed_algs: [ES256]' }),
    served: {
      [EXAMPLE_JWKS_URI]: {
        keys: [
          { kty: 'EC', crv: 'P-256', kid: 'orders', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg' },
          { kty: 'EC', crv: 'P-256', kid: 'orders', use: 'sig', alg: 'ES256', x: 'Gl3utLkpY-KeNi-m6F7mN7VGFhZ17Lgz-vDP-FNN8pc', y: 'HXXhxfMlcMl2RR6PeF26SbJyj0nWlS6c4PMjAMOcM4c' },
        ],
      },
    },
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'fetched') return [];
    const byKid = new Map<string, number[]>();
    for (const k of jwks.analysis.keys) {
      if (k.kid === undefined) continue;
      byKid.set(k.kid, [...(byKid.get(k.kid) ?? []), k.index]);
    }
    return [...byKid]
      .filter(([, indexes]) => indexes.length > 1)
      .map(([kid, indexes]) =>
        report(jwksDuplicateKid, `JWKS keys ${indexes.join(', ')} share kid "${kid}".`, { field: '/jwks_uri', kid, key_indexes: indexes }),
      );
  },
};
