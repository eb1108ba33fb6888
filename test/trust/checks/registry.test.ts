import { describe, expect, it } from 'vitest';
import { TRUST_RUN_CHECKS, TRUST_STATEMENT_CHECKS } from '../../../src/engine/trust/checks/registry.ts';
import { TRUST_FINDINGS } from '../../../src/engine/trust/findings.ts';
import { testRegistry } from '../../helpers/check-registry.ts';

const checks = [...TRUST_STATEMENT_CHECKS, ...TRUST_RUN_CHECKS];

describe('the trust check registries', () => {
  testRegistry({
    checks,
    area: 'trust',
    checksDir: new URL('../../../src/engine/trust/checks/', import.meta.url),
    notChecks: ['registry.ts'],
    testsDir: new URL('./', import.meta.url),
    runner: 'runTrustCheck',
  });

  it('leave to the evaluation only the codes of reading the document and deciding the cases', () => {
    const fromChecks = new Set(checks.map((c) => c.code));
    expect(Object.keys(TRUST_FINDINGS).filter((code) => !fromChecks.has(code))).toEqual(['TRUST_CONDITION_UNSUPPORTED', 'TRUST_CASE_FAILED']);
  });
});
