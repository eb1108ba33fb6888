import { JWS_ALGORITHMS } from '../../types.ts';
import { report, type LintRule } from '../types.ts';
import { pointer } from '../uri.ts';
import { weakAlgorithmReason } from './weak-algorithm.ts';

export const unknownAlgorithm: LintRule = {
  code: 'UNKNOWN_ALGORITHM',
  severity: 'error',
  title: 'The allowlist holds a name that is no JWS algorithm oidc-gate knows',
  docs: 'JWS algorithm names are case-sensitive (RFC 7515 §4.1.1): rs256 matches no token. Known names are HS256/384/512, RS256/384/512, PS256/384/512, ES256/384/512, EdDSA, Ed25519 and Ed448 (plus none, RS1 and HS1, which WEAK_ALGORITHM reports instead).',
  remediation: 'Use the registered spelling, e.g. RS256, ES256 or EdDSA.',
  check({ request }) {
    return request.alg_policy.allowed_algs.flatMap((alg, i) => {
      if ((JWS_ALGORITHMS as readonly string[]).includes(alg) || weakAlgorithmReason(alg) !== undefined) return [];
      const near = JWS_ALGORITHMS.find((a) => a.toLowerCase() === alg.trim().toLowerCase());
      return [
        report(
          unknownAlgorithm,
          `allowed_algs[${i}] "${alg}" is not a JWS algorithm oidc-gate knows${near !== undefined ? ` (names are case-sensitive: did you mean ${near}?)` : ''}.`,
          { field: pointer('alg_policy', 'allowed_algs', i), alg },
          near !== undefined ? `Write it as ${near}.` : unknownAlgorithm.remediation,
        ),
      ];
    });
  },
};
