/**
 * Key pinning end to end: `oidc-gate lock` (the CLI bundle) against a JWKS served over HTTPS on
 * 127.0.0.1 writes the lock file; the action bundle with the `lock` input passes while the same keys
 * are served, and reports JWKS_KEYS_CHANGED (added and removed keys, at the entry's line) once they
 * rotate. Offline, the comparison is one CHECK_SKIPPED. A renamed provider is LOCK_ENTRY_UNMATCHED, never
 * a silent unpinning.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlesPresent, tempParent } from '../fixtures/harness.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';
import { runAction, runCli } from './run-async.ts';

interface PublicJwk { kty: string; n: string; e: string; kid?: string; alg?: string; use?: string }

function rsaKey(kid: string): PublicJwk {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string }), kid, alg: 'RS256', use: 'sig' };
}

/** RFC 7638 computed here, by hand, so the test does not trust the code it checks. */
function thumbprint(k: PublicJwk): string {
  return createHash('sha256').update(`{"e":"${k.e}","kty":"RSA","n":"${k.n}"}`).digest('base64url');
}

const parent = tempParent('oidc-gate-lock-e2e-');
const keyA = rsaKey('key-a');
const keyB = rsaKey('key-b');
/** What the loopback provider serves: the provider's JWKS and the profile's (found through discovery). */
const served: { providerKeys: PublicJwk[]; profileKeys: PublicJwk[] } = { providerKeys: [keyA], profileKeys: [keyA] };
let server: TestServer;
let dir: string;
let env: NodeJS.ProcessEnv;

const LOCK = '.github/oidc-gate/jwks.lock.json';

beforeAll(async () => {
  server = await startServer({ tls: true });
  const origin = server.origin;
  server.handler = (req, res) => {
    const body = req.url === '/jwks' ? { keys: served.providerKeys }
      : req.url === '/profile-jwks' ? { keys: served.profileKeys }
        : req.url === '/.well-known/openid-configuration' ? {
          issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, jwks_uri: `${origin}/profile-jwks`,
          response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'],
        } : undefined;
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  };
  dir = path.join(parent, 'repo');
  mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(dir, '.github/oidc-gate/idp.yml'), [
    'providers:',
    '  - name: loopback-idp',
    `    issuer: ${origin}`,
    '    client_id: orders-web',
    '    audiences: [api://orders]',
    `    jwks_uri: ${origin}/jwks`,
    '    redirect_uris: [https://orders.example.com/callback]',
    '    alg_policy: { allowed_algs: [RS256] }',
    'profiles:',
    '  - id: orders-api',
    `    issuer: ${origin}`,
    '    audiences: [api://orders]',
    '    allowed_algs: [RS256]',
    '    discovery: true',
    '',
  ].join('\n'));
  env = { OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile };
});

afterAll(async () => {
  await server?.close();
  rmSync(parent, { recursive: true, force: true });
});

interface Report { summary: { findings: { code: string; severity: string; file?: string; line?: number; name?: string; kind?: string; evidence?: Record<string, unknown>; config?: boolean }[] } }
const reportOf = (): Report => JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as Report;

