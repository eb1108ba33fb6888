/**
 * AWS IAM role trust policies, read as AWS evaluates them for sts:AssumeRoleWithWebIdentity: every
 * statement that can apply to the issuer's tokens becomes a door (Allow or Deny) with its conditions.
 * What cannot be evaluated is named in a TRUST_CONDITION_UNSUPPORTED finding and read so that it
 * admits: an unknown condition holds in an Allow statement and does not in a Deny statement.
 */
import type { RequestProblem } from '../errors.ts';
import { finding } from '../findings.ts';
import { MAX_ARRAY_ITEMS } from '../schema/limits.ts';
import type { Finding } from '../types.ts';
import type { Door } from './conditions.ts';
import { TRUST_FINDINGS as F, GITHUB_ACTIONS_ISSUER } from './findings.ts';
import type { TrustFormat, TrustReading } from './format.ts';
import { clip, escape, isRecord, readConditionBlock, strings, type Unsupported } from './aws-conditions.ts';
import { compileStringLike } from './string-like.ts';

/** Statements read from one document at the most; a longer one is refused, never judged in part. */
export const MAX_STATEMENTS = 100;
/** A document's size at the most, as JSON text in UTF-8 bytes. */
export const MAX_DOCUMENT_BYTES = 64 * 1024;
/** Identity providers the Allow statements may name: each is judged on its own. */
export const MAX_ISSUERS = 10;
/** Condition operators and keys read, times the providers each is read for, in one request. */
export const MAX_CONDITION_READINGS = 3_000;
/** TRUST_CONDITION_UNSUPPORTED findings listed for one document; the rest are counted in one more. */
const MAX_UNSUPPORTED = 50;

const WEB_IDENTITY_ACTION = 'sts:assumerolewithwebidentity';
const POLICY_MEMBERS = new Set(['Version', 'Id', 'Statement']);
const STATEMENT_MEMBERS = new Set(['Sid', 'Effect', 'Principal', 'NotPrincipal', 'Action', 'NotAction', 'Condition']);


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
  description: 'An IAM role trust policy document (Version, Statement; at most 100 statements and 64 KiB as JSON). Every statement for sts:AssumeRoleWithWebIdentity that applies to the issuer\'s OIDC provider is evaluated as AWS does, Allow and Deny.',
  docs: 'docs/trust-policies.md',
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
    (Array.isArray(statements) ? statements : [statements]).forEach((statement, index) => {
      if (!isRecord(statement)) return;
      const field = Array.isArray(statements) ? `${at}/Statement/${index}` : `${at}/Statement`;
      for (const [member, value] of [['Principal', statement.Principal], ['NotPrincipal', statement.NotPrincipal]] as const) {
        const federated = isRecord(value) ? value.Federated : undefined;
        if (Array.isArray(federated) && federated.length > MAX_ARRAY_ITEMS) {
          problems.push({ pointer: `${field}/${member}/Federated`, message: `The statement names ${federated.length} identity providers; at most ${MAX_ARRAY_ITEMS} are judged.` });
        }
      }
    });
    const issuers = providersNamedIn(document);
    if (issuers.length > MAX_ISSUERS) {
      problems.push({ pointer: `${at}/Statement`, message: `The Allow statements name ${issuers.length} identity providers; each is judged on its own, and at most ${MAX_ISSUERS} are. Split the role, or send one provider's statements at a time.` });
    } else {
      // The document is read once per provider: its conditions times the providers is the reading's work.
      const entries = conditionEntries(statements);
      const readings = Math.max(1, issuers.length + 1);
      if (entries * readings > MAX_CONDITION_READINGS) {
        problems.push({ pointer: `${at}/Statement`, message: `The trust policy has ${entries.toLocaleString('en-US')} condition operators and keys, read once for each of ${readings} identity providers; at most ${MAX_CONDITION_READINGS.toLocaleString('en-US')} such readings are done for one request. Send the role's own trust policy: AWS caps one at a few kilobytes.` });
      }
    }
    return problems;
  },
  issuers: issuersOf,
  read: readAwsPolicy,
};

/** Reads every statement that can decide whether a token of the issuer may assume the role. */
export function readAwsPolicy(document: Readonly<Record<string, unknown>>, issuer: string, at: string): TrustReading {
  const findings: Finding[] = [];
  let untold = 0;
  const unsupported = (field: string, message: string, evidence: Record<string, unknown> = {}): void => {
    if (findings.length < MAX_UNSUPPORTED) findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
    else untold++;
  };
  const prefix = conditionKeyPrefix(issuer);
  const allowArns = allowArnsFor(document, prefix);
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
    const door = readStatement(statement, field, prefix, allowArns, unsupported, findings);
    if (door !== undefined) doors.push(door);
  });
  if (untold > 0) {
    findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, `${untold} more parts of the policy are not evaluated either (the first ${MAX_UNSUPPORTED} are listed); each is taken to hold in an Allow statement and not to hold in a Deny statement.`, { field: at }));
  }
  if (!doors.some((d) => d.effect === 'Allow') && findings.length === 0) {
    unsupported(`${at}/Statement`, `No Allow statement lets tokens of ${issuer} assume the role (sts:AssumeRoleWithWebIdentity with the Federated principal arn:aws:iam::ACCOUNT:oidc-provider/${prefix}).`);
  }
  return { issuer, doors, findings };
}

