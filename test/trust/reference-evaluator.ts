/**
 * A reference evaluator of AWS IAM role trust policies for web-identity (OIDC) tokens, written from AWS's
 * IAM documentation and nothing else, to check the trust-policy checker against. It is meant to be small,
 * slow and obviously correct: no shortcuts (compiled globs are cached, nothing else), no normalisation beyond what the documentation says, and it throws
 * on anything it does not model rather than guess.
 *
 * Sources (AWS IAM User Guide):
 * - Policy evaluation logic: an explicit Deny in any applicable statement wins; otherwise an applicable Allow
 *   whose conditions all hold allows; otherwise the request is implicitly denied.
 * - IAM JSON policy elements: Statement (one object or a list), Effect, Principal / NotPrincipal,
 *   Action / NotAction (wildcards `*` and `?`, case-insensitive), Condition.
 * - Condition operators: several operators in one Condition block are ANDed, several keys under one operator
 *   are ANDed, several values of one key are ORed for positive operators; negated operators (StringNotEquals,
 *   StringNotEqualsIgnoreCase, StringNotLike) hold when the key matches none of the values (NOR).
 *   StringLike: `*` any run of characters (none included), `?` exactly one, case-sensitive.
 *   A key absent from the request context: positive operators false, negated operators true,
 *   `...IfExists` true; `ForAllValues:` true, `ForAnyValue:` false. `Null: "true"` holds when the key is absent,
 *   `"false"` when it is present. Condition key names are case-insensitive.
 * - Available keys for AWS STS / web identity federation: `<provider host>:<claim>` for the claims AWS puts in
 *   the request context (for GitHub: aud, sub, amr, actor, actor_id, job_workflow_ref, repository,
 *   repository_id, workflow, ref, environment, enterprise_id).
 *
 * One rule that is not AWS's but oidc-gate's (product decisions §17): a condition on a claim of the issuer
 * that AWS does NOT receive is "unknown". The checker takes it to hold with a warning, so here an Allow
 * statement treats it as holding and a Deny statement as not holding (the reading that admits most).
 */

export type Decision = 'allow' | 'deny';

export const GITHUB_ISSUER_HOST = 'token.actions.githubusercontent.com';

/** The action a web-identity token asks for. */
export const WEB_IDENTITY_ACTION = 'sts:AssumeRoleWithWebIdentity';

/** The claims of a GitHub Actions token that AWS puts in the request context as `<host>:<claim>` keys. */
export const RECEIVED_CLAIMS: readonly string[] = [
  'aud', 'sub', 'amr', 'actor', 'actor_id', 'job_workflow_ref', 'repository', 'repository_id', 'workflow', 'ref', 'environment', 'enterprise_id',
];

/** The condition operators modelled, without prefix or IfExists suffix. */
export const STRING_OPERATORS = [
  'StringEquals', 'StringNotEquals', 'StringEqualsIgnoreCase', 'StringNotEqualsIgnoreCase', 'StringLike', 'StringNotLike',
] as const;

type Claims = Record<string, unknown>;

/** The request value of a condition key: absent, unknown (§17: a claim AWS does not receive), or its values. */
type KeyValue = { kind: 'absent' } | { kind: 'unknown' } | { kind: 'present'; values: string[] };

// ---------------------------------------------------------------------------------------------------------
// Matching primitives

