import { compileStringLike, type StringLikePattern } from './string-like.ts';

/** How a condition compares a claim with its values, before negation. */
export type MatchKind = 'StringEquals' | 'StringEqualsIgnoreCase' | 'StringLike';
export type SetOperator = 'ForAnyValue' | 'ForAllValues';

/**
 * One condition on one claim, wherever it was written (the request's audiences and claim_patterns, or a
 * key of an AWS policy's Condition block).
 * - `match`: the claim compared with the values (StringEquals, StringNotLikeIfExists, ForAnyValue:…).
 * - `null`: AWS's Null operator, true when the claim is absent (`absent: true`) or present (`absent: false`).
 * - `unknown`: a condition the checker cannot evaluate. It is taken to admit: it holds in an Allow
 *   statement and does not hold in a Deny statement, so nothing is denied on what nobody checked.
 */
export type Condition = MatchCondition | NullCondition | UnknownCondition;

interface ConditionBase {
  /** JSON Pointer to where the condition is written in the request. */
  readonly field: string;
  /** The claim, as the key names it (AWS compares key names ignoring case). */
  readonly claim: string;
  /** The operator as the policy writes it: StringLike, ForAnyValue:StringNotEqualsIfExists, Null. */
  readonly operator: string;
  /**
   * The key is not in the request context for this issuer's tokens (a key of another issuer host), so
   * AWS evaluates it as absent whatever the token holds.
   */
  readonly offContext?: true;
}

export interface MatchCondition extends ConditionBase {
  readonly kind: 'match';
  /**
   * The claim is compared whole, with its type, as CEL's == and != do: a list, a number or a boolean
   * never equals a string, so a positive test on it fails and a negated one holds (AWS, by contrast,
   * compares a list's members and a number's text).
   */
  readonly typed?: true;
  /**
   * A claim that is an object (a map) is not evaluated: CEL's `'v' in map` tests the map's keys, which the
   * values here do not model, so the condition is taken as unknown (it admits).
   */
  readonly mapUnknown?: true;
  readonly match: MatchKind;
  readonly negated: boolean;
  readonly ifExists: boolean;
  readonly set?: SetOperator;
  readonly values: readonly string[];
  /** JSON Pointer of each value (the field itself for a single value). */
  readonly valueFields: readonly string[];
  /** StringLike patterns, compiled once; for the other kinds, the values matched literally. */
  readonly patterns: readonly StringLikePattern[];
}

export interface NullCondition extends ConditionBase {
  readonly kind: 'null';
  readonly absent: boolean;
}

export interface UnknownCondition extends ConditionBase {
  readonly kind: 'unknown';
}

/**
 * One statement read from a trust document: a set of conditions that must all hold for it to apply.
 * An Allow door lets a token in; a Deny door that applies keeps it out whatever the Allow doors say.
 */
export interface Door {
  /** JSON Pointer of the statement, or '' for the request's own conditions. */
  readonly field: string;
  readonly effect: 'Allow' | 'Deny';
  readonly conditions: readonly Condition[];
  /**
   * How messages name the door, for formats other than AWS's (whose doors are named from their pointer:
   * Statement[1]): "the credential", "the binding of principalSet://…".
   */
  readonly name?: string;
  /** Where a missing sub or aud condition is reported, for formats other than AWS's (AWS: the statement's Condition). */
  readonly missingAt?: { readonly sub: string; readonly aud: string };
}

/** How a message names the door: its own name, else the AWS statement its pointer is in. */
export function doorName(door: Door): string {
  return door.name ?? statementName(door.field);
}

