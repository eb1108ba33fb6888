/**
 * Suppressions and the baseline through the action bundle, as the runner runs it on the `bad` fixture:
 * what the step's exit, outputs, annotations, job summary, report and SARIF say.
 */
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, runActionBundle, runCliBundle, tempParent, workspace } from '../fixtures/harness.ts';
import { sarifProblems } from '../sarif/validate-sarif.ts';

const parent = tempParent('oidc-gate-suppress-e2e-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const PROVIDER = '.github/oidc-gate/provider.yml';
const SAMPLES = '.github/oidc-gate/samples.yml';

interface Report {
  valid: boolean;
  summary: { text: string; errors: number; warnings: number; findings: { code: string; line?: number }[]; suppressed: Record<string, unknown>[]; baseline?: unknown };
  results: { kind: string; name: string; response?: unknown; suppressed?: { code: string; kind: string }[] }[];
}
interface SarifResult {
  ruleId: string;
  level: string;
  locations: { physicalLocation: { region: { startLine: number } } }[];
  suppressions?: { kind: string; justification: string }[];
  baselineState?: string;
}

const annotations = (stdout: string) => stdout.split('\n').filter((l) => /^::(error|warning|notice)\b/.test(l));
/** Level, code and line of each annotation, the failure message as `error -`. */
const heads = (stdout: string) => annotations(stdout).map((l) => {
  const m = /^::(\w+)(?: title=([A-Z_]+),file=[^,]+,line=(\d+))?/.exec(l);
  return `${m?.[1]} ${m?.[2] ?? '-'}${m?.[3] !== undefined ? `:${m[3]}` : ''}`;
});
/** The job summary as a reader sees it: its Markdown escapes (numeric and named entities) decoded. */
const ENTITIES: Record<string, string> = { colon: ':', lowbar: '_', quot: '"', apos: "'", lsqb: '[', rsqb: ']', amp: '&', lt: '<', gt: '>', ast: '*', grave: '`', verbar: '|', commat: '@', bsol: '\\', tilde: '~', num: '#', period: '.', sol: '/' };
const shown = (summary: string) => summary.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&([a-z]+);/g, (m, name: string) => ENTITIES[name] ?? m);
const report = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as Report;
const sarif = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'results.sarif'), 'utf8')) as { runs: { results: SarifResult[] }[] };
const results = (dir: string) => sarif(dir).runs[0]?.results ?? [];
const line = (r: SarifResult) => r.locations[0]?.physicalLocation.region.startLine;

/** The `bad` fixture with its provider file's lines edited. */
function badRepo(edit: (provider: string) => string = (p) => p, samples: (s: string) => string = (s) => s): string {
  const dir = workspace('bad', parent);
  for (const [file, change] of [[PROVIDER, edit], [SAMPLES, samples]] as const) {
    const abs = path.join(dir, file);
    writeFileSync(abs, change(readFileSync(abs, 'utf8')));
  }
  return dir;
}

/** Inline: the http redirect URI (line 9 → 10 after the comment) and the HS256 algorithm (line 11 → 12). */
const withInline = (p: string) => p
  .replace('      - http://app.fixture.example/callback\n', '      # oidc-gate: ignore[INSECURE_URI] the legacy app terminates TLS at its load balancer\n      - http://app.fixture.example/callback\n')
  .replace('allowed_algs: [RS256, HS256]', 'allowed_algs: [RS256, HS256]  # oidc-gate: ignore[WEAK_ALGORITHM] legacy HMAC clients until the Q3 migration');

const CONFIG_SUPPRESSIONS = [
  'suppressions:',
  '  - code: TOKEN_EXPIRED',
  '    entry: expired-but-expected-valid',
  '    reason: kept to show what an expired token reports',
  '    expires: 2099-12-31',
  '  - code: EXPECTATION_FAILED',
  '    entry: valid-but-expected-invalid',
  '    field: /expect',
  '    reason: the negative sample is being rewritten',
  '',
].join('\n');

