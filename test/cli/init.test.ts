/**
 * `oidc-gate init --discovery FILE`, in process: the config it writes from a discovery document passes
 * `oidc-gate check` offline and the config schema, and every way to get it wrong is one line, exit 2.
 * (`--issuer`, which fetches, is tested through the bundle in init.e2e.test.ts.)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SCHEMA_FILE, SCHEMA_ID } from '../../scripts/schema.ts';
import { buildStarterConfig, CONFIG_SCHEMA_URL, DEFAULT_INIT_OUTPUT, droppedNote, yamlScalar } from '../../src/gate/config/init-config.ts';
import { parseInstant } from '../../src/gate/config/instant.ts';
import { readInlineSuppressions } from '../../src/gate/suppress/suppress-comment.ts';
import { loadYaml } from '../../src/gate/config/yaml.ts';
import { known } from '../fixtures/harness.ts';
import { runCli } from './run-cli.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'oidc-gate-init-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A fresh repository (a directory with .git) to run init in. */
function repo(): string {
  const dir = mkdtempSync(path.join(parent, 'repo-'));
  mkdirSync(path.join(dir, '.git'));
  return dir;
}

/** A discovery document of the shape real providers serve (written here, so the test needs nothing outside the repository). */
function discoveryDocument(issuer: string, algs: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = issuer.replace(/\/$/, '');
  return {
    issuer,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/userinfo`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: algs,
    scopes_supported: ['openid', 'email', 'profile'],
    code_challenge_methods_supported: ['S256'],
    ...extra,
  };
}

function writeJson(dir: string, name: string, value: unknown): string {
  writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return name;
}

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
ajv.addFormat('date-time', (value: string) => parseInstant(value).ok);
const validateConfig = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);

/** The starter with its placeholders filled in, as a user does before check passes. */
function fillIn(file: string): void {
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('replace-with-your-client-id', 'orders-web').replaceAll('replace-with-your-api-audience', 'api://orders'));
}

/** The codes `check` prints, in order (one per finding line). */
const codes = (stdout: string): string[] => [...stdout.matchAll(/^ +\d+:\d+ +(?:error|warning) +([A-Z_0-9]+) /gm)].map((m) => m[1] as string);
const CONFIG_CODES = /^(CONFIG_|PROFILE_INVALID|PROFILE_DUPLICATE|PROFILE_NOT_FOUND|EXPECTATION_FAILED)/;

describe('oidc-gate init --discovery', () => {
  it('writes a provider, a profile and a commented sample that pass check offline and the config schema, once the placeholders are filled in', async () => {
    const dir = repo();
    const doc = writeJson(dir, 'openid-configuration.json', discoveryDocument('https://accounts.idp.example', ['RS256', 'ES256']));
    const r = await runCli(['init', '--discovery', doc], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`Wrote ${DEFAULT_INIT_OUTPUT}: provider, issuer profile and a sample token entry (commented out) for https://accounts.idp.example.`);

    const text = readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8');
    expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=${CONFIG_SCHEMA_URL}`);
    const config = parse(text) as Record<string, unknown>;
    expect(config).toEqual({
      providers: [{
        name: 'accounts-idp-example',
        issuer: 'https://accounts.idp.example',
        client_id: 'replace-with-your-client-id',
        audiences: ['replace-with-your-api-audience'],
        jwks_uri: 'https://accounts.idp.example/.well-known/jwks.json',
        redirect_uris: [],
        alg_policy: { allowed_algs: ['RS256', 'ES256'] },
        discover: true,
      }],
      profiles: [{
        id: 'accounts-idp-example-api',
        issuer: 'https://accounts.idp.example',
        audiences: ['replace-with-your-api-audience'],
        allowed_algs: ['RS256', 'ES256'],
        jwks_uri: 'https://accounts.idp.example/.well-known/jwks.json',
      }],
    });
    expect(text).toMatch(/^# {5}# token_file: tokens\/sample\.jwt$/m);
    expect(validateConfig(config), JSON.stringify(validateConfig.errors)).toBe(true);

    // As written, check refuses each placeholder at its line: a configuration error (exit 2) saying what goes there.
    const unfinished = await runCli(['check', '--offline', DEFAULT_INIT_OUTPUT], { cwd: dir });
    expect(unfinished.code).toBe(2);
    const refused = [...unfinished.stdout.matchAll(/^ +(\d+):\d+ +error +CONFIG_INVALID +(.*)$/gm)].map((m) => [Number(m[1]), m[2]]);
    const lineOf = (prefix: string, from = 0): number => text.split('\n').findIndex((l, i) => i >= from && l.startsWith(prefix)) + 1;
    expect(refused).toEqual([
      [lineOf('    client_id:'), 'Provider "accounts-idp-example": /client_id is still the placeholder "replace-with-your-client-id" that oidc-gate init wrote: fill in your own value before the entry can be checked.'],
      [lineOf('    audiences:'), 'Provider "accounts-idp-example": /audiences/0 is still the placeholder "replace-with-your-api-audience" that oidc-gate init wrote: fill in your own value before the entry can be checked.'],
      [lineOf('    audiences:', lineOf('profiles:')), 'Profile "accounts-idp-example-api": /audiences/0 is still the placeholder "replace-with-your-api-audience" that oidc-gate init wrote: fill in your own value before the entry can be checked.'],
    ]);
    expect(unfinished.stdout).toContain('fix: Replace it with the client ID your application is registered under at the provider.');
    expect(unfinished.stdout).toContain('fix: Replace it with the audience your API accepts: the aud claim of its tokens, such as api://orders.');

    fillIn(path.join(dir, DEFAULT_INIT_OUTPUT));
    const check = await runCli(['check', '--offline', DEFAULT_INIT_OUTPUT], { cwd: dir });
    expect(check.code).toBe(0);
    expect(codes(check.stdout).filter((c) => c !== 'CHECK_SKIPPED')).toEqual([]);
    expect(check.stdout).toContain('(1 provider, 1 profile)');
  });

  it('writes a sample entry that, uncommented and given a token file, is a valid entry of the config', async () => {
    const dir = repo();
    const doc = writeJson(dir, 'd.json', discoveryDocument('https://login.idp.example/', ['RS256']));
    expect((await runCli(['init', '--discovery', doc, '--output', 'cfg/idp.yml'], { cwd: dir })).code).toBe(0);
    const file = path.join(dir, 'cfg/idp.yml');
    fillIn(file);
    const uncommented = readFileSync(file, 'utf8').replace(/^# (tokens:| {2})/gm, '$1').replace('    # token_file:', '    token_file:');
    writeFileSync(file, uncommented);
    mkdirSync(path.join(dir, 'cfg/tokens'));
    writeFileSync(path.join(dir, 'cfg/tokens/sample.jwt'), known.tokens['valid-hs.jwt'] as string);
    const config = parse(uncommented) as { tokens: unknown[] };
    expect(config.tokens).toEqual([{ name: 'login-idp-example-sample', token_file: 'tokens/sample.jwt', issuer_profile_id: 'login-idp-example-api', expect: 'valid' }]);
    expect(validateConfig(config), JSON.stringify(validateConfig.errors)).toBe(true);
    const check = await runCli(['check', '--offline', 'cfg', '--format', 'json'], { cwd: dir });
    const report = JSON.parse(check.stdout) as { summary: { findings: { code: string }[]; file_status: { tokens: number }[] } };
    expect(report.summary.file_status[0]?.tokens).toBe(1);
    expect(report.summary.findings.map((f) => f.code).filter((c) => CONFIG_CODES.test(c))).toEqual([]);
  });

  it('leaves out the algorithms the lint refuses, saying which, and falls back to RS256 when none is left', async () => {
    const dir = repo();
    const doc = writeJson(dir, 'd.json', discoveryDocument('https://weak.idp.example', ['HS256', 'RS256', 'HS384', 'rs512', 'RS256']));
    expect((await runCli(['init', '--discovery', doc], { cwd: dir })).code).toBe(0);
    const text = readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8');
    expect((parse(text) as { profiles: { allowed_algs: string[] }[] }).profiles[0]?.allowed_algs).toEqual(['RS256']);
    expect(text).toContain('      #   HS256: WEAK_ALGORITHM\n      #   HS384: WEAK_ALGORITHM\n      #   RS512 in another letter case: UNKNOWN_ALGORITHM\n');

    const only = repo();
    writeJson(only, 'd.json', discoveryDocument('https://hmac.idp.example', ['HS256']));
    expect((await runCli(['init', '--discovery', 'd.json'], { cwd: only })).code).toBe(0);
    const config = parse(readFileSync(path.join(only, DEFAULT_INIT_OUTPUT), 'utf8')) as { providers: { alg_policy: { allowed_algs: string[] } }[] };
    expect(config.providers[0]?.alg_policy.allowed_algs).toEqual(['RS256']);
    fillIn(path.join(only, DEFAULT_INIT_OUTPUT));
    const check = await runCli(['check', '--offline'], { cwd: only });
    expect(check.code).toBe(0);
  });

  it('reads the document from stdin with --discovery -', async () => {
    const dir = repo();
    const r = await runCli(['init', '--discovery', '-'], { cwd: dir, stdin: JSON.stringify(discoveryDocument('https://stdin.idp.example', ['ES256'])), stdinIsTTY: false });
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8')).toContain('# Written by oidc-gate init from a discovery document on stdin.');
  });

  it('refuses to replace an existing file without --force, and replaces it with --force', async () => {
    const dir = repo();
    writeJson(dir, 'd.json', discoveryDocument('https://force.idp.example', ['RS256']));
    mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
    writeFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'mine: true\n');
    const refused = await runCli(['init', '--discovery', 'd.json'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`oidc-gate init: "${DEFAULT_INIT_OUTPUT}" already exists; pass --force to replace it, or --output FILE to write elsewhere.\n`);
    expect(readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8')).toBe('mine: true\n');
    const forced = await runCli(['init', '--discovery', 'd.json', '--force'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8')).toContain('issuer: https://force.idp.example');
  });

  it('writes nothing outside the repository, into .git, or through a link, even with --force', async () => {
    const dir = repo();
    writeJson(dir, 'd.json', discoveryDocument('https://out.idp.example', ['RS256']));
    const outside = await runCli(['init', '--discovery', 'd.json', '--output', '../escape.yml'], { cwd: dir });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('resolves outside the repository root');
    const git = await runCli(['init', '--discovery', 'd.json', '--output', '.git/config.yml'], { cwd: dir });
    expect(git.code).toBe(2);
    expect(git.stderr).toContain('inside .git');
    symlinkSync(path.join(parent, 'target.yml'), path.join(dir, 'link.yml'));
    const link = await runCli(['init', '--discovery', 'd.json', '--output', 'link.yml', '--force'], { cwd: dir });
    expect(link.code).toBe(2);
    expect(link.stderr).toContain('is a symbolic link');
    expect(existsSync(path.join(parent, 'escape.yml')) || existsSync(path.join(parent, 'target.yml'))).toBe(false);
  });

  it.each([
    ['not JSON', '{"issuer": "https://a.example",\n  jwks_uri: 1}', '"d.json" is not JSON (at line 2, column 3): a discovery document is the JSON served at <issuer>/.well-known/openid-configuration.'],
    ['a JSON list', '[1]', '"d.json" is JSON but not an object: a discovery document is a JSON object with issuer and jwks_uri.'],
    ['without issuer and jwks_uri', '{"authorization_endpoint": "https://a.example/authorize"}', '"d.json" lacks issuer and jwks_uri: a discovery document names its issuer and jwks_uri (the URL of its signing keys).'],
    ['with a jwks_uri that is no string', '{"issuer": "https://a.example", "jwks_uri": ["https://a.example/keys"]}', '"d.json" lacks jwks_uri (not a non-empty string): a discovery document names its issuer and jwks_uri (the URL of its signing keys).'],
  ])('refuses a document that is %s: one line, exit 2, nothing written', async (_what, text, message) => {
    const dir = repo();
    writeJson(dir, 'd.json', text);
    const r = await runCli(['init', '--discovery', 'd.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`oidc-gate init: ${message}\n`);
    expect(existsSync(path.join(dir, '.github'))).toBe(false);
  });

  it('refuses a missing file, and a document that fails the discovery checks (exit 1, each finding with its fix)', async () => {
    const dir = repo();
    const missing = await runCli(['init', '--discovery', 'nope.json'], { cwd: dir });
    expect(missing).toMatchObject({ code: 2, stderr: 'oidc-gate init: cannot read --discovery "nope.json": no such file.\n' });

    writeJson(dir, 'tenant.json', discoveryDocument('https://login.idp.example/{tenantid}/v2.0', ['RS256']));
    const template = await runCli(['init', '--discovery', 'tenant.json'], { cwd: dir });
    expect(template.code).toBe(1);
    const lines = template.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^oidc-gate init: error ISSUER_INVALID issuer .*\{.*Fix: /);
    expect(lines.at(-1)).toBe('oidc-gate init: nothing written: the discovery document fails the checks oidc-gate check would run on it (above).');
    expect(existsSync(path.join(dir, '.github'))).toBe(false);
  });

  it('refuses an issuer carrying a password without repeating it', async () => {
    const dir = repo();
    writeJson(dir, 'd.json', discoveryDocument('https://admin:s3cret-pw@idp.example', ['RS256']));
    const r = await runCli(['init', '--discovery', 'd.json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error ISSUER_INVALID issuer carries user info');
    expect(r.stdout + r.stderr).not.toContain('s3cret-pw');
    expect(existsSync(path.join(dir, '.github'))).toBe(false);
  });

  it('takes exactly one of --issuer and --discovery, and no arguments', async () => {
    const dir = repo();
    expect(await runCli(['init'], { cwd: dir })).toMatchObject({
      code: 2, stderr: 'oidc-gate init: needs the provider: --issuer URL (fetch its discovery document) or --discovery FILE (read it offline). See oidc-gate init --help.\n',
    });
    expect((await runCli(['init', '--issuer', 'https://a.example', '--discovery', 'd.json'], { cwd: dir })).stderr).toBe('oidc-gate init: takes --issuer or --discovery, not both. See oidc-gate init --help.\n');
    expect((await runCli(['init', 'https://a.example'], { cwd: dir })).stderr).toBe('oidc-gate init: takes no arguments: name the provider with --issuer URL or --discovery FILE. See oidc-gate init --help.\n');
    expect((await runCli(['init', '--discover', 'd.json'], { cwd: dir })).stderr).toBe('oidc-gate init: unknown option --discover (did you mean --discovery?). See oidc-gate init --help.\n');
    expect(readdirSync(dir)).toEqual(['.git']);
  });

  it('has its own --help, and a line in the overview', async () => {
    const help = await runCli(['init', '--help'], { cwd: parent });
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n')[0]).toBe('Usage: oidc-gate init (--issuer URL | --discovery FILE) [options]');
    for (const option of ['--issuer URL', '--discovery FILE', '--output FILE', '--force']) expect(help.stdout).toContain(`  ${option}`);
    expect(help.stdout).toContain(DEFAULT_INIT_OUTPUT);
    expect((await runCli(['--help'], { cwd: parent })).stdout).toContain('\n  init (--issuer URL | --discovery FILE)\n                            write a starter config from a provider\'s discovery document\n');
  });
});

describe('the starter config text', () => {
  it('names the schema where it is published, the $id of the committed schema', () => {
    expect(CONFIG_SCHEMA_URL).toBe(SCHEMA_ID);
  });

  it('writes values from the document so that they cannot add keys, lines or comments', () => {
    const attacks = [
      'https://a.example/keys\nproviders: []', 'https://a.example/ # comment', 'a: b', '"quoted"', "it's", 'true', '1e3', '0x10',
      '- item', '&anchor', '*alias', '!tag', '{a: 1}', '[1]', '%YAML', '@at', '`tick`', 'tab\there', 'line\u2028sep', 'bidi\u202eevil', '', ' lead', 'trail ',
    ];
    for (const value of attacks) {
      const text = `key: ${yamlScalar(value)}\n`;
      expect(text.split('\n'), value).toHaveLength(2);
      expect(parse(text), value).toEqual({ key: value });
      expect(text, value).toMatch(/^[\x20-\x7e\n]*$/);
    }
    expect(yamlScalar('https://accounts.google.com')).toBe('https://accounts.google.com');
    expect(yamlScalar('RS256')).toBe('RS256');
    const text = buildStarterConfig({ issuer: 'https://a.example/\n# x', jwksUri: 'https://a.example/k', algorithms: ['RS256'], dropped: [{ alg: 'HS256\nproviders:', why: 'WEAK_ALGORITHM' }], source: 'file\nname.json' });
    const config = parse(text) as { providers: { issuer: string }[] };
    expect(Object.keys(config)).toEqual(['providers', 'profiles']);
    expect(config.providers[0]?.issuer).toBe('https://a.example/\n# x');
    expect(text).toContain('# Written by oidc-gate init from file?name.json.');
  });

  it('writes nothing the gate reads as an inline suppression, whatever the document holds (issue 24 item 8)', () => {
    const commentLines = (text: string): string[] => text.split('\n').filter((l) => /^\s*#/.test(l)).map((l) => l.trim());
    const plain = buildStarterConfig({ issuer: 'https://idp.example', jwksUri: 'https://idp.example/keys', algorithms: ['RS256'], dropped: [{ alg: 'HS256', why: 'WEAK_ALGORITHM' }], source: 'd.json' });
    const SYNTAX = ['oidc-gate: ignore[WEAK_ALGORITHM] ok', '# oidc-gate: ignore[ISSUER_INVALID] x', 'oidc-gate ignore', '\n# oidc-gate: ignore[INSECURE_URI] y', '#', '"', '\'', '\r', '\u2028'];
    const hostile = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom(...SYNTAX), fc.array(fc.constantFrom(...SYNTAX, 'a', ' '), { maxLength: 6 }).map((parts) => parts.join('')));
    fc.assert(fc.property(
      fc.record({ path: hostile, query: hostile, dropped: fc.array(fc.record({ alg: fc.oneof(hostile, fc.constantFrom('HS256', 'rs512', 'NONE')), why: fc.constantFrom('WEAK_ALGORITHM', 'UNKNOWN_ALGORITHM') }), { maxLength: 5 }) }),
      ({ path: p, query, dropped }) => {
        const issuer = `https://idp.example/${p}`;
        const jwksUri = `https://idp.example/keys?${query}`;
        const text = buildStarterConfig({ issuer, jwksUri, algorithms: ['RS256'], dropped, source: 'd.json' });
        const inline = readInlineSuppressions('oidc.yml', loadYaml(text));
        expect(inline.suppressions).toEqual([]);
        expect(inline.problems).toEqual([]);
        const config = parse(text) as { providers: { issuer: string; jwks_uri: string }[]; profiles: { issuer: string; jwks_uri: string }[] };
        expect(Object.keys(config)).toEqual(['providers', 'profiles']);
        expect(config.providers[0]).toMatchObject({ issuer, jwks_uri: jwksUri });
        expect(config.profiles[0]).toMatchObject({ issuer, jwks_uri: jwksUri });
        // Every comment line is init's own: a line of the plain starter, or a left-out line built from the engine's names.
        const own = new Set([...commentLines(plain), ...droppedNote(dropped).lines]);
        for (const line of commentLines(text)) expect(own.has(line), line).toBe(true);
      },
    ), { numRuns: 300 });
  });

  it('names a left-out algorithm only as the engine spells it, and counts the rest', () => {
    expect(droppedNote([
      { alg: 'HS256', why: 'WEAK_ALGORITHM' }, { alg: 'rs512', why: 'UNKNOWN_ALGORITHM' }, { alg: 'Rs512', why: 'UNKNOWN_ALGORITHM' },
      { alg: 'NoNe', why: 'WEAK_ALGORITHM' }, { alg: 'oidc-gate: ignore[WEAK_ALGORITHM] ok', why: 'UNKNOWN_ALGORITHM' }, { alg: 'RS1', why: 'WEAK_ALGORITHM' },
    ])).toEqual({
      lines: ['#   HS256: WEAK_ALGORITHM', '#   RS512 in another letter case: UNKNOWN_ALGORITHM', '#   none in another letter case: WEAK_ALGORITHM', '#   2 more names, not repeated here (oidc-gate init printed them): UNKNOWN_ALGORITHM, WEAK_ALGORITHM'],
      unnamed: ['oidc-gate: ignore[WEAK_ALGORITHM] ok', 'RS1'],
    });
    expect(droppedNote([{ alg: 'x', why: 'UNKNOWN_ALGORITHM' }]).lines).toEqual(['#   1 name, not repeated here (oidc-gate init printed it): UNKNOWN_ALGORITHM']);
  });
});

