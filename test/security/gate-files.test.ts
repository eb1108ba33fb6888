/**
 * The gate's file boundaries, through the bundles as processes on real temporary workspaces: a pull
 * request controls every file and link in the repository, so the report and SARIF paths, the
 * issuer-profiles file and secret_env must not reach anything outside the workspace or inside .git.
 */
import {
  existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundlesPresent, known, runActionBundle, runCliBundle, tempParent, workspace, type ActionRun,
} from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-files-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** What actions/checkout leaves in .git/config: the job's token, as an extra header. */
const CREDENTIAL = 'eC1hY2Nlc3MtdG9rZW46Z2hzX2NhbmFyeQ==';
const GIT_CONFIG = `[core]\n\tbare = false\n[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${CREDENTIAL}\n`;
const OUTSIDE = 'outside-the-workspace: original content\n';

/** A copy of a fixture repository with a .git directory, as actions/checkout leaves it. */
function checkout(fixture = 'good'): string {
  const dir = workspace(fixture, parent);
  mkdirSync(path.join(dir, '.git/hooks'), { recursive: true });
  writeFileSync(path.join(dir, '.git/config'), GIT_CONFIG);
  return dir;
}

/** A file in a directory beside the workspace, which the gate must never touch. */
function outsideFile(name = 'victim.txt'): string {
  const file = path.join(mkdtempSync(path.join(parent, 'outside-')), name);
  writeFileSync(file, OUTSIDE);
  return file;
}

const errorLines = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('::error'));

interface ReportShape {
  valid: boolean;
  summary: { errors: number; findings: { code: string; message: string; file?: string; line?: number; severity: string }[] };
  results: { kind: string; name: string; passed?: boolean }[];
}
const readReport = (dir: string, file = 'oidc-gate-report.json') => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReportShape;
const errorsOf = (report: ReportShape) => report.summary.findings.filter((f) => f.severity === 'error');

/** Every channel the action writes to, for leak searches. */
function everything(dir: string, r: ActionRun, files: string[] = ['oidc-gate-report.json']): string {
  return [r.stdout, r.stderr, r.summary, JSON.stringify(r.outputs), readFileSync(path.join(dir, '.runner-output'), 'utf8'),
    ...files.filter((f) => existsSync(path.join(dir, f))).map((f) => readFileSync(path.join(dir, f), 'utf8'))].join('\n');
}