describe.skipIf(!bundlesPresent())('suppressions through the action bundle', () => {
  it('inline: the suppressed findings leave the annotations, counts and fail-on, and stay in the report, SARIF and summary', () => {
    const dir = badRepo(withInline);
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'results.sarif' });
    expect(r.status).toBe(1);
    expect(heads(r.stdout)).toEqual(['error TOKEN_EXPIRED:2', 'error EXPECTATION_FAILED:13', 'warning CHECK_SKIPPED:6', 'error -']);
    expect(r.outputs).toMatchObject({ valid: 'false', errors: '2', warnings: '1' });
    const rep = report(dir);
    expect(rep.summary.text).toBe('Failed: 2 errors and 1 warning in 2 files, 3 checks; 2 suppressed.');
    expect(rep.summary.suppressed).toEqual([
      {
        code: 'INSECURE_URI', severity: 'error', message: 'redirect_uris[1] is not an https:// URI.', file: PROVIDER, line: 10, column: 9,
        entry: 'legacy-idp', field: '/redirect_uris/1', kind: 'inline', reason: 'the legacy app terminates TLS at its load balancer', suppression: { file: PROVIDER, line: 9 },
      },
      expect.objectContaining({ code: 'WEAK_ALGORITHM', line: 12, field: '/alg_policy/allowed_algs/1', kind: 'inline', reason: 'legacy HMAC clients until the Q3 migration', suppression: { file: PROVIDER, line: 12 } }),
    ]);
    // Beside the lint result's untouched response, which still lists both findings.
    const lint = rep.results.find((x) => x.kind === 'lint');
    expect(lint?.suppressed?.map((s) => [s.code, s.kind])).toEqual([['INSECURE_URI', 'inline'], ['WEAK_ALGORITHM', 'inline']]);
    expect(JSON.stringify(lint?.response)).toContain('INSECURE_URI');
    const hidden = results(dir).filter((x) => x.suppressions !== undefined);
    expect(hidden.map((x) => [x.ruleId, line(x), x.suppressions])).toEqual([
      ['INSECURE_URI', 10, [{ kind: 'inSource', justification: 'the legacy app terminates TLS at its load balancer' }]],
      ['WEAK_ALGORITHM', 12, [{ kind: 'inSource', justification: 'legacy HMAC clients until the Q3 migration' }]],
    ]);
    expect(results(dir).every((x) => x.baselineState === undefined)).toBe(true);
    expect(sarifProblems(sarif(dir))).toEqual([]);
    expect(shown(r.summary)).toContain('## ❌ oidc-gate: Failed: 2 errors and 1 warning in 2 files, 3 checks; 2 suppressed.');
    expect(r.summary).toContain('🔕 2 findings suppressed (2 inline): not counted');
    expect(shown(r.summary)).not.toContain('INSECURE_URI');
  });

  it('config and inline together: every error suppressed, the step passes', () => {
    const dir = badRepo(withInline, (s) => `${s}${CONFIG_SUPPRESSIONS}`);
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'results.sarif' });
    expect(r.status).toBe(0);
    expect(heads(r.stdout)).toEqual(['warning CHECK_SKIPPED:6']);
    expect(r.outputs).toMatchObject({ valid: 'true', errors: '0', warnings: '1' });
    const rep = report(dir);
    expect(rep.summary.text).toBe('Passed with 1 warning: 2 files, 3 checks; 4 suppressed.');
    expect(rep.summary.suppressed.map((s) => [s.code, s.kind, s.suppression])).toEqual([
      ['INSECURE_URI', 'inline', { file: PROVIDER, line: 9 }],
      ['WEAK_ALGORITHM', 'inline', { file: PROVIDER, line: 12 }],
      ['TOKEN_EXPIRED', 'config', { file: SAMPLES, line: 20 }],
      ['EXPECTATION_FAILED', 'config', { file: SAMPLES, line: 24 }],
    ]);
    expect(rep.results.filter((x) => x.kind === 'validate').map((x) => x.suppressed?.map((s) => s.code))).toEqual([['TOKEN_EXPIRED'], ['EXPECTATION_FAILED']]);
    expect(results(dir).filter((x) => x.suppressions?.[0]?.kind === 'external').map((x) => [x.ruleId, x.suppressions?.[0]?.justification])).toEqual([
      ['TOKEN_EXPIRED', 'kept to show what an expired token reports'],
      ['EXPECTATION_FAILED', 'the negative sample is being rewritten'],
    ]);
    expect(sarifProblems(sarif(dir))).toEqual([]);
    expect(shown(r.summary)).toContain('## ⚠️ oidc-gate: Passed with 1 warning: 2 files, 3 checks; 4 suppressed.');
    expect(r.summary).toContain('🔕 4 findings suppressed (2 inline, 2 config): not counted');
  });

  it('an expired suppression applies no more and warns; one that matches nothing warns; both fail under fail-on: warning', () => {
    const samples = (s: string) => `${s}${[
      'suppressions:',
      '  - code: TOKEN_EXPIRED',
      '    entry: expired-but-expected-valid',
      '    reason: accepted until the key rotation',
      '    expires: 2020-01-31',
      '  - code: AUDIENCE_MISMATCH',
      '    entry: expired-but-expected-valid',
      '    reason: left over from an old audience',
      '',
    ].join('\n')}`;
    const dir = badRepo(withInline, samples);
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'results.sarif', 'fail-on': 'warning' });
    expect(r.status).toBe(1);
    expect(heads(r.stdout)).toEqual([
      'error TOKEN_EXPIRED:2', 'error EXPECTATION_FAILED:13', 'warning CHECK_SKIPPED:6', 'warning SUPPRESSION_EXPIRED:20', 'warning SUPPRESSION_UNUSED:24', 'error -',
    ]);
    expect(r.outputs).toMatchObject({ valid: 'false', errors: '2', warnings: '3' });
    const rep = report(dir);
    const expired = rep.summary.findings.find((f) => f.code === 'SUPPRESSION_EXPIRED') as { message: string } | undefined;
    expect(expired?.message).toBe('The suppression of TOKEN_EXPIRED (entry "expired-but-expected-valid"; reason: "accepted until the key rotation") expired on 2020-01-31 and no longer applies: the finding it covered is reported again.');
    expect(rep.summary.suppressed.map((s) => s.code)).toEqual(['INSECURE_URI', 'WEAK_ALGORITHM']);
    expect(results(dir).filter((x) => x.ruleId.startsWith('SUPPRESSION_')).map((x) => [x.ruleId, x.level, line(x), x.suppressions])).toEqual([
      ['SUPPRESSION_EXPIRED', 'warning', 20, undefined], ['SUPPRESSION_UNUSED', 'warning', 24, undefined],
    ]);
    expect(shown(r.summary).split('\n').find((l) => l.includes('SUPPRESSION_UNUSED'))).toMatch(/^\| warning \| \[SUPPRESSION_UNUSED\]\(\S+\/SUPPRESSION_UNUSED\.md\) \| .*samples\.yml:24/);

    // Without them: no SUPPRESSION_ warning at all.
    const clean = runActionBundle(badRepo(withInline, (s) => `${s}${CONFIG_SUPPRESSIONS}`), { network: 'false' });
    expect(annotations(clean.stdout).filter((l) => l.includes('SUPPRESSION_'))).toEqual([]);
  });

  it('a malformed suppression is SUPPRESSION_INVALID at its line, a configuration error, and hides nothing', () => {
    const dir = badRepo((p) => p.replace('      - http://app.fixture.example/callback\n', '      # oidc-gate: ignore[INSECURE_URI]\n      - http://app.fixture.example/callback\n'));
    const r = runActionBundle(dir, { network: 'false', 'fail-on': 'never' });
    expect(r.status).toBe(1);
    expect(heads(r.stdout)).toContain('error SUPPRESSION_INVALID:9');
    expect(heads(r.stdout)).toContain('error INSECURE_URI:10');
    expect(report(dir).summary.suppressed).toEqual([]);
  });
});

