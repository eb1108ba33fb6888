import type { EngineContext } from '../context.ts';
import { RequestInvalidError, type RequestProblem } from '../errors.ts';
import { parseTrustPolicyRequest } from '../schema/trust-policy-request.ts';
import { summarise } from '../summary.ts';
import type { Finding } from '../types.ts';
import { checkBreadth } from './breadth.ts';
import { workRefusal } from './budget.ts';
import { evaluateCases, type CaseResult, type IssuerDoors, type TrustCase } from './cases.ts';
import { makeCondition, pointer, type Condition, type Door } from './conditions.ts';
import { GITHUB_ACTIONS_ISSUER } from './findings.ts';
import type { TrustFormat } from './format.ts';
import { TRUST_FORMATS } from './formats.ts';
import { grammarOf } from './issuers/table.ts';
import type { TrustPolicyRequest } from './request.ts';

/** A condition as the response lists it. */
export interface ConditionSummary {
  field: string;
  effect: 'Allow' | 'Deny';
  claim: string;
  operator: string;
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

/** A reason to refuse a request before judging it; `limit` marks a size or work limit (config: CONFIG_TOO_LARGE). */
export interface TrustRefusal extends RequestProblem {
  limit: boolean;
}

/**
 * POST /v1/lint/trust-policy. Throws RequestInvalidError (422) for a body that fails the schema, a
 * document over the limits, or a request whose work would exceed the budget; every other problem is a
 * finding. Pure: nothing is fetched.
 */
export async function lintTrustPolicy(body: unknown, _ctx: EngineContext): Promise<TrustPolicyResponse> {
  return Promise.resolve(evaluateTrustPolicy(parseTrustPolicyRequest(body)));
}

/** The trust document the request carries, with its format. */
function documentsOf(request: TrustPolicyRequest): { format: TrustFormat; document: Record<string, unknown> }[] {
  return TRUST_FORMATS.flatMap((format) => {
    const document = (request as Record<string, unknown>)[format.member];
    return document === undefined ? [] : [{ format, document: document as Record<string, unknown> }];
  });
}

/** A request read and admitted for judging, or the reasons it is refused. */
type Prepared =
  | { refusals: TrustRefusal[] }
  | { refusals: []; readings: readonly IssuerDoors[]; findings: Finding[]; cases: readonly TrustCase[]; requested?: string };

/**
 * Reads the request's trust document (or its own conditions) into doors, refusing up front: a document
 * beside claim_patterns (the document alone decides; intent goes in cases), a document over its
 * format's limits, and a request whose evaluation would need more work than the budget.
 */
function prepare(request: TrustPolicyRequest): Prepared {
  const documents = documentsOf(request);
  if (documents.length > 1) {
    // Each document is its own role (or credential): judged together they would read as one door.
    return { refusals: documents.slice(1).map(({ format }) => ({
      pointer: pointer(format.member),
      message: `One trust document per request: ${format.member} cannot be given beside ${(documents[0] as { format: TrustFormat }).format.member}. Send each document in its own request (in config, its own trust_policies entry).`,
      limit: false,
    })) };
  }
  const given = documents[0];
  const cases = request.cases ?? [];
  if (given === undefined) {
    const doors: Door[] = [{ field: '', effect: 'Allow', conditions: ownConditions(request) }];
    const over = workRefusal([{ doors, grammar: grammarOf(request.issuer ?? GITHUB_ACTIONS_ISSUER, subValues(doors)) }], cases, '/claim_patterns');
    if (over !== undefined) return { refusals: [{ ...over, limit: true }] };
    return { refusals: [], readings: [{ issuer: request.issuer ?? GITHUB_ACTIONS_ISSUER, doors }], findings: [], cases };
  }
  const at = pointer(given.format.member);
  const refusals: TrustRefusal[] = given.format.refuse(given.document, at).map((p) => ({ ...p, limit: p.limit ?? true }));
  if (request.claim_patterns !== undefined) {
    refusals.unshift({
      pointer: '/claim_patterns',
      message: `claim_patterns cannot be given with ${given.format.member}: the role admits what the ${given.format.label} says, whatever the entry adds. State what must be allowed and denied as cases instead.`,
      limit: false,
    });
  }
  if (refusals.length > 0) return { refusals };
  const readings = given.format.issuers(given.document, request.issuer).map((issuer) => given.format.read(given.document, issuer, at));
  const over = workRefusal(readings.map((r) => ({ doors: r.doors, grammar: grammarOf(r.issuer, subValues(r.doors)) })), cases, at);
  if (over !== undefined) return { refusals: [{ ...over, limit: true }] };
  return { refusals: [], readings, findings: readings.flatMap((r) => r.findings), cases, ...(request.issuer === undefined ? {} : { requested: request.issuer }) };
}

/**
 * Why the request would be refused (422) for its document or its cost, before anything is judged; the
 * gate asks it of a config entry. A body that fails the schema has no answer here: running it reports that.
 */
export function trustRequestRefusals(body: unknown): TrustRefusal[] {
  let request: TrustPolicyRequest;
  try {
    request = parseTrustPolicyRequest(body);
  } catch (err) {
    if (err instanceof RequestInvalidError) return [];
    throw err;
  }
  return prepare(request).refusals;
}

export function evaluateTrustPolicy(request: TrustPolicyRequest): TrustPolicyResponse {
  const prepared = prepare(request);
  if (!('readings' in prepared)) throw new RequestInvalidError(prepared.refusals.map(({ pointer: p, message }) => ({ pointer: p, message })));
  const { readings, cases } = prepared;
  const missing = {
    sub: (door: Door) => door.missingAt?.sub ?? (door.field === '' ? '/claim_patterns' : `${door.field}/Condition`),
    aud: (door: Door) => door.missingAt?.aud ?? (door.field === '' ? '/audiences' : `${door.field}/Condition`),
  };
  const breadth = usableByNone(readings.map((r) => ({ reading: r, findings: checkBreadth(r.doors, missing, grammarOf(r.issuer, subValues(r.doors))) })));
  const evaluated = evaluateCases(cases, readings, prepared.requested);
  const findings = once([...breadth, ...prepared.findings, ...evaluated.findings]);
  return {
    valid: !findings.some((f) => f.severity === 'error'),
    findings,
    summary: summarise('Trust policy', findings),
    metadata: { issuer: (readings[0] as IssuerDoors).issuer, conditions: summarised((readings[0] as IssuerDoors).doors), cases: evaluated.results },
  };
}

/**
 * A statement is unusable (TRUST_CONDITION_NEVER_HOLDS) only when no issuer it is judged for can use
 * it: a role trusting two providers may write each statement for one of them.
 */
function usableByNone(judged: readonly { reading: IssuerDoors; findings: Finding[] }[]): Finding[] {
  const never = (findings: readonly Finding[], door: Door): boolean => findings.some((f) => f.code === 'TRUST_CONDITION_NEVER_HOLDS' && inDoor(f, door));
  const usableElsewhere = (f: Finding, self: IssuerDoors): boolean => judged.some(({ reading, findings }) => reading !== self &&
    reading.doors.some((door) => door.effect === 'Allow' && inDoor(f, door) && !never(findings, door)));
  return judged.flatMap(({ reading, findings }) => findings.filter((f) => f.code !== 'TRUST_CONDITION_NEVER_HOLDS' || !usableElsewhere(f, reading)));
}

function inDoor(f: Finding, door: Door): boolean {
  const field = String(f.evidence?.field);
  return field === door.field || field.startsWith(`${door.field}/`);
}

/** A document read once per issuer says the same thing about the same place more than once: once is enough. */
function once(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.code} ${String(f.evidence?.field)} ${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The values of every sub condition of the Allow doors: what shows an unknown issuer's grammar. */
function subValues(doors: readonly Door[]): string[] {
  return doors.flatMap((d) => (d.effect === 'Allow' ? d.conditions : [])).flatMap((c) => (c.kind === 'match' && c.claim === 'sub' ? c.values : []));
}

/** Without a trust document, the request's audiences and claim_patterns are the role's one statement. */
function ownConditions(request: TrustPolicyRequest): Condition[] {
  const conditions: Condition[] = [];
  if (request.audiences !== undefined) {
    conditions.push(makeCondition({ field: '/audiences', claim: 'aud', operator: 'StringEquals', match: 'StringEquals' }, request.audiences));
  }
  for (const [claim, patterns] of Object.entries(request.claim_patterns ?? {})) {
    conditions.push(makeCondition({ field: pointer('claim_patterns', claim), claim: claim.toLowerCase(), operator: 'StringLike', match: 'StringLike' }, patterns));
  }
  return conditions;
}

/** Every condition evaluated, once each, in the order of the request. */
function summarised(doors: readonly Door[]): ConditionSummary[] {
  const out: ConditionSummary[] = [];
  for (const door of doors) {
    for (const c of door.conditions) {
      if (c.kind === 'unknown') continue;
      const values = c.kind === 'match' ? [...c.values] : [String(c.absent)];
      out.push({ field: c.field, effect: door.effect, claim: c.claim, operator: c.operator, values });
    }
  }
  return out;
}
