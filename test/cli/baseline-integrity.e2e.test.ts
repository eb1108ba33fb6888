/**
 * A baseline hides only what it recorded (issue 24, product decisions §18), tried through the bundles as
 * an attacker and a new user would: a second entry under a baselined name, a baselined value changed to
 * a worse one, a baseline line whose readable fields name another finding, an item inserted above
 * baselined list items, a version 1 baseline, and a run that could not check writing SARIF. Each test
 * runs `oidc-gate` (dist/cli) or the action (dist/) in a repository of its own.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, known, runActionBundle, runCliBundle, tempParent } from '../fixtures/harness.ts';
import { sarifProblems } from '../sarif/validate-sarif.ts';

const parent = tempParent('oidc-gate-baseline-integrity-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

let repos = 0;
/** A repository (it has .git) holding these files, paths relative to its root. */
function repository(files: Record<string, string>): string {
  const dir = path.join(parent, `repo-${repos++}`);
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  for (const [name, text] of Object.entries(files)) write(dir, name, text);
  return dir;
}

function write(dir: string, name: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), text);
}

const read = (dir: string, name: string): string => readFileSync(path.join(dir, name), 'utf8');
const edit = (dir: string, name: string, change: (text: string) => string): void => write(dir, name, change(read(dir, name)));

const APP = '.github/oidc-gate/app.yml';
const BASELINE = '.github/oidc-gate/baseline.json';

/** The provider: an HMAC algorithm, a localhost callback and a wildcard callback, all accepted in the baseline. */
const WEB = [
  'providers:',
  '  - name: web',
  '    issuer: https://login.acme.example',
  '    client_id: web',
  '    audiences: [api://web]',
  '    jwks_uri: https://login.acme.example/keys',
  '    redirect_uris:',
  '      - http://localhost:8080/cb',
  '      - https://*.acme.example/cb',
  '    alg_policy:',
  '      allowed_algs: [RS256, HS256]',
  '',
].join('\n');

interface Reported {
  code: string;
  line?: number;
  message: string;
  name?: string;
  remediation?: string;
  file?: string;
}
interface Report {
  summary: { findings: Reported[]; suppressed: { code: string; kind: string }[]; baseline?: { entries: number; matched: number } };
}

