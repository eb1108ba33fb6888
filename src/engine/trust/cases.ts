import { finding } from '../findings.ts';
import type { Finding } from '../types.ts';
import { claimValue, conditionHolds, doorApplies, statementName, type Door } from './conditions.ts';
import { TRUST_FINDINGS as F } from './findings.ts';

export type CaseExpectation = 'allow' | 'deny';

export interface TrustCase {
  name?: string;
  claims: Record<string, unknown>;
  expect: CaseExpectation;
}

/** A case's result, as the response's metadata lists it. */
export interface CaseResult {
  name: string;
  expect: CaseExpectation;
  outcome: CaseExpectation;
}

/** What decided a case: the statement that let it in or kept it out, or the condition that failed. */
type Decision = (
  | { outcome: 'allow'; decidedBy: { field: string; conditions: string[] } }
  | { outcome: 'deny'; decidedBy: { field: string; effect: 'Deny' } | { field: string; claim: string; operator: string; values: readonly string[]; actual: unknown } | null }
) & { door?: Door };

/**
 * As AWS decides: a Deny statement that applies keeps the token out whatever else holds; otherwise one
 * Allow statement that applies lets it in. A case denied for want of an Allow is decided by the first
 * condition that failed in the first Allow statement; with no Allow statement at all, by nothing.
 * Conditions the checker cannot evaluate admit (see doorApplies), so no case is denied on them.
 */
function decide(doors: readonly Door[], claims: Readonly<Record<string, unknown>>): Decision {
  const deny = doors.find((d) => d.effect === 'Deny' && doorApplies(d, claims));
  if (deny !== undefined) return { outcome: 'deny', decidedBy: { field: deny.field, effect: 'Deny' }, door: deny };
  let firstFailure: Decision | undefined;
  for (const door of doors) {
    if (door.effect !== 'Allow') continue;
    if (doorApplies(door, claims)) return { outcome: 'allow', decidedBy: { field: door.field, conditions: door.conditions.map((c) => c.field) }, door };
    const failed = door.conditions.find((c) => conditionHolds(c, claims) === false);
    if (failed !== undefined && failed.kind !== 'unknown') {
      firstFailure ??= {
        outcome: 'deny',
        decidedBy: { field: failed.field, claim: failed.claim, operator: failed.operator, values: failed.kind === 'match' ? failed.values : [], actual: shown(claimValue(claims, failed.claim)) },
        door,
      };
    }
  }
  return firstFailure ?? { outcome: 'deny', decidedBy: null };
}

/** The doors a document opens to the tokens of one issuer. */
export interface IssuerDoors {
  readonly issuer: string;
  readonly doors: readonly Door[];
}

/**
 * A case is a token of one issuer: the one its iss claim names, when the document is judged for it;
 * else the one the request names; else any issuer the document lets in, so that no case is denied for
 * want of knowing whose token it is.
 */
function decideForIssuers(readings: readonly IssuerDoors[], claims: Readonly<Record<string, unknown>>, requested: string | undefined): Decision {
  const issuerOf = (r: IssuerDoors): string => normal(r.issuer);
  const iss = typeof claims.iss === 'string' ? normal(claims.iss) : requested === undefined ? undefined : normal(requested);
  const named = readings.filter((r) => issuerOf(r) === iss);
  const decisions = (named.length > 0 ? named : readings).map((r) => decide(r.doors, claims));
  return decisions.find((d) => d.outcome === 'allow') ?? decisions[0] ?? { outcome: 'deny', decidedBy: null };
}

function normal(issuer: string): string {
  return issuer.replace(/\/+$/, '').toLowerCase();
}

/** Each case's result, and TRUST_CASE_FAILED for each one that did not come out as expected. */
export function evaluateCases(cases: readonly TrustCase[], readings: readonly IssuerDoors[], requested?: string): { results: CaseResult[]; findings: Finding[] } {
  const results: CaseResult[] = [];
  const findings: Finding[] = [];
  cases.forEach((c, index) => {
    const name = c.name ?? `case ${index}`;
    const decision = decideForIssuers(readings, c.claims, requested);
    results.push({ name, expect: c.expect, outcome: decision.outcome });
    if (decision.outcome === c.expect) return;
    findings.push(finding(F.TRUST_CASE_FAILED, `The case "${name}" expects ${c.expect}, but it is ${decision.outcome === 'allow' ? 'allowed' : 'denied'}: ${why(decision)}.`, {
      field: `/cases/${index}`, case: name, expect: c.expect, outcome: decision.outcome, decided_by: decision.decidedBy,
    }));
  });
  return { results, findings };
}

function why(decision: Decision): string {
  if (decision.outcome === 'allow') {
    if (decision.door?.name !== undefined) return `the conditions of ${decision.door.name} all hold`;
    return decision.decidedBy.field === '' ? 'its audiences and claim_patterns all hold' : `the conditions of the Allow statement ${statementName(decision.decidedBy.field)} all hold`;
  }
  const by = decision.decidedBy;
  if (by === null) return 'no statement lets the issuer\'s tokens in';
  if ('effect' in by) return `the Deny statement ${statementName(by.field)} applies to it`;
  if (decision.door?.name !== undefined) return `the ${by.operator} condition on ${by.claim} of ${decision.door.name} does not hold`;
  return `the ${by.operator} condition on ${by.claim} ${by.field === '' || by.field.startsWith('/claim_patterns') || by.field.startsWith('/audiences') ? `(${by.field})` : `of ${statementName(by.field)}`} does not hold`;
}

/** A claim value as evidence shows it: missing is null, and a long string is cut. */
function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > 200) return `${value.slice(0, 200)}…`;
  return value;
}
