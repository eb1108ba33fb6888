import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/args.ts';
import { UsageError } from '../../src/cli/errors.ts';
import { OPERATIONS } from '../../src/engine/index.ts';
import { startServer } from '../../src/server/main.ts';
import { main } from '../../src/cli/main.ts';
import { runCli, type CliOptions } from './run-cli.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const repo = (name: string) => path.join(fixtures, 'repos', name);
const known = JSON.parse(readFileSync(path.join(fixtures, 'tokens.json'), 'utf8')) as { secret: string; at: string; tokens: Record<string, string> };
const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(argv: string[], options: Partial<CliOptions> = {}) {
  return runCli(argv, { cwd: tmp, ...options });
}

describe('argument parsing', () => {
  it('parses check with every option', () => {
    expect(parseCommand(['check', 'a', 'b/', '--format', 'sarif', '--fail-on', 'warning', '--offline', '--report', 'r.json', '--sarif', 's.sarif', '--issuer-profiles', 'p.yml'])).toEqual({
      name: 'check', paths: ['a', 'b/'], format: 'sarif', failOn: 'warning', offline: true, outputs: { report: 'r.json', sarif: 's.sarif' }, issuerProfiles: 'p.yml',
    });
    expect(parseCommand(['check'])).toEqual({ name: 'check', paths: [], format: 'text', failOn: 'error', offline: false, outputs: {} });
    expect(parseCommand(['check', '--format=json', '--', '--odd-name.yml'])).toEqual({ name: 'check', paths: ['--odd-name.yml'], format: 'json', failOn: 'error', offline: false, outputs: {} });
  });

  it.each([
    [['check', '--format', 'xml'], '--format must be one of text, json, sarif, not "xml".'],
    [['check', '--fail-on', 'always'], '--fail-on must be one of error, warning, never, not "always".'],
    [['check', '--bogus'], 'unknown option --bogus.'],
    [['check', '--report'], '--report needs a value: --report FILE.'],
    [['check', '--format', '--offline'], '--format needs a value: --format text|json|sarif.'],
    [['check', '--offline=yes'], '--offline takes no value.'],
    [['check', '--report', 'a.json', '--report', 'b.json'], '--report is given twice.'],
    [['validate', 'a.json', 'b.json'], 'takes one token, request file or -, not 2.'],
    [['validate', '--at', 'yesterday'], '--at must be an RFC 3339 date-time with Z or an offset'],
    [['lint', '--at', '2026-01-01T00:00:00Z'], 'unknown option --at.'],
    [['lint', '--profile', 'p'], 'unknown option --profile.'],
    [['serve', 'now'], 'takes no arguments: it reads its settings from the environment'],
    [['version', 'now'], 'takes no arguments.'],
    [['deploy'], 'unknown command "deploy".'],
  ])('%j is a usage error', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });
});

describe('single-request subcommands come from the engine operations table', () => {
  it('lists every operation in the overview, gives each its own help, and parses it', async () => {
    const overview = (await cli(['--help'])).stdout;
    for (const operation of OPERATIONS) {
      expect(overview).toMatch(new RegExp(`\\n  ${operation.name} \\[`));
      expect(overview.toLowerCase()).toContain(operation.summary.toLowerCase());
      const own = (await cli([operation.name, '--help'])).stdout;
      expect(own.startsWith(`Usage: oidc-gate ${operation.name} [`)).toBe(true);
      expect(own).toContain(`Reads the ${operation.path} request body (JSON)`);
      expect(parseCommand([operation.name, 'r.json', '--offline'])).toEqual({ name: operation.name, input: 'r.json', offline: true });
    }
    expect(overview).toContain('\n  validate [TOKEN|FILE|-]   validate a JWT\n');
    expect(overview).toContain('\n  lint [FILE|-]             lint an OIDC provider configuration\n');
  });
});

describe('oidc-gate help and usage errors', () => {
  it('prints the overview for --help, -h, help and no arguments; exit 0', async () => {
    for (const argv of [['--help'], ['-h'], ['help'], []]) {
      const r = await cli(argv);
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith('oidc-gate: catch broken identity configuration before it ships.\n\nUsage: oidc-gate <command> [options]\n')).toBe(true);
      expect(r.stdout).toContain('Run oidc-gate <command> --help for the options of one command.');
    }
  });

  it('exits 2 on a usage error with one line that says where help is', async () => {
    const r = await cli(['check', '--format', 'xml']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'oidc-gate check: --format must be one of text, json, sarif, not "xml". See oidc-gate check --help.\n' });
  });
});

