/** The action's own outputs: which findings become workflow annotations, and the job summary. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PER_LEVEL, selectAnnotations } from '../../src/action/annotations.ts';
import { buildSummary, escapeCell, SUMMARY_LIMIT_BYTES } from '../../src/action/summary.ts';
import { DEFAULT_PATTERNS } from '../../src/gate/config/files.ts';
import { buildReport } from '../../src/gate/outputs/report.ts';
import { runGate } from '../../src/gate/run/run.ts';
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
      'a&verbar;b &lt;img src=x onerror=alert(1)&gt; &ast;&ast;bold&ast;&ast; &lsqb;l&rsqb;(http&colon;//x) &commat;<!-- -->team &grave;c&grave; next',
    );
    const status: FileStatus = { file: 'x|<b>.yml', errors: 1, warnings: 0, providers: 1, profiles: 0, tokens: 0 };
    const f = finding(1, 'error', { file: 'x|<b>.yml', name: '<script>', message: 'uri `http://a|b` is <bad>' });
    const md = buildSummary(buildReport([], [f], [status]), 'r.json');
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<b>');
    expect(md).toContain('| error | [INSECURE&lowbar;URI](https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/INSECURE_URI.md) | x&verbar;&lt;b&gt;.yml:1 | &lt;script&gt; | uri &grave;http&colon;//a&verbar;b&grave; is &lt;bad&gt; |');
    // Every table row has exactly the header's number of cells (the last is the Fix column).
    for (const line of md.split('\n').filter((l) => l.startsWith('| error'))) expect(line.split(' | ')).toHaveLength(6);
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
