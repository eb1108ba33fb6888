import { finding } from '../findings.ts';
import { MAX_ARRAY_ITEMS, MAX_PATTERN_LENGTH } from '../schema/limits.ts';
import type { Finding } from '../types.ts';
import { makeCondition, pointer, type Condition, type Door, type SetOperator, type StringOperator } from './conditions.ts';
import { compileStringLike } from './string-like.ts';
import { TRUST_FINDINGS as F } from './findings.ts';

/** What an IAM role trust policy document lets in, for the tokens of one issuer. */
export interface AwsPolicyReading {
  /** One per Allow statement that lets the issuer's tokens assume the role. */
  readonly doors: Door[];
  /** TRUST_CONDITION_UNSUPPORTED, one per part that could not be evaluated. */
  readonly findings: Finding[];
}

const ROOT = '/aws_trust_policy';
const WEB_IDENTITY_ACTION = 'sts:assumerolewithwebidentity';
const GITHUB_HOST = 'token.actions.githubusercontent.com';
const POLICY_MEMBERS = new Set(['Version', 'Id', 'Statement']);
const STATEMENT_MEMBERS = new Set(['Sid', 'Effect', 'Principal', 'NotPrincipal', 'Action', 'NotAction', 'Condition']);
/**
 * The claims of GitHub's tokens that AWS STS puts in the request context as condition keys: the
 * standard aud and sub, and the provider-specific claims AWS added for GitHub in 2026. A condition on
 * any other claim meets no key: StringEquals and StringLike on it never hold, ForAllValues always does.
 */
const GITHUB_CONTEXT_CLAIMS = new Set(['aud', 'sub', 'amr', 'actor', 'actor_id', 'job_workflow_ref', 'repository', 'repository_id', 'workflow', 'ref', 'environment', 'enterprise_id']);
const OPERATORS = new Set<string>(['StringEquals', 'StringLike']);
const SET_OPERATORS = new Set<string>(['ForAnyValue', 'ForAllValues']);

/**
 * The prefix of the issuer's condition keys: its URL without https:// (token.actions.githubusercontent.com,
 * or host/path for an issuer with a path), which is also how IAM names the OIDC provider.
 */
