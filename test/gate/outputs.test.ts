import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PER_LEVEL, selectAnnotations } from '../../src/gate/annotations.ts';
import { DEFAULT_PATTERNS } from '../../src/gate/files.ts';
import { sarifOf } from '../../src/gate/outputs.ts';
import { buildReport } from '../../src/gate/report.ts';
import { runGate } from '../../src/gate/run.ts';
import { buildSarif, fingerprint, MAX_SARIF_RESULTS, relativeUri } from '../../src/gate/sarif.ts';
import { buildSummary, escapeCell, SUMMARY_LIMIT_BYTES } from '../../src/gate/summary.ts';
import type { FileStatus, GateFinding } from '../../src/gate/types.ts';

const finding = (i: number, severity: 'error' | 'warning', extra: Partial<GateFinding> = {}): GateFinding => ({
  code: severity === 'error' ? 'INSECURE_URI' : 'CHECK_SKIPPED', severity, message: `m${i}`, file: 'a.yml', line: i, column: 3, ...extra,
});

describe('selectAnnotations', () => {
  it('puts errors first and keeps everything when under the cap', () => {
    const out = selectAnnotations([finding(1, 'warning'), finding(2, 'error')], 'r.json');
    expect(out.map((a) => [a.level, a.properties])).toEqual([
      ['error', { title: 'INSECURE_URI', file: 'a.yml', startLine: 2, startColumn: 3 }],
      ['warning', { title: 'CHECK_SKIPPED', file: 'a.yml', startLine: 1, startColumn: 3 }],
    ]);
  });

  it('caps each level at 10 and adds one notice counting the rest and naming the report', () => {
    const findings = [
      ...Array.from({ length: 13 }, (_, i) => finding(i + 1, 'error')),
      ...Array.from({ length: 11 }, (_, i) => finding(100 + i, 'warning')),
    ];
    const out = selectAnnotations(findings, 'out/report.json');
    expect(out.filter((a) => a.level === 'error').map((a) => a.properties.startLine)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(out.filter((a) => a.level === 'warning')).toHaveLength(MAX_PER_LEVEL);
    const notices = out.filter((a) => a.level === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toBe('3 more errors and 1 more warning not shown as annotations (at most 10 per level); see the job summary and the report (out/report.json) for every finding.');
    expect(out.at(-1)?.level).toBe('notice');
  });

  it('leaves room for the failure message when the run fails: 9 finding errors, the notice counts the rest', () => {
    const errors = Array.from({ length: 15 }, (_, i) => finding(i + 1, 'error'));
    const out = selectAnnotations(errors, 'r.json', true);
    expect(out.filter((a) => a.level === 'error').map((a) => a.properties.startLine)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(out.at(-1)).toEqual({
      level: 'notice',
      message: '6 more errors not shown as annotations (at most 10 per level, the failure message among the errors); see the job summary and the report (r.json) for every finding.',
      properties: { title: 'oidc-gate' },
    });
    expect(selectAnnotations(errors.slice(0, 9), '', true).some((a) => a.level === 'notice')).toBe(false);
    expect(selectAnnotations(errors.slice(0, 10), '', true).at(-1)?.message).toMatch(/^1 more error not shown/);
    // Warnings keep their own 10: the failure message is an error.
    const warnings = Array.from({ length: 10 }, (_, i) => finding(i, 'warning'));
    expect(selectAnnotations(warnings, '', true).filter((a) => a.level === 'warning')).toHaveLength(10);
  });

  it('adds no notice at exactly the cap, and annotates a run-level problem without a file', () => {
    const out = selectAnnotations([...Array.from({ length: 10 }, (_, i) => finding(i, 'error')), { code: 'CONFIG_NOT_FOUND', severity: 'error', message: 'none' }], '');
    expect(out.filter((a) => a.level === 'notice')).toHaveLength(1);
    expect(selectAnnotations(Array.from({ length: 10 }, (_, i) => finding(i, 'error')), '').some((a) => a.level === 'notice')).toBe(false);
    const only = selectAnnotations([{ code: 'CONFIG_NOT_FOUND', severity: 'error', message: 'none' }], '');
    expect(only[0]?.properties).toEqual({ title: 'CONFIG_NOT_FOUND' });
  });
});

describe('job summary', () => {
  it('escapes Markdown, HTML and mentions in user text', () => {
    expect(escapeCell('a|b <img src=x onerror=alert(1)> **bold** [l](http://x) @team `c`\nnext')).toBe(
      'a&#124;b &#60;img src=x onerror=alert(1)&#62; &#42;&#42;bold&#42;&#42; &#91;l&#93;(http://x) &#64;team &#96;c&#96; next',
    );
    const status: FileStatus = { file: 'x|<b>.yml', errors: 1, warnings: 0, providers: 1, profiles: 0, tokens: 0 };
    const f = finding(1, 'error', { file: 'x|<b>.yml', name: '<script>', message: 'uri `http://a|b` is <bad>' });
    const md = buildSummary(buildReport([], [f], [status]), 'r.json');
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<b>');
    expect(md).toContain('| error | INSECURE&#95;URI | x&#124;&#60;b&#62;.yml:1 | &#60;script&#62; | uri &#96;http://a&#124;b&#96; is &#60;bad&#62; |');
    // Every table row has exactly the header's number of cells.
    for (const line of md.split('\n').filter((l) => l.startsWith('| error'))) expect(line.split(' | ')).toHaveLength(5);
  });

  it('stays under 900 KB and says how many rows it shows', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => finding(i, 'error', { message: 'x'.repeat(60) }));
    const md = buildSummary(buildReport([], many, [{ file: 'a.yml', errors: many.length, warnings: 0, providers: 0, profiles: 0, tokens: 0 }]));
    expect(Buffer.byteLength(md)).toBeLessThan(SUMMARY_LIMIT_BYTES);
    const shown = md.split('\n').filter((l) => l.startsWith('| error')).length;
    expect(shown).toBeGreaterThan(1000);
    expect(shown).toBeLessThan(many.length);
    expect(md).toContain(`Showing ${shown} of 20000 findings; the report has them all.`);
  });

  it('shows files, findings and samples of a real run, and no cut note when everything fits', async () => {
    const run = await runGate({ root: path.resolve(import.meta.dirname, '../fixtures/repos/good'), patterns: [...DEFAULT_PATTERNS], network: false, env: {} });
    const md = buildSummary(run.report, 'oidc-gate-report.json');
    expect(md.startsWith('## ⚠️ oidc-gate: Passed with 1 warning: 2 files, 5 checks.\n')).toBe(true);
    expect(md).toContain('### Files');
    expect(md).toContain('| .github/oidc-gate/samples.yaml | ✅ passed | 0 | 1 | 4 | 0 | 0 |');
    expect(md).toContain('### Sample tokens');
    expect(md.match(/\| ✅ pass \|/g)).toHaveLength(4);
    expect(md).not.toContain('Showing');
  });
});

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

  it('has partialFingerprints from code, file and the field named by entry, stable across line moves and reordering', () => {
    const base: GateFinding = { code: 'INSECURE_URI', severity: 'error', message: 'm', file: 'a.yml', line: 9, pointer: '/providers/0/redirect_uris/1', stablePointer: '/providers/idp/redirect_uris/1' };
    expect(fingerprint({ ...base, line: 40, pointer: '/providers/3/redirect_uris/1', message: 'other' })).toBe(fingerprint(base));
    expect(fingerprint({ ...base, stablePointer: '/providers/idp/redirect_uris/2' })).not.toBe(fingerprint(base));
    expect(fingerprint({ ...base, file: 'b.yml' })).not.toBe(fingerprint(base));
    expect(fingerprint({ ...base, code: 'REDIRECT_URI_WILDCARD' })).not.toBe(fingerprint(base));
    const prints = (only?.results ?? []).map((r) => (r.partialFingerprints as Record<string, string>)['oidcGate/v1']);
    expect(new Set(prints).size).toBe(prints.length);
  });
});