/**
 * The issuers whose tokens the document lets in: every OIDC provider an Allow statement's Federated
 * principal names (the provider ARN decides the issuer, GitHub Enterprise Cloud's
 * token.actions.githubusercontent.com/ENTERPRISE and other providers included), GitHub's own when an
 * Allow statement takes in any principal, and the issuer the request names. GitHub's own first: the
 * response's metadata names the first.
 */
function issuersOf(document: Readonly<Record<string, unknown>>, requested: string | undefined): string[] {
  const found = new Set<string>(requested === undefined ? [] : [requested.replace(/\/+$/, '')]);
  for (const provider of providersNamedIn(document)) found.add(`https://${provider}`);
  const given = document.Statement;
  for (const statement of Array.isArray(given) ? given : [given]) {
    if (isRecord(statement) && statement.Effect !== 'Deny' && (statement.Principal === '*' || anyFederated(statement.Principal))) found.add(GITHUB_ACTIONS_ISSUER);
  }
  if (found.size === 0) found.add(GITHUB_ACTIONS_ISSUER);
  return [...found].sort((x, y) => Number(y === GITHUB_ACTIONS_ISSUER) - Number(x === GITHUB_ACTIONS_ISSUER));
}

/** The providers (host and path, lower case) the Allow statements' Federated principals name. */
function providersNamedIn(document: Readonly<Record<string, unknown>>): string[] {
  const given = document.Statement;
  const found = new Set<string>();
  for (const statement of Array.isArray(given) ? given : [given]) {
    if (!isRecord(statement) || statement.Effect === 'Deny' || !isRecord(statement.Principal)) continue;
    for (const arn of strings(statement.Principal.Federated)) {
      const provider = providerOf(arn);
      if (provider !== undefined) found.add(provider);
    }
  }
  return [...found];
}

/** Condition operators and their keys, over every statement. */
function conditionEntries(statements: unknown): number {
  let entries = 0;
  for (const statement of Array.isArray(statements) ? statements : [statements]) {
    if (!isRecord(statement) || !isRecord(statement.Condition)) continue;
    for (const keys of Object.values(statement.Condition)) entries += 1 + (isRecord(keys) ? Object.keys(keys).length : 0);
  }
  return entries;
}

/** `arn:aws:iam::ACCOUNT:oidc-provider/HOST[/PATH]` → `host[/path]`, a trailing slash dropped. */
function providerOf(arn: string): string | undefined {
  return /:oidc-provider\/(.+)$/i.exec(arn)?.[1]?.replace(/\/+$/, '').toLowerCase();
}

function anyFederated(principal: unknown): boolean {
  return isRecord(principal) && (strings(principal.Federated).includes('*') || strings(principal.AWS).includes('*'));
}