/** A JSON Pointer (RFC 6901) made of these reference tokens. */
export function pointer(...tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export interface MatchParts {
  field: string;
  claim: string;
  operator: string;
  match: MatchKind;
  negated?: boolean;
  ifExists?: boolean;
  set?: SetOperator;
  offContext?: true;
  typed?: true;
  mapUnknown?: true;
}

/**
 * A condition on one claim. `given` is what the breadth checks read: literal values, or AWS StringLike
 * patterns when `match` is StringLike.
 *
 * A format whose system matches otherwise (Vault's glob, where `?` is a plain character; a CEL
 * `startsWith` or `matches`) passes `exact`: one matcher per value that decides cases and probes as
 * that system does, while `given` holds, per value, a StringLike pattern that matches every string the
 * exact matcher does and possibly more (letter case aside for Entra's credentials, whose older
 * applications still compare without it: see azure/letter-case.ts). The breadth checks read the pattern, so they can only find the
 * condition broader than it is, never narrower; what the system really admits is decided by `exact`.
 * `fields` gives each value its own pointer when the values are not a list at the condition's field.
 */
export function makeCondition(parts: MatchParts, given: string | readonly string[], exact?: readonly StringLikePattern[], fields?: readonly string[]): MatchCondition {
  const values = typeof given === 'string' ? [given] : [...given];
  const valueFields = fields !== undefined ? [...fields] : typeof given === 'string' ? [parts.field] : values.map((_, i) => `${parts.field}/${i}`);
  if (exact !== undefined && (parts.match !== 'StringLike' || exact.length !== values.length)) {
    throw new Error('An exact matcher per value is given only with StringLike approximations, one each.');
  }
  const condition: MatchCondition = {
    kind: 'match', field: parts.field, claim: parts.claim, operator: parts.operator, match: parts.match,
    negated: parts.negated ?? false, ifExists: parts.ifExists ?? false, values, valueFields,
    patterns: exact !== undefined ? [...exact] : parts.match === 'StringLike' ? values.map(compileStringLike) : [],
  };
  return { ...condition, ...(parts.set === undefined ? {} : { set: parts.set }), ...(parts.offContext === undefined ? {} : { offContext: true }), ...(parts.typed === undefined ? {} : { typed: true }), ...(parts.mapUnknown === undefined ? {} : { mapUnknown: true }) };
}

/** The claim's value: by its exact name, else by a name equal but for letter case (AWS key names ignore case). */
export function claimValue(claims: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  const lower = name.toLowerCase();
  const found = Object.keys(claims).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : claims[found];
}

/**
 * A claim value as AWS puts it in the request context: strings as they are, numbers and booleans as
 * their text (AWS compares context values as strings), anything else matches nothing.
 */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** One value of the claim equals or matches one of the condition's values (before negation). */
export function matchesValue(condition: MatchCondition, value: unknown): boolean {
  const text = asText(value);
  if (text === undefined) return false;
  switch (condition.match) {
    case 'StringLike': return condition.patterns.some((p) => p.matches(text));
    case 'StringEquals': return condition.values.includes(text);
    case 'StringEqualsIgnoreCase': return condition.values.some((v) => equalIgnoringCase(v, text));
  }
}

/**
 * Letter case ignored as broadly as either direction of case mapping does: a checker that finds two
 * values different where AWS finds them equal would deny a case AWS allows.
 */
function equalIgnoringCase(a: string, b: string): boolean {
  return a.length === b.length ? a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase() : a.toLowerCase() === b.toLowerCase();
}

/** The claim is missing from the token, so AWS has no key for it in the request context. */
function absent(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * Whether the claims satisfy the condition, as AWS evaluates it; undefined for a condition the checker
 * cannot evaluate.
 * - A claim that is absent: positive operators fail, negated ones hold, …IfExists holds, ForAllValues
 *   holds and ForAnyValue fails.
 * - Without a set operator, any one value may match (a list claim, as aud may be, matches when one of
 *   its members does); a negated operator holds when the claim matches none of the values.
 * - ForAnyValue holds when one member of the claim satisfies the operator, ForAllValues when every
 *   member does (an empty list too).
 */
export function conditionHolds(condition: Condition, claims: Readonly<Record<string, unknown>>): boolean | undefined {
  if (condition.kind === 'unknown') return undefined;
  const value = condition.offContext === true ? undefined : claimValue(claims, condition.claim);
  if (condition.kind === 'null') return condition.absent === absent(value);
  if (condition.mapUnknown === true && typeof value === 'object' && value !== null && !Array.isArray(value)) return undefined;
  // CEL compares with types: null, a list, a number never equal a string (a claim not there is an error).
  if (condition.typed === true && value !== undefined && typeof value !== 'string') return condition.negated;
  if (absent(value)) {
    if (condition.ifExists || condition.set === 'ForAllValues') return true;
    if (condition.set === 'ForAnyValue') return false;
    return condition.negated;
  }
  const members: readonly unknown[] = Array.isArray(value) ? value : [value];
  const satisfies = (member: unknown): boolean => matchesValue(condition, member) !== condition.negated;
  if (condition.set === 'ForAllValues') return members.every(satisfies);
  if (condition.set === 'ForAnyValue') return members.some(satisfies);
  const anyMatch = members.some((m) => matchesValue(condition, m));
  return condition.negated ? !anyMatch : anyMatch;
}

/**
 * Whether a door applies to the claims. An Allow door lets them in when every condition holds or
 * cannot be evaluated; a Deny door keeps them out only when every condition is known to hold.
 */
export function doorApplies(door: Door, claims: Readonly<Record<string, unknown>>): boolean {
  return door.conditions.every((c) => {
    const holds = conditionHolds(c, claims);
    return holds === undefined ? door.effect === 'Allow' : holds;
  });
}

/**
 * How a message names the statement a pointer is in (`Statement[1]`), so that messages read the same
 * in the service's answer and in a config file's annotation, where the policy is a file of its own.
 */
export function statementName(field: string): string {
  const index = /\/Statement\/(\d+)/.exec(field)?.[1];
  if (index !== undefined) return `Statement[${index}]`;
  return /\/Statement(\/|$)/.test(field) ? 'the Statement' : 'the request\'s own conditions';
}