export function conditionKeyPrefix(issuer: string): string {
  return issuer.replace(/^https:\/\//i, '').replace(/\/+$/, '');
}

/**
 * Reads the statements that matter to a token of `issuer`: Allow statements for
 * sts:AssumeRoleWithWebIdentity (by Action, or by a NotAction that does not name it) whose principal
 * takes in the issuer's OIDC provider. Statements for other actions or other principals do not decide
 * whether such a token is let in and are passed over; whatever could decide it but cannot be evaluated
 * (a Deny, an operator other than StringEquals and StringLike, a key of another issuer, a claim AWS does
 * not offer as a key…) is reported, never skipped silently. Whatever is reported errs towards letting
 * tokens in, so no case is denied on something nobody checked: a condition is left out of its
 * statement's conditions, as if it held, and a statement with a wildcard principal or an unknown
 * member is still read as a way in.
 */
export function readAwsPolicy(document: Readonly<Record<string, unknown>>, issuer: string): AwsPolicyReading {
  const findings: Finding[] = [];
  const unsupported = (field: string, message: string, evidence: Record<string, unknown> = {}): void => {
    findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
  };
  const prefix = conditionKeyPrefix(issuer);
  for (const member of Object.keys(document)) {
    if (!POLICY_MEMBERS.has(member)) unsupported(pointer('aws_trust_policy', member), `The policy member ${clip(member)} is not one a trust policy has; it was not evaluated.`, { key: clip(member) });
  }
  const given = document.Statement;
  const statements = Array.isArray(given) ? given : given === undefined ? [] : [given];
  if (given === undefined || statements.length === 0) {
    unsupported(ROOT, 'The policy has no Statement, so it lets no token in.');
    return { doors: [], findings };
  }
  if (statements.length > MAX_ARRAY_ITEMS) {
    unsupported(`${ROOT}/Statement`, `The policy has ${statements.length} statements; at most ${MAX_ARRAY_ITEMS} are evaluated, so it was not evaluated at all.`);
    return { doors: [], findings };
  }
  const doors: Door[] = [];
  statements.forEach((statement, index) => {
    const field = Array.isArray(given) ? `${ROOT}/Statement/${index}` : `${ROOT}/Statement`;
    const door = readStatement(statement, field, prefix, unsupported);
    if (door !== undefined) doors.push(door);
  });
  if (doors.length === 0 && findings.length === 0) {
    unsupported(`${ROOT}/Statement`, `No Allow statement lets tokens of ${issuer} assume the role (sts:AssumeRoleWithWebIdentity with the Federated principal arn:aws:iam::ACCOUNT:oidc-provider/${prefix}).`);
  }
  return { doors, findings };
}

type Unsupported = (field: string, message: string, evidence?: Record<string, unknown>) => void;

function readStatement(statement: unknown, field: string, prefix: string, unsupported: Unsupported): Door | undefined {
  if (!isRecord(statement)) {
    unsupported(field, 'The statement is not a JSON object.');
    return undefined;
  }
  const principal = principalAdmits(statement, prefix);
  if (!actionAdmits(statement) || principal === 'none') {
    // A statement for another action or principal does not decide whether this issuer's tokens get in,
    // unless it denies: a Deny could, and is reported below.
    if (statement.Effect === 'Deny') unsupported(`${field}/Effect`, 'Deny statements are not evaluated: the cases and findings do not account for what it denies.', { key: 'Effect' });
    return undefined;
  }
  if (statement.Effect !== 'Allow') {
    const what = statement.Effect === 'Deny' ? 'Deny statements are not evaluated' : `Effect ${clip(JSON.stringify(statement.Effect) ?? 'absent')} is neither Allow nor Deny`;
    unsupported(`${field}/Effect`, `${what}: the cases and findings do not account for this statement.`, { key: 'Effect' });
    return undefined;
  }
  if (principal === 'any') {
    // Leaving such a statement out would hide a way in; it is read as one that names the issuer.
    const member = 'NotPrincipal' in statement ? 'NotPrincipal' : 'Principal';
    unsupported(`${field}/${member}`, `The statement's ${member} admits every identity provider of the account, this issuer's included; its conditions are evaluated as if it named the issuer's provider.`, { key: member });
  }
  for (const member of Object.keys(statement)) {
    if (STATEMENT_MEMBERS.has(member)) continue;
    unsupported(`${field}/${escape(member)}`, `The statement member ${clip(member)} is not evaluated; the statement's conditions are, as if it were absent.`, { key: clip(member) });
  }
  const conditions = readConditionBlock(statement.Condition, `${field}/Condition`, prefix, unsupported);
  return { field, conditions };
}

/** Action names sts:AssumeRoleWithWebIdentity, or NotAction (every action but those named) does not. */
function actionAdmits(statement: Readonly<Record<string, unknown>>): boolean {
  if (statement.Action !== undefined) return grantsWebIdentity(statement.Action);
  return statement.NotAction !== undefined && !grantsWebIdentity(statement.NotAction);
}

/**
 * Whether the statement's principal takes in the issuer's tokens: by naming its OIDC provider, or by
 * taking in any provider (Principal "*", Federated "*", or a NotPrincipal that does not name it).
 */
function principalAdmits(statement: Readonly<Record<string, unknown>>, prefix: string): 'named' | 'any' | 'none' {
  if (statement.NotPrincipal !== undefined) return namesProvider(statement.NotPrincipal, prefix) ? 'none' : 'any';
  if (anyPrincipal(statement.Principal)) return 'any';
  return namesProvider(statement.Principal, prefix) ? 'named' : 'none';
}

/** Action names sts:AssumeRoleWithWebIdentity (action names ignore case; `sts:*` and `*` name it too). */
function grantsWebIdentity(action: unknown): boolean {
  return strings(action).some((a) => compileStringLike(a.toLowerCase()).matches(WEB_IDENTITY_ACTION));
}

/** Principal "*", or a Federated principal "*". */
function anyPrincipal(principal: unknown): boolean {
  return principal === '*' || (isRecord(principal) && strings(principal.Federated).includes('*'));
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
    return [];
  }
  const conditions: Condition[] = [];
  for (const [name, keys] of Object.entries(block)) {
    const operatorField = `${field}/${escape(name)}`;
    const parsed = parseOperator(name);
    if (parsed === undefined) {
      for (const key of isRecord(keys) ? Object.keys(keys) : ['']) {
        unsupported(key === '' ? operatorField : `${operatorField}/${escape(key)}`, `The condition operator ${clip(name)}${key === '' ? '' : ` on ${clip(key)}`} is not evaluated (only StringEquals and StringLike, with or without ForAnyValue: or ForAllValues:).`, { operator: clip(name), key: clip(key) });
      }
      continue;
    }
    if (!isRecord(keys)) {
      unsupported(operatorField, `The condition ${clip(name)} is not a JSON object of keys; it was not evaluated.`, { operator: clip(name) });
      continue;
    }
    for (const [key, values] of Object.entries(keys)) {
      const keyField = `${operatorField}/${escape(key)}`;
      const claim = claimOfKey(key, prefix);
      const problem = claim === undefined
        ? `the key is not one of ${prefix}'s claims (${prefix}:<claim>)`
        : absentFromContext(claim, prefix)
          ? `AWS does not put the claim ${clip(claim)} of this issuer's tokens in the request context, so StringEquals and StringLike on it never hold and ForAllValues on it always holds`
          : valuesProblem(values);
      if (problem !== undefined || claim === undefined) {
        unsupported(keyField, `The condition ${clip(name)} on ${clip(key)} is not evaluated: ${problem ?? ''}.`, { operator: clip(name), key: clip(key) });
        continue;
      }
      conditions.push(makeCondition({ field: keyField, claim, ...parsed }, values as string | string[]));
    }
  }
  return conditions;
}

function parseOperator(name: string): { operator: StringOperator; set?: SetOperator } | undefined {
  const colon = name.indexOf(':');
  const set = colon < 0 ? undefined : name.slice(0, colon);
  const operator = colon < 0 ? name : name.slice(colon + 1);
  if (!OPERATORS.has(operator) || (set !== undefined && !SET_OPERATORS.has(set))) return undefined;
  return set === undefined ? { operator: operator as StringOperator } : { operator: operator as StringOperator, set: set as SetOperator };
}

/** `token.actions.githubusercontent.com:sub` → `sub`; undefined for a key of another issuer or a global key. */
function claimOfKey(key: string, prefix: string): string | undefined {
  if (key.length <= prefix.length + 1 || key[prefix.length] !== ':') return undefined;
  if (key.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return undefined;
  return key.slice(prefix.length + 1);
}

/** A claim of GitHub's tokens that AWS does not offer as a condition key (other issuers' claims are not judged). */
function absentFromContext(claim: string, prefix: string): boolean {
  return prefix.toLowerCase() === GITHUB_HOST && !GITHUB_CONTEXT_CLAIMS.has(claim.toLowerCase());
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