/**
 * The real providers' documents of the shared conformance folder, when it is beside the repository
 * (its README asks that they are not copied in): each is either written and then passes check
 * offline and the schema, or refused with its discovery errors.
 */
const CONFORMANCE = path.resolve(import.meta.dirname, '../../../shared/conformance/providers');
describe.skipIf(!existsSync(CONFORMANCE))('init from real providers\' discovery documents', () => {
  const files = existsSync(CONFORMANCE) ? readdirSync(CONFORMANCE).filter((f) => f.endsWith('.json')).sort() : [];
  it.each(files)('%s', async (file) => {
    const { metadata } = JSON.parse(readFileSync(path.join(CONFORMANCE, file), 'utf8')) as { metadata: Record<string, unknown> };
    const dir = repo();
    writeJson(dir, 'd.json', metadata);
    const r = await runCli(['init', '--discovery', 'd.json'], { cwd: dir });
    if (r.code === 1) {
      expect(r.stderr).toMatch(/^oidc-gate init: error [A-Z_]+ /);
      expect(existsSync(path.join(dir, '.github'))).toBe(false);
      return;
    }
    expect(r.code, r.stderr).toBe(0);
    const config = parse(readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8')) as { providers: { issuer: string; jwks_uri: string }[] };
    expect(config.providers[0]).toMatchObject({ issuer: metadata.issuer, jwks_uri: metadata.jwks_uri });
    expect(validateConfig(config), JSON.stringify(validateConfig.errors)).toBe(true);
    fillIn(path.join(dir, DEFAULT_INIT_OUTPUT));
    const check = await runCli(['check', '--offline'], { cwd: dir });
    expect(check.code, check.stdout).toBe(0);
    expect(codes(check.stdout).filter((c) => CONFIG_CODES.test(c))).toEqual([]);
  });

  it('writes Google\'s issuer, and Entra\'s {tenantid} template as its tenant-independent document publishes it', async () => {
    const run = async (file: string) => {
      const dir = repo();
      writeJson(dir, 'd.json', (JSON.parse(readFileSync(path.join(CONFORMANCE, file), 'utf8')) as { metadata: unknown }).metadata);
      return { dir, result: await runCli(['init', '--discovery', 'd.json'], { cwd: dir }) };
    };
    expect((await run('google.json')).result.code).toBe(0);
    const entra = await run('entra-common.json');
    expect(entra.result.code, entra.result.stderr).toBe(0);
    const config = parse(readFileSync(path.join(entra.dir, DEFAULT_INIT_OUTPUT), 'utf8')) as { providers: { issuer: string }[] };
    expect(config.providers[0]?.issuer).toBe('https://login.microsoftonline.com/{tenantid}/v2.0');
  });
});
