/** The baseline file: what `oidc-gate baseline` writes, and how a run reads it (and refuses a broken one). */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBaseline, renderBaseline, type BaselineLine } from '../../src/gate/suppress/baseline.ts';
import { fingerprint } from '../../src/gate/outputs/sarif.ts';
import type { GateFinding } from '../../src/gate/types.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-baseline-'));
const repo = path.join(tmp, 'repo');
mkdirSync(repo);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const finding = (over: Partial<GateFinding>): GateFinding => ({
  code: 'INSECURE_URI', severity: 'error', message: 'm', file: 'b.yml', line: 9, column: 9, kind: 'lint', name: 'web',
  pointer: '/providers/0/redirect_uris/1', stablePointer: '/providers/web/redirect_uris/1', ...over,
});

describe('renderBaseline', () => {
  const findings = [
    finding({}),
    finding({ file: 'a.yml' }),
    finding({ file: 'a.yml' }), // the same fingerprint twice is recorded once
    finding({ code: 'CONFIG_UNKNOWN_KEY', config: true }),
    finding({ code: 'SUPPRESSION_UNUSED', severity: 'warning', name: undefined, stablePointer: undefined, pointer: '/suppressions/0' }),
    finding({ file: undefined }),
  ];

  it('records each fingerprint once, sorted by file, entry, field and code, one finding per line', () => {
    const { text, count } = renderBaseline(findings);
    expect(count).toBe(2);
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['{', '  "version": 2,', '  "tool": "oidc-gate",']);
    const recorded = lines.filter((l) => l.includes('"fingerprint"'));
    expect(recorded).toEqual([
      `    {"fingerprint":"${fingerprint(finding({ file: 'a.yml' }))}","code":"INSECURE_URI","file":"a.yml","entry":"web","field":"/redirect_uris/1"},`,
      `    {"fingerprint":"${fingerprint(finding({}))}","code":"INSECURE_URI","file":"b.yml","entry":"web","field":"/redirect_uris/1"}`,
    ]);
    // Whatever order the findings come in.
    expect(renderBaseline([...findings].reverse()).text).toBe(text);
    expect(JSON.parse(text)).toMatchObject({ version: 2, findings: [{ code: 'INSECURE_URI' }, { code: 'INSECURE_URI' }] });
  });

  it('writes an empty list when there is nothing to record', () => {
    expect(JSON.parse(renderBaseline([]).text)).toMatchObject({ version: 2, findings: [] });
  });
});

describe('readBaseline', () => {
  const write = (name: string, text: string): string => {
    writeFileSync(path.join(repo, name), text);
    return name;
  };

  it('reads what renderBaseline writes', async () => {
    const name = write('ok.json', renderBaseline([finding({})]).text);
    const read = await readBaseline(repo, repo, name);
    const line: BaselineLine = { fingerprint: fingerprint(finding({})), code: 'INSECURE_URI', file: 'b.yml', entry: 'web', field: '/redirect_uris/1' };
    expect(read).toEqual({ ok: true, baseline: { file: 'ok.json', fingerprints: new Set([line.fingerprint]), lines: new Map([[line.fingerprint, [line]]]) } });
  });

  it.each([
    ['not JSON', '{\n  "version": 2,\n  oops\n}\n', 'CONFIG_INVALID', 3, 'is not valid JSON (line 3, column 3).'],
    ['another version', '{\n  "version": 3,\n  "findings": []\n}\n', 'CONFIG_INVALID', 2, 'is invalid at /version: expected 2'],
    ['no findings list', '{ "version": 2 }\n', 'CONFIG_INVALID', 1, 'is invalid at /findings: expected a list'],
    ['a bad fingerprint', '{\n  "version": 2,\n  "findings": [\n    {"fingerprint": "abc"}\n  ]\n}\n', 'CONFIG_INVALID', 4, 'is invalid at /findings/0/fingerprint: expected 64'],
    ['a line without its code', `{\n  "version": 2,\n  "findings": [\n    {"fingerprint": "${'a'.repeat(64)}", "file": "a.yml", "field": ""}\n  ]\n}\n`, 'CONFIG_INVALID', 4, 'is invalid at /findings/0/code: expected the code of the finding as text (it is missing)'],
    ['a list', '[]\n', 'CONFIG_INVALID', 1, 'is invalid at its top'],
  ])('refuses %s: one %s at line %i', async (_what, text, code, line, says) => {
    const name = write(`bad-${line}-${code}-${Math.random().toString(36).slice(2)}.json`, text);
    const read = await readBaseline(repo, repo, name);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect([read.finding.code, read.finding.file, read.finding.line, read.finding.config]).toEqual([code, name, line, true]);
    expect(read.finding.message).toContain(says);
    expect(read.finding.remediation).toContain('oidc-gate baseline');
  });

  it('never quotes the file: a parse error names the position only', async () => {
    const name = write('quote.json', '{"version": 2, "findings": [ secret-looking-text ]}');
    const read = await readBaseline(repo, repo, name);
    expect(read.ok === false && read.finding.message).not.toContain('secret-looking-text');
  });

  it('refuses a missing file, a link out of the repository, a file inside .git and one over 1 MiB', async () => {
    writeFileSync(path.join(tmp, 'outside.json'), renderBaseline([]).text);
    symlinkSync(path.join(tmp, 'outside.json'), path.join(repo, 'linked.json'));
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    writeFileSync(path.join(repo, '.git', 'b.json'), renderBaseline([]).text);
    write('huge.json', `{"version":2,"findings":[],"pad":"${'x'.repeat(1024 * 1024)}"}`);
    const outcomes = await Promise.all(['missing.json', 'linked.json', '.git/b.json', 'huge.json'].map((n) => readBaseline(repo, repo, n)));
    expect(outcomes.map((o) => (o.ok ? 'ok' : [o.finding.code, o.finding.message]))).toEqual([
      ['CONFIG_NOT_FOUND', 'The baseline file missing.json does not exist.'],
      ['CONFIG_UNREADABLE', 'The baseline file linked.json resolves outside the repository root (links followed); refusing to read it.'],
      ['CONFIG_UNREADABLE', 'The baseline file .git/b.json resolves inside .git (links followed); refusing to read it.'],
      ['CONFIG_TOO_LARGE', 'The baseline file huge.json is larger than 1 MiB; refusing to read it.'],
    ]);
  });

  it('calls a missing baseline CONFIG_NOT_FOUND, as a missing lock file, with a fix that writes it', async () => {
    const read = await readBaseline(repo, repo, 'not-written-yet.json');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect([read.finding.code, read.finding.config, read.finding.remediation]).toEqual([
      'CONFIG_NOT_FOUND', true,
      'Run oidc-gate baseline to write it (then commit it), name the baseline file you committed, or leave the baseline setting empty (action input baseline, CLI --baseline).',
    ]);
  });
});
