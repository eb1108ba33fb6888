/**
 * One tester for every check (lint rules, discovery metadata checks, trust checks), in the style of
 * ESLint's RuleTester: a check's test file lists the cases where its code must be absent (`valid`) and
 * those where it must appear (`invalid`, with the findings of that code it must give, in order), and
 * every case becomes one test.
 *
 * A family says how a case is run (`CheckFamily.run`): the lint rule tester runs one rule alone on a
 * request and a JWK Set, the discovery tester one check on a document, the trust tester the whole
 * trust-policy lint on a request. What is asserted is the same for all of them.
 */
import { describe, expect, it } from 'vitest';
import type { Finding, Severity } from '../../src/engine/types.ts';

/** What the tester needs of a check: a Check, a lint rule, or a catalogue entry for a code the evaluation itself reports. */
export interface CheckUnderTest {
  readonly code: string;
  readonly severity: Severity;
}

/**
 * A finding the check must give, matched with `toMatchObject`; `code` and `severity` default to the
 * check's. With exact evidence (see CheckFamily.evidence), an `evidence` given must list every member
 * the finding's evidence has, so a member added later (the usual way key material would leak) fails the
 * test until someone looks at it.
 */
export interface ExpectedFinding {
  code?: string;
  severity?: Severity;
  /** The exact text, or a matcher such as `expect.stringContaining(...)`. */
  message?: unknown;
  evidence?: Record<string, unknown>;
  remediation?: unknown;
}

export interface CheckCase {
  name: string;
}

export type InvalidCase<C extends CheckCase> = C & { findings: ExpectedFinding[] };

export interface CheckCases<C extends CheckCase> {
  valid: C[];
  invalid: InvalidCase<C>[];
}

/** How one family's cases are run, and how strictly their findings are compared. */
export interface CheckFamily<C extends CheckCase> {
  /** The findings a case gives. */
  run(check: CheckUnderTest, c: C): Finding[] | Promise<Finding[]>;
  /**
   * 'alone': `run` runs the check by itself, so every finding it gives must be its own; 'among': `run`
   * runs the family's whole operation, whose findings of the check's code are the ones compared.
   */
  runs: 'alone' | 'among';
  /** 'exact': an expected evidence lists every member of the finding's evidence; 'partial': only those compared. */
  evidence: 'exact' | 'partial';
  /** Asserted on every case's findings, valid and invalid alike (lint: no key material shows). */
  inspect?(findings: readonly Finding[], c: C): void;
}

/** One describe block per check: a test that the cases are well formed, then one test per case. */
export function testCheck<C extends CheckCase>(check: CheckUnderTest, cases: CheckCases<C>, family: CheckFamily<C>): void {
  describe(check.code, () => {
    it('has a case where it fires, one where it is silent, and no two cases of the same name', () => expectWellFormed(cases));

    describe('valid', () => {
      for (const c of cases.valid) {
        it(c.name, async () => expectAbsent(check, c, await family.run(check, c), family));
      }
    });

    describe('invalid', () => {
      for (const c of cases.invalid) {
        it(c.name, async () => expectAppears(check, c, await family.run(check, c), family));
      }
    });
  });
}

/** Throws unless there is a case of each kind and every case name is unique. */
export function expectWellFormed(cases: CheckCases<CheckCase>): void {
  expect(cases.valid.length, 'cases where the check is silent').toBeGreaterThan(0);
  expect(cases.invalid.length, 'cases where the check fires').toBeGreaterThan(0);
  const names = [...cases.valid, ...cases.invalid].map((c) => c.name);
  expect(names.filter((n, i) => names.indexOf(n) !== i), 'case names used twice').toEqual([]);
}

/** Throws unless the findings hold none of the check's (alone: none at all). */
export function expectAbsent<C extends CheckCase>(check: CheckUnderTest, c: C, findings: readonly Finding[], family: CheckFamily<C>): void {
  family.inspect?.(findings, c);
  expect(own(check, findings, family)).toEqual([]);
}

/** Throws unless the check's findings are exactly the expected ones, in order, each with the check's code and severity. */
export function expectAppears<C extends CheckCase>(check: CheckUnderTest, c: InvalidCase<C>, findings: readonly Finding[], family: CheckFamily<C>): void {
  expect(c.findings.length, 'an invalid case must expect at least one finding').toBeGreaterThan(0);
  family.inspect?.(findings, c);
  const found = own(check, findings, family);
  expect(found, JSON.stringify(found, null, 2)).toHaveLength(c.findings.length);
  found.forEach((finding, i) => {
    const expected = c.findings[i] as ExpectedFinding;
    expect(finding.code).toBe(check.code);
    expect(finding.severity).toBe(check.severity);
    expect(finding).toMatchObject({ code: check.code, severity: check.severity, ...expected });
    if (family.evidence === 'exact' && expected.evidence !== undefined) {
      expect(Object.keys(finding.evidence ?? {}).sort(), 'evidence members').toEqual(Object.keys(expected.evidence).sort());
    }
  });
}

function own<C extends CheckCase>(check: CheckUnderTest, findings: readonly Finding[], family: CheckFamily<C>): readonly Finding[] {
  return family.runs === 'alone' ? findings : findings.filter((f) => f.code === check.code);
}