/** `oidc-gate baseline --offline`, which must succeed. */
function recordBaseline(dir: string): void {
  const r = runCliBundle(dir, ['baseline', '--offline']);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

/** `oidc-gate check --offline --baseline …` with the JSON report. */
function check(dir: string, extra: string[] = []): { status: number | null; report: Report } {
  const r = runCliBundle(dir, ['check', '--offline', '--baseline', BASELINE, '--format', 'json', ...extra]);
  return { status: r.status, report: JSON.parse(r.stdout) as Report };
}

const codes = (report: Report): string[] => report.summary.findings.map((f) => f.code);

describe.skipIf(!bundlesPresent())('a baseline hides only what it recorded (dist/cli)', () => {
  describe('1. entry names are unique per section within a file', () => {
    it('a second provider under a baselined name is one CONFIG_INVALID at its name line, with a fix that says to rename it; nothing of it is hidden', () => {
      const dir = repository({ [APP]: WEB });
      recordBaseline(dir);
      edit(dir, APP, (t) => `${t}${[
        '  - name: web',
        '    issuer: https://evil.example',
        '    client_id: web',
        '    audiences: [api://web]',
        '    jwks_uri: https://evil.example/keys',
        '    redirect_uris: [https://*.acme.example/cb]',
        '    alg_policy:',
        '      allowed_algs: [RS256, none]',
        '',
      ].join('\n')}`);
      const { status, report } = check(dir);
      expect(status).toBe(2);
      expect(codes(report)).toEqual(['CONFIG_INVALID']);
      const [problem] = report.summary.findings;
      expect(problem).toMatchObject({ file: APP, line: 12 });
      expect(read(dir, APP).split('\n')[11]).toBe('  - name: web');
      expect(problem?.message).toContain('"web" is already used by the provider on line 2');
      expect(problem?.remediation).toMatch(/^Rename this provider/);
    });

    it('so is a repeated sample token or trust policy name, and two unnamed providers of one issuer (their default name)', () => {
      const sample = (name: string) => [
        `  - name: ${name}`,
        `    token: ${known.tokens['valid-hs.jwt'] as string}`,
        `    at: ${known.at}`,
        '    policy:',
        '      issuer: https://id.fixture.example',
        '      audiences: [api://fixture]',
        '      allowed_algs: [HS256]',
        `      secret: ${known.secret}`,
      ];
      const provider = ['    issuer: https://id.fixture.example', '    client_id: c', '    audiences: [api://fixture]', '    jwks_uri: https://id.fixture.example/keys',
        '    redirect_uris: [https://app.fixture.example/cb]', '    alg_policy: { allowed_algs: [RS256] }'];
      const dir = repository({
        '.github/oidc-gate/tokens.yml': ['tokens:', ...sample('svc'), ...sample('svc'), ''].join('\n'),
        '.github/oidc-gate/trust.yml': ['trust_policies:', '  - name: deploy', '    aws_trust_policy: trust.json', '  - name: deploy', '    aws_trust_policy: trust.json', ''].join('\n'),
        '.github/oidc-gate/trust.json': read(path.resolve(import.meta.dirname, '../..'), 'examples/trust-policy/fixed/deploy-role-trust.json'),
        '.github/oidc-gate/unnamed.yml': ['providers:', `  - ${provider.join('\n').trimStart()}`, `  - ${provider.join('\n').trimStart()}`, ''].join('\n'),
      });
      const r = runCliBundle(dir, ['check', '--offline', '--format', 'json']);
      expect(r.status).toBe(2);
      const invalid = (JSON.parse(r.stdout) as Report).summary.findings.filter((f) => f.code === 'CONFIG_INVALID');
      expect(invalid.map((f) => [f.file, f.line])).toEqual([
        ['.github/oidc-gate/tokens.yml', 10],
        ['.github/oidc-gate/trust.yml', 4],
        ['.github/oidc-gate/unnamed.yml', 8],
      ]);
      expect(invalid.map((f) => f.message.slice(0, f.message.indexOf(' is already')))).toEqual([
        'The sample token name "svc"', 'The trust policy name "deploy"', 'The provider name "https://id.fixture.example"',
      ]);
      expect(invalid[2]?.message).toContain('this one has no name:');
    });
  });

  describe('2. fingerprints bind the offending value', () => {
    it.each([
      ['an allowed algorithm HS256 → none', 'WEAK_ALGORITHM', (t: string) => t.replace('[RS256, HS256]', '[RS256, none]')],
      ['a redirect URI https://*.acme.example/cb → https://*', 'REDIRECT_URI_WILDCARD', (t: string) => t.replace('https://*.acme.example/cb', 'https://*')],
      ['a localhost callback to another port', 'REDIRECT_URI_LOCALHOST', (t: string) => t.replace('localhost:8080', 'localhost:9999')],
    ])('%s is a new finding', (_what, code, change) => {
      const dir = repository({ [APP]: WEB });
      recordBaseline(dir);
      expect(check(dir).status).toBe(0);
      edit(dir, APP, change);
      const { status, report } = check(dir);
      expect(status).toBe(1);
      expect(codes(report)).toContain(code);
      expect(report.summary.suppressed.map((s) => s.code)).not.toContain(code);
    });

    it.each([
      ['its sub widened from repo:acme/* to * in the same file', (dir: string) => edit(dir, '.github/oidc-gate/deploy-trust.json', (t) => t.replace('repo:acme/*', '*'))],
      ['aws_trust_policy pointed at another role\'s file', (dir: string) => {
        write(dir, '.github/oidc-gate/other-trust.json', read(dir, '.github/oidc-gate/deploy-trust.json').replace('repo:acme/*', 'repo:*'));
        edit(dir, '.github/oidc-gate/trust.yml', (t) => t.replace('deploy-trust.json', 'other-trust.json'));
      }],
    ])('a trust policy with %s is a new finding', (_what, change) => {
      const dir = repository({
        '.github/oidc-gate/trust.yml': ['trust_policies:', '  - name: deploy', '    aws_trust_policy: deploy-trust.json', ''].join('\n'),
        '.github/oidc-gate/deploy-trust.json': read(path.resolve(import.meta.dirname, '../..'), 'examples/trust-policy/broken/deploy-role-trust.json'),
      });
      recordBaseline(dir);
      const before = check(dir);
      expect(before.status).toBe(0);
      expect(before.report.summary.suppressed.length).toBeGreaterThan(0);
      change(dir);
      const { status, report } = check(dir);
      expect(status).toBe(1);
      expect(codes(report).filter((c) => c.startsWith('TRUST_'))).not.toEqual([]);
      expect(report.summary.baseline?.matched).toBe(0);
    });

    it('a version 1 baseline is refused: one CONFIG_INVALID that says to run oidc-gate baseline again, and nothing is suppressed', () => {
      const dir = repository({ [APP]: WEB });
      // What oidc-gate wrote before version 2: fingerprints of code, file and field only.
      write(dir, BASELINE, [
        '{',
        '  "version": 1,',
        '  "tool": "oidc-gate",',
        '  "findings": [',
        '    {"fingerprint":"9da5c933c47b5d5f27fece192711f77e3403dfacfe334d757a3918669d2a0e4e","code":"WEAK_ALGORITHM","file":".github/oidc-gate/app.yml","entry":"web","field":"/alg_policy/allowed_algs/1"}',
        '  ]',
        '}',
        '',
      ].join('\n'));
      const { status, report } = check(dir, ['--sarif', 'out.sarif']);
      expect(status).toBe(2);
      const refused = report.summary.findings.filter((f) => f.file === BASELINE);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ code: 'CONFIG_INVALID', line: 2 });
      expect(refused[0]?.message).toContain('version 1');
      expect(refused[0]?.message).toContain('Run oidc-gate baseline again');
      expect(refused[0]?.remediation).toMatch(/^Run oidc-gate baseline again/);
      expect(report.summary.suppressed).toEqual([]);
      expect(codes(report)).toContain('WEAK_ALGORITHM');
      const log = JSON.parse(read(dir, 'out.sarif')) as { runs: { invocations: { executionSuccessful: boolean }[] }[] };
      expect(log.runs[0]?.invocations[0]?.executionSuccessful).toBe(false);
    });
  });

  describe('3. a baseline line matches only the finding its readable fields name', () => {
    it('a line labelled as a localhost callback in dev.yml, carrying the web provider\'s fingerprint, hides nothing', () => {
      const dir = repository({
        [APP]: WEB.replace('[RS256, HS256]', '[RS256, none]'),
        '.github/oidc-gate/dev.yml': WEB.replace('name: web', 'name: dev').replace('[RS256, HS256]', '[RS256]').replace('      - https://*.acme.example/cb\n', ''),
      });
      recordBaseline(dir);
      const file = JSON.parse(read(dir, BASELINE)) as { findings: { fingerprint: string; code: string; file: string; entry: string; field: string }[] };
      const none = file.findings.find((l) => l.code === 'WEAK_ALGORITHM' && l.entry === 'web');
      const localhost = file.findings.find((l) => l.code === 'REDIRECT_URI_LOCALHOST' && l.entry === 'dev');
      expect(none !== undefined && localhost !== undefined).toBe(true);
      // The file as oidc-gate baseline wrote it, with one line in it.
      const only = (line: object): void => write(dir, BASELINE, `${JSON.stringify({ ...file, findings: [line] }, null, 2)}\n`);

      only({ ...localhost, fingerprint: none?.fingerprint });
      const mislabelled = check(dir);
      expect(mislabelled.status).toBe(1);
      expect(codes(mislabelled.report)).toContain('WEAK_ALGORITHM');
      expect(mislabelled.report.summary.suppressed).toEqual([]);
      expect(mislabelled.report.summary.baseline).toMatchObject({ entries: 1, matched: 0 });

      // Each readable field on its own: a line that names another code, file, entry or field hides nothing either.
      for (const wrong of [{ code: 'INSECURE_URI' }, { file: '.github/oidc-gate/dev.yml' }, { entry: 'dev' }, { field: '/alg_policy/allowed_algs/1' }, { field: '/alg_policy' }, { entry: undefined }]) {
        only({ ...none, ...wrong });
        expect(check(dir).report.summary.suppressed, JSON.stringify(wrong)).toEqual([]);
      }
      // The line as written hides its finding.
      only(none as object);
      const labelled = check(dir);
      expect(labelled.report.summary.suppressed.map((s) => s.code)).toEqual(['WEAK_ALGORITHM']);
      expect(codes(labelled.report)).not.toContain('WEAK_ALGORITHM');
    });
  });

  describe('4. list items are fingerprinted by value', () => {
    it('inserting a redirect URI above two baselined ones, and reordering them, leaves both hidden; changing one makes it new', () => {
      const dir = repository({ [APP]: WEB });
      recordBaseline(dir);
      const recorded = check(dir);
      expect(recorded.status).toBe(0);
      const hidden = recorded.report.summary.suppressed.map((s) => s.code).sort();
      expect(hidden).toEqual(['CHECK_SKIPPED', 'INSECURE_URI', 'REDIRECT_URI_LOCALHOST', 'REDIRECT_URI_WILDCARD', 'WEAK_ALGORITHM']);

      edit(dir, APP, (t) => t.replace('    redirect_uris:\n', '    redirect_uris:\n      - https://app.acme.example/cb\n'));
      const inserted = check(dir);
      expect(inserted.status).toBe(0);
      expect(inserted.report.summary.suppressed.map((s) => s.code).sort()).toEqual(hidden);

      edit(dir, APP, (t) => t.replace('      - http://localhost:8080/cb\n      - https://*.acme.example/cb\n', '      - https://*.acme.example/cb\n      - http://localhost:8080/cb\n'));
      edit(dir, APP, (t) => t.replace('[RS256, HS256]', '[HS256, ES256, RS256]'));
      const reordered = check(dir);
      expect(reordered.status).toBe(0);
      expect(reordered.report.summary.suppressed.map((s) => s.code).sort()).toEqual(hidden);

      edit(dir, APP, (t) => t.replace('http://localhost:8080/cb', 'http://localhost:8080/other'));
      const changed = check(dir);
      expect(changed.status).toBe(1);
      expect(codes(changed.report).sort()).toEqual(['INSECURE_URI', 'REDIRECT_URI_LOCALHOST']);
    });
  });
});

