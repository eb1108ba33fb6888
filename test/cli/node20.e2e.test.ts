/**
 * The CLI bundle on the Node it finds. Node 20 is still the system Node of many images: the bundle
 * runs there (before, `check` crashed with "fs.promises.glob(...) is not a function"), and a Node
 * older than it needs gets one line naming the version, exit 2, from a check that runs before
 * anything else of the CLI is loaded.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, CLI_BUNDLE, FIXTURES, known, secretStrings, tempParent, workspace } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-node20-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/**
 * A Node 20 binary: OIDC_GATE_NODE20, else the first `node` on PATH (npm scripts put Node 24 first)
 * or in the usual system places whose major version is 20.
 */
function findNode20(): string | undefined {
  const candidates = [
    process.env.OIDC_GATE_NODE20,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'node')),
    '/usr/bin/node', '/usr/local/bin/node', '/bin/node',
  ].filter((c): c is string => c !== undefined && c !== '' && existsSync(c));
  for (const candidate of new Set(candidates)) {
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && /^v20\./.test(r.stdout.trim())) return candidate;
  }
  return undefined;
}

const NODE20 = findNode20();
if (NODE20 === undefined) console.warn('Skipping the Node 20 tests: no Node 20 found (set OIDC_GATE_NODE20 to one).');

function run(node: string, args: string[], options: { cwd?: string; input?: string; bundle?: string; preload?: string } = {}) {
  const argv = [...(options.preload !== undefined ? ['--import', options.preload] : []), options.bundle ?? CLI_BUNDLE, ...args];
  const r = spawnSync(node, argv, {
    cwd: options.cwd ?? parent,
    input: options.input ?? '',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, OIDC_GATE_HS: known.secret },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Loaded before the bundle: makes the running Node report an older version. */
const pretend = (version: string) => `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`;

describe.skipIf(!bundlesPresent() || NODE20 === undefined)('dist/cli/index.js on Node 20', () => {
  const node20 = NODE20 as string;
  const good = path.join(FIXTURES, 'repos/good');

  it('prints its version', () => {
    expect(run(node20, ['--version'])).toEqual({ status: 0, stdout: expect.stringMatching(/^oidc-gate \d+\.\d+\.\d+\n$/) as unknown as string, stderr: '' });
  });

  it.each([[[]], [['.github/**/*.y*ml']], [['.github/oidc-gate/{providers.yml,samples.yaml}']]])('check %j (a glob) gives the report Node 24 gives', (paths) => {
    const on20 = run(node20, ['check', '--offline', '--format', 'json', ...paths], { cwd: good });
    const on24 = run(process.execPath, ['check', '--offline', '--format', 'json', ...paths], { cwd: good });
    expect(on20.stderr).toBe('');
    expect(on20.status).toBe(0);
    expect(JSON.parse(on20.stdout)).toEqual(JSON.parse(on24.stdout));
    expect((JSON.parse(on20.stdout) as { results: unknown[] }).results).toHaveLength(5);
  });

  it('validate: a raw token judged by a config profile, and a request body, as on Node 24', () => {
    const dir = workspace('good', parent);
    mkdirSync(path.join(dir, '.git'));
    const args = ['validate', '--config', '.github/oidc-gate/samples.yaml', '--profile', 'fixture-hmac', '--at', known.at];
    for (const token of ['valid-hs.jwt', 'other-aud-hs.jwt']) {
      const on20 = run(node20, args, { cwd: dir, input: `${known.tokens[token] as string}\n` });
      const on24 = run(process.execPath, args, { cwd: dir, input: `${known.tokens[token] as string}\n` });
      expect(on20).toEqual(on24);
      expect(on20.status).toBe(token === 'valid-hs.jwt' ? 0 : 1);
      for (const s of secretStrings()) expect(on20.stdout + on20.stderr).not.toContain(s);
    }
    const body = JSON.stringify({ token: known.tokens['valid-hs.jwt'], policy: { issuer: 'https://id.fixture.example', audiences: ['api://fixture'], allowed_algs: ['HS256'], secret: known.secret } });
    const request = run(node20, ['validate', '-', '--at', known.at, '--format', 'text'], { input: body });
    expect(request.status).toBe(0);
    expect(request.stdout.startsWith('✔ Token is valid.\n')).toBe(true);
  });
});

describe.skipIf(!bundlesPresent())('a Node older than the CLI needs', () => {
  it.each([['20.11.1'], ['18.19.0'], ['16.20.2']])('Node %s: one line naming the version needed, exit 2', (version) => {
    for (const args of [['--version'], ['check'], ['validate', '--profile', 'p']]) {
      const r = run(process.execPath, args, { preload: pretend(version) });
      expect(r).toEqual({ status: 2, stdout: '', stderr: `oidc-gate needs Node.js 20.12 or later; this is Node.js ${version}. Install a current Node.js (24 is what oidc-gate is built on).\n` });
    }
  });

  it('is checked before anything else of the CLI is loaded: the entry alone, without the rest of the bundle, still says it', () => {
    // The entry copied without the chunks that hold the CLI: any static import of them would fail to load.
    const lonely = path.join(parent, 'entry-only');
    mkdirSync(lonely);
    copyFileSync(CLI_BUNDLE, path.join(lonely, 'index.js'));
    copyFileSync(path.join(path.dirname(CLI_BUNDLE), 'package.json'), path.join(lonely, 'package.json'));
    const old = run(process.execPath, ['--version'], { bundle: path.join(lonely, 'index.js'), preload: pretend('18.19.0') });
    expect(old).toEqual({ status: 2, stdout: '', stderr: expect.stringMatching(/^oidc-gate needs Node\.js 20\.12 or later; this is Node\.js 18\.19\.0\./) as unknown as string });
    // On a current Node the same lone entry goes on to load the CLI, and cannot: the check really came first.
    const current = run(process.execPath, ['--version'], { bundle: path.join(lonely, 'index.js') });
    expect(current.status).not.toBe(0);
    expect(current.stdout).toBe('');
  });
});
