import { providerExample, report, type LintRule } from '../types.ts';
import { pointer } from '../../uri.ts';

/** Why each weak name is weak; `none` is matched in any letter case. */
const WEAK: Record<string, string> = {
  none: 'means unsigned tokens: anyone can forge one',
  HS256: 'is a shared-secret HMAC: every party that can verify can also forge, and a JWKS cannot publish the key',
  HS384: 'is a shared-secret HMAC: every party that can verify can also forge, and a JWKS cannot publish the key',
  HS512: 'is a shared-secret HMAC: every party that can verify can also forge, and a JWKS cannot publish the key',
  RS1: 'uses SHA-1, which is broken for signatures',
  HS1: 'uses SHA-1',
};

export function weakAlgorithmReason(alg: string): string | undefined {
  return alg.toLowerCase() === 'none' ? WEAK.none : Object.hasOwn(WEAK, alg) ? WEAK[alg] : undefined;
}

export const weakAlgorithm: LintRule = {
  code: 'WEAK_ALGORITHM',
  severity: 'error',
  title: 'The allowlist holds an algorithm weaker than RS256, ES256 or EdDSA',
  docs: 'alg_policy.allowed_algs must not contain none (in any letter case), the HMAC algorithms HS256/HS384/HS512, or the SHA-1 algorithms RS1/HS1. For tokens from an OIDC provider, only asymmetric algorithms let a relying party verify without being able to forge.',
  remediation: 'Allow only asymmetric algorithms the provider signs with, e.g. [RS256] or [ES256, EdDSA].',
  why: 'With none allowed, anyone can write a token that verifies. With HS256 allowed next to an RSA or EC key, a validator that takes the key type from the token can be fed an HMAC token "signed" with the public key, which everyone has. Both forge any token.',
  securitySeverity: 9.1,
  example: {
    scenario: 'The allowlist has HS256 next to RS256.',
    config: providerExample({ alg_policy: '\n      allowed_algs: [RS256, HS256]' }),
  },
  check({ request }) {
    return request.alg_policy.allowed_algs.flatMap((alg, i) => {
      const why = weakAlgorithmReason(alg);
      if (why === undefined) return [];
      return [report(weakAlgorithm, `allowed_algs[${i}] "${alg}" ${why}.`, { field: pointer('alg_policy', 'allowed_algs', i), alg })];
    });
  },
};