describe.skipIf(!bundlesPresent())('7. a run that could not check says so in its SARIF', () => {
  interface Sarif {
    runs: { invocations?: { executionSuccessful: boolean; toolExecutionNotifications?: { level: string; message: { text: string }; descriptor?: { id: string }; locations?: unknown[] }[] }[]; results: unknown[] }[];
  }
  const sarifAt = (dir: string, name: string): Sarif => {
    const log = JSON.parse(read(dir, name)) as Sarif;
    expect(sarifProblems(log)).toEqual([]);
    return log;
  };

  it('the action with config matching no file (CONFIG_NOT_FOUND): executionSuccessful false, the error as a notification, no results', () => {
    const dir = repository({ [APP]: WEB });
    const r = runActionBundle(dir, { config: 'nothing-here/**/*.yml', 'sarif-path': 'oidc-gate.sarif', network: 'false' });
    expect(r.status).toBe(1);
    // The reusable workflow uploads the SARIF only when this output is 'true'.
    expect(r.outputs.checked).toBe('false');
    const [run] = sarifAt(dir, 'oidc-gate.sarif').runs;
    expect(run?.results).toEqual([]);
    expect(run?.invocations).toHaveLength(1);
    expect(run?.invocations?.[0]?.executionSuccessful).toBe(false);
    const notes = run?.invocations?.[0]?.toolExecutionNotifications ?? [];
    expect(notes.map((n) => [n.level, n.descriptor?.id])).toEqual([['error', 'CONFIG_NOT_FOUND']]);
    expect(notes[0]?.message.text).toContain('nothing-here/**/*.yml');
  });

  it('the CLI with a config error in one file (and results from the others): false, the error placed at its line', () => {
    const dir = repository({ [APP]: WEB, '.github/oidc-gate/typo.yml': 'providers:\n  - name: typo\n    isuer: https://x.example\n' });
    const r = runCliBundle(dir, ['check', '--offline', '--sarif', 'out.sarif']);
    expect(r.status).toBe(2);
    const [run] = sarifAt(dir, 'out.sarif').runs;
    expect(run?.results.length).toBeGreaterThan(1);
    expect(run?.invocations?.[0]?.executionSuccessful).toBe(false);
    const notes = run?.invocations?.[0]?.toolExecutionNotifications ?? [];
    expect(notes.map((n) => n.descriptor?.id)).toEqual(['CONFIG_UNKNOWN_KEY']);
    expect(notes[0]?.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: '.github/oidc-gate/typo.yml', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 5 } } }]);
  });

  it('a run that checked what it was given, findings or not: executionSuccessful true, no notifications', () => {
    const dir = repository({ [APP]: WEB });
    expect(runCliBundle(dir, ['check', '--offline', '--sarif', 'out.sarif']).status).toBe(1);
    expect(sarifAt(dir, 'out.sarif').runs[0]?.invocations).toEqual([{ executionSuccessful: true }]);
    const action = runActionBundle(dir, { 'sarif-path': 'oidc-gate.sarif', network: 'false' });
    expect(action.status).toBe(1);
    expect(action.outputs.checked).toBe('true');
  });
});
