/**
 * Runs the trust-policy lint on requests in the style of the lint rule tester: per code, the requests
 * where it must not appear (`valid`) and those where it must (`invalid`, with the findings of that
 * code it must give, in order). Every request goes through the schema check, as the service's does.
 */
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { lintTrustPolicy } from '../../src/engine/trust/lint.ts';
import type { Finding } from '../../src/engine/types.ts';

export const ISSUER_HOST = 'token.actions.githubusercontent.com';
export const PROVIDER_ARN = `arn:aws:iam::123456789012:oidc-provider/${ISSUER_HOST}`;
export const PINNED = 'repo:acme@1001/app@2002:ref:refs/heads/main';

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

export interface TrustCases {
  valid: { name: string; request: Record<string, unknown> }[];
  invalid: { name: string; request: Record<string, unknown>; findings: Partial<Finding>[] }[];
}

export async function lint(request: unknown): Promise<Finding[]> {
  return (await lintTrustPolicy(structuredClone(request), createEngineContext())).findings;
}

export function runTrustCode(code: string, cases: TrustCases): void {
  describe(code, () => {
    it('has a case where it appears and one where it is absent', () => {
      expect(cases.valid.length).toBeGreaterThan(0);
      expect(cases.invalid.length).toBeGreaterThan(0);
    });
    for (const c of cases.valid) {
      it(`absent: ${c.name}`, async () => {
        expect((await lint(c.request)).filter((f) => f.code === code)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`appears: ${c.name}`, async () => {
        const found = (await lint(c.request)).filter((f) => f.code === code);
        expect(found, JSON.stringify(found, null, 2)).toHaveLength(c.findings.length);
        found.forEach((f, i) => expect(f).toMatchObject(c.findings[i] as object));
      });
    }
  });
}
