import { describe, expect, it } from 'vitest';
import { findingCatalogue, getFindingDefinition } from '../src/gate/catalogue.ts';
import { DISCOVERY_FINDINGS } from '../src/engine/discovery/findings.ts';
import { checkDefinition } from '../src/engine/check.ts';
import { DISCOVERY_METADATA_CHECKS } from '../src/engine/discovery/checks/registry.ts';
import { defineFinding, type FindingDefinition } from '../src/engine/findings.ts';
import { VALIDATION_FINDINGS } from '../src/engine/validate/findings.ts';
import { GATE_CODES } from '../src/gate/codes.ts';
import { engineFindingCatalogue } from '../src/engine/index.ts';
import { getFindingDefinition as publicGetFindingDefinition } from '../src/gate/index.ts';
import { LINT_RULES } from '../src/engine/lint/registry.ts';
import { TRUST_FINDINGS } from '../src/engine/trust/findings.ts';
import type { LintRule } from '../src/engine/lint/types.ts';
import { buildSarif } from '../src/gate/outputs/sarif.ts';

const AREAS = ['validate', 'lint', 'discover', 'trust', 'gate'];

/** What is wrong with a list of definitions: a repeated code, or a code without title, severity or area. */
function catalogueProblems(definitions: readonly FindingDefinition[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const d of definitions) {
    if (!/^[A-Z][A-Z0-9_]+$/.test(d.code)) problems.push(`${d.code}: code is not UPPER_SNAKE_CASE`);
    if (seen.has(d.code)) problems.push(`${d.code}: defined twice`);
    seen.add(d.code);
    if (!['error', 'warning'].includes(d.severity)) problems.push(`${d.code}: no severity`);
    if (!AREAS.includes(d.area)) problems.push(`${d.code}: no area`);
    if (typeof d.title !== 'string' || d.title.trim().length < 10) problems.push(`${d.code}: no title`);
    if (d.status !== undefined && d.area !== 'validate') problems.push(`${d.code}: a status outside validation`);
    if (d.config !== undefined && d.area !== 'gate') problems.push(`${d.code}: config outside the gate`);
  }
  return problems;
}

