/**
 * The Condition block of an AWS trust policy statement, read as AWS evaluates it for a web identity
 * token: each operator and key becomes a condition on a claim, and what cannot be evaluated (an
 * operator or key AWS does not evaluate for this issuer, values that are not strings) is reported and
 * read so that it admits.
 */
import { MAX_ARRAY_ITEMS, MAX_PATTERN_LENGTH } from '../schema/limits.ts';
import { makeCondition, pointer, type Condition, type MatchKind, type SetOperator } from './conditions.ts';

/** Reports a part of the policy that is not evaluated, at its pointer. */
/** GitHub's token issuer, whose extra claims AWS puts in the request context. */
export const GITHUB_HOST = 'token.actions.githubusercontent.com';

export type Unsupported = (field: string, message: string, evidence?: Record<string, unknown>) => void;

/**
 * The claims of an issuer's tokens that AWS STS puts in the request context as condition keys: the
 * standard aud, sub and amr, and the claims AWS lists for some CI issuers (GitHub's since January
 * 2026; gitlab.com, Buildkite and CircleCI in the STS condition keys reference; docs/trust/issuers.md
 * names the source). For any other issuer (self-managed GitLab, HCP Terraform), only aud, sub and amr.
 * A key AWS does not receive is absent at evaluation, so a condition on it is taken to hold (with a
 * warning) rather than be evaluated against the token.
 */
const GITHUB_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr', 'actor', 'actor_id', 'job_workflow_ref', 'repository', 'repository_id', 'repository_owner_id', 'workflow', 'ref', 'environment', 'enterprise_id']);
const STANDARD_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr']);
const CONTEXT_CLAIMS_BY_HOST: readonly { readonly host: RegExp; readonly claims: ReadonlySet<string> }[] = [
  { host: /^gitlab\.com$/, claims: new Set([...STANDARD_CONTEXT_CLAIMS, 'namespace_id', 'pipeline_source', 'project_id', 'ref_protected', 'runner_environment', 'user_access_level', 'user_email', 'user_id', 'user_login']) },
  { host: /^agent\.buildkite\.com$/, claims: new Set([...STANDARD_CONTEXT_CLAIMS, 'build_branch', 'cluster_id', 'cluster_name', 'organization_id', 'organization_slug', 'pipeline_id', 'pipeline_slug']) },
  { host: /^oidc\.circleci\.com\/org\/[^/]+$/, claims: new Set([...STANDARD_CONTEXT_CLAIMS, 'oidc.circleci.com/project-id']) },
];

const MATCH_OPERATORS: Readonly<Record<string, { match: MatchKind; negated: boolean }>> = {
  StringEquals: { match: 'StringEquals', negated: false },
  StringNotEquals: { match: 'StringEquals', negated: true },
  StringEqualsIgnoreCase: { match: 'StringEqualsIgnoreCase', negated: false },
  StringNotEqualsIgnoreCase: { match: 'StringEqualsIgnoreCase', negated: true },
  StringLike: { match: 'StringLike', negated: false },
  StringNotLike: { match: 'StringLike', negated: true },
};
const SET_OPERATORS = new Set<string>(['ForAnyValue', 'ForAllValues']);
const SUPPORTED = 'StringEquals, StringNotEquals, StringEqualsIgnoreCase, StringNotEqualsIgnoreCase, StringLike and StringNotLike (each also with IfExists, ForAnyValue: or ForAllValues:) and Null';

export function readConditionBlock(block: unknown, field: string, prefix: string, unsupported: Unsupported, deny: boolean): Condition[] {
  if (block === undefined) return [];
  if (!isRecord(block)) {
    unsupported(field, 'Condition is not a JSON object; it was not evaluated.');
    return [{ kind: 'unknown', field, claim: '', operator: '' }];
  }
  const conditions: Condition[] = [];
  for (const [name, keys] of Object.entries(block)) {
    const operatorField = `${field}/${escape(name)}`;
    const operator = parseOperator(name);
    if (operator === undefined || !isRecord(keys)) {
      const why = operator === undefined ? `the operator is not evaluated (only ${SUPPORTED})` : 'it is not a JSON object of keys';
      unsupported(operatorField, `The condition ${clip(name)} is not evaluated: ${why}. It is taken to hold in an Allow statement and not to hold in a Deny statement.`, { operator: clip(name) });
      conditions.push({ kind: 'unknown', field: operatorField, claim: '', operator: name });
      continue;
    }
    if (deny && Object.keys(keys).length === 0) {
      // An operator without keys: whatever AWS makes of it, a Deny is not credited with it.
      unsupported(operatorField, `The condition ${clip(name)} names no key; the Deny statement is not taken to deny anything.`, { operator: clip(name) });
      conditions.push({ kind: 'unknown', field: operatorField, claim: '', operator: name });
    }
    for (const [key, values] of Object.entries(keys)) {
      conditions.push(readCondition(name, operator, key, values, `${operatorField}/${escape(key)}`, prefix, unsupported));
    }
  }
  return conditions;
}

