/**
 * A sample token's `expect`: what it must turn out as (`valid`, `invalid`, or codes that must
 * appear), and whether an outcome meets it.
 */
import { findingCatalogue, getFindingDefinition } from '../catalogue.ts';
import { nearest } from '../config/nearest.ts';
import type { Expectation } from '../types.ts';

/** `expect` as written; left out it is `valid`. Undefined when it is none of the accepted forms. */
export function parseExpectation(value: unknown): Expectation | undefined {
  if (value === undefined) return 'valid';
  if (value === 'valid' || value === 'invalid') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '')) return value as string[];
  return undefined;
}

/**
 * Whether a sample can ever produce `code`: a validation finding, or MALFORMED_TOKEN for a token that
 * does not parse. A misspelt code could never appear, so the sample would fail for the wrong reason.
 */
export function isExpectableCode(code: string): boolean {
  return code === 'MALFORMED_TOKEN' || getFindingDefinition(code)?.area === 'validate';
}

/** The expectable code a misspelt one most likely meant (AUDIENCE_MISMATHC → AUDIENCE_MISMATCH). */
export function nearestExpectableCode(code: string): string | undefined {
  return nearest(code, [...findingCatalogue.filter((d) => d.area === 'validate').map((d) => d.code), 'MALFORMED_TOKEN']);
}

export type Verdict = { passed: true } | { passed: false; message: string };

/** Does the outcome meet `expect`? Codes must all appear (among errors or warnings); others may too. */
export function judge(expect: Expectation, valid: boolean, codes: readonly string[]): Verdict {
  const got = codes.length > 0 ? codes.join(', ') : 'no findings';
  if (expect === 'valid') {
    return valid ? { passed: true } : { passed: false, message: `The sample is expected to be valid, but it is invalid (${got}).` };
  }
  if (expect === 'invalid') {
    return valid ? { passed: false, message: `The sample is expected to be invalid, but it is valid (${got}).` } : { passed: true };
  }
  const missing = expect.filter((c) => !codes.includes(c));
  return missing.length === 0
    ? { passed: true }
    : { passed: false, message: `The sample is expected to produce ${expect.join(', ')}, but ${missing.join(', ')} did not appear (got: ${got}).` };
}
