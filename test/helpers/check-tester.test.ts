/**
 * The check tester's two ways of picking a check's findings: 'alone' (the check ran by itself: every
 * finding must be its own) and 'among' (the family's whole operation ran: only findings of its code
 * count), and its two ways of comparing evidence. The lint rule tester's own test
 * (test/lint/rules/rule-tester.test.ts) covers the rest through the lint family.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/engine/types.ts';
import { expectAbsent, expectAppears, type CheckFamily } from './check-tester.ts';

const check = { code: 'SOME_CODE', severity: 'warning' } as const;
const mine: Finding = { code: 'SOME_CODE', severity: 'warning', message: 'm', evidence: { field: '/x', value: 'v' } };
const other: Finding = { code: 'OTHER_CODE', severity: 'error', message: 'o' };
const family = (runs: 'alone' | 'among', evidence: 'exact' | 'partial'): CheckFamily<{ name: string }> => ({ run: () => [], runs, evidence });

describe('the check tester', () => {
  it('alone: a finding of another code fails a valid case and an invalid one', () => {
    expect(() => expectAbsent(check, { name: 'x' }, [other], family('alone', 'exact'))).toThrow();
    expect(() => expectAppears(check, { name: 'x', findings: [{}] }, [mine, other], family('alone', 'exact'))).toThrow();
  });

  it('among: findings of other codes are not the check\'s business', () => {
    expect(() => expectAbsent(check, { name: 'x' }, [other], family('among', 'partial'))).not.toThrow();
    expect(() => expectAppears(check, { name: 'x', findings: [{ message: 'm' }] }, [other, mine, other], family('among', 'partial'))).not.toThrow();
  });

  it('among: the check\'s code fails a valid case, and a count other than expected fails an invalid one', () => {
    expect(() => expectAbsent(check, { name: 'x' }, [other, mine], family('among', 'partial'))).toThrow();
    expect(() => expectAppears(check, { name: 'x', findings: [{}, {}] }, [mine], family('among', 'partial'))).toThrow();
    expect(() => expectAppears(check, { name: 'x', findings: [{}] }, [other], family('among', 'partial'))).toThrow();
  });

  it('fails a finding of the check\'s code with another severity', () => {
    expect(() => expectAppears(check, { name: 'x', findings: [{}] }, [{ ...mine, severity: 'error' }], family('among', 'partial'))).toThrow();
  });

  it('compares evidence on the members named (partial), or requires them all (exact)', () => {
    const named = { name: 'x', findings: [{ evidence: { field: '/x' } }] };
    expect(() => expectAppears(check, named, [mine], family('among', 'partial'))).not.toThrow();
    expect(() => expectAppears(check, named, [mine], family('among', 'exact'))).toThrow();
    expect(() => expectAppears(check, { name: 'x', findings: [{ evidence: { field: '/y' } }] }, [mine], family('among', 'partial'))).toThrow();
  });
});
