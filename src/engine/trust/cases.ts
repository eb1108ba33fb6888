import { finding } from '../findings.ts';
import type { Finding } from '../types.ts';
import { claimValue, conditionHolds, operatorName, type Door } from './conditions.ts';
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

/** What decided a case: the statement that let it in, or the condition that kept it out. */
type Decision =
  | { outcome: 'allow'; decidedBy: { field: string; conditions: string[] } }
  | { outcome: 'deny'; decidedBy: { field: string; claim: string; operator: string; values: readonly string[]; actual: unknown } | null };

/**
 * A case is allowed when one door has every condition holding, as AWS lets a role be assumed when one
 * Allow statement matches. A denied case is decided by the first condition that failed in the first
 * door; with no door at all (no statement lets the issuer in), by nothing.
 */
function decide(doors: readonly Door[], claims: Readonly<Record<string, unknown>>): Decision {
  let firstFailure: Decision | undefined;
  for (const door of doors) {
    const failed = door.conditions.find((c) => !conditionHolds(c, claims));
    if (failed === undefined) return { outcome: 'allow', decidedBy: { field: door.field, conditions: door.conditions.map((c) => c.field) } };
    firstFailure ??= {
      outcome: 'deny',
      decidedBy: { field: failed.field, claim: failed.claim, operator: operatorName(failed), values: failed.values, actual: shown(claimValue(claims, failed.claim)) },
    };
  }
  return firstFailure ?? { outcome: 'deny', decidedBy: null };
}

/** Each case's result, and TRUST_CASE_FAILED for each one that did not come out as expected. */
export function evaluateCases(cases: readonly TrustCase[], doors: readonly Door[]): { results: CaseResult[]; findings: Finding[] } {
  const results: CaseResult[] = [];
  const findings: Finding[] = [];
  cases.forEach((c, index) => {
    const name = c.name ?? `case ${index}`;
    const decision = decide(doors, c.claims);
    results.push({ name, expect: c.expect, outcome: decision.outcome });
    if (decision.outcome === c.expect) return;
    const why = decision.outcome === 'allow'
      ? decision.decidedBy.field === '' ? 'its audiences and claim_patterns all hold' : `the conditions of the statement at ${decision.decidedBy.field} all hold`
      : decision.decidedBy === null
        ? 'no statement lets the issuer\'s tokens in'
        : `the ${decision.decidedBy.operator} condition on ${decision.decidedBy.claim} at ${decision.decidedBy.field} does not hold`;
    findings.push(finding(F.TRUST_CASE_FAILED, `The case "${name}" expects ${c.expect}, but it is ${decision.outcome === 'allow' ? 'allowed' : 'denied'}: ${why}.`, {
      field: `/cases/${index}`, case: name, expect: c.expect, outcome: decision.outcome, decided_by: decision.decidedBy,
    }));
  });
  return { results, findings };
}

/** A claim value as evidence shows it: missing is null, and a long string is cut. */
function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > 200) return `${value.slice(0, 200)}…`;
  return value;
}
