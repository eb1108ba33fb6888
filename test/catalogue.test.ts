import { describe, expect, it } from 'vitest';
import { findingCatalogue, getFindingDefinition } from '../src/engine/catalogue.ts';
import { DISCOVERY_FINDINGS } from '../src/engine/discovery/discover.ts';
import { VALIDATION_FINDINGS } from '../src/engine/findings.ts';
import { LINT_RULES } from '../src/engine/lint/registry.ts';

describe('finding catalogue', () => {
  it('lists every code exactly once', () => {
    const codes = findingCatalogue.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every code a severity, an area and a title', () => {
    for (const d of findingCatalogue) {
      expect(d.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(['error', 'warning']).toContain(d.severity);
      expect(['validate', 'lint', 'discover']).toContain(d.area);
      expect(d.title.length).toBeGreaterThan(10);
    }
  });

  it('holds the validation findings, every lint rule and the discovery findings', () => {
    const codes = new Set(findingCatalogue.map((d) => d.code));
    for (const c of [...Object.keys(VALIDATION_FINDINGS), ...LINT_RULES.map((r) => r.code), ...Object.keys(DISCOVERY_FINDINGS)]) {
      expect(codes.has(c), c).toBe(true);
    }
    expect(findingCatalogue).toHaveLength(Object.keys(VALIDATION_FINDINGS).length + LINT_RULES.length + Object.keys(DISCOVERY_FINDINGS).length);
  });

  it('holds every code of the product-decisions §3 and §4 tables with its severity', () => {
    const expected: Record<string, 'error' | 'warning'> = {
      INSECURE_URI: 'error', WEAK_ALGORITHM: 'error', UNKNOWN_ALGORITHM: 'error', JWKS_UNREACHABLE: 'error',
      JWKS_URI_MISMATCH: 'error', JWKS_INVALID: 'error', JWKS_PRIVATE_KEY_EXPOSED: 'error', JWKS_KEY_TOO_SMALL: 'error',
      JWKS_NO_USABLE_KEY: 'error', JWKS_DUPLICATE_KID: 'warning', ISSUER_INVALID: 'error', REDIRECT_URI_INVALID: 'error',
      REDIRECT_URI_WILDCARD: 'error', REDIRECT_URI_LOCALHOST: 'warning', CHECK_SKIPPED: 'warning',
      DISCOVERY_UNREACHABLE: 'error', DISCOVERY_INVALID: 'error', DISCOVERY_ISSUER_MISMATCH: 'error', METADATA_MISSING: 'error',
    };
    for (const [code, severity] of Object.entries(expected)) {
      expect(getFindingDefinition(code)?.severity, code).toBe(severity);
    }
  });

  it('answers undefined for an unknown code', () => {
    expect(getFindingDefinition('NOT_A_CODE')).toBeUndefined();
    expect(getFindingDefinition('AUDIENCE_MISMATCH')?.area).toBe('validate');
  });
});
