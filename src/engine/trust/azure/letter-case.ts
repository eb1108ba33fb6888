/**
 * Entra compares a credential's issuer, subject and audience with the token's case-sensitively for
 * applications created after August 14th, 2024; applications active before then keep case-insensitive
 * matching until a date Microsoft has not given. The checker cannot tell which an application is, so a
 * case is decided case-insensitively (a case is never denied on letter case alone), while the breadth
 * checks read the value as written: on letter case they judge as Entra does for new applications.
 */
import { makeCondition, type MatchCondition, type MatchParts } from '../conditions.ts';
import { compileStringLike, type StringLikePattern } from '../string-like.ts';

/**
 * A condition whose value (one string, at the condition's field) or values (a list, each at its index)
 * the token's claim must equal, or with `like` match, letter case aside.
 */
export function entraCondition(parts: Omit<MatchParts, 'match'>, given: string | readonly string[], like: boolean): MatchCondition {
  const values = typeof given === 'string' ? [given] : given;
  // A * or ? compared literally never matches a real token in any case: kept exact.
  if (!like && values.some((v) => v.includes('*') || v.includes('?'))) return makeCondition({ ...parts, match: 'StringEquals' }, given);
  const fields = typeof given === 'string' ? [parts.field] : undefined;
  return makeCondition({ ...parts, match: 'StringLike' }, given, values.map((v) => anyCase(v, like)), fields);
}

function anyCase(value: string, like: boolean): StringLikePattern {
  const lower = value.toLowerCase();
  const pattern = like ? compileStringLike(lower) : undefined;
  return {
    source: value,
    wildcard: like,
    weight: pattern?.weight ?? 1,
    matches: (text) => (pattern === undefined ? text.length === value.length && text.toLowerCase() === lower : pattern.matches(text.toLowerCase())),
  };
}