describe('finding catalogue', () => {
  it('lists every code exactly once, each with a title, a severity and an area', () => {
    expect(catalogueProblems(findingCatalogue)).toEqual([]);
  });

  it('the check above catches a repeated code and a code without title, severity or area', () => {
    const broken: FindingDefinition[] = [
      ...findingCatalogue.slice(0, 2),
      { ...findingCatalogue[0] } as FindingDefinition,
      { code: 'NO_TITLE', severity: 'error', area: 'lint', title: '' },
      { code: 'NO_SEVERITY', area: 'lint', title: 'A code without a severity' } as unknown as FindingDefinition,
      { code: 'NO_AREA', severity: 'warning', title: 'A code without an area' } as unknown as FindingDefinition,
    ];
    expect(catalogueProblems(broken)).toEqual([
      'ALGORITHM_INVALID: defined twice', 'NO_TITLE: no title', 'NO_SEVERITY: no severity', 'NO_AREA: no area',
    ]);
  });

  it('holds the validation findings, every lint rule, the discovery findings, the trust-policy findings and the gate codes, in that order', () => {
    const expected = [
      ...Object.keys(VALIDATION_FINDINGS), ...LINT_RULES.map((r) => r.code), ...Object.keys(DISCOVERY_FINDINGS), ...DISCOVERY_METADATA_CHECKS.map((c) => c.code), ...Object.keys(TRUST_FINDINGS), ...Object.keys(GATE_CODES),
    ];
    expect(findingCatalogue.map((d) => d.code)).toEqual(expected);
    expect(findingCatalogue.map((d) => d.area)).toEqual([
      ...Object.keys(VALIDATION_FINDINGS).map(() => 'validate'), ...LINT_RULES.map(() => 'lint'),
      ...Object.keys(DISCOVERY_FINDINGS).map(() => 'discover'), ...DISCOVERY_METADATA_CHECKS.map(() => 'discover'), ...Object.keys(TRUST_FINDINGS).map(() => 'trust'), ...Object.keys(GATE_CODES).map(() => 'gate'),
    ]);
  });

  it('holds every lint and discovery code the product defines, with its severity', () => {
    const expected: Record<string, 'error' | 'warning'> = {
      INSECURE_URI: 'error', WEAK_ALGORITHM: 'error', UNKNOWN_ALGORITHM: 'error', JWKS_UNREACHABLE: 'error',
      JWKS_URI_MISMATCH: 'error', JWKS_INVALID: 'error', JWKS_PRIVATE_KEY_EXPOSED: 'error', JWKS_KEY_TOO_SMALL: 'error',
      JWKS_NO_USABLE_KEY: 'error', JWKS_DUPLICATE_KID: 'warning', ISSUER_INVALID: 'error', REDIRECT_URI_INVALID: 'error',
      REDIRECT_URI_WILDCARD: 'error', REDIRECT_URI_LOCALHOST: 'warning', CHECK_SKIPPED: 'warning',
      DISCOVERY_UNREACHABLE: 'error', DISCOVERY_INVALID: 'error', DISCOVERY_ISSUER_MISMATCH: 'error', METADATA_MISSING: 'error',
      ENDPOINT_CERT_EXPIRING: 'warning', JWKS_X5C_EXPIRING: 'warning', JWKS_X5C_EXPIRED: 'error', JWKS_X5C_MISMATCH: 'error',
      DISCOVERY_ALG_NONE: 'error', DISCOVERY_PKCE_MISSING: 'warning', DISCOVERY_PKCE_METHOD_INVALID: 'warning',
      DISCOVERY_IMPLICIT_FLOW: 'warning', JWKS_NONSTANDARD_ENCODING: 'warning',
    };
    for (const [code, severity] of Object.entries(expected)) {
      expect(getFindingDefinition(code)?.severity, code).toBe(severity);
    }
  });

  it('answers undefined for an unknown code, and the definition for a known one of any area', () => {
    expect(getFindingDefinition('NOT_A_CODE')).toBeUndefined();
    expect(getFindingDefinition('AUDIENCE_MISMATCH')?.area).toBe('validate');
    expect(getFindingDefinition('JWKS_KEY_UNSAFE')?.area).toBe('lint');
    expect(getFindingDefinition('METADATA_MISSING')?.area).toBe('discover');
    expect(getFindingDefinition('CONFIG_NOT_FOUND')?.area).toBe('gate');
  });

  it('is what the gate\'s public surface serves to the faces', () => {
    expect(publicGetFindingDefinition('EXPECTATION_FAILED')).toBe(GATE_CODES.EXPECTATION_FAILED);
    // The engine knows no face: its catalogue holds no gate code, and the gate's adds them all.
    expect(engineFindingCatalogue.filter((d) => d.area === 'gate')).toEqual([]);
    expect(findingCatalogue.filter((d) => d.area === 'gate')).toEqual(Object.values(GATE_CODES));
  });
});

describe('gate codes', () => {
  it('are errors, except the warnings about stale suppressions, changed keys and an unlocked entry, each with a remediation and an explicit config flag', () => {
    const warnings = ['JWKS_KEYS_CHANGED', 'LOCK_ENTRY_MISSING', 'SUPPRESSION_EXPIRED', 'SUPPRESSION_UNUSED'];
    for (const d of Object.values(GATE_CODES)) {
      expect(d.severity, d.code).toBe(warnings.includes(d.code) ? 'warning' : 'error');
      expect(d.remediation, d.code).toMatch(/\S/);
      expect(typeof d.config, d.code).toBe('boolean');
    }
  });

  it('mark problems with the input as config (CLI exit 2), and sample outcomes and faults as not', () => {
    const notConfig = Object.values(GATE_CODES).filter((d) => !d.config).map((d) => d.code).sort();
    // A lock out of step with the config is a finding about what was checked, not input the gate could not read.
    expect(notConfig).toEqual(['EXPECTATION_FAILED', 'INTERNAL_ERROR', 'JWKS_KEYS_CHANGED', 'LOCK_ENTRY_MISSING', 'LOCK_ENTRY_UNMATCHED', 'MALFORMED_TOKEN', 'SUPPRESSION_EXPIRED', 'SUPPRESSION_UNUSED', 'TRUST_DOCUMENT_UNKNOWN']);
    expect(GATE_CODES.CONFIG_INVALID.config).toBe(true);
    expect(GATE_CODES.REQUEST_INVALID.config).toBe(true);
  });
});

