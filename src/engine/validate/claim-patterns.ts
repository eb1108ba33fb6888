import { RequestInvalidError } from '../errors.ts';
import { finding } from '../findings.ts';
import { VALIDATION_FINDINGS as F } from './findings.ts';
import { MATCH_WORK_BUDGET } from '../schema/limits.ts';
import { compileStringLike, INDEXOF_MAX_SEGMENT, matchCost, type StringLikePattern } from '../trust/string-like.ts';
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
 * The most work matching `patterns` can take when no claim is longer than `maxClaimLength`, in match
 * units: every pattern of every claim may be tried (a claim is tried against its list until one matches).
 * Compiling is linear in the patterns' length and is kept for the matching.
 */
export function claimPatternsWork(patterns: ClaimPatterns, maxClaimLength: number): number {
  let work = 0;
  for (const claim of compile(patterns)) for (const p of claim.patterns) work += matchCost(maxClaimLength, p);
  return work;
}

/**
 * Why `patterns` may not be used for tokens of up to `tokenLength` characters (a claim is never longer
 * than its token), or undefined when they fit MATCH_WORK_BUDGET. The message completes a JSON Pointer
 * to required_claim_patterns.
 */
export function patternBudgetProblem(patterns: ClaimPatterns, tokenLength: number): string | undefined {
  const work = claimPatternsWork(patterns, tokenLength);
  if (work <= MATCH_WORK_BUDGET) return undefined;
  return `are too costly for a token of ${tokenLength} characters: matching them could take ${work} units of work, over the limit of ${MATCH_WORK_BUDGET} `
    + `(each pattern costs (token length + pattern length) × (1 + one per 32 characters of each part between stars that has a "?" or is over ${INDEXOF_MAX_SEGMENT} characters)). `
    + 'Use fewer or shorter patterns, or fewer "?"';
}

/**
 * A 422 at /policy/required_claim_patterns when an inline policy's patterns could cost more than
 * MATCH_WORK_BUDGET for this token, before any token work. Keeps the compiled patterns for the check.
 */
export function refuseCostlyPatterns(patterns: ClaimPatterns, tokenLength: number): void {
  const problem = patternBudgetProblem(patterns, tokenLength);
  if (problem !== undefined) throw new RequestInvalidError([{ pointer: '/policy/required_claim_patterns', message: problem }]);
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
