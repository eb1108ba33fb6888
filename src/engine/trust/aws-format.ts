/**
 * AWS IAM role trust policies, read as AWS evaluates them for sts:AssumeRoleWithWebIdentity: every
 * statement that can apply to the issuer's tokens becomes a door (Allow or Deny) with its conditions.
 * What cannot be evaluated is named in a TRUST_CONDITION_UNSUPPORTED finding and read so that it
 * admits: an unknown condition holds in an Allow statement and does not in a Deny statement.
 */
import type { RequestProblem } from '../errors.ts';
import { finding } from '../findings.ts';
import { MAX_ARRAY_ITEMS, MAX_PATTERN_LENGTH } from '../schema/limits.ts';
import type { Finding } from '../types.ts';
import { makeCondition, pointer, type Condition, type Door, type MatchKind, type SetOperator } from './conditions.ts';
import { TRUST_FINDINGS as F, GITHUB_ACTIONS_ISSUER } from './findings.ts';
import type { TrustFormat, TrustReading } from './format.ts';
import { compileStringLike } from './string-like.ts';

/** Statements read from one document at the most; a longer one is refused, never judged in part. */
export const MAX_STATEMENTS = 100;
/** A document's size at the most, as JSON text in UTF-8 bytes. */
export const MAX_DOCUMENT_BYTES = 64 * 1024;

const WEB_IDENTITY_ACTION = 'sts:assumerolewithwebidentity';
const GITHUB_HOST = 'token.actions.githubusercontent.com';
const POLICY_MEMBERS = new Set(['Version', 'Id', 'Statement']);
const STATEMENT_MEMBERS = new Set(['Sid', 'Effect', 'Principal', 'NotPrincipal', 'Action', 'NotAction', 'Condition']);

/**
 * The claims of GitHub's tokens that AWS STS puts in the request context as condition keys: the
 * standard aud, sub and amr, and the claims AWS added for GitHub's issuer in January 2026. For any
 * other issuer, only aud, sub and amr.
 */
const GITHUB_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr', 'actor', 'actor_id', 'job_workflow_ref', 'repository', 'repository_id', 'workflow', 'ref', 'environment', 'enterprise_id']);
const STANDARD_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr']);

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

/**
 * The prefix of the issuer's condition keys: its URL without https:// (token.actions.githubusercontent.com,
 * or host/path for an issuer with a path, such as GitHub Enterprise Cloud's
 * token.actions.githubusercontent.com/ENTERPRISE), which is also how IAM names the OIDC provider.
 */