describe('defineFinding', () => {
  it('keeps only the fields given, and freezes the definition', () => {
    const d = defineFinding({ code: 'SOME_CODE', severity: 'warning', area: 'lint', title: 'Some title', remediation: undefined });
    expect(d).toEqual({ code: 'SOME_CODE', severity: 'warning', area: 'lint', title: 'Some title' });
    expect(Object.keys(d)).not.toContain('remediation');
    expect(Object.isFrozen(d)).toBe(true);
    expect(Object.isFrozen(VALIDATION_FINDINGS.TOKEN_EXPIRED)).toBe(true);
  });

  it('derives a lint rule\'s definition from the rule, docs included, remediation only when the rule has one', () => {
    const rule: LintRule = { code: 'SOME_RULE', severity: 'error', title: 'Some rule title', docs: 'Why it matters.', check: () => [] };
    expect(checkDefinition(rule, 'lint')).toEqual({ code: 'SOME_RULE', severity: 'error', area: 'lint', title: 'Some rule title', docs: 'Why it matters.' });
    expect(checkDefinition({ ...rule, remediation: 'Fix it.' }, 'lint').remediation).toBe('Fix it.');
    for (const r of LINT_RULES) expect(getFindingDefinition(r.code)?.docs, r.code).toBe(r.docs);
  });
});

describe('SARIF rules', () => {
  it('take every code\'s text and level from the catalogue, gate codes included', () => {
    // The finding's own severity and remediation differ from the catalogue's, so a rule built from the finding would show.
    const findings = findingCatalogue.map((d, i) => ({
      code: d.code, severity: d.severity === 'error' ? 'warning' as const : 'error' as const, message: 'm', file: 'a.yml', line: i + 1, remediation: 'from the finding',
    }));
    const sarif = buildSarif(findings) as { runs: { tool: { driver: { rules: Record<string, unknown>[] } } }[] };
    const rules = sarif.runs[0]?.tool.driver.rules ?? [];
    expect(rules).toHaveLength(findingCatalogue.length);
    for (const d of findingCatalogue) {
      const rule = rules.find((r) => r.id === d.code);
      expect(rule, d.code).toMatchObject({
        shortDescription: { text: d.title }, fullDescription: { text: d.title }, defaultConfiguration: { level: d.severity },
      });
      // The help is the code's (test/sarif/sarif.test.ts has the rest), never one finding's remediation.
      expect((rule?.help as { text: string }).text, d.code).toContain(`How to fix: ${d.fix ?? d.remediation}`);
    }
  });

  it('still name a code the catalogue lacks, with the level and help of its first result', () => {
    const sarif = buildSarif([{ code: 'NOT_IN_CATALOGUE', severity: 'warning', message: 'm', file: 'a.yml', line: 1, remediation: 'r' }]) as {
      runs: { tool: { driver: { rules: Record<string, unknown>[] } } }[];
    };
    expect(sarif.runs[0]?.tool.driver.rules[0]).toMatchObject({
      id: 'NOT_IN_CATALOGUE', shortDescription: { text: 'NOT_IN_CATALOGUE' }, defaultConfiguration: { level: 'warning' }, help: { text: 'r' },
    });
  });
});
