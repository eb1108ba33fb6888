/**
 * The CLI bundle on the Node it finds. Node 20 is still the system Node of many images: the bundle
 * runs there (before, `check` crashed with "fs.promises.glob(...) is not a function", and every
 * successful HTTPS fetch with "Cannot read properties of undefined (reading 'getTime')": Node 20 has
 * no X509Certificate.validToDate), and a Node older than it needs gets one line naming the version,
 * exit 2, from a check that runs before anything else of the CLI is loaded.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiringIn, whole, x5cCertificate } from '../audit/certs.ts';
import { bundlesPresent, CLI_BUNDLE, FIXTURES, known, secretStrings, tempParent, workspace } from '../fixtures/harness.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';

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

// CI's system Node is Node 20: there, not finding it is a failure, not a reason to skip.
it.runIf(process.env.CI === 'true')('finds the system Node 20 (CI)', () => {
  expect(NODE20).toBeDefined();
});

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

/**
 * The bundle as a child process that does not block this one: the provider below is served from this
 * process and must answer while the CLI waits for it (spawnSync would freeze it).
 */
function runAsync(node: string, cwd: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; preload?: string } = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const argv = [...(options.preload !== undefined ? ['--import', options.preload] : []), CLI_BUNDLE, ...args];
  const child = spawn(node, argv, { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * A provider on 127.0.0.1 over HTTPS (its certificate signed by the test CA the CLI is told to trust
 * with NODE_EXTRA_CA_CERTS): a discovery document and an RS256 JWKS whose key carries an x5c
 * certificate, so both places that read a certificate's expiry are crossed.
 */
describe.skipIf(!bundlesPresent() || NODE20 === undefined)('dist/cli/index.js on Node 20, online against a loopback HTTPS provider', () => {
  const node20 = NODE20 as string;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** The key's certificate runs out in 10 days: JWKS_X5C_EXPIRING, a warning, names the date it read. */
  const x5cValidity = expiringIn(10);
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'orders-2026', alg: 'RS256', use: 'sig', x5c: [x5cCertificate(privateKey, x5cValidity)] };
  let provider: TestServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    provider = await startServer({ tls: true });
    const origin = provider.origin;
    provider.handler = (req, res) => {
      const body = req.url === '/keys' ? { keys: [jwk] }
        : req.url === '/.well-known/openid-configuration' ? {
          issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, jwks_uri: `${origin}/keys`,
          response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        } : undefined;
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not found' }));
    };
    dir = path.join(parent, 'online');
    mkdirSync(path.join(dir, '.git'), { recursive: true });
    mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
    writeFileSync(path.join(dir, '.github/oidc-gate/idp.yml'), [
      'providers:',
      '  - name: loopback-idp',
      `    issuer: ${origin}`,
      '    client_id: orders-web',
      '    audiences: [api://orders]',
      `    jwks_uri: ${origin}/keys`,
      '    redirect_uris: [https://orders.example.com/callback]',
      '    alg_policy: { allowed_algs: [RS256] }',
      '    discover: true',
      'profiles:',
      '  - id: orders-api',
      `    issuer: ${origin}`,
      '    audiences: [api://orders]',
      '    allowed_algs: [RS256]',
      `    jwks_uri: ${origin}/keys`,
      '',
    ].join('\n'));
    env = { OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile };
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** The same command on Node 20 and on the Node running the tests. */
  async function both(args: string[], input?: string) {
    const options = input === undefined ? { env } : { env, input };
    return { on20: await runAsync(node20, dir, args, options), onThis: await runAsync(process.execPath, dir, args, options) };
  }

  it('check, online: the provider is linted (TLS certificate, JWKS, x5c, discovery) and passes, with the findings this Node gives', async () => {
    const { on20, onThis } = await both(['check', '--format', 'json']);
    expect(on20.stderr).toBe('');
    expect(on20.status).toBe(0);
    type Report = { summary: { failed: boolean; findings: { code: string; severity: string; message: string }[] } };
    const report = JSON.parse(on20.stdout) as Report;
    expect(report.summary.failed).toBe(false);
    expect(report.summary.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.summary.findings.map((f) => f.code)).not.toContain('CHECK_SKIPPED');
    const expiring = report.summary.findings.filter((f) => f.code === 'JWKS_X5C_EXPIRING');
    expect(expiring.map((f) => f.message)).toEqual([expect.stringContaining(`expires in 9 days (${whole(x5cValidity.notAfter)})`)]);
    expect(report.summary.findings).toEqual((JSON.parse(onThis.stdout) as Report).summary.findings);
  });

  it('lock: the keys are fetched and pinned, as on this Node', async () => {
    const { on20, onThis } = await both(['lock', '--output', 'keys.lock.json']);
    expect(on20).toEqual({ status: 0, stdout: 'Wrote keys.lock.json: 2 keys of 2 providers and profiles.\n', stderr: '' });
    expect(onThis.status).toBe(0);
    const locked = JSON.parse(readFileSync(path.join(dir, 'keys.lock.json'), 'utf8')) as { entries: { keys: { kid: string }[] }[] };
    expect(locked.entries.map((e) => e.keys.map((k) => k.kid))).toEqual([['orders-2026'], ['orders-2026']]);
  });

  it('init --issuer: the discovery document is fetched and a config written', async () => {
    const r = await runAsync(node20, dir, ['init', '--issuer', provider.origin, '--output', 'init.yml'], { env });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Wrote init.yml: provider, issuer profile and a sample token entry (commented out) for ${provider.origin}.`);
    expect(readFileSync(path.join(dir, 'init.yml'), 'utf8')).toContain(`    jwks_uri: ${provider.origin}/keys\n`);
  });

  it('validate: a token judged by a jwks_uri profile of the config file, valid and then invalid, as on this Node', async () => {
    // Judged at a given instant (--at), so both runs print the same times.
    const now = Math.floor(Date.now() / 1000);
    const at = new Date(now * 1000).toISOString();
    const sign = (claims: Record<string, unknown>): string => {
      const input = `${Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'orders-2026', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${input}.${createSign('SHA256').update(input).sign(privateKey).toString('base64url')}`;
    };
    const claims = { iss: provider.origin, sub: 'svc-orders', aud: 'api://orders', iat: now - 60, exp: now + 3600 };
    const args = ['validate', '--config', '.github/oidc-gate/idp.yml', '--profile', 'orders-api', '--at', at, '--format', 'text'];
    for (const [token, status] of [[sign(claims), 0], [sign({ ...claims, aud: 'api://other' }), 1]] as const) {
      const { on20, onThis } = await both(args, `${token}\n`);
      expect(on20.stderr).toBe('');
      expect(on20.status).toBe(status);
      expect(on20).toEqual(onThis);
    }
  });

  it('an error nothing handles (here thrown in a socket callback) is one line and exit 2, not a stack trace and exit 1; --debug adds the stack', async () => {
    // Loaded before the bundle: the socket's certificate cannot be read, as validToDate could not on Node 20.
    const fault = 'data:text/javascript,import tls from "node:tls"; tls.TLSSocket.prototype.getPeerX509Certificate = () => { throw new TypeError("simulated fault"); };';
    const plain = await runAsync(node20, dir, ['check'], { env, preload: fault });
    expect(plain).toEqual({ status: 2, stdout: '', stderr: 'oidc-gate: internal error: simulated fault (run again with --debug for the stack)\n' });
    const debug = await runAsync(node20, dir, ['check', '--debug'], { env, preload: fault });
    expect(debug.status).toBe(2);
    expect(debug.stderr).toMatch(/^oidc-gate: internal error: simulated fault\nTypeError: simulated fault\n {4}at /);
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