describe('oidc-gate check', () => {
  it('passes on the good fixture: exit 0, readable text, no colour off a TTY', async () => {
    const r = await cli(['check', '--offline'], { cwd: repo('good') });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([
      '! .github/oidc-gate/providers.yml  (1 provider)',
      '  6:5     warning  CHECK_SKIPPED  jwks_uri was not fetched (offline mode); not run: JWKS_UNREACHABLE, ENDPOINT_CERT_EXPIRING, JWKS_INVALID, JWKS_NONSTANDARD_ENCODING, JWKS_PRIVATE_KEY_EXPOSED, JWKS_KEY_TOO_SMALL, JWKS_KEY_UNSAFE, JWKS_X5C_EXPIRED, JWKS_X5C_EXPIRING, JWKS_X5C_MISMATCH, JWKS_DUPLICATE_KID, JWKS_NO_USABLE_KEY. [provider fixture-idp]',
      '          fix: Run again with network access to check the JWKS.',
      '          see: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/CHECK_SKIPPED.md',
      '',
      '✔ .github/oidc-gate/samples.yaml  (1 profile, 4 samples)',
      '  ✔ sample hmac-valid: valid  at 2026-01-01T00:10:00Z',
      '  ✔ sample hmac-other-audience: invalid as expected (AUDIENCE_MISMATCH)  at 2026-01-01T00:10:00Z',
      '  ✔ sample rsa-inline-policy: valid  at 2026-01-01T00:10:00Z',
      '  ✔ sample not-a-jwt: invalid as expected (MALFORMED_TOKEN)  at 2026-01-01T00:10:00Z',
      '',
      '! Passed with 1 warning: 2 files, 5 checks.',
      'Offline: JWKS and discovery fetches were skipped (CHECK_SKIPPED). Drop --offline to run them.',
      '',
    ].join('\n'));
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('colours on a TTY unless NO_COLOR is set', async () => {
    expect((await cli(['check', '--offline'], { cwd: repo('good'), isTTY: true })).stdout).toContain('\u001b[33m!\u001b[39m');
    expect((await cli(['check', '--offline'], { cwd: repo('good'), isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });

  it('fails with exit 1 on findings, and exit 0 under --fail-on never', async () => {
    const r = await cli(['check', '--offline'], { cwd: repo('bad') });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('  9:9     error    INSECURE_URI  redirect_uris[1] is not an https:// URI. [provider legacy-idp]\n');
    expect(r.stdout).toContain('✖ Failed: 4 errors and 1 warning in 2 files, 3 checks.\n');
    // A sample's expiry: the fix is its at:, and the line links the code's page.
    expect(r.stdout).toMatch(/ TOKEN_EXPIRED {2}.*\n {10}fix: The sample is judged at its at: \(\S+\)\. Set at: to an instant inside the token's lifetime, before its exp \(\S+Z\), or write expect: \[TOKEN_EXPIRED\] if the sample is meant to fail so\.\n {10}see: https:\/\/github\.com\/oidc-gate\/oidc-gate\/blob\/main\/docs\/findings\/TOKEN_EXPIRED\.md\n/);
    // Every finding line is followed by its fix and its page.
    const lines = r.stdout.split('\n');
    for (const [i, line] of lines.entries()) {
      if (/^ +\d+:\d+ +(?:error|warning) /.test(line)) expect([lines[i + 1], lines[i + 2]].map((l) => l?.trim().slice(0, 4)), line).toEqual(['fix:', 'see:']);
    }
    expect((await cli(['check', '--offline', '--fail-on', 'never'], { cwd: repo('bad') })).code).toBe(0);
    expect((await cli(['check', '--offline', '--fail-on', 'warning'], { cwd: repo('good') })).code).toBe(1);
  });

  it('exits 2 on config errors, and still reports the files it could check', async () => {
    const r = await cli(['check', '--offline'], { cwd: repo('broken') });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('  4:16    error    CONFIG_YAML_INVALID');
    expect(r.stdout).toContain('  6:5     error    INSECURE_URI  jwks_uri is not an https:// URI. [provider still-checked]');
    expect((await cli(['check', 'missing-dir'], { cwd: repo('good') })).code).toBe(2);
  });

  it('prints problems of the issuer-profiles file and of unmatched paths before the files', async () => {
    // Run from a subdirectory: the profiles file above it is still inside the repository.
    const ws = path.join(tmp, 'profiles-ws');
    mkdirSync(path.join(ws, '.git'), { recursive: true });
    mkdirSync(path.join(ws, 'sub'), { recursive: true });
    writeFileSync(path.join(ws, 'profiles.yml'), '- id: no-fields\n');
    const r = await cli(['check', '--offline', '--issuer-profiles', '../profiles.yml', 'nope/*.yml', 'missing.yml'], { cwd: path.join(ws, 'sub') });
    expect(r.code).toBe(2);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('error  CONFIG_NOT_FOUND  Config path missing.yml does not exist.');
    // Every finding with its fix and its page: CONFIG_NOT_FOUND's fix is oidc-gate init.
    expect(lines[1]).toMatch(/^ {2}fix: Write a first config file with `oidc-gate init --issuer URL` \(it writes \.github\/oidc-gate\/oidc\.yml\)/);
    expect(lines[2]).toBe('  see: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/CONFIG_NOT_FOUND.md');
    expect(lines[3]?.endsWith('/profiles.yml:1:3  error  PROFILE_INVALID  Issuer profile "no-fields": /issuer is required.')).toBe(true);
    expect(lines[3]?.startsWith('../')).toBe(true);
    expect(lines[5]).toBe('  see: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/PROFILE_INVALID.md');
  });

  it('takes directories and files as paths, relative to the working directory', async () => {
    const r = await cli(['check', '--offline', '--format', 'json', 'repos/good/.github', 'repos/bad/.github/oidc-gate/provider.yml'], { cwd: fixtures });
    const report = JSON.parse(r.stdout) as { results: { file: string }[] };
    expect([...new Set(report.results.map((x) => x.file))]).toEqual([
      'repos/bad/.github/oidc-gate/provider.yml', 'repos/good/.github/oidc-gate/providers.yml', 'repos/good/.github/oidc-gate/samples.yaml',
    ]);
  });

  it('prints the same report as JSON and SARIF, and writes --report and --sarif files', async () => {
    const ws = path.join(tmp, 'report-ws');
    cpSync(repo('good'), ws, { recursive: true });
    const json = await cli(['check', '--offline', '--format', 'json', '--report', 'out/r.json', '--sarif', 's.sarif'], { cwd: ws });
    const report = JSON.parse(json.stdout) as { api_version: string; valid: boolean };
    expect(report.api_version).toBe('v0.0.1');
    expect(readFileSync(path.join(ws, 'out/r.json'), 'utf8')).toBe(json.stdout);
    const sarif = await cli(['check', '--offline', '--format', 'sarif'], { cwd: ws });
    expect(JSON.parse(sarif.stdout)).toEqual(JSON.parse(readFileSync(path.join(ws, 's.sarif'), 'utf8')));
    for (const out of [json.stdout, sarif.stdout]) {
      for (const token of Object.values(known.tokens)) expect(out).not.toContain(token);
      expect(out).not.toContain(known.secret);
    }
  });
});

describe('oidc-gate validate | lint | discover', () => {
  const policy = { issuer: 'https://id.fixture.example', audiences: ['api://fixture'], allowed_algs: ['HS256'], secret: known.secret };

  it('validates a request from a file at --at, printing the engine response; exit 0 when valid', async () => {
    writeFileSync(path.join(tmp, 'v.json'), JSON.stringify({ token: known.tokens['valid-hs.jwt'], policy }));
    const r = await cli(['validate', 'v.json', '--at', known.at]);
    expect(r.code).toBe(0);
    const response = JSON.parse(r.stdout) as { valid: boolean; findings: unknown[] };
    expect(response).toMatchObject({ valid: true, findings: [] });
    expect(r.stdout).toBe(`${JSON.stringify(response)}\n`);
  });

  it('reads stdin for - and exits 1 when invalid', async () => {
    const r = await cli(['validate', '-', '--at', known.at], { stdin: JSON.stringify({ token: known.tokens['other-aud-hs.jwt'], policy }) });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['AUDIENCE_MISMATCH']);
  });

  it('prints the problem body and exits 2 for a refused request or a malformed token', async () => {
    const refused = await cli(['lint', '-'], { stdin: '{"issuer":"https://x"}' });
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 422, code: 'REQUEST_INVALID', type: 'urn:oidc-gate:problem:request-invalid' });
    const malformed = await cli(['validate'], { stdin: JSON.stringify({ token: 'nope', policy }) });
    expect(malformed.code).toBe(2);
    expect(JSON.parse(malformed.stdout)).toMatchObject({ status: 400, code: 'MALFORMED_TOKEN' });
    const notJson = await cli(['validate'], { stdin: '{' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toBe('oidc-gate validate: stdin is not valid JSON (nor a token).\n');
    const lintNotJson = await cli(['lint', '-'], { stdin: 'issuer: x' });
    expect(lintNotJson.stderr).toBe('oidc-gate lint: stdin is not valid JSON.\n');
  });

  it('lints and discovers offline, reporting CHECK_SKIPPED', async () => {
    const lint = await cli(['lint', '--offline', '-'], {
      stdin: JSON.stringify({ issuer: 'https://id.example', client_id: 'c', audiences: ['a'], jwks_uri: 'https://id.example/jwks', redirect_uris: ['https://app.example/cb'], alg_policy: { allowed_algs: ['RS256'] } }),
    });
    expect(lint.code).toBe(0);
    expect((JSON.parse(lint.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
    const discover = await cli(['discover', '--offline', '-'], { stdin: '{"issuer":"https://id.example"}' });
    expect(discover.code).toBe(0);
    expect(JSON.parse(discover.stdout)).toMatchObject({ valid: true, jwks_uri: null });
  });

  it('prints readable text on a terminal: the verdict, then each finding with its fix', async () => {
    const lint = await cli(['lint', '--offline'], {
      isTTY: true,
      env: { NO_COLOR: '1' },
      stdin: JSON.stringify({ issuer: 'https://id.example', client_id: 'c', audiences: ['a'], jwks_uri: 'https://id.example/jwks', redirect_uris: ['http://app.example/cb'], alg_policy: { allowed_algs: ['RS256'] } }),
    });
    expect(lint.code).toBe(1);
    const lines = lint.stdout.split('\n');
    expect(lines[0]).toBe('✖ Configuration is invalid: 1 error, 1 warning (INSECURE_URI, CHECK_SKIPPED).');
    expect(lines[2]).toBe('  error    INSECURE_URI  redirect_uris[0] is not an https:// URI.');
    expect(lines[3]?.startsWith('           fix: ')).toBe(true);
    expect(lines[4]).toBe('           see: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/INSECURE_URI.md');
    expect(lines[5]?.startsWith('  warning  CHECK_SKIPPED  ')).toBe(true);
    const refused = await cli(['lint', '-', '--format', 'text'], { stdin: '{"issuer":"https://x"}' });
    expect(refused.code).toBe(2);
    expect(refused.stdout.split('\n').slice(0, 3)).toEqual(['✖ REQUEST_INVALID  The request body is invalid: 5 problems.', '  /client_id  is required', '  /audiences  is required']);
  });

  it('uses ISSUER_PROFILES_JSON for issuer_profile_id, and exits 2 when the profiles are invalid', async () => {
    const profiles = JSON.stringify([{ id: 'p', ...policy }]);
    const ok = await cli(['validate', '--at', known.at], { stdin: JSON.stringify({ token: known.tokens['valid-hs.jwt'], issuer_profile_id: 'p' }), env: { ISSUER_PROFILES_JSON: profiles } });
    expect(ok.code).toBe(0);
    const bad = await cli(['validate'], { stdin: JSON.stringify({ token: known.tokens['valid-hs.jwt'], issuer_profile_id: 'p' }), env: { ISSUER_PROFILES_JSON: '[{"id":"p"}]' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('ISSUER_PROFILES_JSON');
    expect(bad.stderr).not.toContain(known.secret);
  });
});

describe('oidc-gate serve', () => {
  it('starts the service with the environment, and adds no plain-text line to its JSON logs', async () => {
    let stderr = '';
    let server: { url: string; close(): Promise<void> } | undefined;
    const code = await main(['serve'], {
      stdout: () => undefined,
      stderr: (t) => {
        stderr += t;
      },
      readStdin: async () => '',
      isTTY: false,
      env: { PORT: '0', HOST: '127.0.0.1', API_KEYS: 'cli-test-key-0123456789abcdef', LOG_LEVEL: 'silent' },
      cwd: tmp,
      // The entry passes the real startServer; signals stay with the test runner here.
      startServer: async (env) => {
        server = await startServer(env, { handleSignals: false, stderr: { write: () => true } });
        return server;
      },
    });
    try {
      expect(code).toBe(0);
      // The service logs "listening" (with the URL) as a JSON line of its own; the CLI adds nothing.
      expect(stderr).toBe('');
      const health = await fetch(`${server?.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await server?.close();
    }
  });
});
