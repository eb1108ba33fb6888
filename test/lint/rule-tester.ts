/**
 * The lint family of the check tester (test/helpers/check-tester.ts): runs one lint rule alone, with no
 * network. Each rule's test file lists the cases where it must stay silent (`valid`) and where it must
 * fire (`invalid`, with the findings it must give), and every case becomes one test.
 *
 * The rule sees what it would see in a real lint: the request goes through the same schema check, the
 * context comes from the same builder as `lintOidcConfig`, and a JWK Set is read by the same
 * `analyseJwks`. Only the fetch is replaced: a case hands over the document the endpoint would serve,
 * or says the fetch failed, or that the lint ran offline.
 */
import { expect } from 'vitest';
import { PRIVATE_JWK_MEMBERS } from '../../src/engine/jwks/jwk.ts';
import { analyseJwks } from '../../src/engine/lint/jwks.ts';
import { buildRuleContext, runLintRule } from '../../src/engine/lint/lint.ts';
import type { JwksState, LintRule } from '../../src/engine/lint/types.ts';
import type { FetchFailureReason, TlsCertificateSeen } from '../../src/engine/net/types.ts';
import { parseLintRequest } from '../../src/engine/schema/lint-request.ts';
import type { Finding, LintRequest } from '../../src/engine/types.ts';
import { expectAbsent, expectAppears, testCheck, type CheckCases, type CheckFamily, type InvalidCase } from '../helpers/check-tester.ts';
import { goodRequest, jwk, keys } from './helpers/fixtures.ts';

/** The jwks_uri of every case unless the case's request names another. */
export const JWKS_URI = 'https://idp.example.com/tenant-1/jwks';

/** A JWK Set on which every JWKS rule is silent for the default request (RS256, ES256). */
export const goodJwks = { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' }), jwk(keys.p256, { kid: 'e1', use: 'sig' })] };

/** The fetch of jwks_uri failed, as the guarded fetcher reports it. */
export interface UnreachableJwks {
  unreachable: FetchFailureReason;
  status?: number;
  detail?: string;
}

export interface RuleCase {
  name: string;
  /** Merged over `goodRequest(JWKS_URI)`, a request on which every rule is silent. */
  request?: Partial<LintRequest>;
  /**
   * What the JWKS fetch gave: the document served (any JSON value; `goodJwks` when absent),
   * `{ unreachable: reason }` for a failed fetch, or `'skipped'` for an offline lint. An object with a
   * string `unreachable` and no `keys` is read as a failed fetch, never as a document.
   */
  jwks?: unknown;
  /** Strings that must appear nowhere in the findings, such as a password written in a URI. */
  neverShows?: string[];
  /** The engine clock's now for the case (ms since the epoch); the system clock when absent. */
  now?: number;
  /** The server certificate the JWKS fetch saw (a fetched JWKS only); none when absent, as over http. */
  tls?: TlsCertificateSeen;
}

export { expectWellFormed, type ExpectedFinding } from '../helpers/check-tester.ts';

export type InvalidRuleCase = InvalidCase<RuleCase>;

export type RuleCases = CheckCases<RuleCase>;

/** Private key values shorter than this are not searched for: they could match by chance. */
const MIN_SECRET_LENGTH = 8;

/** Runs each rule alone; its findings are compared in full, evidence members included, and never show key material. */
const lintRules: CheckFamily<RuleCase> = {
  run: (rule, c) => findingsOf(rule as LintRule, c),
  runs: 'alone',
  evidence: 'exact',
  inspect: expectNothingSecret,
};

export function runRule(rule: LintRule, cases: RuleCases): void {
  testCheck(rule, cases, lintRules);
}

/** Throws unless the rule gives no finding on the case. */
export function expectSilent(rule: LintRule, c: RuleCase): void {
  expectAbsent(rule, c, findingsOf(rule, c), lintRules);
}

/** Throws unless the rule gives exactly the expected findings, in order, each with the rule's code and severity. */
export function expectFires(rule: LintRule, c: InvalidRuleCase): void {
  expectAppears(rule, c, findingsOf(rule, c), lintRules);
}

/** The findings of one rule on one case, computed as lintOidcConfig computes them. */
export function findingsOf(rule: LintRule, c: RuleCase): Finding[] {
  const request = parseLintRequest(structuredClone(goodRequest(JWKS_URI, c.request)));
  const state = jwksState(request.jwks_uri, c.jwks);
  if (c.tls !== undefined && state.state === 'fetched') state.tls = c.tls;
  return runLintRule(rule, buildRuleContext(request, state, c.now ?? Date.now()));
}

function jwksState(uri: string, jwks: unknown): JwksState {
  if (jwks === 'skipped') return { state: 'skipped', uri };
  if (isUnreachable(jwks)) {
    const state: JwksState = { state: 'unreachable', uri, reason: jwks.unreachable, detail: jwks.detail ?? 'the test endpoint gave no answer.' };
    if (jwks.status !== undefined) state.status = jwks.status;
    return state;
  }
  return { state: 'fetched', uri, analysis: analyseJwks(structuredClone(jwks === undefined ? goodJwks : jwks)) };
}

function isUnreachable(v: unknown): v is UnreachableJwks {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !('keys' in v) && typeof (v as { unreachable?: unknown }).unreachable === 'string';
}

/**
 * No finding may carry a private or symmetric key value: neither one from the case's JWK Set nor one of
 * the shared test private key, nor any string the case names.
 */
function expectNothingSecret(findings: readonly Finding[], c: RuleCase): void {
  const json = JSON.stringify(findings);
  for (const value of [...privateValues(keys.rsa2048Private), ...privateValues(c.jwks)]) {
    expect(json.includes(value), 'a finding shows a private key value').toBe(false);
  }
  for (const text of c.neverShows ?? []) expect(json).not.toContain(text);
}

/** Every string held, at any depth, under a private member (d, p, q, dp, dq, qi, k, and oth's r, d, t). */
function privateValues(value: unknown, underPrivate = false, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (underPrivate && value.length >= MIN_SECRET_LENGTH) found.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) privateValues(v, underPrivate, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, v] of Object.entries(value)) privateValues(v, underPrivate || (PRIVATE_JWK_MEMBERS as readonly string[]).includes(name), found);
  }
  return found;
}
