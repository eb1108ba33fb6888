/** Assertions on validation responses shared by the validation tests. */
import { MalformedTokenError, RequestInvalidError } from '../../src/engine/errors.ts';
import { STATUS_ORDER } from '../../src/engine/validate/findings.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';

export const STATUS_NAMES = ['signature', 'issuer', 'audience', 'algorithm', 'time', 'required_claims'] as const;
export const RESPONSE_KEYS_WITH_DIFF = ['valid', 'statuses', 'findings', 'summary', 'claim_diff', 'metadata'];
export const RESPONSE_KEYS = ['valid', 'statuses', 'findings', 'summary', 'metadata'];

/** Error finding codes, in response order. */
export function codes(res: ValidateResponse): string[] {
  return res.findings.map((f) => f.code);
}

export function warningCodes(res: ValidateResponse): string[] {
  return (res.metadata.warnings ?? []).map((f) => f.code);
}

/** Statuses that are 'fail', in the order of the statuses object. */
export function failed(res: ValidateResponse): string[] {
  return Object.entries(res.statuses).filter(([, v]) => v === 'fail').map(([k]) => k);
}

/**
 * The validation response contract: the fields every response carries, findings empty exactly when the
 * token is valid, and statuses that agree with the findings. Returns a list of violations (empty when
 * the response is well formed), so property tests can report them.
 */
export function responseViolations(res: ValidateResponse): string[] {
  const v: string[] = [];
  const keys = Object.keys(res);
  const expectedKeys = 'claim_diff' in res ? RESPONSE_KEYS_WITH_DIFF : RESPONSE_KEYS;
  if (keys.join(',') !== expectedKeys.join(',')) v.push(`key order ${keys.join(',')}`);
  if (typeof res.valid !== 'boolean') v.push('valid not boolean');
  if (Object.keys(res.statuses).join(',') !== STATUS_NAMES.join(',')) v.push(`status keys ${Object.keys(res.statuses).join(',')}`);
  for (const s of STATUS_NAMES) if (res.statuses[s] !== 'pass' && res.statuses[s] !== 'fail') v.push(`status ${s}=${String(res.statuses[s])}`);
  const allPass = STATUS_NAMES.every((s) => res.statuses[s] === 'pass');
  if (res.valid !== allPass) v.push('valid != every status pass');
  if (res.valid !== (res.findings.length === 0)) v.push('valid != findings empty');
  for (const f of res.findings) {
    if (f.severity !== 'error') v.push(`finding ${f.code} has severity ${f.severity}`);
    if (typeof f.message !== 'string' || f.message.length === 0) v.push(`finding ${f.code} has no message`);
  }
  for (const w of res.metadata.warnings ?? []) if (w.severity !== 'warning') v.push(`warning ${w.code} has severity ${w.severity}`);
  if (res.metadata.warnings !== undefined && res.metadata.warnings.length === 0) v.push('empty metadata.warnings');
  if (res.findings.some((f) => f.code === 'PROFILE_NOT_FOUND')) {
    if (res.findings.length !== 1) v.push('PROFILE_NOT_FOUND with other findings');
    if (!STATUS_NAMES.every((s) => res.statuses[s] === 'fail')) v.push('PROFILE_NOT_FOUND with a passing status');
    return v;
  }
  // Findings are ordered by status (algorithm, signature, issuer, audience, time, required_claims).
  const order = res.findings.map((f) => STATUS_ORDER.indexOf(statusOf(f.code)));
  for (let i = 1; i < order.length; i++) if ((order[i] as number) < (order[i - 1] as number)) v.push(`findings out of order: ${codes(res).join(',')}`);
  // Each failing status has a finding, except signature when the algorithm failed (no signature work ran).
  for (const s of STATUS_NAMES) {
    const has = res.findings.some((f) => statusOf(f.code) === s);
    if (res.statuses[s] === 'fail' && !has && !(s === 'signature' && res.statuses.algorithm === 'fail')) v.push(`status ${s} fails without a finding`);
    if (res.statuses[s] === 'pass' && has) v.push(`status ${s} passes with a finding`);
  }
  const diffExpected = res.findings.some((f) => ['issuer', 'audience', 'required_claims'].includes(statusOf(f.code)));
  if (diffExpected !== ('claim_diff' in res)) v.push(`claim_diff presence ${'claim_diff' in res} for ${codes(res).join(',')}`);
  for (const [name, entry] of Object.entries(res.claim_diff ?? {})) {
    if (Object.keys(entry).join(',') !== 'expected,actual') v.push(`claim_diff.${name} keys ${Object.keys(entry).join(',')}`);
  }
  if (typeof res.summary !== 'string' || !/^Token is (valid|invalid)\b.*\.$/.test(res.summary)) v.push(`summary ${res.summary}`);
  if (res.valid !== res.summary.startsWith('Token is valid')) v.push('summary disagrees with valid');
  return v;
}

const STATUS_OF: Record<string, (typeof STATUS_ORDER)[number]> = {
  ALGORITHM_INVALID: 'algorithm',
  SIGNATURE_INVALID: 'signature', KEY_MISMATCH: 'signature', KEY_NOT_FOUND: 'signature',
  UNSUPPORTED_CRITICAL_HEADER: 'signature', JWKS_UNAVAILABLE: 'signature',
  ISSUER_MISMATCH: 'issuer',
  AUDIENCE_MISMATCH: 'audience',
  TOKEN_EXPIRED: 'time', TOKEN_NOT_YET_VALID: 'time', TOKEN_ISSUED_IN_FUTURE: 'time',
  TOKEN_LIFETIME_EXCEEDED: 'time', CLAIM_TYPE_INVALID: 'time',
  REQUIRED_CLAIM_MISSING: 'required_claims', REQUIRED_SCOPE_MISSING: 'required_claims',
  CUSTOM_CLAIM_MISMATCH: 'required_claims', TOKEN_TYPE_MISMATCH: 'required_claims',
};

/** Which status a finding code fails (independent copy of the catalogue mapping, so a catalogue change is caught). */
export function statusOf(code: string): (typeof STATUS_ORDER)[number] {
  const s = STATUS_OF[code];
  if (s === undefined) throw new Error(`unexpected finding code ${code}`);
  return s;
}

/** Awaits a promise expected to reject with a typed engine error and returns it. */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection, got a response');
}

export async function expectMalformed(p: Promise<unknown>): Promise<MalformedTokenError> {
  const e = await rejection(p);
  if (!(e instanceof MalformedTokenError)) throw new Error(`expected MalformedTokenError, got ${String(e)}`);
  return e;
}

export async function expectRequestInvalid(p: Promise<unknown>): Promise<RequestInvalidError> {
  const e = await rejection(p);
  if (!(e instanceof RequestInvalidError)) throw new Error(`expected RequestInvalidError, got ${String(e)}`);
  return e;
}
