/**
 * A Microsoft Entra federated identity credential, read as Entra checks a token against it: the
 * token's iss must equal the credential's issuer, its aud the credential's audience, and its sub the
 * credential's subject (a classic credential) or its claims must satisfy the claims matching expression
 * (a flexible one). Every comparison is exact and case-sensitive except the wildcards of `matches`.
 * The credential becomes one Allow door, named after the credential, whose conditions are on the
 * token's claim names, so that the breadth checks judge it as they judge any other format's doors.
 */
import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { clip, escape } from '../aws-conditions.ts';
import type { Condition, Door } from '../conditions.ts';
import { entraCondition } from './letter-case.ts';
import { TRUST_FINDINGS as F } from '../findings.ts';
import type { TrustReading } from '../format.ts';
import { nearMiss } from './claims.ts';
import { literalWildcard } from './literal.ts';
import { expressionConditions, unknownCondition, type Unsupported } from './flexible.ts';
import { given } from './limits.ts';

/** The members of Microsoft Graph's federatedIdentityCredential (and its read-only id; @odata.* annotations too). */
const CREDENTIAL_MEMBERS = new Set(['name', 'issuer', 'subject', 'audiences', 'claimsMatchingExpression', 'description', 'id']);
/** TRUST_CONDITION_UNSUPPORTED findings listed for one credential; the rest are counted in one more. */
const MAX_UNSUPPORTED = 50;

/** The issuer the credential trusts as written, if it names one. */
export function credentialIssuer(document: Readonly<Record<string, unknown>>): string | undefined {
  return typeof document.issuer === 'string' ? document.issuer : undefined;
}

/** The doors of the credential for tokens of `issuer`: its one door, or none for an issuer it does not name. */
export function readCredential(document: Readonly<Record<string, unknown>>, issuer: string, at: string): TrustReading {
  const own = credentialIssuer(document);
  if (own !== undefined && own.toLowerCase() !== issuer.toLowerCase()) {
    return { issuer, doors: [], findings: [finding(F.TRUST_CONDITION_NEVER_HOLDS, `The credential trusts tokens whose iss is exactly "${clip(own)}", and Entra compares the two exactly and case-sensitively: tokens of ${clip(issuer)} never match it.`, { field: `${at}/issuer`, issuer: clip(own) })] };
  }
  const findings: Finding[] = [];
  let untold = 0;
  const unsupported: Unsupported = (field, message, evidence = {}) => {
    if (findings.length < MAX_UNSUPPORTED) findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
    else untold++;
  };
  const strangers = Object.keys(document).filter((member) => !CREDENTIAL_MEMBERS.has(member) && !member.startsWith('@odata.'));
  // Only those listed are worded: a credential padded with thousands of members costs one count.
  for (const member of strangers.slice(0, MAX_UNSUPPORTED)) {
    unsupported(`${at}/${escape(member)}`, `The member ${clip(member)} is not one a federated identity credential has; it was not evaluated.`, { key: clip(member) });
  }
  untold += Math.max(0, strangers.length - MAX_UNSUPPORTED);
  const classic = given(document.subject);
  const conditions: Condition[] = classic
    ? [subjectCondition(document.subject, `${at}/subject`, unsupported, findings)]
    : expressionConditions(document.claimsMatchingExpression, `${at}/claimsMatchingExpression`, issuer, unsupported, findings);
  conditions.push(...audienceConditions(document.audiences, `${at}/audiences`, unsupported));
  if (own !== undefined) {
    // A case whose claims name no iss is a token of this issuer; one that names another is not let in.
    conditions.push(entraCondition({ field: `${at}/issuer`, claim: 'iss', operator: 'equals', ifExists: true }, own, false));
    const meant = nearMiss(own);
    if (meant !== undefined) {
      findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, `The credential's issuer "${clip(own)}" differs from ${meant} only in letter case, spaces or a trailing slash. Entra compares it with the token's iss exactly and case-sensitively, and that issuer's tokens carry ${meant}: none of them matches the credential (an application active before August 2024 may still match in another letter case; a difference in spaces or a slash never matches).`, { field: `${at}/issuer`, issuer: clip(own), expected: meant }));
    }
  } else if (given(document.issuer)) {
    unsupported(`${at}/issuer`, `The credential's issuer is not a string; it was not evaluated, and the credential is judged for tokens of ${clip(issuer)}.`);
  }
  if (untold > 0) {
    findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, `${untold} more parts of the credential are not evaluated either (the first ${MAX_UNSUPPORTED} are listed); none of them is taken to keep a token out.`, { field: at }));
  }
  const name = typeof document.name === 'string' && document.name !== '' ? `the credential ${clip(document.name)}` : 'the credential';
  const door: Door = {
    field: at, effect: 'Allow', conditions, name,
    missingAt: { sub: classic ? `${at}/subject` : `${at}/claimsMatchingExpression/value`, aud: `${at}/audiences` },
  };
  return { issuer, doors: [door], findings };
}

/**
 * A classic credential's subject: the token's sub must equal it exactly. A `*` or `?` in it is a plain
 * character, not a wildcard: the credential then matches only a token whose sub holds that character,
 * which no repository name or git ref does, so the logins it was meant for fail without saying why.
 */
function subjectCondition(subject: unknown, field: string, unsupported: Unsupported, findings: Finding[]): Condition {
  if (typeof subject !== 'string') {
    unsupported(field, 'The credential\'s subject is not a string; it was not evaluated and is taken to let every token in.');
    return unknownCondition(field, 'sub');
  }
  const outage = literalWildcard(subject, field, 'subject');
  if (outage !== undefined) findings.push(outage);
  return entraCondition({ field, claim: 'sub', operator: 'equals', ifExists: subject === '' }, subject, false);
}

/** The token's aud must equal the credential's audience (Entra takes one; any listed one is read as admitted). */
function audienceConditions(audiences: unknown, field: string, unsupported: Unsupported): Condition[] {
  if (!given(audiences)) return [];
  if (!Array.isArray(audiences) || !audiences.every((a) => typeof a === 'string')) {
    unsupported(field, 'The credential\'s audiences is not a list of strings; it was not evaluated and is taken to let every audience in.');
    return [unknownCondition(field, 'aud')];
  }
  if (audiences.length === 0) return [];
  return [entraCondition({ field, claim: 'aud', operator: 'equals' }, audiences as string[], false)];
}
