/** SARIF, shared by the action and `oidc-gate check --format sarif`. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATTERNS } from '../../src/gate/config/files.ts';
import { sarifOf } from '../../src/gate/outputs/outputs.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { Fingerprints } from '../../src/gate/suppress/fingerprint.ts';
import { buildSarif, fingerprint, MAX_SARIF_RESULTS, relativeUri } from '../../src/gate/outputs/sarif.ts';
import type { GateFinding } from '../../src/gate/types.ts';
import { loadYaml } from '../../src/gate/config/yaml.ts';

describe('SARIF', async () => {
  const run = await runGate({ root: path.resolve(import.meta.dirname, '../fixtures/repos/bad'), patterns: [...DEFAULT_PATTERNS], network: false, env: {} });
  const sarif = sarifOf(run) as {
    version: string;
    runs: { tool: { driver: { name: string; rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[] } }; results: Record<string, unknown>[] }[];
  };
  const [only] = sarif.runs;

  it('is SARIF 2.1.0 with one rule per code, from the catalogue', () => {
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    expect(only?.tool.driver.name).toBe('oidc-gate');
    expect(only?.tool.driver.rules.map((r) => r.id)).toEqual(['CHECK_SKIPPED', 'EXPECTATION_FAILED', 'INSECURE_URI', 'TOKEN_EXPIRED', 'WEAK_ALGORITHM']);
    const insecure = only?.tool.driver.rules.find((r) => r.id === 'INSECURE_URI');
    expect(insecure?.defaultConfiguration.level).toBe('error');
    expect(only?.tool.driver.rules.find((r) => r.id === 'CHECK_SKIPPED')?.defaultConfiguration.level).toBe('warning');
  });

  it('places each result at its file and line, with a ruleIndex that points at its rule', () => {
    const rules = only?.tool.driver.rules ?? [];
    expect(only?.results).toHaveLength(run.findings.length);
    const insecure = only?.results.find((r) => r.ruleId === 'INSECURE_URI');
    expect(insecure?.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: '.github/oidc-gate/provider.yml', uriBaseId: '%SRCROOT%' }, region: { startLine: 9, startColumn: 9 } } }]);
    for (const r of only?.results ?? []) expect(rules[r.ruleIndex as number]?.id).toBe(r.ruleId);
  });

  it('writes each location as a relative URI reference, every path segment percent-encoded', () => {
    expect(relativeUri('.github/oidc-gate/a b#1.yml')).toBe('.github/oidc-gate/a%20b%231.yml');
    expect(relativeUri('x:y/100%/é?.yml')).toBe('x%3Ay/100%25/%C3%A9%3F.yml');
    const out = buildSarif([{ code: 'INSECURE_URI', severity: 'error', message: 'm', file: 'cfg/a b#1.yml', line: 2 }]) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: unknown } }[] }[] }[];
    };
    expect(out.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation).toEqual({ uri: 'cfg/a%20b%231.yml', uriBaseId: '%SRCROOT%' });
  });

  it('leaves out results without a file, which code scanning refuses, and caps the results', () => {
    const many: GateFinding[] = [
      { code: 'CONFIG_NOT_FOUND', severity: 'error', message: 'none' },
      ...Array.from({ length: MAX_SARIF_RESULTS }, (_, i) => ({ code: 'CHECK_SKIPPED', severity: 'warning' as const, message: 'w', file: 'a.yml', line: i + 1 })),
      { code: 'INSECURE_URI', severity: 'error', message: 'e', file: 'b.yml', line: 3 },
    ];
    const out = buildSarif(many) as { runs: { results: { ruleId: string }[]; tool: { driver: { rules: { id: string }[] } } }[] };
    const results = out.runs[0]?.results ?? [];
    expect(results).toHaveLength(MAX_SARIF_RESULTS);
    expect(results[0]?.ruleId).toBe('INSECURE_URI');
    expect(results.some((r) => r.ruleId === 'CONFIG_NOT_FOUND')).toBe(false);
    expect(out.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual(['CHECK_SKIPPED', 'INSECURE_URI']);
  });

  it('has partialFingerprints bound to code, file, entry name, field and the value there: stable across line moves, reordering and insertions', () => {
    const doc = (text: string): Fingerprints => new Fingerprints('', [{ file: 'a.yml', yaml: loadYaml(text) }]);
    const uris = (list: string, name = 'idp') => `providers:\n  - name: other\n    issuer: https://o.example\n  - name: ${name}\n    redirect_uris: [${list}]\n`;
    const at = (index: number, entry = 1): GateFinding => ({
      code: 'INSECURE_URI', severity: 'error', message: 'm', file: 'a.yml', line: 9, name: 'idp',
      pointer: `/providers/${entry}/redirect_uris/${index}`, stablePointer: `/providers/idp/redirect_uris/${index}`,
    });
    const base = doc(uris('https://a.example/cb, http://b.example/cb')).of(at(1));
    // Another line, message, entry position, or an item inserted above: the same finding.
    expect(doc(uris('https://a.example/cb, http://b.example/cb')).of({ ...at(1), line: 40, message: 'other' })).toBe(base);
    expect(doc(`providers:\n  - name: idp\n    redirect_uris: [https://a.example/cb, http://b.example/cb]\n  - name: other\n`).of(at(1, 0))).toBe(base);
    expect(doc(uris('https://new.example/cb, https://a.example/cb, http://b.example/cb')).of(at(2))).toBe(base);
    // Another value, entry, file or code: a new finding.
    expect(doc(uris('https://a.example/cb, http://c.example/cb')).of(at(1))).not.toBe(base);
    expect(doc(uris('https://a.example/cb, http://b.example/cb', 'idp2')).of({ ...at(1), name: 'idp2' })).not.toBe(base);
    expect(new Fingerprints('', [{ file: 'b.yml', yaml: loadYaml(uris('https://a.example/cb, http://b.example/cb')) }]).of({ ...at(1), file: 'b.yml' })).not.toBe(base);
    expect(doc(uris('https://a.example/cb, http://b.example/cb')).of({ ...at(1), code: 'REDIRECT_URI_WILDCARD' })).not.toBe(base);
    // Without the document, the message stands in for the value.
    expect(fingerprint(at(1))).not.toBe(fingerprint({ ...at(1), message: 'other' }));
    const prints = (only?.results ?? []).map((r) => (r.partialFingerprints as Record<string, string>)['oidcGate/v2']);
    expect(prints.every((p) => /^[0-9a-f]{64}$/.test(p ?? ''))).toBe(true);
    expect(new Set(prints).size).toBe(prints.length);
  });
});
