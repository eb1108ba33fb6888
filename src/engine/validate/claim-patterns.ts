import { VALIDATION_FINDINGS as F, finding } from '../findings.ts';
import { compileStringLike, type StringLikePattern } from '../trust/string-like.ts';
import type { ClaimDiffEntry, Finding } from '../types.ts';

/** required_claim_patterns as a policy gives it: claim name to one pattern or a list, any of which may match. */
export type ClaimPatterns = Readonly<Record<string, string | readonly string[]>>;

interface CompiledClaim {
  readonly name: string;
  readonly expected: readonly string[];
  readonly patterns: readonly StringLikePattern[];
}

/**
 * Patterns are compiled once per policy object: a profile's policy lives as long as the process, so its
 * patterns are compiled at its first token, not at every one.
 */
const compiled = new WeakMap<ClaimPatterns, readonly CompiledClaim[]>();

function compile(patterns: ClaimPatterns): readonly CompiledClaim[] {
  let claims = compiled.get(patterns);
  if (claims === undefined) {
    claims = Object.entries(patterns).map(([name, given]) => {
      const expected = typeof given === 'string' ? [given] : [...given];
      return { name, expected, patterns: expected.map(compileStringLike) };
    });
    compiled.set(patterns, claims);
  }
  return claims;
}

/**
 * CLAIM_PATTERN_MISMATCH for each claim that matches none of its patterns. Only a string claim can match:
 * a number, a list or an object is a mismatch whose message says so, because a pattern written for one
 * value says nothing about which members of a list would be acceptable.
 */
export function checkClaimPatterns(
  claims: Record<string, unknown>,
  patterns: ClaimPatterns,
  report: (finding: Finding, claim: string, entry: ClaimDiffEntry) => void,
): void {
  for (const claim of compile(patterns)) {
    const present = Object.hasOwn(claims, claim.name);
    const value = present ? claims[claim.name] : null;
    if (typeof value === 'string' && claim.patterns.some((p) => p.matches(value))) continue;
    const message = !present
      ? `The claim "${claim.name}" is absent.`
      : typeof value !== 'string'
        ? `The claim "${claim.name}" is not a string (${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}), so no pattern can match it.`
        : `The claim "${claim.name}" matches none of its required patterns.`;
    report(
      finding(F.CLAIM_PATTERN_MISMATCH, message, { claim: claim.name, expected: claim.expected, actual: value }),
      claim.name,
      { expected: claim.expected, actual: value },
    );
  }
}
