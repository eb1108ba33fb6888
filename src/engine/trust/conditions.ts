import { compileStringLike } from './string-like.ts';

export type StringOperator = 'StringEquals' | 'StringLike';
export type SetOperator = 'ForAnyValue' | 'ForAllValues';

/**
 * One condition on one claim, wherever it was written (the request's audiences and claim_patterns, or a
 * key of an AWS policy's Condition block): the claim must satisfy the operator with one of the values.
 */
export interface Condition {
  /** JSON Pointer to where the condition is written in the request. */
  readonly field: string;
  readonly claim: string;
  readonly operator: StringOperator;
  readonly set?: SetOperator;
  readonly values: readonly string[];
  /** JSON Pointer of each value (the field itself for a single value). */
  readonly valueFields: readonly string[];
  readonly matchers: readonly ((value: string) => boolean)[];
}

/**
 * One way in: a set of conditions that must all hold for a token to be let through. An AWS policy has
 * one per Allow statement; conditions given in the request itself belong to every one of them.
 */
export interface Door {
  /** JSON Pointer of the statement, or of the request's own conditions. */
  readonly field: string;
  readonly conditions: readonly Condition[];
}

/** A JSON Pointer (RFC 6901) made of these reference tokens. */
export function pointer(...tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function makeCondition(
  parts: { field: string; claim: string; operator: StringOperator; set?: SetOperator },
  given: string | readonly string[],
): Condition {
  const values = typeof given === 'string' ? [given] : [...given];
  const valueFields = typeof given === 'string' ? [parts.field] : values.map((_, i) => `${parts.field}/${i}`);
  const matchers = values.map((v) => (parts.operator === 'StringLike' ? compileStringLike(v).matches : (claim: string) => claim === v));
  const condition: Condition = { field: parts.field, claim: parts.claim, operator: parts.operator, values, valueFields, matchers };
  return parts.set === undefined ? condition : { ...condition, set: parts.set };
}

/** The operator as a policy writes it: StringLike, ForAnyValue:StringEquals. */
export function operatorName(condition: Condition): string {
  return condition.set === undefined ? condition.operator : `${condition.set}:${condition.operator}`;
}

/** The claim's value: by its exact name, else by a name equal but for letter case (AWS key names ignore case). */
export function claimValue(claims: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  const lower = name.toLowerCase();
  const found = Object.keys(claims).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : claims[found];
}

/**
 * Whether the claims satisfy the condition, as AWS evaluates it. Any one value may match. Without a set
 * operator a missing or non-string claim fails, and a list claim (aud may be one) holds when one of its
 * members matches. ForAnyValue holds when one member of the claim's values matches, and fails for a
 * missing claim; ForAllValues holds when every member matches, and also when the claim is missing or
 * an empty list.
 */
export function conditionHolds(condition: Condition, claims: Readonly<Record<string, unknown>>): boolean {
  const value = claimValue(claims, condition.claim);
  const matches = (v: unknown): boolean => typeof v === 'string' && condition.matchers.some((m) => m(v));
  const members = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (condition.set === 'ForAllValues') return members.every(matches);
  if (condition.set === 'ForAnyValue') return members.some(matches);
  return members.some(matches);
}
