/**
 * `oidc-gate validate` is token-first: a raw JWT as an argument, in a file or on stdin, judged by an
 * issuer profile (--profile) from a config file (--config) or the service's settings; the JSON request
 * body keeps working. Text on a terminal, JSON otherwise, and never the token itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { known, secretStrings } from '../fixtures/harness.ts';
import { runCli, type CliOptions, type CliRun } from './run-cli.ts';

const ws = mkdtempSync(path.join(tmpdir(), 'oidc-gate-validate-token-'));
afterAll(() => rmSync(ws, { recursive: true, force: true }));
mkdirSync(path.join(ws, '.git'));
mkdirSync(path.join(ws, 'services/auth'), { recursive: true });

const VALID = known.tokens['valid-hs.jwt'] as string;
const OTHER_AUD = known.tokens['other-aud-hs.jwt'] as string;
const PROFILE = ['  - id: fixture-hmac', '    issuer: https://id.fixture.example', '    audiences: [api://fixture]', '    allowed_algs: [HS256]', '    secret_env: OIDC_GATE_HS'];
const ENV = { OIDC_GATE_HS: known.secret };
writeFileSync(path.join(ws, 'cfg.yml'), ['profiles:', ...PROFILE, '  - id: second', '    issuer: https://two.example', '    audiences: [b]', '    allowed_algs: [HS256]', '    secret_env: OIDC_GATE_HS', ''].join('\n'));
writeFileSync(path.join(ws, 'token.jwt'), `${VALID}\n`);

function cli(argv: string[], options: Partial<CliOptions> = {}): Promise<CliRun> {
  return runCli(argv, { cwd: ws, env: ENV, stdinIsTTY: false, ...options });
}

function neverShowsTheToken(r: CliRun): void {
  for (const s of secretStrings()) {
    expect(r.stdout).not.toContain(s);
    expect(r.stderr).not.toContain(s);
  }
}

const judged = ['--at', known.at];
const byConfig = ['--config', 'cfg.yml', '--profile', 'fixture-hmac', ...judged];

describe('a raw token', () => {
  it('on stdin, as an argument or in a file gives the same JSON as the request body naming the profile', async () => {
    const asBody = await cli(['validate', ...judged], {
      stdin: JSON.stringify({ token: VALID, issuer_profile_id: 'fixture-hmac' }),
      env: { ...ENV, ISSUER_PROFILES_JSON: JSON.stringify([{ id: 'fixture-hmac', issuer: 'https://id.fixture.example', audiences: ['api://fixture'], allowed_algs: ['HS256'], secret: known.secret }]) },
    });
    expect(asBody.code).toBe(0);
    expect(JSON.parse(asBody.stdout)).toMatchObject({ valid: true, summary: 'Token is valid.' });
    for (const run of [
      await cli(['validate', ...byConfig], { stdin: `${VALID}\n` }),
      await cli(['validate', '-', ...byConfig], { stdin: VALID }),
      await cli(['validate', VALID, ...byConfig]),
      await cli(['validate', 'token.jwt', ...byConfig]),
    ]) {
      expect(run).toEqual({ code: 0, stdout: asBody.stdout, stderr: '' });
    }
  });

  it('a request body naming issuer_profile_id finds it in the --config file too', async () => {
    const r = await cli(['validate', '--config', 'cfg.yml', ...judged], { stdin: JSON.stringify({ token: OTHER_AUD, issuer_profile_id: 'fixture-hmac' }) });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['AUDIENCE_MISMATCH']);
  });

  it('judged by a profile from ISSUER_PROFILES_JSON, without --config', async () => {
    const env = { ISSUER_PROFILES_JSON: JSON.stringify([{ id: 'svc', issuer: 'https://id.fixture.example', audiences: ['api://fixture'], allowed_algs: ['HS256'], secret: known.secret }]) };
    const r = await cli(['validate', '--profile', 'svc', ...judged], { stdin: OTHER_AUD, env });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['AUDIENCE_MISMATCH']);
  });

  it('on a terminal prints the verdict, each finding with its fix, the checks and the claims, never the token', async () => {
    const r = await cli(['validate', ...byConfig], { stdin: OTHER_AUD, isTTY: true, env: { ...ENV, NO_COLOR: '1' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe([
      '✖ Token is invalid: 1 error (AUDIENCE_MISMATCH).',
      '',
      '  error    AUDIENCE_MISMATCH  The token aud is not one of the allowed audiences.',
      '           fix: Request the token for one of the allowed audiences, or add its audience to the policy.',
      '           see: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/AUDIENCE_MISMATCH.md',
      '',
      '  checks     signature ✔  issuer ✔  audience ✖  algorithm ✔  time ✔  required_claims ✔',
      '  key        secret',
      '  header     alg HS256, typ JWT',
      '  iss        https://id.fixture.example',
      '  sub        svc-fixture',
      '  aud        api://other',
      '  scope      read write',
      '  iat        2026-01-01T00:00:00Z (10 min ago)',
      '  exp        2026-01-01T01:00:00Z (in 50 min)',
      '  judged at  2026-01-01T00:10:00Z',
      '',
    ].join('\n'));
    neverShowsTheToken(r);
  });

  it('--format json on a terminal prints the JSON; --format text off one prints text', async () => {
    const json = await cli(['validate', ...byConfig, '--format', 'json'], { stdin: VALID, isTTY: true });
    expect(JSON.parse(json.stdout)).toMatchObject({ valid: true });
    const text = await cli(['validate', ...byConfig, '--format', 'text'], { stdin: VALID });
    expect(text.stdout.startsWith('✔ Token is valid.\n')).toBe(true);
    neverShowsTheToken(text);
  });

  it('that is malformed is refused as the service refuses it (exit 2), in text or JSON, without repeating it', async () => {
    const broken = `${VALID.slice(0, 40)}=.${VALID.split('.')[1] as string}.${VALID.split('.')[2] as string}`;
    const text = await cli(['validate', broken, ...byConfig], { isTTY: true, env: { ...ENV, NO_COLOR: '1' } });
    expect(text.code).toBe(2);
    expect(text.stdout).toMatch(/^✖ MALFORMED_TOKEN {2}\S.*\n {2}see: https:\/\/github\.com\/oidc-gate\/oidc-gate\/blob\/main\/docs\/findings\/MALFORMED_TOKEN\.md\n$/);
    const json = await cli(['validate', ...byConfig], { stdin: broken });
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 400, code: 'MALFORMED_TOKEN' });
    for (const r of [text, json]) {
      expect(r.stdout + r.stderr).not.toContain(broken.split('.')[1]);
      expect(r.stdout + r.stderr).not.toContain(broken.split('.')[2]);
    }
  });
});

describe('one clear error for each mistake', () => {
  it.each([
    ['a raw token without --profile', ['validate', '--config', 'cfg.yml'], VALID,
      'oidc-gate validate: a raw token needs --profile ID, the issuer profile to judge it by (from --config FILE, ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE). See oidc-gate validate --help.'],
    ['--profile with a request body', ['validate', '--profile', 'fixture-hmac'], JSON.stringify({ token: VALID, issuer_profile_id: 'x' }),
      'oidc-gate validate: --profile goes with a raw token; a request body names its own issuer_profile_id (or policy).'],
    ['a profile the config file does not have', ['validate', '--config', 'cfg.yml', '--profile', 'fixture-hmca'], VALID,
      'oidc-gate validate: there is no issuer profile "fixture-hmca" in cfg.yml (its profiles: fixture-hmac, second) nor in ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE (neither is set).'],
    ['a profile with no profiles anywhere', ['validate', '--profile', 'p'], VALID,
      'oidc-gate validate: there is no issuer profile "p" in ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE (neither is set); name a config file with --config FILE.'],
    ['empty stdin', ['validate', '--profile', 'p'], ' \n',
      'oidc-gate validate: stdin is empty: expected a token or a request body. See oidc-gate validate --help.'],
    ['a missing file', ['validate', 'nope.json'], '',
      'oidc-gate validate: cannot read "nope.json": no such file. See oidc-gate validate --help.'],
    ['a directory', ['validate', 'services'], '',
      'oidc-gate validate: cannot read "services": not a regular file.'],
    ['more than 1 MiB on stdin', ['validate'], `{"token":"${'x'.repeat(1024 * 1024)}"}`,
      'oidc-gate validate: stdin holds more than 1 MiB; a token or a request body is a few kilobytes.'],
  ])('%s', async (_what, argv, stdin, line) => {
    const r = await cli(argv, { stdin });
    expect(r).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
  });

  it('no input and nothing piped in: says how to give one instead of waiting', async () => {
    const r = await cli(['validate', '--profile', 'p'], { stdinIsTTY: true });
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'oidc-gate validate: needs a token or a request body: pipe it in on stdin, or name a file. See oidc-gate validate --help.\n' });
  });

  it('a typo inside the profile is one error at its line, not a missing profile', async () => {
    writeFileSync(path.join(ws, 'typo.yml'), ['profiles:', '  - id: fixture-hmac', '    issuer: https://id.fixture.example', '    audience: [api://fixture]', '    allowed_algs: [HS256]', '    secret_env: OIDC_GATE_HS', ''].join('\n'));
    const r = await cli(['validate', '--config', 'typo.yml', '--profile', 'fixture-hmac'], { stdin: VALID });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^oidc-gate validate: typo\.yml:4:5: CONFIG_UNKNOWN_KEY Unknown key "audience" in a profile entry \(did you mean "audiences"\?\)/);
    expect(r.stderr).not.toContain('PROFILE_NOT_FOUND');
  });

  it('the providers and samples of the config file are not its business: their mistakes do not stop it', async () => {
    writeFileSync(path.join(ws, 'mixed.yml'), ['providers:', '  - name: broken', '    isser: x', 'tokens:', '  - name: t', '    token_file: missing.jwt', 'profiles:', ...PROFILE, ''].join('\n'));
    const r = await cli(['validate', '--config', 'mixed.yml', '--profile', 'fixture-hmac', ...judged], { stdin: VALID });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a config profile may read only OIDC_GATE_ variables, as in check', async () => {
    writeFileSync(path.join(ws, 'env.yml'), ['profiles:', '  - id: p', '    issuer: https://id.fixture.example', '    audiences: [api://fixture]', '    allowed_algs: [HS256]', '    secret_env: HOME', ''].join('\n'));
    const r = await cli(['validate', '--config', 'env.yml', '--profile', 'p'], { stdin: VALID, env: { HOME: known.secret } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('env.yml:6:5: PROFILE_INVALID');
    expect(r.stderr).toContain('may only name variables that start with OIDC_GATE_');
    expect(r.stderr).not.toContain(known.secret);
  });
});

describe('--config and the repository', () => {
  it('from a subdirectory, ../cfg.yml is inside the repository (its git root): no false "outside" claim', async () => {
    const r = await cli(['validate', '--config', '../../cfg.yml', '--profile', 'fixture-hmac', ...judged], { stdin: VALID, cwd: path.join(ws, 'services/auth') });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a config file outside the repository is refused, with one line', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'oidc-gate-outside-'));
    try {
      writeFileSync(path.join(outside, 'cfg.yml'), ['profiles:', ...PROFILE, ''].join('\n'));
      const r = await cli(['validate', '--config', path.join(outside, 'cfg.yml'), '--profile', 'fixture-hmac'], { stdin: VALID });
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('CONFIG_UNREADABLE');
      expect(r.stderr).toContain('resolves outside the repository root (links followed); refusing to read it.');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
