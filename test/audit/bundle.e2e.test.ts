/**
 * The audit checks end to end: the CLI bundle, as a process, checks a repository whose provider is
 * served over HTTPS from 127.0.0.1 with a certificate that expires in 3 days (or in 60), trusting the
 * test CA through NODE_EXTRA_CA_CERTS as a runner would.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwk, keys } from '../lint/helpers/fixtures.ts';
import { bundlesPresent, CLI_BUNDLE } from '../fixtures/harness.ts';
import { auditPki, startAuditServer, type AuditServer } from './servers.ts';

const present = bundlesPresent();
const parent = mkdtempSync(join(tmpdir(), 'oidc-gate-audit-e2e-'));
const caFile = join(parent, 'ca.pem');
let soon: AuditServer;
let later: AuditServer;

beforeAll(async () => {
  [soon, later] = await Promise.all([startAuditServer(3), startAuditServer(60)]);
  writeFileSync(caFile, auditPki().caPem);
});
afterAll(async () => {
  await Promise.all([soon.close(), later.close()]);
  rmSync(parent, { recursive: true, force: true });
});

/** A repository with one provider (discover: true) served by srv, its discovery document offering `none`. */
function repository(srv: AuditServer, name: string): string {
  const issuer = srv.url(`/${name}`);
  srv.set(`/${name}/.well-known/openid-configuration`, {
    issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256', 'none'],
    code_challenge_methods_supported: ['S256'],
  });
  srv.set(`/${name}/jwks`, { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' })] });
  const dir = join(parent, name);
  mkdirSync(join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(join(dir, '.github/oidc-gate/providers.yml'), [
    'providers:',
    '  - name: audited',
    `    issuer: ${issuer}`,
    '    client_id: audited-client',
    '    audiences: [api://audited]',
    `    jwks_uri: ${issuer}/jwks`,
    '    redirect_uris: []',
    '    alg_policy: { allowed_algs: [RS256] }',
    '    discover: true',
    '',
  ].join('\n'));
  return dir;
}

/** The CLI bundle as a child process (asynchronously: the test's servers must keep answering). */
function runCli(cwd: string, args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: caFile },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

describe.runIf(present)('audit checks through the CLI bundle', () => {
  it('warns that the JWKS and discovery certificates expire in 3 days, and reports alg none offered', async () => {
    const r = await runCli(repository(soon, 'soon'), ['check']);
    const lines = r.stdout.split('\n');
    // The finding lines (each is followed by a `see:` line that links the code's page).
    expect(lines.filter((l) => l.includes('ENDPOINT_CERT_EXPIRING') && !l.includes('docs/findings/'))).toEqual([
      expect.stringMatching(/^\s*3:5\s+warning\s+ENDPOINT_CERT_EXPIRING\s+The TLS certificate of https:\/\/127\.0\.0\.1:\d+\/soon\/\.well-known\/openid-configuration expires in 2 days \(.+\)\. \[provider audited\]$/),
      expect.stringMatching(/^\s*6:5\s+warning\s+ENDPOINT_CERT_EXPIRING\s+The TLS certificate of https:\/\/127\.0\.0\.1:\d+\/soon\/jwks expires in 2 days \(.+\)\. \[provider audited\]$/),
    ]);
    expect(lines.some((l) => /error\s+DISCOVERY_ALG_NONE/.test(l))).toBe(true);
    expect(r.status).toBe(1);
  });

  it('is silent about certificates valid 60 more days', async () => {
    const r = await runCli(repository(later, 'later'), ['check']);
    expect(r.stdout).not.toContain('ENDPOINT_CERT_EXPIRING');
    expect(r.stdout).toContain('DISCOVERY_ALG_NONE');
  });

  it('offline, names every new check as skipped', async () => {
    const r = await runCli(repository(soon, 'offline'), ['check', '--offline']);
    for (const code of ['ENDPOINT_CERT_EXPIRING', 'JWKS_X5C_EXPIRED', 'JWKS_X5C_EXPIRING', 'JWKS_X5C_MISMATCH', 'JWKS_NONSTANDARD_ENCODING', 'DISCOVERY_ALG_NONE', 'DISCOVERY_PKCE_MISSING', 'DISCOVERY_PKCE_METHOD_INVALID', 'DISCOVERY_IMPLICIT_FLOW']) {
      expect(r.stdout).toMatch(new RegExp(`CHECK_SKIPPED .*not run: .*${code}`));
    }
    expect(r.stdout).not.toMatch(/warning\s+ENDPOINT_CERT_EXPIRING/);
  });
});