describe.skipIf(!bundlesPresent())('key pinning through the bundles', () => {
  it('oidc-gate lock writes each served key\'s kid and thumbprint, sorted, for the provider and the discovery profile', async () => {
    const r = await runCli(dir, ['lock'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`Wrote ${LOCK}: 2 keys of 2 providers and profiles.\n`);
    expect(r.status).toBe(0);
    const text = readFileSync(path.join(dir, LOCK), 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      entries: [
        { kind: 'profile', file: '.github/oidc-gate/idp.yml', name: 'orders-api', jwks_uri: `${server.origin}/profile-jwks`, keys: [{ kid: 'key-a', thumbprint: thumbprint(keyA) }] },
        { kind: 'provider', file: '.github/oidc-gate/idp.yml', name: 'loopback-idp', jwks_uri: `${server.origin}/jwks`, keys: [{ kid: 'key-a', thumbprint: thumbprint(keyA) }] },
      ],
    });
    // Nothing about a key beyond kid and thumbprint: not its modulus, not its exponent member.
    expect(text).not.toContain(keyA.n.slice(0, 40));
    expect(text).not.toContain('"e"');
  });

  it('the action with the lock input passes while the same keys are served', async () => {
    const r = await runAction(dir, { lock: LOCK }, env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(reportOf().summary.findings.map((f) => f.code)).not.toContain('JWKS_KEYS_CHANGED');
    expect(reportOf().summary.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('after a rotation, JWKS_KEYS_CHANGED lists the added and removed keys at each entry\'s line', async () => {
    served.providerKeys = [keyB];
    served.profileKeys = [keyA, keyB];
    try {
      const r = await runAction(dir, { lock: LOCK }, env);
      // A warning: the step still passes under fail-on: error.
      expect(r.status).toBe(0);
      const changed = reportOf().summary.findings.filter((f) => f.code === 'JWKS_KEYS_CHANGED');
      expect(changed.map((f) => [f.severity, f.file, f.line, f.kind, f.name, f.config])).toEqual([
        ['warning', '.github/oidc-gate/idp.yml', 6, 'lint', 'loopback-idp', undefined],
        ['warning', '.github/oidc-gate/idp.yml', 14, 'profile', 'orders-api', undefined],
      ]);
      expect(changed[0]?.evidence).toEqual({
        field: '/jwks_uri', jwks_uri: `${server.origin}/jwks`, lock: LOCK,
        added: [{ kid: 'key-b', thumbprint: thumbprint(keyB) }], removed: [{ kid: 'key-a', thumbprint: thumbprint(keyA) }],
      });
      expect(changed[1]?.evidence).toMatchObject({ field: '/discovery', added: [{ kid: 'key-b', thumbprint: thumbprint(keyB) }], removed: [] });
      const annotation = r.stdout.split('\n').find((l) => l.startsWith('::warning title=JWKS_KEYS_CHANGED,file=.github/oidc-gate/idp.yml,line=6,'));
      expect(annotation).toContain(`added 1 key: kid "key-b" (thumbprint ${thumbprint(keyB)}); removed 1 key: kid "key-a" (thumbprint ${thumbprint(keyA)})`);
      const everything = `${r.stdout}${r.stderr}${r.summary}${readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')}`;
      for (const k of [keyA, keyB]) expect(everything).not.toContain(k.n.slice(0, 40));
    } finally {
      served.providerKeys = [keyA];
      served.profileKeys = [keyA];
    }
  });

  it('offline, the lock comparison is one CHECK_SKIPPED at the lock file, for the action and the CLI', async () => {
    const r = await runAction(dir, { lock: LOCK, network: 'false' }, env);
    expect(r.status).toBe(0);
    const skipped = reportOf().summary.findings.filter((f) => f.code === 'CHECK_SKIPPED' && f.file === LOCK);
    expect(skipped.map((f) => [f.severity, f.line, f.evidence?.checks])).toEqual([['warning', 1, ['JWKS_KEYS_CHANGED']]]);
    const cli = await runCli(dir, ['check', '--offline', '--lock', LOCK], env);
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`${LOCK}:1:1  warning  CHECK_SKIPPED  The keys of 2 providers and profiles in the lock file were not fetched (offline mode); not run: JWKS_KEYS_CHANGED.`);
  });

  it('check --lock on the CLI reports the same JWKS_KEYS_CHANGED as the action', async () => {
    served.providerKeys = [keyA, keyB];
    try {
      const r = await runCli(dir, ['check', '--lock', LOCK], env);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`warning  JWKS_KEYS_CHANGED  The keys served at ${server.origin}/jwks differ from the lock file ${LOCK}: added 1 key: kid "key-b"`);
      expect(r.stdout).not.toContain('removed');
    } finally {
      served.providerKeys = [keyA];
    }
  });

  it('renaming a locked provider and swapping its keys fails the action and the CLI: LOCK_ENTRY_UNMATCHED at the lock entry, LOCK_ENTRY_MISSING at the new name', async () => {
    const config = path.join(dir, '.github/oidc-gate/idp.yml');
    const original = readFileSync(config, 'utf8');
    writeFileSync(config, original.replace('name: loopback-idp', 'name: loopback-idp-v2'));
    served.providerKeys = [keyB];
    try {
      const r = await runAction(dir, { lock: LOCK }, env);
      expect(r.status).toBe(1);
      const found = reportOf().summary.findings.filter((f) => f.code.startsWith('LOCK_') || f.code === 'JWKS_KEYS_CHANGED');
      expect(found.map((f) => [f.code, f.severity, f.file, f.line, f.name])).toEqual([
        ['LOCK_ENTRY_UNMATCHED', 'error', LOCK, 17, 'loopback-idp'],
        ['LOCK_ENTRY_MISSING', 'warning', '.github/oidc-gate/idp.yml', 6, 'loopback-idp-v2'],
      ]);
      expect(r.stdout).toContain(`::error title=LOCK_ENTRY_UNMATCHED,file=${LOCK},line=17,`);
      const cli = await runCli(dir, ['check', '--offline', '--lock', LOCK], env);
      expect(cli.status).toBe(1);
      expect(cli.stdout).toContain(`${LOCK}:17:7  error  LOCK_ENTRY_UNMATCHED  The lock file ${LOCK} names provider "loopback-idp", which .github/oidc-gate/idp.yml does not have: the keys it pins are compared with nothing.`);
      // Locked again, the new name is pinned and the old entry gone: nothing to report.
      const relock = await runCli(dir, ['lock', '--output', 'relocked.json'], env);
      expect(relock.status).toBe(0);
      const again = await runAction(dir, { lock: 'relocked.json' }, env);
      expect(again.status).toBe(0);
      expect(reportOf().summary.findings.filter((f) => f.code.startsWith('LOCK_'))).toEqual([]);
    } finally {
      writeFileSync(config, original);
      served.providerKeys = [keyA];
    }
  });

  it('oidc-gate lock writes nothing when a key set cannot be fetched (exit 1) or a config file is broken (exit 2)', async () => {
    const out = 'other.lock.json';
    served.providerKeys = [keyA];
    const saved = server.handler;
    server.handler = (req, res) => (req.url === '/jwks' ? (res.writeHead(503), res.end()) : saved(req, res));
    try {
      const r = await runCli(dir, ['lock', '--output', out], env);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe([
        // At the line of its jwks_uri, as a finding would be.
        `oidc-gate lock: .github/oidc-gate/idp.yml:6:5: provider "loopback-idp": ${server.origin}/jwks could not be fetched (http_status).`,
        `oidc-gate lock: ${out} was not written.`,
        '',
      ].join('\n'));
      expect(existsSync(path.join(dir, out))).toBe(false);
    } finally {
      server.handler = saved;
    }
    writeFileSync(path.join(dir, 'broken.yml'), 'providers:\n  - name: x\n    jwks_urii: https://idp.example/keys\n');
    const broken = await runCli(dir, ['lock', 'broken.yml', '--output', out], env);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/^oidc-gate lock: broken\.yml:3:5: CONFIG_UNKNOWN_KEY .* Fix: .* See https:\/\/github\.com\/oidc-gate\/oidc-gate\/blob\/main\/docs\/findings\/CONFIG_UNKNOWN_KEY\.md\n/);
    expect(existsSync(path.join(dir, out))).toBe(false);
  });

  it('oidc-gate lock --offline fetches and writes nothing: it checks the config and lists what lock would pin, each at its line', async () => {
    const out = 'offline.lock.json';
    let asked = 0;
    const saved = server.handler;
    server.handler = (req, res) => {
      asked++;
      saved(req, res);
    };
    try {
      const r = await runCli(dir, ['lock', '--offline', '.github/oidc-gate', '--output', out], env);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toBe([
        `Offline: nothing fetched, ${out} not written. 2 providers and profiles have keys oidc-gate lock would pin:`,
        `  .github/oidc-gate/idp.yml:6:5  provider loopback-idp: ${server.origin}/jwks`,
        `  .github/oidc-gate/idp.yml:14:5  profile orders-api: the discovery document of ${server.origin}`,
        'Run oidc-gate lock with network access to write the lock file; check --lock FILE --offline compares a lock file with the config without fetching.',
        '',
      ].join('\n'));
      expect(asked).toBe(0);
      expect(existsSync(path.join(dir, out))).toBe(false);
    } finally {
      server.handler = saved;
    }
    writeFileSync(path.join(dir, 'broken.yml'), 'providers:\n  - name: x\n    jwks_urii: https://idp.example/keys\n');
    const broken = await runCli(dir, ['lock', '--offline', 'broken.yml', '--output', out], env);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/^oidc-gate lock: broken\.yml:3:5: CONFIG_UNKNOWN_KEY /);
  });
});