function readStatement(statement: unknown, field: string, prefix: string, allowArns: ReadonlySet<string>, unsupported: Unsupported, findings: Finding[]): Door | undefined {
  if (!isRecord(statement)) {
    unsupported(field, 'The statement is not a JSON object; it was not evaluated.');
    return undefined;
  }
  const effect = statement.Effect === 'Deny' ? 'Deny' : 'Allow';
  if (statement.Effect !== 'Allow' && statement.Effect !== 'Deny') {
    // AWS refuses such a document; read as an Allow, it errs towards letting tokens in.
    unsupported(`${field}/Effect`, `Effect ${clip(JSON.stringify(statement.Effect) ?? 'absent')} is neither Allow nor Deny; the statement is evaluated as an Allow.`, { key: 'Effect' });
  }
  const action = actionApplies(statement);
  if (action === 'none') return undefined;
  const unknownMembers = Object.keys(statement).filter((member) => !STATEMENT_MEMBERS.has(member));
  if (effect === 'Deny') {
    // A Deny is credited only where it surely applies: to the very provider ARN an Allow names (the
    // role's own account), or to every principal; with a member the checker does not read, never.
    if (action === 'unknown' || !denyApplies(statement, prefix, allowArns)) return undefined;
    if (unknownMembers.length > 0) {
      unsupported(`${field}/${escape(unknownMembers[0] as string)}`, `The Deny statement has the member ${clip(unknownMembers[0] as string)}, which the checker does not read; the statement is not taken to deny anything.`, { key: clip(unknownMembers[0] as string) });
      return undefined;
    }
    return { field, effect, conditions: readConditionBlock(statement.Condition, `${field}/Condition`, prefix, unsupported, true) };
  }
  const principal = allowPrincipal(statement, prefix);
  if (principal === 'none') return undefined;
  if (action === 'unknown') unsupported(field, 'The statement has neither Action nor NotAction; it is evaluated as one for sts:AssumeRoleWithWebIdentity.');
  if (principal === 'not') {
    findings.push(finding(F.TRUST_SUBJECT_UNBOUNDED, 'The Allow statement\'s NotPrincipal admits every principal it does not name: tokens of any other identity provider of the account (and every other principal) can assume the role.', { field: `${field}/NotPrincipal` }));
  } else if (principal === 'any') {
    unsupported(`${field}/Principal`, 'The statement\'s Principal admits every identity provider of the account, this issuer\'s included; its conditions are evaluated as if it named the issuer\'s provider.', { key: 'Principal' });
  }
  for (const member of unknownMembers) {
    unsupported(`${field}/${escape(member)}`, `The statement member ${clip(member)} is not evaluated; the statement's conditions are, as if it were absent.`, { key: clip(member) });
  }
  return { field, effect, conditions: readConditionBlock(statement.Condition, `${field}/Condition`, prefix, unsupported, false) };
}

/** Action names sts:AssumeRoleWithWebIdentity, or NotAction (every action but those named) does not. */
function actionApplies(statement: Readonly<Record<string, unknown>>): 'applies' | 'none' | 'unknown' {
  if (statement.Action !== undefined) return grantsWebIdentity(statement.Action) ? 'applies' : 'none';
  if (statement.NotAction !== undefined) return grantsWebIdentity(statement.NotAction) ? 'none' : 'applies';
  return 'unknown';
}

/**
 * Whether an Allow statement's principal takes in the issuer's tokens: by naming its OIDC provider, or
 * by taking in any principal (Principal "*", AWS "*", Federated "*"); 'not' for a NotPrincipal that
 * does not name it, which takes in every principal it does not name.
 */
function allowPrincipal(statement: Readonly<Record<string, unknown>>, prefix: string): 'named' | 'any' | 'not' | 'none' {
  if (statement.NotPrincipal !== undefined) return namesProvider(statement.NotPrincipal, prefix) ? 'none' : 'not';
  if (statement.Principal === '*' || anyFederated(statement.Principal)) return 'any';
  return namesProvider(statement.Principal, prefix) ? 'named' : 'none';
}

/**
 * Whether a Deny statement surely applies to the issuer's tokens: Principal "*" or Federated "*", a
 * Federated ARN equal to one an Allow statement names for the issuer (a provider of another account is
 * not the role's), or a NotPrincipal that names no provider of the issuer at all.
 */
function denyApplies(statement: Readonly<Record<string, unknown>>, prefix: string, allowArns: ReadonlySet<string>): boolean {
  if (statement.NotPrincipal !== undefined) return !namesProvider(statement.NotPrincipal, prefix);
  if (statement.Principal === '*') return true;
  if (!isRecord(statement.Principal)) return false;
  const federated = strings(statement.Principal.Federated);
  return federated.includes('*') || federated.some((arn) => allowArns.has(normalArn(arn)));
}

/** The Federated ARNs of the Allow statements that name the issuer's provider. */
function allowArnsFor(document: Readonly<Record<string, unknown>>, prefix: string): Set<string> {
  const given = document.Statement;
  const arns = new Set<string>();
  for (const statement of Array.isArray(given) ? given : [given]) {
    if (!isRecord(statement) || statement.Effect === 'Deny' || !isRecord(statement.Principal)) continue;
    for (const arn of strings(statement.Principal.Federated)) if (providerOf(arn) === prefix.toLowerCase()) arns.add(normalArn(arn));
  }
  return arns;
}

function normalArn(arn: string): string {
  return arn.toLowerCase().replace(/\/+$/, '');
}

/** Action names sts:AssumeRoleWithWebIdentity (action names ignore case; `sts:*` and `*` name it too). */
function grantsWebIdentity(action: unknown): boolean {
  return strings(action).some((a) => compileStringLike(a.toLowerCase()).matches(WEB_IDENTITY_ACTION));
}

/** Principal is { Federated: ARN or list } naming the issuer's IAM OIDC provider. */
function namesProvider(principal: unknown, prefix: string): boolean {
  if (!isRecord(principal)) return false;
  return strings(principal.Federated).some((arn) => providerOf(arn) === prefix.toLowerCase());
}
