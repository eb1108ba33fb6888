/**
 * The action's logic with @actions/core mocked (as actions/typescript-action does): inputs in,
 * annotations, outputs, summary, files and the failure decision out.
 */
import { mkdtempSync, readFileSync, rmSync, cpSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({
  inputs: {} as Record<string, string>,
  annotations: [] as { level: string; message: string; properties: unknown }[],
  outputs: {} as Record<string, string>,
  failed: [] as string[],
  secrets: [] as string[],
  info: [] as string[],
  summary: [] as string[],
}));

vi.mock('@actions/core', () => {
  const summary = {
    buffer: '',
    addRaw(text: string) {
      this.buffer += text;
      return this;
    },
    async write() {
      calls.summary.push(this.buffer);
      this.buffer = '';
      return this;
    },
  };
  const annotate = (level: string) => (message: string, properties: unknown) => calls.annotations.push({ level, message, properties });
  return {
    getInput: (name: string) => calls.inputs[name] ?? '',
    setOutput: (name: string, value: string) => {
      calls.outputs[name] = value;
    },
    setFailed: (message: string) => calls.failed.push(message),
    setSecret: (value: string) => calls.secrets.push(value),
    info: (message: string) => calls.info.push(message),
    error: annotate('error'),
    warning: annotate('warning'),
    notice: annotate('notice'),
    summary,
  };
});

