import { describeKey, keyFitsAlg } from '../jwks.ts';
import { EXAMPLE_JWKS_URI, providerExample, report, type LintRule } from '../types.ts';

export const jwksNoUsableKey: LintRule = {
  code: 'JWKS_NO_USABLE_KEY',
  severity: 'error',
  title: 'No key in the JWKS can verify any allowed algorithm',
  docs: 'At least one key must fit an entry of allowed_algs by the rule the validator applies: RSA of 2048 to 8192 bits with an odd public exponent from 65537 up to 2^256 for RS*/PS*, the matching curve for ES256/384/512 with the point on it, Ed25519/Ed448 for EdDSA; the key\'s use must be sig when present, its key_ops must include verify when present, and its alg must equal the algorithm when present. Otherwise every token fails with KEY_NOT_FOUND.',
  remediation: 'Allow the algorithm the provider\'s keys are for (see evidence.keys), or check that jwks_uri is the right provider.',
  why: 'If no published key fits the algorithms the client allows, every token fails: usually the allowlist names RS256 while the provider moved to ES256 keys, or jwks_uri points at another provider.',
  securitySeverity: 5.3,
  example: {
    scenario: 'The client allows RS256, but the provider publishes only an EC P-256 key.',
    config: providerExample(),
    served: { [EXAMPLE_JWKS_URI]: { keys: [{ kty: 'EC', crv: 'P-256', kid: 'orders-2026', use: 'sig', alg: 'ES256', x: 'XnrxM-lf8nP5N_Tp6peSHzZYN99S-2Sb7gET2xbhgYY', y: 'okNxd0gSehiWPNBym_wvyt1UXCB3xJU5I_ljiXXJVRg' }] } },
  },
  needsJwks: true,
  check({ jwks, request }) {
    if (jwks.state !== 'fetched' || jwks.analysis.notASet !== undefined) return [];
    const algs = request.alg_policy.allowed_algs;
    if (jwks.analysis.keys.some((k) => algs.some((alg) => keyFitsAlg(k, alg)))) return [];
    const keys = jwks.analysis.keys.map((k) => {
      const d: Record<string, unknown> = { key_index: k.index, type: describeKey(k) };
      if (k.kid !== undefined) d.kid = k.kid;
      if (typeof k.alg === 'string') d.alg = k.alg;
      if (typeof k.use === 'string') d.use = k.use;
      return d;
    });
    const message = keys.length === 0
      ? 'The JWKS holds no keys, so no allowed algorithm can be verified.'
      : `None of the ${keys.length} JWKS key${keys.length === 1 ? '' : 's'} (${[...new Set(keys.map((k) => k.type as string))].join(', ')}) can verify any of ${algs.join(', ')}.`;
    return [report(jwksNoUsableKey, message, { field: '/jwks_uri', allowed_algs: algs, keys })];
  },
};
