/**
 * The trust family of the check tester (test/helpers/check-tester.ts): a case is a request to the
 * trust-policy lint, run whole, and the findings of the code under test are the ones compared, so each
 * check is seen with everything the evaluation does around it (the other statements, the issuers the
 * document trusts, findings said once). Every request goes through the schema check, as the service's does.
 */
import { createEngineContext } from '../../src/engine/context.ts';
import { lintTrustPolicy } from '../../src/engine/trust/lint.ts';
import type { Finding } from '../../src/engine/types.ts';
import { testCheck, type CheckCases, type CheckFamily, type CheckUnderTest } from '../helpers/check-tester.ts';

export const ISSUER_HOST = 'token.actions.githubusercontent.com';
export const PROVIDER_ARN = `arn:aws:iam::123456789012:oidc-provider/${ISSUER_HOST}`;
export const PINNED = 'repo:acme@1001/app@2002:ref:refs/heads/main';
/** The condition keys of GitHub's sub and aud claims, and a condition block binding aud soundly. */
export const SUB = `${ISSUER_HOST}:sub`;
export const AUD = `${ISSUER_HOST}:aud`;
export const AUD_OK = { StringEquals: { [AUD]: 'sts.amazonaws.com' } };

/** An AWS role trust policy for GitHub's issuer with these condition blocks, and `extra` statement members. */
export function awsPolicy(condition: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const statement: Record<string, unknown> = { Effect: 'Allow', Principal: { Federated: PROVIDER_ARN }, Action: 'sts:AssumeRoleWithWebIdentity', ...extra };
  if (condition !== undefined) statement.Condition = condition;
  return { Version: '2012-10-17', Statement: [statement] };
}

/** A request on which no code fires: a sound, pinned policy. */
export function sound(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { audiences: ['sts.amazonaws.com'], claim_patterns: { sub: PINNED }, ...overrides };
}

export interface TrustCase {
  name: string;
  request: Record<string, unknown>;
}

export type TrustCases = CheckCases<TrustCase>;

export async function lint(request: unknown): Promise<Finding[]> {
  return (await lintTrustPolicy(structuredClone(request), createEngineContext())).findings;
}

/** Runs the whole lint; the findings of the code under test are compared, on the members each case names. */
const trustPolicies: CheckFamily<TrustCase> = {
  run: (_check, c) => lint(c.request),
  runs: 'among',
  evidence: 'partial',
};

/** A check of trust/checks/, or the catalogue entry of a code the evaluation itself reports. */
export function runTrustCheck(check: CheckUnderTest, cases: TrustCases): void {
  testCheck(check, cases, trustPolicies);
}
