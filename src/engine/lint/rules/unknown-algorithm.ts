import { REGISTERED_JWS_ALGORITHMS } from '../../types.ts';
import { providerExample, report, type LintRule } from '../types.ts';
import { pointer } from '../../uri.ts';
import { weakAlgorithmReason } from './weak-algorithm.ts';

export const unknownAlgorithm: LintRule = {
  code: 'UNKNOWN_ALGORITHM',
  severity: 'error',
  title: 'The allowlist holds a name that is no registered JWS algorithm',
  docs: 'JWS algorithm names are case-sensitive (RFC 7515 §4.1.1): rs256 matches no token. Registered names are HS256/384/512, RS256/384/512, PS256/384/512, ES256/384/512, EdDSA, Ed25519, Ed448, ES256K, ESP256/384/512 and ESB256/320/384/512 (plus none, RS1 and HS1, which WEAK_ALGORITHM reports instead). The validator implements all but ES256K, ESP* and ESB*.',
  remediation: 'Use the registered spelling, e.g. RS256, ES256 or EdDSA.',
  why: 'A name that is no JWS algorithm matches no token, so every token fails; and a misspelling such as rs256 often hides that the policy is not what its author believes.',
  securitySeverity: 4.3,
  example: {
    scenario: 'The algorithm is written in lower case.',
    config: providerExample({ alg_policy: '\n      allowed_algs: [rs256]' }),
  },
  check({ request }) {
    return request.alg_policy.allowed_algs.flatMap((alg, i) => {
      if (REGISTERED_JWS_ALGORITHMS.includes(alg) || weakAlgorithmReason(alg) !== undefined) return [];
      const near = REGISTERED_JWS_ALGORITHMS.find((a) => a.toLowerCase() === alg.trim().toLowerCase());
      return [
        report(
          unknownAlgorithm,
          `allowed_algs[${i}] "${alg}" is not a registered JWS algorithm${near !== undefined ? ` (names are case-sensitive: did you mean ${near}?)` : ''}.`,
          { field: pointer('alg_policy', 'allowed_algs', i), alg },
          near !== undefined ? `Write it as ${near}.` : unknownAlgorithm.remediation,
        ),
      ];
    });
  },
};
