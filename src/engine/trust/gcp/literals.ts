/**
 * One test of an attribute condition (cel-logic.ts), possibly negated, as a trust condition on a claim
 * of the token. Equality is exact; startsWith, endsWith, contains and matches get an exact matcher
 * that decides cases as CEL does, beside a StringLike pattern matching a superset of what it admits,
 * which the breadth checks read.
 *
 * CEL fails with an error on a claim the token lacks, and a failing test is never true: a positive
 * test on a missing claim fails (the trust conditions do the same); a negated one is read with
 * ForAnyValue, which also fails on a missing claim and holds when any member of a list claim differs.
 */
import { makeCondition, type Condition } from '../conditions.ts';
import type { StringLikePattern } from '../string-like.ts';
import { compileStringLike } from '../string-like.ts';
import type { Literal, Test } from './cel-logic.ts';
import { approximate } from './re2-approx.ts';
import { compileRe2 } from './re2-match.ts';
import { parseRegex } from './re2-parse.ts';

/** Reports a part not evaluated, at its pointer, with evidence (the expression's text, its offset). */
export type Unsupported = (field: string, message: string, evidence?: Record<string, unknown>) => void;

/** How messages name a test's operator, and its negation. */
function operatorOf(test: Test, negated: boolean): string {
  if (test.op === 'equals') return test.values.length > 1 ? (negated ? 'not in' : 'in') : negated ? '!=' : '==';
  if (test.op === 'member') return negated ? 'not in' : 'in';
  return `${negated ? '!' : ''}${test.op}`;
}

/** The condition a test of `claim` makes, or why it cannot be made (an unsupported pattern). */
export function testCondition(claim: string, literal: Literal & { atom: { kind: 'test' } }, field: string): Condition | { why: string } {
  const { test } = literal.atom;
  const negated = literal.negated;
  const operator = operatorOf(test, negated);
  const base = { field, claim, operator, negated, ...(negated && test.op !== 'member' ? { set: 'ForAnyValue' as const } : {}) };
  switch (test.op) {
    case 'equals': return makeCondition({ ...base, match: 'StringEquals', typed: true }, test.values, undefined, test.values.map(() => field));
    case 'member': return makeCondition({ ...base, match: 'StringEquals', mapUnknown: true }, [test.value], undefined, [field]);
    case 'startsWith': return makeCondition({ ...base, match: 'StringLike' }, [`${test.value}*`], [prefixMatcher(test.value)], [field]);
    case 'endsWith': return makeCondition({ ...base, match: 'StringLike' }, [`*${test.value}`], [suffixMatcher(test.value)], [field]);
    case 'contains': return makeCondition({ ...base, match: 'StringLike' }, [`*${test.value}*`], [containsMatcher(test.value)], [field]);
    case 'matches': {
      const parsed = parseRegex(test.pattern);
      if (!parsed.ok) return { why: `its pattern ${clip(test.pattern)} is not evaluated: ${parsed.why}` };
      const regex = compileRe2(test.pattern, parsed.node);
      const approximations = approximate(parsed.node);
      // Each value's matcher admits what the pattern admits within that value's approximation, so the
      // matchers together admit what the pattern does, and each stays within what its value says.
      const exact = approximations.map((a) => both(compileStringLike(a), regex));
      return makeCondition({ ...base, match: 'StringLike' }, approximations, exact, approximations.map(() => field));
    }
  }
}

function prefixMatcher(prefix: string): StringLikePattern {
  return { source: prefix, wildcard: true, weight: 1, matches: (value) => value.startsWith(prefix) };
}

function suffixMatcher(suffix: string): StringLikePattern {
  return { source: suffix, wildcard: true, weight: 1, matches: (value) => value.endsWith(suffix) };
}

/** Substring search in linear time (Knuth-Morris-Pratt), whatever the needle. */
function containsMatcher(needle: string): StringLikePattern {
  const failure = new Int32Array(needle.length + 1);
  failure[0] = -1;
  for (let i = 1, k = -1; i <= needle.length; i++) {
    while (k >= 0 && needle.charCodeAt(k) !== needle.charCodeAt(i - 1)) k = failure[k] as number;
    failure[i] = ++k;
  }
  const matches = (value: string): boolean => {
    if (needle.length === 0) return true;
    for (let i = 0, k = 0; i < value.length; i++) {
      while (k >= 0 && needle.charCodeAt(k) !== value.charCodeAt(i)) k = failure[k] as number;
      if (++k === needle.length) return true;
    }
    return false;
  };
  return { source: needle, wildcard: true, weight: 2, matches };
}

function both(outer: StringLikePattern, inner: StringLikePattern): StringLikePattern {
  return { source: inner.source, wildcard: true, weight: outer.weight + inner.weight, matches: (value) => outer.matches(value) && inner.matches(value) };
}

/**
 * The audience Google requires when a provider lists no allowed audiences: the provider's full
 * resource name, with `//iam.googleapis.com/` or `https://iam.googleapis.com/` before it. `segments`
 * is the name's path; an undefined segment (a project given by ID rather than number, a name not
 * given) is one segment of any text, so no case is denied for want of knowing it.
 */
export function defaultAudience(segments: readonly (string | undefined)[], field: string): Condition {
  const path = segments.map((s) => s ?? '*').join('/');
  const prefixes = ['//iam.googleapis.com/', 'https://iam.googleapis.com/'];
  const values = prefixes.map((p) => `${p}${path}`);
  if (segments.every((s) => s !== undefined)) {
    return makeCondition({ field, claim: 'aud', operator: 'default audience', match: 'StringEquals' }, values, undefined, values.map(() => field));
  }
  const exact = prefixes.map((prefix): StringLikePattern => ({
    source: `${prefix}${path}`, wildcard: true, weight: 1, matches: (value) => value.startsWith(prefix) && fitsSegments(value.slice(prefix.length), segments),
  }));
  return makeCondition({ field, claim: 'aud', operator: 'default audience', match: 'StringLike' }, values, exact, values.map(() => field));
}

function fitsSegments(path: string, segments: readonly (string | undefined)[]): boolean {
  const parts = path.split('/');
  return parts.length === segments.length && parts.every((part, i) => (segments[i] === undefined ? part !== '' : part === segments[i]));
}

function clip(text: string): string {
  return text.length > 80 ? `"${text.slice(0, 80)}…"` : `"${text}"`;
}