describe.skipIf(!bundlesPresent())('the action bundle writes its report and SARIF only inside the workspace', () => {
  it.each([
    ['report-path', 'oidc-gate-report.json', 'outside'],
    ['report-path', 'oidc-gate-report.json', '.git/config'],
    ['sarif-path', 'results.sarif', 'outside'],
    ['sarif-path', 'results.sarif', '.git/config'],
  ])('%s %s committed as a link to %s: the target is untouched, one clear error', (input, value, to) => {
    const dir = checkout();
    const target = to === 'outside' ? outsideFile() : path.join(dir, '.git/config');
    const before = readFileSync(target, 'utf8');
    symlinkSync(to === 'outside' ? target : '.git/config', path.join(dir, value));
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': input === 'sarif-path' ? value : '' });
    expect(r.status).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(lstatSync(path.join(dir, value)).isSymbolicLink()).toBe(true);
    expect(errorLines(r.stdout)).toEqual([
      `::error::oidc-gate: ${input} "${value}" is a symbolic link; refusing to write through it. Remove the link from the repository or choose another path.`,
    ]);
  });

  it('a report path whose directory is a link out of the workspace is refused, and nothing is written there', () => {
    const dir = checkout();
    const outsideDir = path.dirname(outsideFile());
    symlinkSync(outsideDir, path.join(dir, 'reports'));
    const r = runActionBundle(dir, { network: 'false', 'report-path': 'reports/r.json' });
    expect(r.status).toBe(1);
    expect(readdirSync(outsideDir)).toEqual(['victim.txt']);
    expect(errorLines(r.stdout)).toEqual([
      '::error::oidc-gate: report-path "reports/r.json" resolves outside the repository root (links followed); refusing to write there. Choose a path inside the repository, outside .git.',
    ]);
  });

  it.each([
    ['report-path', 'hooks/pre-commit', 'a directory link into .git'],
    ['sarif-path', '.git/results.sarif', 'a path under .git'],
    ['report-path', '../escaped.json', 'a path above the workspace'],
  ])('%s %s (%s) is refused', (input, value) => {
    const dir = checkout();
    symlinkSync('.git/hooks', path.join(dir, 'hooks'));
    const r = runActionBundle(dir, { network: 'false', [input]: value });
    expect(r.status).toBe(1);
    expect(readdirSync(path.join(dir, '.git/hooks'))).toEqual([]);
    expect(readdirSync(path.join(dir, '.git')).sort()).toEqual(['config', 'hooks']);
    expect(existsSync(path.join(dir, '../escaped.json'))).toBe(false);
    const errors = errorLines(r.stdout);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^::error::oidc-gate: ${input} "${value.replace(/\./g, '\\.')}" resolves (inside \\.git|outside the repository root) \\(links followed\\)`));
  });

  it('a normal run writes both files, overwrites a regular file, creates missing directories and leaves no temporary file', () => {
    const dir = checkout();
    writeFileSync(path.join(dir, 'oidc-gate-report.json'), 'stale report from an earlier run\n');
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'out/deep/results.sarif' });
    expect(r.status).toBe(0);
    expect(errorLines(r.stdout)).toEqual([]);
    expect(readReport(dir).valid).toBe(true);
    expect(lstatSync(path.join(dir, 'oidc-gate-report.json')).isFile()).toBe(true);
    expect((JSON.parse(readFileSync(path.join(dir, 'out/deep/results.sarif'), 'utf8')) as { version: string }).version).toBe('2.1.0');
    for (const d of [dir, path.join(dir, 'out/deep')]) expect(readdirSync(d).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe.skipIf(!bundlesPresent())('the CLI bundle writes --report and --sarif only inside the repository', () => {
  it.each([
    ['--report', 'r.json', 'outside'],
    ['--sarif', 's.sarif', '.git/config'],
  ])('%s %s committed as a link to %s: refused before any work, exit 2, the target untouched', (option, value, to) => {
    const dir = checkout();
    const target = to === 'outside' ? outsideFile() : path.join(dir, '.git/config');
    const before = readFileSync(target, 'utf8');
    symlinkSync(to === 'outside' ? target : '.git/config', path.join(dir, value));
    const r = runCliBundle(dir, ['check', '--offline', option, value]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`oidc-gate: ${option} "${value}" is a symbolic link; refusing to write through it. Remove the link from the repository or choose another path.\n`);
    expect(readFileSync(target, 'utf8')).toBe(before);
  });

  it.each([
    ['out/r.json', 'its directory is a link out of the repository'],
    ['../escaped.json', 'it is above the repository'],
    ['.git/r.json', 'it is inside .git'],
  ])('--report %s is refused (%s)', (value) => {
    const dir = checkout();
    const outsideDir = path.dirname(outsideFile());
    symlinkSync(outsideDir, path.join(dir, 'out'));
    const r = runCliBundle(dir, ['check', '--offline', '--report', value]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^oidc-gate: --report "[^"]+" resolves (outside the repository root|inside \.git) \(links followed\); refusing to write there\./);
    expect(readdirSync(outsideDir)).toEqual(['victim.txt']);
    expect(existsSync(path.join(dir, '../escaped.json'))).toBe(false);
    expect(readdirSync(path.join(dir, '.git')).sort()).toEqual(['config', 'hooks']);
  });

  it('run from a subdirectory: paths stay relative to it, and files elsewhere in the repository are inside the boundary', () => {
    const dir = checkout();
    mkdirSync(path.join(dir, 'services/auth'), { recursive: true });
    writeFileSync(path.join(dir, 'services/auth/gate.yml'), [
      'profiles:',
      '  - id: hs',
      '    issuer: https://id.fixture.example',
      '    audiences: [api://fixture]',
      '    allowed_algs: [HS256]',
      '    secret_env: OIDC_GATE_HS',
      'tokens:',
      '  - name: token-two-levels-up',
      '    token_file: ../../tokens/valid-hs.jwt',
      '    issuer_profile_id: hs',
      `    at: ${known.at}`,
      '',
    ].join('\n'));
    writeFileSync(path.join(dir, 'stale.json'), 'stale\n');
    const cwd = path.join(dir, 'services/auth');
    const r = runCliBundle(cwd, ['check', '--offline', 'gate.yml', '--report', '../../stale.json', '--sarif', '../../reports/gate.sarif'], { OIDC_GATE_HS: known.secret });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('✔ gate.yml  (1 profile, 1 sample)');
    const report = readReport(dir, 'stale.json');
    expect(report.results.map((x) => [x.name, x.passed])).toEqual([['token-two-levels-up', true]]);
    expect(existsSync(path.join(dir, 'reports/gate.sarif'))).toBe(true);
  });

  it('a normal run writes both files and overwrites a regular file', () => {
    const dir = checkout();
    writeFileSync(path.join(dir, 'r.json'), 'stale\n');
    const r = runCliBundle(dir, ['check', '--offline', '--report', 'r.json', '--sarif', 'out/s.sarif']);
    expect(r.status).toBe(0);
    expect(readReport(dir, 'r.json').valid).toBe(true);
    expect((JSON.parse(readFileSync(path.join(dir, 'out/s.sarif'), 'utf8')) as { version: string }).version).toBe('2.1.0');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe.skipIf(!bundlesPresent())('the issuer-profiles file is held to the rules of config files', () => {
  const SECRET_OUTSIDE = 'outside-profile-secret-9f8e7d6c5b4a39281706';
  const profile = (id: string, secret: string) =>
    `- id: ${id}\n  issuer: https://id.fixture.example\n  audiences: [api://fixture]\n  allowed_algs: [HS256]\n  secret: ${secret}\n`;
  /** A sample in the workspace that needs the profile `id` from the issuer-profiles file. */
  const sampleUsing = (dir: string, id: string) => writeFileSync(path.join(dir, '.github/oidc-gate/uses-profile.yml'),
    `tokens:\n  - name: uses-${id}\n    token_file: ../../tokens/valid-hs.jwt\n    issuer_profile_id: ${id}\n    at: ${known.at}\n`);

  it('../outside.yml is refused and not read: one error, its secret nowhere', () => {
    const dir = checkout();
    writeFileSync(path.join(dir, '../outside.yml'), profile('outside', SECRET_OUTSIDE));
    const r = runActionBundle(dir, { network: 'false', 'issuer-profiles': '../outside.yml' });
    expect(r.status).toBe(1);
    const errors = errorsOf(readReport(dir));
    expect(errors.map((f) => [f.code, f.file, f.line])).toEqual([['CONFIG_UNREADABLE', '../outside.yml', 1]]);
    expect(errors[0]?.message).toBe('The issuer-profiles file ../outside.yml resolves outside the repository root (links followed); refusing to read it.');
    expect(everything(dir, r)).not.toContain(SECRET_OUTSIDE);
  });

  it('a link into .git is refused and not read: one error, the checkout credential nowhere', () => {
    const dir = checkout();
    symlinkSync('.git/config', path.join(dir, 'profiles.yml'));
    const r = runActionBundle(dir, { network: 'false', 'issuer-profiles': 'profiles.yml', 'sarif-path': 'out.sarif' });
    expect(r.status).toBe(1);
    const errors = errorsOf(readReport(dir));
    expect(errors.map((f) => [f.code, f.file, f.line])).toEqual([['CONFIG_UNREADABLE', 'profiles.yml', 1]]);
    expect(errors[0]?.message).toContain('resolves inside .git');
    expect(everything(dir, r, ['oidc-gate-report.json', 'out.sarif'])).not.toContain(CREDENTIAL);
  });

  it('over 1 MiB is refused unread with one CONFIG_TOO_LARGE; exactly 1 MiB is read and its profile used', () => {
    const body = profile('big-file', known.secret);
    const padded = (size: number) => `${body}#${'x'.repeat(size - Buffer.byteLength(body) - 2)}\n`;
    const over = checkout();
    writeFileSync(path.join(over, 'profiles.yml'), padded(1024 * 1024 + 1));
    const r = runActionBundle(over, { network: 'false', 'issuer-profiles': 'profiles.yml' });
    expect(r.status).toBe(1);
    expect(errorsOf(readReport(over)).map((f) => [f.code, f.file, f.message])).toEqual([
      ['CONFIG_TOO_LARGE', 'profiles.yml', 'The issuer-profiles file profiles.yml is larger than 1 MiB (1,048,576 bytes); refusing to read it.'],
    ]);

    const exact = checkout();
    writeFileSync(path.join(exact, 'profiles.yml'), padded(1024 * 1024));
    sampleUsing(exact, 'big-file');
    const ok = runActionBundle(exact, { network: 'false', 'issuer-profiles': 'profiles.yml' });
    expect(ok.status).toBe(0);
    expect(readReport(exact).results.find((x) => x.name === 'uses-big-file')?.passed).toBe(true);
  });
});

describe.skipIf(!bundlesPresent())('secret_env in a repository config names OIDC_GATE_ variables only', () => {
  /** The runner's own credential, with a length that appears nowhere else in the output. */
  const RUNTIME_TOKEN = 'runner-runtime-token-8c1d4f';
  const envConfig = (dir: string, variable: string) => writeFileSync(path.join(dir, '.github/oidc-gate/env.yml'), [
    'profiles:',
    '  - id: from-env',
    '    issuer: https://id.fixture.example',
    '    audiences: [api://fixture]',
    '    allowed_algs: [HS256]',
    `    secret_env: ${variable}`,
    'tokens:',
    '  - name: env-sample',
    '    token_file: ../../tokens/valid-hs.jwt',
    '    issuer_profile_id: from-env',
    `    at: ${known.at}`,
    '',
  ].join('\n'));

  it('secret_env: ACTIONS_RUNTIME_TOKEN is an error naming the rule; the value and its length appear nowhere', () => {
    expect(RUNTIME_TOKEN).toHaveLength(27);
    const dir = checkout();
    envConfig(dir, 'ACTIONS_RUNTIME_TOKEN');
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'out.sarif' }, { ACTIONS_RUNTIME_TOKEN: RUNTIME_TOKEN });
    const text = everything(dir, r, ['oidc-gate-report.json', 'out.sarif']);
    expect(text).not.toContain(RUNTIME_TOKEN);
    expect(text).not.toContain('WEAK_SECRET');
    expect(text).not.toMatch(/\b27 bytes|"secret_bytes":\s*27\b/);
    expect(r.status).toBe(1);
    const invalid = readReport(dir).summary.findings.filter((f) => f.code === 'PROFILE_INVALID');
    expect(invalid.map((f) => [f.file, f.line])).toEqual([['.github/oidc-gate/env.yml', 6]]);
    expect(invalid[0]?.message).toBe('Issuer profile "from-env": /secret_env names ACTIONS_RUNTIME_TOKEN, but a repository config may only name variables that start with OIDC_GATE_; the variable was not read.');
  });

  it('secret_env: OIDC_GATE_HS is read, masked, and the sample passes', () => {
    const dir = checkout();
    envConfig(dir, 'OIDC_GATE_HS');
    const r = runActionBundle(dir, { network: 'false' }, { OIDC_GATE_HS: known.secret });
    expect(r.status).toBe(0);
    expect(readReport(dir).results.find((x) => x.name === 'env-sample')?.passed).toBe(true);
    expect(r.stdout.split('\n')).toContain(`::add-mask::${known.secret}`);
  });
});
