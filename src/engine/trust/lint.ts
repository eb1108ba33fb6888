import type { EngineContext } from '../context.ts';
import { parseTrustPolicyRequest } from '../schema/trust-policy-request.ts';
import { summarise } from '../summary.ts';
import type { Finding } from '../types.ts';
import { readAwsPolicy } from './aws-policy.ts';
import { evaluateCases, type CaseResult, type TrustCase } from './cases.ts';
import { checkDoors } from './checks.ts';
import { makeCondition, pointer, type Condition, type Door, type SetOperator, type StringOperator } from './conditions.ts';
import { GITHUB_ACTIONS_ISSUER } from './findings.ts';

export interface TrustPolicyRequest {
  issuer?: string;
  audiences?: string[];
  claim_patterns?: Record<string, string | string[]>;
  aws_trust_policy?: Record<string, unknown>;
  cases?: TrustCase[];
}

/** A condition as the response lists it. */
export interface ConditionSummary {
  field: string;
  claim: string;
  operator: StringOperator;
  set?: SetOperator;
  values: string[];
}

export interface TrustPolicyResponse {
  valid: boolean;
  findings: Finding[];
  summary: string;
  metadata: {
    issuer: string;
    conditions: ConditionSummary[];
    cases: CaseResult[];
    request_id?: string;
  };
}

/** Where the request's own conditions are, for a finding about one that is missing. */
const OWN = '';

/**
 * POST /v1/lint/trust-policy. Throws RequestInvalidError (422) for a body that fails the schema; every
 * other problem is a finding. Pure: nothing is fetched.
 */
export async function lintTrustPolicy(body: unknown, _ctx: EngineContext): Promise<TrustPolicyResponse> {
  return Promise.resolve(evaluateTrustPolicy(parseTrustPolicyRequest(body)));
}

export function evaluateTrustPolicy(request: TrustPolicyRequest): TrustPolicyResponse {
  const issuer = request.issuer ?? GITHUB_ACTIONS_ISSUER;
  const own = ownConditions(request);
  const findings: Finding[] = [];
  let doors: Door[];
  if (request.aws_trust_policy === undefined) {
    doors = [{ field: OWN, conditions: own }];
  } else {
    const reading = readAwsPolicy(request.aws_trust_policy, issuer);
    findings.push(...reading.findings);
    doors = reading.doors.map((door) => ({ field: door.field, conditions: [...own, ...door.conditions] }));
  }
  const missingField = (door: Door, ownField: string): string => (door.field === OWN ? ownField : `${door.field}/Condition`);
  findings.unshift(...checkDoors(doors, (door) => missingField(door, '/claim_patterns'), (door) => missingField(door, '/audiences')));
  const cases = evaluateCases(request.cases ?? [], doors);
  findings.push(...cases.findings);
  return {
    valid: !findings.some((f) => f.severity === 'error'),
    findings,
    summary: summarise('Trust policy', findings),
    metadata: { issuer, conditions: summarised(doors), cases: cases.results },
  };
}

/** The request's audiences and claim_patterns, as conditions every door must meet too. */
function ownConditions(request: TrustPolicyRequest): Condition[] {
  const conditions: Condition[] = [];
  if (request.audiences !== undefined) {
    conditions.push(makeCondition({ field: '/audiences', claim: 'aud', operator: 'StringEquals' }, request.audiences));
  }
  for (const [claim, patterns] of Object.entries(request.claim_patterns ?? {})) {
    conditions.push(makeCondition({ field: pointer('claim_patterns', claim), claim, operator: 'StringLike' }, patterns));
  }
  return conditions;
}

/** Every condition evaluated, once each, in the order of the request. */
function summarised(doors: readonly Door[]): ConditionSummary[] {
  const seen = new Set<string>();
  const out: ConditionSummary[] = [];
  for (const c of doors.flatMap((d) => d.conditions)) {
    if (seen.has(c.field)) continue;
    seen.add(c.field);
    const summary: ConditionSummary = { field: c.field, claim: c.claim, operator: c.operator, values: [...c.values] };
    if (c.set !== undefined) summary.set = c.set;
    out.push(summary);
  }
  return out;
}