type ParsedOperator =
  | { kind: 'match'; match: MatchKind; negated: boolean; ifExists: boolean; set?: SetOperator }
  | { kind: 'null' };

function parseOperator(name: string): ParsedOperator | undefined {
  if (name === 'Null') return { kind: 'null' };
  const colon = name.indexOf(':');
  const set = colon < 0 ? undefined : name.slice(0, colon);
  if (set !== undefined && !SET_OPERATORS.has(set)) return undefined;
  let base = colon < 0 ? name : name.slice(colon + 1);
  const ifExists = base.endsWith('IfExists');
  if (ifExists) base = base.slice(0, -'IfExists'.length);
  const known = Object.hasOwn(MATCH_OPERATORS, base) ? MATCH_OPERATORS[base] : undefined;
  if (known === undefined) return undefined;
  return { kind: 'match', ...known, ifExists, ...(set === undefined ? {} : { set: set as SetOperator }) };
}

function readCondition(name: string, operator: ParsedOperator, key: string, values: unknown, field: string, prefix: string, unsupported: Unsupported): Condition {
  const unknown = (why: string): Condition => {
    unsupported(field, `The condition ${clip(name)} on ${clip(key)} is not evaluated: ${why}. It is taken to hold in an Allow statement and not to hold in a Deny statement.`, { operator: clip(name), key: clip(key) });
    return { kind: 'unknown', field, claim: '', operator: name };
  };
  const colon = key.lastIndexOf(':');
  const keyPrefix = colon < 0 ? '' : key.slice(0, colon);
  const claim = key.slice(colon + 1);
  let offContext: true | undefined;
  if (keyPrefix.toLowerCase() !== prefix.toLowerCase()) {
    // A key of another OIDC provider (a host name, with or without a path) is not in the request
    // context of this issuer's tokens: AWS evaluates it as absent. Global and service keys (aws:…,
    // sts:…) are not judged.
    if (!keyPrefix.includes('.')) return unknown(`the key is not one of ${prefix}'s claims (${prefix}:<claim>)`);
    offContext = true;
  } else if (!contextClaims(prefix).has(claim.toLowerCase())) {
    return unknown(`AWS does not put the claim ${clip(claim)} of this issuer's tokens in the request context`);
  }
  if (operator.kind === 'null') {
    const flag = typeof values === 'boolean' ? values : typeof values === 'string' && /^(true|false)$/i.test(values) ? values.toLowerCase() === 'true' : undefined;
    if (flag === undefined) return unknown('Null takes "true" or "false"');
    return { kind: 'null', field, claim: claim.toLowerCase(), operator: name, absent: flag, ...(offContext === undefined ? {} : { offContext }) };
  }
  const problem = valuesProblem(values);
  if (problem !== undefined) return unknown(problem);
  return makeCondition({
    field, claim: claim.toLowerCase(), operator: name, match: operator.match, negated: operator.negated, ifExists: operator.ifExists,
    ...(operator.set === undefined ? {} : { set: operator.set }), ...(offContext === undefined ? {} : { offContext }),
  }, values as string | string[]);
}

function contextClaims(prefix: string): ReadonlySet<string> {
  const host = prefix.toLowerCase();
  if (host === GITHUB_HOST || host.startsWith(`${GITHUB_HOST}/`)) return GITHUB_CONTEXT_CLAIMS;
  return CONTEXT_CLAIMS_BY_HOST.find((entry) => entry.host.test(host))?.claims ?? STANDARD_CONTEXT_CLAIMS;
}

function valuesProblem(values: unknown): string | undefined {
  const list = Array.isArray(values) ? values : [values];
  if (list.length === 0) return 'it lists no value';
  if (list.length > MAX_ARRAY_ITEMS) return `it lists more than ${MAX_ARRAY_ITEMS} values`;
  if (!list.every((v) => typeof v === 'string')) return 'its values are not all strings';
  if (list.some((v) => (v as string).length > MAX_PATTERN_LENGTH)) return `a value is longer than ${MAX_PATTERN_LENGTH} characters`;
  // ${aws:username}, ${*}: policy variables are replaced by IAM at evaluation time.
  if (list.some((v) => (v as string).includes('${'))) return 'a value uses a policy variable (${…})';
  return undefined;
}

export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function escape(token: string): string {
  return pointer(token).slice(1);
}

/** Names from the document in a message: short, whatever the document holds. */
export function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