describe.skipIf(!bundlesPresent())('the baseline through the CLI and action bundles', () => {
  it('oidc-gate baseline records today\'s findings; with baseline the action passes; a new finding still fails', () => {
    const dir = badRepo();
    const written = runCliBundle(dir, ['baseline', '--offline']);
    expect(written.stderr).toBe('');
    expect(written.stdout).toBe('Wrote .github/oidc-gate/baseline.json: 5 findings recorded.\n');
    expect(written.status).toBe(0);
    const baseline = JSON.parse(readFileSync(path.join(dir, '.github/oidc-gate/baseline.json'), 'utf8')) as { version: number; findings: { code: string; file: string }[] };
    expect(baseline.version).toBe(2);
    expect(baseline.findings.map((f) => `${f.file} ${f.code}`)).toEqual([
      `${PROVIDER} WEAK_ALGORITHM`, `${PROVIDER} CHECK_SKIPPED`, `${PROVIDER} INSECURE_URI`, `${SAMPLES} TOKEN_EXPIRED`, `${SAMPLES} EXPECTATION_FAILED`,
    ]);

    const passing = runActionBundle(dir, { network: 'false', baseline: '.github/oidc-gate/baseline.json', 'sarif-path': 'results.sarif' });
    expect(passing.status).toBe(0);
    expect(annotations(passing.stdout)).toEqual([]);
    expect(passing.outputs).toMatchObject({ valid: 'true', errors: '0', warnings: '0' });
    const rep = report(dir);
    expect(rep.summary.text).toBe('Passed: 2 files, 3 checks, no findings; 5 suppressed.');
    expect(rep.summary.baseline).toEqual({ file: '.github/oidc-gate/baseline.json', entries: 5, matched: 5 });
    expect(rep.summary.suppressed.every((s) => s.kind === 'baseline' && s.reason === 'recorded in the baseline .github/oidc-gate/baseline.json')).toBe(true);
    expect(results(dir).map((x) => [x.baselineState, x.suppressions?.[0]?.kind])).toEqual(Array(5).fill(['unchanged', 'external']));
    expect(sarifProblems(sarif(dir))).toEqual([]);
    expect(passing.summary).toContain('🔕 5 findings suppressed (5 baseline)');

    // The same with the CLI's --baseline: the headline says how many were suppressed.
    const cli = runCliBundle(dir, ['check', '--offline', '--baseline', '.github/oidc-gate/baseline.json']);
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain('✔ Passed: 2 files, 3 checks, no findings; 5 suppressed.');

    // A new finding: a second plain-http redirect URI.
    const provider = path.join(dir, PROVIDER);
    writeFileSync(provider, readFileSync(provider, 'utf8').replace('      - http://app.fixture.example/callback\n', '      - http://app.fixture.example/callback\n      - http://new.fixture.example/callback\n'));
    const failing = runActionBundle(dir, { network: 'false', baseline: '.github/oidc-gate/baseline.json', 'sarif-path': 'results.sarif' });
    expect(failing.status).toBe(1);
    expect(heads(failing.stdout)).toEqual(['error INSECURE_URI:10', 'error -']);
    expect(failing.outputs).toMatchObject({ valid: 'false', errors: '1', warnings: '0' });
    expect(report(dir).summary.text).toBe('Failed: 1 error in 2 files, 3 checks; 5 suppressed.');
    expect(results(dir).filter((x) => x.baselineState === 'new').map((x) => [x.ruleId, line(x), x.suppressions])).toEqual([['INSECURE_URI', 10, undefined]]);
  });

  it('a broken baseline is one configuration error, and suppresses nothing', () => {
    const dir = badRepo();
    writeFileSync(path.join(dir, 'baseline.json'), '{ "version": 2, "findings": [ {"fingerprint": "not-hex"} ] }\n');
    const r = runActionBundle(dir, { network: 'false', baseline: 'baseline.json', 'fail-on': 'never' });
    expect(r.status).toBe(1);
    expect(heads(r.stdout).filter((h) => h.includes('CONFIG_'))).toEqual(['error CONFIG_INVALID:1']);
    expect(annotations(r.stdout).find((l) => l.includes('CONFIG_INVALID'))).toContain('The baseline file baseline.json is invalid at /findings/0/fingerprint');
    expect(report(dir).summary.suppressed).toEqual([]);
    expect(r.outputs).toMatchObject({ errors: '5' });
  });

  it('a baseline that links out of the workspace is refused, never read', () => {
    const dir = badRepo();
    writeFileSync(path.join(parent, 'outside-baseline.json'), '{"version":2,"findings":[]}\n');
    symlinkSync(path.join(parent, 'outside-baseline.json'), path.join(dir, 'baseline.json'));
    const r = runActionBundle(dir, { network: 'false', baseline: 'baseline.json' });
    expect(r.status).toBe(1);
    expect(annotations(r.stdout).find((l) => l.includes('CONFIG_UNREADABLE'))).toContain('The baseline file baseline.json resolves outside the repository root (links followed); refusing to read it.');
  });

  it('oidc-gate baseline writes nothing while a config file has an error', () => {
    const dir = badRepo((p) => p.replace('    client_id: legacy-client\n', '    client_id: legacy-client\n    clientid: typo\n'));
    const r = runCliBundle(dir, ['baseline', '--offline', '--output', 'b.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('CONFIG_UNKNOWN_KEY');
    expect(r.stderr).toContain('oidc-gate baseline: b.json was not written: fix the configuration error first.');
    expect(() => readFileSync(path.join(dir, 'b.json'))).toThrow();
  });
});
