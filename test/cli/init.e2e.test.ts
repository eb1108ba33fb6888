/**
 * `oidc-gate init --issuer` through the CLI bundle, against discovery servers on 127.0.0.1: the
 * document is fetched as the service fetches it (a loopback issuer only when OUTBOUND_ALLOW names it,
 * https only), and the config written from it passes `oidc-gate check --offline`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_INIT_OUTPUT } from '../../src/gate/config/init-config.ts';
import { bundlesPresent, CLI_BUNDLE, runCliBundle } from '../fixtures/harness.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'oidc-gate-init-e2e-'));
let tls: TestServer;
let plain: TestServer;

/** Serves the discovery document of whatever origin it is reached at, as a provider does. */
function discoveryHandler(origin: () => string): TestServer['handler'] {
  return (req, res) => {
    if (req.url !== '/.well-known/openid-configuration') {
      res.writeHead(404).end();
      return;
    }
    const issuer = origin();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/keys`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256', 'HS256'],
      code_challenge_methods_supported: ['S256'],
    }));
  };
}

beforeAll(async () => {
  tls = await startServer({ tls: true });
  tls.handler = discoveryHandler(() => tls.origin);
  plain = await startServer({ tls: false });
  plain.handler = discoveryHandler(() => plain.origin);
});
afterAll(async () => {
  await tls.close();
  await plain.close();
  rmSync(parent, { recursive: true, force: true });
});

/**
 * The CLI bundle as a child process that does not block this one: the discovery servers above run
 * in this process and must answer while the CLI waits for them.
 */
function runCliAsync(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function repo(): string {
  const dir = mkdtempSync(path.join(parent, 'repo-'));
  mkdirSync(path.join(dir, '.git'));
  return dir;
}

describe.skipIf(!bundlesPresent())('oidc-gate init --issuer (CLI bundle)', () => {
  it('fetches the discovery document over https from an issuer OUTBOUND_ALLOW names, and the config it writes passes check', async () => {
    const dir = repo();
    const r = await runCliAsync(dir, ['init', '--issuer', tls.origin], { OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Wrote ${DEFAULT_INIT_OUTPUT}: provider, issuer profile and a sample token entry (commented out) for ${tls.origin}.`);
    const text = readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8');
    const config = parse(text) as { providers: Record<string, unknown>[]; profiles: Record<string, unknown>[] };
    expect(config.providers[0]).toMatchObject({ issuer: tls.origin, jwks_uri: `${tls.origin}/keys`, alg_policy: { allowed_algs: ['ES256'] }, discover: true });
    expect(config.profiles[0]).toMatchObject({ id: '127-0-0-1-api', issuer: tls.origin, allowed_algs: ['ES256'], jwks_uri: `${tls.origin}/keys` });
    expect(text).toContain('      #   HS256: WEAK_ALGORITHM\n');

    // The placeholders are refused until filled in (exit 2); filled in, the file passes.
    expect(runCliBundle(dir, ['check', '--offline']).status).toBe(2);
    writeFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), text.replaceAll('replace-with-your-client-id', 'orders-web').replaceAll('replace-with-your-api-audience', 'api://orders'));
    const check = runCliBundle(dir, ['check', '--offline']);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toContain(`${DEFAULT_INIT_OUTPUT}  (1 provider, 1 profile)`);
    expect([...check.stdout.matchAll(/ (?:error|warning) +([A-Z_]+) /g)].map((m) => m[1]).filter((c) => c !== 'CHECK_SKIPPED')).toEqual([]);
  });

  it('refuses a loopback issuer OUTBOUND_ALLOW does not name, without dialling it: exit 1, nothing written', async () => {
    const dir = repo();
    const before = tls.connections();
    const r = await runCliAsync(dir, ['init', '--issuer', tls.origin], { NODE_EXTRA_CA_CERTS: testPki().caFile });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^oidc-gate init: error DISCOVERY_UNREACHABLE No discovery document: https:\/\/127\.0\.0\.1:\d+\/\.well-known\/openid-configuration \(blocked: /);
    expect(lines.at(-1)).toBe('oidc-gate init: nothing written: the discovery document fails the checks oidc-gate check would run on it (above).');
    expect(tls.connections()).toBe(before);
    expect(existsSync(path.join(dir, '.github'))).toBe(false);
  });

  it('refuses a plain-http issuer even when OUTBOUND_ALLOW names it, without dialling it', async () => {
    const dir = repo();
    const r = await runCliAsync(dir, ['init', '--issuer', plain.origin], { OUTBOUND_ALLOW: '127.0.0.1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('oidc-gate init: error INSECURE_URI issuer is not an https:// URI.');
    expect(plain.connections()).toBe(0);
    expect(existsSync(path.join(dir, '.github'))).toBe(false);
  });

  it('says once that an OUTBOUND_ALLOW it cannot parse is invalid: exit 2', () => {
    const r = runCliBundle(repo(), ['init', '--issuer', tls.origin], { OUTBOUND_ALLOW: 'not a host!' });
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^oidc-gate init: OUTBOUND_ALLOW is invalid: .*"host!"/);
  });
});