export function conditionKeyPrefix(issuer: string): string {
  return issuer.replace(/^https:\/\//i, '').replace(/\/+$/, '');
}

export const awsTrustPolicyFormat: TrustFormat = {
  member: 'aws_trust_policy',
  label: 'AWS IAM role trust policy',
  refuse(document, at) {
    const problems: RequestProblem[] = [];
    const bytes = Buffer.byteLength(JSON.stringify(document), 'utf8');
    if (bytes > MAX_DOCUMENT_BYTES) {
      problems.push({ pointer: at, message: `The trust policy is ${bytes.toLocaleString('en-US')} bytes as JSON; at most ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} are judged (AWS itself caps a role trust policy at a few kilobytes). Send the role's trust policy document itself.` });
    }
    const statements = document.Statement;
    if (Array.isArray(statements) && statements.length > MAX_STATEMENTS) {
      problems.push({ pointer: `${at}/Statement`, message: `The trust policy has ${statements.length} statements; at most ${MAX_STATEMENTS} are judged, and a document judged in part is never called valid. Merge statements that share a principal and action.` });
    }
    return problems;
  },
  issuers: issuersNamedIn,
  read: readAwsPolicy,
};

/** Reads every statement that can decide whether a token of the issuer may assume the role. */
export function readAwsPolicy(document: Readonly<Record<string, unknown>>, issuer: string, at: string): TrustReading {
  const findings: Finding[] = [];
  const unsupported = (field: string, message: string, evidence: Record<string, unknown> = {}): void => {
    findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
  };
  const prefix = conditionKeyPrefix(issuer);
  for (const member of Object.keys(document)) {
    if (!POLICY_MEMBERS.has(member)) unsupported(`${at}/${escape(member)}`, `The policy member ${clip(member)} is not one a trust policy has; it was not evaluated.`, { key: clip(member) });
  }
  const given = document.Statement;
  const statements = Array.isArray(given) ? given : given === undefined ? [] : [given];
  if (statements.length === 0) {
    unsupported(at, 'The policy has no Statement, so it lets no token in.');
    return { issuer, doors: [], findings };
  }
  const doors: Door[] = [];
  statements.forEach((statement, index) => {
    const field = Array.isArray(given) ? `${at}/Statement/${index}` : `${at}/Statement`;
    const door = readStatement(statement, field, prefix, unsupported);
    if (door !== undefined) doors.push(door);
  });
  if (!doors.some((d) => d.effect === 'Allow') && findings.length === 0) {
    unsupported(`${at}/Statement`, `No Allow statement lets tokens of ${issuer} assume the role (sts:AssumeRoleWithWebIdentity with the Federated principal arn:aws:iam::ACCOUNT:oidc-provider/${prefix}).`);
  }
  return { issuer, doors, findings };
}

/**
 * The GitHub issuers the Allow statements' Federated principals name (GitHub's own, or a GitHub
 * Enterprise Cloud issuer, token.actions.githubusercontent.com/ENTERPRISE): the provider ARN decides the
 * issuer, and so the keys its tokens are judged by. GitHub's own when none is named.
 */
function issuersNamedIn(document: Readonly<Record<string, unknown>>): string[] {
  const given = document.Statement;
  const found = new Set<string>();
  for (const statement of Array.isArray(given) ? given : [given]) {
    if (!isRecord(statement) || statement.Effect === 'Deny') continue;
    // A wildcard principal takes in every provider of the account, GitHub's own among them.
    if (principalApplies(statement, GITHUB_HOST) === 'any') found.add(GITHUB_ACTIONS_ISSUER);
    if (!isRecord(statement.Principal)) continue;
    for (const arn of strings(statement.Principal.Federated)) {
      const provider = /:oidc-provider\/(.+)$/i.exec(arn)?.[1]?.replace(/\/+$/, '');
      if (provider !== undefined && (provider.toLowerCase() === GITHUB_HOST || provider.toLowerCase().startsWith(`${GITHUB_HOST}/`))) found.add(`https://${provider}`);
    }
  }
  // GitHub's own issuer first: the response's metadata names the first.
  return found.size === 0 ? [GITHUB_ACTIONS_ISSUER] : [...found].sort((a, b) => Number(b === GITHUB_ACTIONS_ISSUER) - Number(a === GITHUB_ACTIONS_ISSUER));
}

type Unsupported = (field: string, message: string, evidence?: Record<string, unknown>) => void;

function readStatement(statement: unknown, field: string, prefix: string, unsupported: Unsupported): Door | undefined {
  if (!isRecord(statement)) {
    unsupported(field, 'The statement is not a JSON object; it was not evaluated.');
    return undefined;
  }
  const effect = statement.Effect === 'Deny' ? 'Deny' : 'Allow';
  if (statement.Effect !== 'Allow' && statement.Effect !== 'Deny') {
    // AWS refuses such a document; read as an Allow, it errs towards letting tokens in.
    unsupported(`${field}/Effect`, `Effect ${clip(JSON.stringify(statement.Effect) ?? 'absent')} is neither Allow nor Deny; the statement is evaluated as an Allow.`, { key: 'Effect' });
  }
  const principal = principalApplies(statement, prefix);
  const action = actionApplies(statement);
  if (principal === 'none' || action === 'none') return undefined;
  if (action === 'unknown') {
    if (effect === 'Deny') return undefined;
    unsupported(field, 'The statement has neither Action nor NotAction; it is evaluated as one for sts:AssumeRoleWithWebIdentity.');
  }
  if (principal === 'any' && effect === 'Allow') {
    const member = 'NotPrincipal' in statement ? 'NotPrincipal' : 'Principal';
    unsupported(`${field}/${member}`, `The statement's ${member} admits every identity provider of the account, this issuer's included; its conditions are evaluated as if it named the issuer's provider.`, { key: member });
  }
  for (const member of Object.keys(statement)) {
    if (STATEMENT_MEMBERS.has(member)) continue;
    unsupported(`${field}/${escape(member)}`, `The statement member ${clip(member)} is not evaluated; the statement's conditions are, as if it were absent.`, { key: clip(member) });
  }
  const conditions = readConditionBlock(statement.Condition, `${field}/Condition`, prefix, unsupported);
  return { field, effect, conditions };
}

/** Action names sts:AssumeRoleWithWebIdentity, or NotAction (every action but those named) does not. */
function actionApplies(statement: Readonly<Record<string, unknown>>): 'applies' | 'none' | 'unknown' {
  if (statement.Action !== undefined) return grantsWebIdentity(statement.Action) ? 'applies' : 'none';
  if (statement.NotAction !== undefined) return grantsWebIdentity(statement.NotAction) ? 'none' : 'applies';
  return 'unknown';
}

/**
 * Whether the statement's principal takes in the issuer's tokens: by naming its OIDC provider, or by
 * taking in any principal (Principal "*", AWS "*", Federated "*", or a NotPrincipal that does not name it).
 */
function principalApplies(statement: Readonly<Record<string, unknown>>, prefix: string): 'named' | 'any' | 'none' {
  if (statement.NotPrincipal !== undefined) return namesProvider(statement.NotPrincipal, prefix) ? 'none' : 'any';
  const principal = statement.Principal;
  if (principal === '*' || (isRecord(principal) && (strings(principal.Federated).includes('*') || strings(principal.AWS).includes('*')))) return 'any';
  return namesProvider(principal, prefix) ? 'named' : 'none';
}

/** Action names sts:AssumeRoleWithWebIdentity (action names ignore case; `sts:*` and `*` name it too). */
function grantsWebIdentity(action: unknown): boolean {
  return strings(action).some((a) => compileStringLike(a.toLowerCase()).matches(WEB_IDENTITY_ACTION));
}

/** Principal is { Federated: ARN or list } naming the issuer's IAM OIDC provider. */
function namesProvider(principal: unknown, prefix: string): boolean {
  if (!isRecord(principal)) return false;
  const suffix = `:oidc-provider/${prefix.toLowerCase()}`;
  return strings(principal.Federated).some((arn) => arn.toLowerCase().endsWith(suffix));
}

function readConditionBlock(block: unknown, field: string, prefix: string, unsupported: Unsupported): Condition[] {
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
  return host === GITHUB_HOST || host.startsWith(`${GITHUB_HOST}/`) ? GITHUB_CONTEXT_CLAIMS : STANDARD_CONTEXT_CLAIMS;
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

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escape(token: string): string {
  return pointer(token).slice(1);
}

/** Names from the document in a message: short, whatever the document holds. */
function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