const { run } = await import('../../src/main.ts');

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const known = JSON.parse(readFileSync(path.join(fixtures, 'tokens.json'), 'utf8')) as { secret: string; tokens: Record<string, string> };
const work = mkdtempSync(path.join(tmpdir(), 'oidc-gate-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fresh copy of a fixture repository as the workspace, so written files can be inspected alone. */
function workspace(name: string): string {
  const dir = mkdtempSync(path.join(work, `${name}-`));
  cpSync(path.join(fixtures, 'repos', name), dir, { recursive: true });
  process.env.GITHUB_WORKSPACE = dir;
  process.env.GITHUB_STEP_SUMMARY = path.join(dir, 'summary.md');
  return dir;
}

beforeEach(() => {
  calls.inputs = { network: 'false' };
  calls.annotations = [];
  calls.outputs = {};
  calls.failed = [];
  calls.secrets = [];
  calls.info = [];
  calls.summary = [];
});

describe('run() on the good fixture', () => {
  it('passes, writes the report and outputs, annotates the one warning at its line', async () => {
    const dir = workspace('good');
    calls.inputs['sarif-path'] = 'out/results.sarif';
    await run();
    expect(calls.failed).toEqual([]);
    expect(calls.outputs).toEqual({ valid: 'true', errors: '0', warnings: '1', 'report-path': 'oidc-gate-report.json', 'sarif-path': 'out/results.sarif', checked: 'true' });
    expect(calls.annotations.map((a) => [a.level, a.properties])).toEqual([
      ['warning', { title: 'CHECK_SKIPPED', file: '.github/oidc-gate/providers.yml', startLine: 6, startColumn: 5 }],
    ]);
    const report = JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as { valid: boolean; results: unknown[] };
    expect(report.valid).toBe(true);
    expect(report.results).toHaveLength(5);
    const sarif = JSON.parse(readFileSync(path.join(dir, 'out/results.sarif'), 'utf8')) as { version: string };
    expect(sarif.version).toBe('2.1.0');
    expect(calls.summary).toHaveLength(1);
  });

  it('masks every token and the profile secret before anything is logged', async () => {
    workspace('good');
    await run();
    const used = ['valid-hs.jwt', 'other-aud-hs.jwt', 'valid-rs.jwt', 'malformed.jwt'].map((n) => known.tokens[n]);
    expect(calls.secrets).toEqual(expect.arrayContaining([known.secret, ...used]));
    // Once each: every ::add-mask:: line carries the value, so repeats only add exposure.
    expect(new Set(calls.secrets).size).toBe(calls.secrets.length);
  });
});

describe('run() on the bad fixture', () => {
  it('fails under fail-on error, with error annotations first', async () => {
    workspace('bad');
    await run();
    expect(calls.failed).toEqual(['oidc-gate: Failed: 4 errors and 1 warning in 2 files, 3 checks. (fail-on: error)']);
    expect(calls.outputs.valid).toBe('false');
    expect(calls.outputs.errors).toBe('4');
    expect(calls.annotations.map((a) => [a.level, (a.properties as { title: string }).title, (a.properties as { startLine: number }).startLine])).toEqual([
      ['error', 'INSECURE_URI', 9],
      ['error', 'WEAK_ALGORITHM', 11],
      ['error', 'TOKEN_EXPIRED', 2],
      ['error', 'EXPECTATION_FAILED', 13],
      ['warning', 'CHECK_SKIPPED', 6],
    ]);
    expect(calls.annotations[0]?.message).toContain('(lint "legacy-idp")\nFix: Use the https:// form');
    expect(calls.annotations[0]?.message).toMatch(/\nMore: https:\/\/github\.com\/oidc-gate\/oidc-gate\/blob\/main\/docs\/findings\/INSECURE_URI\.md$/);
    // A sample's expiry is fixed with its at:, not with a fresh token; every annotation has its fix and its page.
    const expired = calls.annotations[2]?.message ?? '';
    expect(expired).toMatch(/\nFix: The sample is judged at its at: \(.+\)\. Set at: to an instant inside the token's lifetime, before its exp \(.+Z\), or write expect: \[TOKEN_EXPIRED\] if the sample is meant to fail so\./);
    expect(expired).toContain('\nMore: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/TOKEN_EXPIRED.md');
    for (const a of calls.annotations) expect(a.message).toMatch(/\nFix: .+\nMore: https:\/\/\S+\.md$/);
  });

  it('does not fail under fail-on never, and fails on warnings alone under fail-on warning', async () => {
    workspace('bad');
    calls.inputs['fail-on'] = 'never';
    await run();
    expect(calls.failed).toEqual([]);
    expect(calls.outputs.valid).toBe('false');

    workspace('good');
    calls.inputs['fail-on'] = 'warning';
    await run();
    expect(calls.failed).toEqual(['oidc-gate: Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.']);
  });

  it('under fail-on warning, a run of warnings alone says it failed, and why, in the summary and the failure message', async () => {
    workspace('good');
    calls.inputs['fail-on'] = 'warning';
    await run();
    expect(calls.failed).toEqual(['oidc-gate: Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.']);
    expect(calls.summary[0]?.startsWith('## ❌ oidc-gate: Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.\n')).toBe(true);
    expect(calls.info).toContain('oidc-gate: Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.');
  });

  it('under fail-on never, findings do not fail the step, and the summary says so', async () => {
    workspace('bad');
    calls.inputs['fail-on'] = 'never';
    await run();
    expect(calls.failed).toEqual([]);
    expect(calls.summary[0]?.startsWith('## ⚠️ oidc-gate: Not failed (fail-on: never): 4 errors and 1 warning in 2 files, 3 checks.\n')).toBe(true);
  });

  it('writes no annotations and no summary when both are off', async () => {
    workspace('bad');
    calls.inputs.annotations = 'false';
    calls.inputs.summary = 'False';
    await run();
    expect(calls.annotations).toEqual([]);
    expect(calls.summary).toEqual([]);
    expect(calls.failed).toHaveLength(1);
  });
});

describe('run(): inputs', () => {
  it('refuses a bad fail-on or boolean before doing any work', async () => {
    const dir = workspace('good');
    calls.inputs['fail-on'] = 'sometimes';
    await run();
    expect(calls.failed).toEqual(['oidc-gate: Input fail-on must be one of error, warning, never, not "sometimes".']);
    expect(readdirSync(dir)).not.toContain('oidc-gate-report.json');

    calls.inputs = { network: 'yes' };
    calls.failed = [];
    await run();
    expect(calls.failed).toEqual(['oidc-gate: Input network must be true or false, not "yes".']);
  });

  it('reads comma- and newline-separated config globs relative to the workspace', async () => {
    workspace('broken');
    calls.inputs.config = '.github/oidc-gate/still-checked.yml,\n.github/oidc-gate/keys.yml';
    await run();
    expect(calls.annotations.filter((a) => a.level === 'error').map((a) => (a.properties as { file: string }).file)).toEqual([
      '.github/oidc-gate/keys.yml', '.github/oidc-gate/keys.yml', '.github/oidc-gate/keys.yml',
      '.github/oidc-gate/still-checked.yml',
    ]);
  });

  it('fails on configuration errors even under fail-on never, as the CLI exits 2 for them', async () => {
    workspace('broken');
    calls.inputs['fail-on'] = 'never';
    await run();
    expect(calls.failed).toEqual([
      'oidc-gate: Failed: 5 errors and 1 warning in 3 files, 1 check; 4 of them are configuration errors, which fail the run whatever fail-on says.',
    ]);
    expect(calls.outputs.valid).toBe('false');
  });

  it('fails when no config file matches', async () => {
    workspace('good');
    calls.inputs.config = 'nothing/*.yml';
    await run();
    expect(calls.failed).toEqual(['oidc-gate: Failed: 1 error in 0 files, 0 checks. (fail-on: error)']);
    expect(calls.annotations.map((a) => [a.level, a.message.split('\n')[0], a.properties])).toEqual([
      ['error', 'No config file matched nothing/*.yml.', { title: 'CONFIG_NOT_FOUND' }],
    ]);
  });
});

describe('run(): nothing secret is written', () => {
  it('keeps tokens and secrets out of every file, output, annotation, summary and log line', async () => {
    for (const name of ['good', 'bad', 'broken']) {
      const dir = workspace(name);
      calls.inputs['sarif-path'] = 'x.sarif';
      await run();
      const written = ['oidc-gate-report.json', 'x.sarif'].map((f) => readFileSync(path.join(dir, f), 'utf8'));
      const everything = [
        ...written,
        JSON.stringify(calls.outputs),
        JSON.stringify(calls.annotations),
        ...calls.summary,
        ...calls.info,
        ...calls.failed,
      ].join('\n');
      for (const token of Object.values(known.tokens)) expect(everything).not.toContain(token);
      expect(everything).not.toContain(known.secret);
      // The RSA sample's signature segment alone is a token fragment that must not appear either.
      expect(everything).not.toContain((known.tokens['valid-rs.jwt'] as string).split('.')[2]);
    }
  });
});

describe('run() on a Terraform plan with three trust resources', () => {
  it('annotates exactly the two broad ones, each at its resource\'s line in the plan and named by its address', async () => {
    const dir = mkdtempSync(path.join(work, 'plan-'));
    cpSync(path.resolve(import.meta.dirname, '../../examples/terraform-plan/broken'), path.join(dir, '.github/oidc-gate'), { recursive: true });
    process.env.GITHUB_WORKSPACE = dir;
    process.env.GITHUB_STEP_SUMMARY = path.join(dir, 'summary.md');
    await run();
    const plan = readFileSync(path.join(dir, '.github/oidc-gate/plan.json'), 'utf8').split('\n');
    // Placed at the resource in resource_changes, the part of the plan its values are read from (the last mention).
    const lineOf = (address: string): number => plan.findLastIndex((l) => l.includes(`"address": ${JSON.stringify(address)}`)) + 1;
    const errors = calls.annotations.filter((a) => a.level === 'error');
    expect(errors.map((a) => [(a.properties as { title: string }).title, (a.properties as { file: string }).file, (a.properties as { startLine: number }).startLine])).toEqual([
      ['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/plan.json', lineOf('module.ci.aws_iam_role.deploy')],
      ['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/plan.json', lineOf('azuread_application_flexible_federated_identity_credential.deploy')],
    ]);
    expect(errors[0]?.message).toContain('module.ci.aws_iam_role.deploy');
    expect(errors[1]?.message).toContain('azuread_application_flexible_federated_identity_credential.deploy');
    expect(calls.failed).toHaveLength(1);
  });
});