function escapeRegex(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Compiled globs, only to save time: a glob's regular expression depends on nothing but the glob and flags. */
const compiled = new Map<string, RegExp>();

/** A glob (`*` any run, `?` one character, everything else literal) as an anchored regular expression. */
function globRegex(pattern: string, flags: string): RegExp {
  const cacheKey = `${flags}\u0000${pattern}`;
  const cached = compiled.get(cacheKey);
  if (cached !== undefined) return cached;
  let source = '';
  for (const ch of pattern) {
    if (ch === '*') source += '[\\s\\S]*';
    else if (ch === '?') source += '[\\s\\S]';
    else source += escapeRegex(ch);
  }
  const re = new RegExp(`^${source}$`, `u${flags}`);
  if (compiled.size > 10_000) compiled.clear();
  compiled.set(cacheKey, re);
  return re;
}

/** AWS StringLike: case-sensitive glob. */
export function stringLike(pattern: string, value: string): boolean {
  return globRegex(pattern, '').test(value);
}

/** IAM Action matching: a glob, case-insensitive. */
export function actionMatches(pattern: string, action: string): boolean {
  return globRegex(pattern, 'i').test(action);
}

// ---------------------------------------------------------------------------------------------------------
// Policy structure

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function strings(value: unknown, what: string): string[] {
  return asList(value).map((v) => {
    if (typeof v === 'string') return v;
    if (typeof v === 'boolean' || typeof v === 'number') return String(v);
    throw new Error(`reference: ${what} value not modelled: ${JSON.stringify(v)}`);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isProviderArn(arn: string, issuerHost: string): boolean {
  return arn.endsWith(`:oidc-provider/${issuerHost}`);
}

/** Whether a Principal element names the issuer's web identities (or everyone). */
function principalApplies(principal: unknown, issuerHost: string): boolean {
  if (principal === '*') return true;
  if (!isObject(principal)) throw new Error(`reference: Principal not modelled: ${JSON.stringify(principal)}`);
  for (const [kind, value] of Object.entries(principal)) {
    const names = strings(value, 'Principal');
    if (kind === 'AWS' && names.includes('*')) return true;
    if (kind === 'Federated' && names.some((arn) => arn === '*' || isProviderArn(arn, issuerHost))) return true;
  }
  return false;
}

/** Whether a NotPrincipal element names the issuer's provider (then the statement does not apply to it). */
function notPrincipalNamesProvider(notPrincipal: unknown, issuerHost: string): boolean {
  if (!isObject(notPrincipal)) throw new Error(`reference: NotPrincipal not modelled: ${JSON.stringify(notPrincipal)}`);
  const federated = notPrincipal.Federated;
  return federated !== undefined && strings(federated, 'NotPrincipal').some((arn) => isProviderArn(arn, issuerHost));
}

function statementApplies(statement: Record<string, unknown>, issuerHost: string): boolean {
  let principalOk: boolean;
  if ('Principal' in statement) principalOk = principalApplies(statement.Principal, issuerHost);
  else if ('NotPrincipal' in statement) principalOk = !notPrincipalNamesProvider(statement.NotPrincipal, issuerHost);
  else throw new Error('reference: a statement with neither Principal nor NotPrincipal is not modelled');

  let actionOk: boolean;
  if ('Action' in statement) actionOk = strings(statement.Action, 'Action').some((p) => actionMatches(p, WEB_IDENTITY_ACTION));
  else if ('NotAction' in statement) actionOk = !strings(statement.NotAction, 'NotAction').some((p) => actionMatches(p, WEB_IDENTITY_ACTION));
  else throw new Error('reference: a statement with neither Action nor NotAction is not modelled');

  return principalOk && actionOk;
}

// ---------------------------------------------------------------------------------------------------------
// Conditions

/** The request value of a condition key for a token of `issuerHost` with these claims. */
function lookUp(key: string, claims: Claims, issuerHost: string): KeyValue {
  const colon = key.lastIndexOf(':');
  if (colon < 0) throw new Error(`reference: condition key not modelled: ${key}`);
  const host = key.slice(0, colon).toLowerCase();
  const claim = key.slice(colon + 1).toLowerCase();
  if (host !== issuerHost.toLowerCase()) return { kind: 'absent' };
  if (!RECEIVED_CLAIMS.includes(claim)) return { kind: 'unknown' };
  if (!Object.hasOwn(claims, claim)) return { kind: 'absent' };
  const value = claims[claim];
  if (value === undefined || value === null) return { kind: 'absent' };
  if (typeof value !== 'string') throw new Error(`reference: claim ${claim} is not a string: ${JSON.stringify(value)}`);
  return { kind: 'present', values: [value] };
}

interface ParsedOperator {
  set?: 'ForAnyValue' | 'ForAllValues';
  base: string;
  ifExists: boolean;
}

function parseOperator(name: string): ParsedOperator {
  let rest = name;
  let set: ParsedOperator['set'];
  for (const prefix of ['ForAnyValue', 'ForAllValues'] as const) {
    if (rest.startsWith(`${prefix}:`)) {
      set = prefix;
      rest = rest.slice(prefix.length + 1);
      break;
    }
  }
  let ifExists = false;
  if (rest.endsWith('IfExists')) {
    ifExists = true;
    rest = rest.slice(0, -'IfExists'.length);
  }
  if (rest === 'Null') {
    if (set !== undefined || ifExists) throw new Error(`reference: operator not modelled: ${name}`);
  } else if (!(STRING_OPERATORS as readonly string[]).includes(rest)) {
    throw new Error(`reference: operator not modelled: ${name}`);
  }
  return set === undefined ? { base: rest, ifExists } : { set, base: rest, ifExists };
}

/** One request value against the operator's values: positive operators OR, negated operators NOR. */
function valueSatisfies(base: string, requestValue: string, policyValues: readonly string[]): boolean {
  switch (base) {
    case 'StringEquals': return policyValues.some((v) => v === requestValue);
    case 'StringNotEquals': return !policyValues.some((v) => v === requestValue);
    case 'StringEqualsIgnoreCase': return policyValues.some((v) => v.toLowerCase() === requestValue.toLowerCase());
    case 'StringNotEqualsIgnoreCase': return !policyValues.some((v) => v.toLowerCase() === requestValue.toLowerCase());
    case 'StringLike': return policyValues.some((v) => stringLike(v, requestValue));
    case 'StringNotLike': return !policyValues.some((v) => stringLike(v, requestValue));
    default: throw new Error(`reference: operator not modelled: ${base}`);
  }
}

function isNegated(base: string): boolean {
  return base.includes('Not');
}

/** Whether one operator/key pair holds for a known request value (absent or present). */
function conditionHolds(op: ParsedOperator, value: { kind: 'absent' } | { kind: 'present'; values: string[] }, policyValues: readonly string[]): boolean {
  if (op.base === 'Null') {
    const absent = value.kind === 'absent';
    return policyValues.some((v) => {
      if (v.toLowerCase() === 'true') return absent;
      if (v.toLowerCase() === 'false') return !absent;
      throw new Error(`reference: Null value not modelled: ${v}`);
    });
  }
  if (value.kind === 'absent') {
    if (op.set === 'ForAllValues') return true;
    if (op.set === 'ForAnyValue') return false;
    if (op.ifExists) return true;
    return isNegated(op.base);
  }
  const each = value.values.map((r) => valueSatisfies(op.base, r, policyValues));
  if (op.set === 'ForAllValues') return each.every(Boolean);
  // ForAnyValue, and a single-valued key without a prefix (value.values has exactly one element).
  return each.some(Boolean);
}

/** Whether a statement's Condition block holds: every operator, every key (AND). */
function conditionsHold(condition: unknown, effect: 'Allow' | 'Deny', claims: Claims, issuerHost: string): boolean {
  if (condition === undefined) return true;
  if (!isObject(condition)) throw new Error(`reference: Condition not modelled: ${JSON.stringify(condition)}`);
  for (const [operatorName, block] of Object.entries(condition)) {
    const op = parseOperator(operatorName);
    if (!isObject(block)) throw new Error(`reference: condition block not modelled: ${JSON.stringify(block)}`);
    for (const [key, rawValues] of Object.entries(block)) {
      const policyValues = strings(rawValues, 'Condition');
      const value = lookUp(key, claims, issuerHost);
      const holds = value.kind === 'unknown' ? effect === 'Allow' : conditionHolds(op, value, policyValues);
      if (!holds) return false;
    }
  }
  return true;
}

function statements(policy: unknown): Record<string, unknown>[] {
  if (!isObject(policy)) throw new Error('reference: a policy is an object');
  return asList(policy.Statement).map((s) => {
    if (!isObject(s)) throw new Error(`reference: statement not modelled: ${JSON.stringify(s)}`);
    return s;
  });
}

function effectOf(statement: Record<string, unknown>): 'Allow' | 'Deny' {
  if (statement.Effect === 'Allow' || statement.Effect === 'Deny') return statement.Effect;
  throw new Error(`reference: Effect not modelled: ${JSON.stringify(statement.Effect)}`);
}

// ---------------------------------------------------------------------------------------------------------
// The decision

/**
 * Whether AWS lets a web-identity token of `issuerHost` with these claims assume the role whose trust policy
 * this is: an applicable Deny whose conditions hold wins; else an applicable Allow whose conditions hold allows;
 * else deny.
 */
export function referenceDecision(policy: unknown, claims: Claims, issuerHost: string = GITHUB_ISSUER_HOST): Decision {
  let allowed = false;
  for (const statement of statements(policy)) {
    const effect = effectOf(statement);
    if (!statementApplies(statement, issuerHost)) continue;
    if (!conditionsHold(statement.Condition, effect, claims, issuerHost)) continue;
    if (effect === 'Deny') return 'deny';
    allowed = true;
  }
  return allowed ? 'allow' : 'deny';
}

/**
 * Whether the document has a condition on a claim of the issuer that AWS does not receive: where the
 * reference's answer rests on §17's rule rather than on AWS's evaluation alone.
 */
export function usesUnknownConstructs(policy: unknown, issuerHost: string = GITHUB_ISSUER_HOST): boolean {
  for (const statement of statements(policy)) {
    const condition = statement.Condition;
    if (!isObject(condition)) continue;
    for (const block of Object.values(condition)) {
      if (!isObject(block)) continue;
      for (const key of Object.keys(block)) {
        if (lookUp(key, {}, issuerHost).kind === 'unknown') return true;
      }
    }
  }
  return false;
}
