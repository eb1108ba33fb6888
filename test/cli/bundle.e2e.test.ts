/** The CLI bundle (the `oidc-gate` bin) on the same fixtures as the action bundle. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.ts';
import {
  bundlesPresent, CLI_BUNDLE, FIXTURES, known, runActionBundle, runCliBundle, secretStrings, tempParent, workspace,
} from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-cli-e2e-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const repo = (name: string) => path.join(FIXTURES, 'repos', name);

describe.skipIf(!bundlesPresent())('dist/cli/index.js', () => {
  it.each([
    ['good', 0, '! Passed with 1 warning: 2 files, 5 checks.'],
    ['bad', 1, '✖ Failed: 4 errors and 1 warning in 2 files, 3 checks.'],
    ['broken', 2, '✖ Failed: 5 errors and 1 warning in 3 files, 1 check.'],
  ])('check --offline on %s exits %i', (name, status, verdict) => {
    const r = runCliBundle(repo(name), ['check', '--offline']);
    expect(r.status).toBe(status);
    expect(r.stdout).toContain(`\n${verdict}\n`);
    expect(r.stderr).toBe('');
    for (const s of secretStrings()) expect(r.stdout).not.toContain(s);
  });

  it('writes the same report as the action for the same files', () => {
    for (const name of ['good', 'bad', 'broken']) {
      const dir = workspace(name, parent);
      runActionBundle(dir, { network: 'false' });
      const fromAction = JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as unknown;
      const r = runCliBundle(dir, ['check', '--offline', '--format', 'json']);
      expect(JSON.parse(r.stdout), name).toEqual(fromAction);
    }
  });

  describe('OUTBOUND_ALLOW', () => {
    // The JWKS is on loopback: the guarded fetcher refuses it without dialling, so nothing leaves the machine.
    const config = [
      'providers:',
      '  - name: loopback-idp',
      '    issuer: https://idp.example',
      '    client_id: c',
      '    audiences: [api]',
      '    jwks_uri: https://127.0.0.1:9/jwks',
      '    redirect_uris: [https://app.example/cb]',
      '    alg_policy: { allowed_algs: [RS256] }',
      '',
    ].join('\n');
    const codes = (stdout: string) => [...stdout.matchAll(/^ *(?:\S+ +)?(?:error|warning) +([A-Z_]+) /gm)].map((m) => m[1]);

    it('that cannot be parsed is one config error (exit 2); the providers are still linted, offline, and no INTERNAL_ERROR appears', () => {
      const dir = workspace('good', parent);
      writeFileSync(path.join(dir, '.github/oidc-gate/providers.yml'), config);
      const r = runCliBundle(dir, ['check'], { OUTBOUND_ALLOW: 'not a host!' });
      expect(r.status).toBe(2);
      expect(r.stdout.split('\n')[0]).toBe('error  CONFIG_INVALID  OUTBOUND_ALLOW is invalid: OUTBOUND_ALLOW entry "host!" is not a host name, an IP address or a CIDR');
      expect(codes(r.stdout)).toEqual(['CONFIG_INVALID', 'CHECK_SKIPPED']);
      expect(r.stdout).not.toContain('INTERNAL_ERROR');
    });

    it('that parses gives no config error: the fetch runs, and is refused for loopback', () => {
      const dir = workspace('good', parent);
      writeFileSync(path.join(dir, '.github/oidc-gate/providers.yml'), config);
      const r = runCliBundle(dir, ['check'], { OUTBOUND_ALLOW: 'idp.example' });
      expect(r.status).toBe(1);
      expect(codes(r.stdout)).toEqual(['JWKS_UNREACHABLE']);
      expect(r.stdout).toContain('(blocked');
    });
  });

  it('checks the Terraform plan and CloudFormation examples: broken fails with each resource named at its line, fixed passes', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const broken = runCliBundle(root, ['check', 'examples/terraform-plan/broken']);
    expect(broken.status, broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(/examples\/terraform-plan\/broken\/plan\.json:\d+:\d+ {2}error {2}TRUST_SUBJECT_UNBOUNDED .*\[resource module\.ci\.aws_iam_role\.deploy\]/);
    for (const fixed of ['examples/terraform-plan/fixed', 'examples/cloudformation/fixed']) {
      const r = runCliBundle(root, ['check', fixed]);
      expect(r.status, `${fixed}: ${r.stdout}${r.stderr}`).toBe(0);
    }
    expect(runCliBundle(root, ['check', 'examples/cloudformation/broken']).status).toBe(1);
  });

  it('prints SARIF with --format sarif, and honours --fail-on', () => {
    const r = runCliBundle(repo('bad'), ['check', '--offline', '--format', 'sarif', '--fail-on', 'never']);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { version: string }).version).toBe('2.1.0');
  });

  it('validates a request from stdin and prints the engine response, byte for byte, off a terminal', async () => {
    const request = {
      token: known.tokens['valid-hs.jwt'],
      policy: { issuer: 'https://id.fixture.example', audiences: ['api://fixture'], allowed_algs: ['HS256'], secret: known.secret },
    };
    const r = spawnSync(process.execPath, [CLI_BUNDLE, 'validate', '-', '--at', known.at], { input: JSON.stringify(request), encoding: 'utf8' });
    expect(r.status).toBe(0);
    const engine = await createEngine({ network: { online: false } }).run('validate', request, { at: Date.parse(known.at) });
    expect(r.stdout).toBe(`${JSON.stringify(engine.response)}\n`);
    expect(r.stdout).toMatch(/^\{"valid":true,"statuses":\{"signature":"pass",.*"summary":"Token is valid\.","metadata":\{"alg":"HS256","key_source":"secret"[,}]/);
  });

  it('prints help, each command its own, and one line for a usage error (exit 2)', () => {
    expect(runCliBundle(parent, ['--help']).stdout).toContain('\n  check [paths...]');
    expect(runCliBundle(parent, ['check', '--help']).stdout.split('\n')[0]).toBe('Usage: oidc-gate check [paths...] [options]');
    expect(runCliBundle(parent, ['validate', '--help']).stdout.split('\n')[0]).toBe('Usage: oidc-gate validate [TOKEN|FILE|-] [options]');
    expect(runCliBundle(parent, ['-V']).stdout).toMatch(/^oidc-gate \d+\.\d+\.\d+\n$/);
    expect(runCliBundle(parent, ['version']).stdout).toBe(runCliBundle(parent, ['--version']).stdout);
    const r = runCliBundle(parent, ['check', '--nope']);
    expect(r).toEqual({ status: 2, stdout: '', stderr: 'oidc-gate check: unknown option --nope. See oidc-gate check --help.\n' });
  });

  it('validates a raw token from stdin with --config and --profile, and never prints it', () => {
    const dir = workspace('good', parent);
    mkdirSync(path.join(dir, '.git'));
    const args = [CLI_BUNDLE, 'validate', '--config', '.github/oidc-gate/samples.yaml', '--profile', 'fixture-hmac', '--at', known.at];
    const r = spawnSync(process.execPath, args, { cwd: dir, input: `${known.tokens['other-aud-hs.jwt'] as string}\n`, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['AUDIENCE_MISMATCH']);
    const text = spawnSync(process.execPath, [...args, '--format', 'text'], { cwd: dir, input: known.tokens['valid-hs.jwt'], encoding: 'utf8' });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('✔ Token is valid.\n');
    expect(text.stdout).toContain('  sub        svc-fixture\n');
    for (const out of [r.stdout, text.stdout]) for (const s of secretStrings()) expect(out).not.toContain(s);
  });

  it('run from a subdirectory of the repository, ../x.yml and ../*.yml are inside it: no "outside the repository root" claim', () => {
    const dir = workspace('good', parent);
    mkdirSync(path.join(dir, '.git'));
    mkdirSync(path.join(dir, 'services/auth'), { recursive: true });
    writeFileSync(path.join(dir, 'services/x.yml'), readFileSync(path.join(dir, '.github/oidc-gate/providers.yml'), 'utf8'));
    for (const paths of [['../x.yml'], ['../*.yml'], ['../../.github/oidc-gate/samples.yaml']]) {
      const r = runCliBundle(path.join(dir, 'services/auth'), ['check', '--offline', ...paths]);
      expect(r.stdout).not.toContain('outside the repository root');
      expect(r.stdout).not.toContain('CONFIG_UNREADABLE');
      expect(r.status, paths.join(' ')).toBe(0);
    }
    expect(runCliBundle(path.join(dir, 'services/auth'), ['check', '--offline', '../x.yml']).stdout.split('\n')[0]).toBe('! ../x.yml  (1 provider)');
  });

  it('serve starts the service from the environment, answers /healthz, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI_BUNDLE, 'serve'], {
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', API_KEYS: 'e2e-key-0123456789abcdef0123', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        // The service's own JSON "listening" line names the URL; every line on stderr is JSON.
        const m = /"msg":"listening".*?"url":"(http:\/\/[^"]+)"/.exec(err);
        if (m) resolve(m[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const unauthorised = await fetch(`${url}/v1/validate/jwt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(unauthorised.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
