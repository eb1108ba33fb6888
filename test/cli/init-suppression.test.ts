/**
 * `oidc-gate init --issuer` writes nothing from the fetched discovery document that `check` could read
 * as a suppression (product decisions §18, issue 24 item 8). The CLI runs as its own process from
 * source, so the discovery server on 127.0.0.1 in this process answers while it waits, and the
 * test CA reaches it through NODE_EXTRA_CA_CERTS as it would in a user's shell.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Parser, parse } from 'yaml';
import { DEFAULT_INIT_OUTPUT } from '../../src/gate/config/init-config.ts';
import type { GateReport } from '../../src/gate/types.ts';
import { CLI_BUNDLE } from '../fixtures/harness.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';

/** The CLI as users run it: the committed bundle (CI rebuilds it and checks it matches the sources). */
const CLI_ENTRY = CLI_BUNDLE;
const parent = mkdtempSync(path.join(tmpdir(), 'oidc-gate-init-suppression-'));

/** What a hostile (or careless) provider puts in its algorithm list: the suppression syntax, newlines, #, quotes. */
const HOSTILE_ALGS = [
  'oidc-gate: ignore[DISCOVERY_ALG_NONE, DISCOVERY_IMPLICIT_FLOW, JWKS_KEYS_CHANGED] the provider vouches for it',
  'oidc-gate ignore',
  'ES256\n# oidc-gate: ignore[WEAK_ALGORITHM] newline',
  'x # oidc-gate: ignore[ISSUER_INVALID] after a hash',
  'it\'s "quoted" # too',
  '#oidc-gate:ignore[INSECURE_URI]reason',
  'bidi\u202e\u2028',
];
const ISSUER_PATH = '/tenant\'s';
/** The jwks_uri carries the suppression syntax, a quote and an escaped # in its query: it must land as quoted data. */
const JWKS_QUERY = '?note=\'%20%23%20oidc-gate:%20ignore[DISCOVERY_ALG_NONE]%20"x"';

let server: TestServer;
let algs: string[] = [];
const jwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' };

beforeAll(async () => {
  server = await startServer({ tls: true });
  server.handler = (req, res) => {
    const issuer = `${server.origin}${ISSUER_PATH}`;
    const url = decodeURIComponent(new URL(req.url ?? '/', server.origin).pathname);
    const body = url === `${ISSUER_PATH}/.well-known/openid-configuration`
      ? {
        issuer,
        authorization_endpoint: `${server.origin}/authorize`,
        token_endpoint: `${server.origin}/token`,
        jwks_uri: `${server.origin}/keys${JWKS_QUERY}`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: algs,
        code_challenge_methods_supported: ['S256'],
      }
      : url === '/keys' ? { keys: [jwk] } : undefined;
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? {}));
  };
});
afterAll(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

function cli(cwd: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile };
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** JSON text with every character outside printable ASCII escaped, as init prints names. */
const ascii = (json: string): string => json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Every comment of a YAML text, as the gate's inline-suppression reader finds them (through the YAML parser). */
function comments(text: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const token = node as { type?: unknown; source?: unknown };
    if (token.type === 'comment' && typeof token.source === 'string') found.push(token.source);
    for (const value of Object.values(node)) walk(value);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found;
}

describe('oidc-gate init --issuer with a hostile discovery document', () => {
  it('writes the document\'s values as quoted data, none of its text in a comment, and check then applies and reports no suppression', async () => {
    algs = ['RS256', ...HOSTILE_ALGS, 'HS256'];
    const dir = mkdtempSync(path.join(parent, 'repo-'));
    mkdirSync(path.join(dir, '.git'));
    const issuer = `${server.origin}${ISSUER_PATH}`;
    const init = await cli(dir, ['init', '--issuer', issuer]);
    expect(init.status, init.stderr).toBe(0);
    const text = readFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), 'utf8');

    // The values are data: they parse back unchanged, written as double-quoted scalars.
    const config = parse(text) as { providers: Record<string, unknown>[]; profiles: Record<string, unknown>[] };
    const jwksUri = `${server.origin}/keys${JWKS_QUERY}`;
    expect(config.providers[0]).toMatchObject({ issuer, jwks_uri: jwksUri, alg_policy: { allowed_algs: ['RS256'] }, discover: true });
    expect(config.profiles[0]).toMatchObject({ issuer, jwks_uri: jwksUri, allowed_algs: ['RS256'] });
    expect(text).toContain(`    issuer: ${JSON.stringify(issuer)}\n`);
    expect(text).toContain(`    jwks_uri: ${JSON.stringify(jwksUri)}\n`);

    // No comment holds text of the document: not the hostile names, not the suppression syntax.
    const written = comments(text);
    expect(written.length).toBeGreaterThan(0);
    for (const comment of written) {
      expect(comment).not.toMatch(/oidc-gate\s*:?\s*ignore/i);
      for (const alg of HOSTILE_ALGS) {
        for (const part of alg.split(/[\n\u2028\u202e]/)) if (part.trim() !== '') expect(comment).not.toContain(part.trim());
      }
    }
    // What was left out is still said, in init's own words: HS256 is a name the engine knows.
    expect(text).toContain('      #   HS256: WEAK_ALGORITHM\n');
    expect(text).toContain('      #   7 more names, not repeated here (oidc-gate init printed them): UNKNOWN_ALGORITHM\n');
    // ... and on the terminal, quoted (cut at 60 characters, printable ASCII only), on one line.
    expect(init.stderr).toBe(`oidc-gate init: left out 7 more algorithm names of the discovery document, not repeated in the file: ${HOSTILE_ALGS.map((a) => `${ascii(JSON.stringify(a.slice(0, 60)))}${a.length > 60 ? '...' : ''}`).join(', ')}.\n`);

    // check, online against the same provider, once the placeholders are filled in: no SUPPRESSION_* finding, nothing suppressed, nothing found.
    writeFileSync(path.join(dir, DEFAULT_INIT_OUTPUT), text.replaceAll('replace-with-your-client-id', 'orders-web').replaceAll('replace-with-your-api-audience', 'api://orders'));
    const check = await cli(dir, ['check', '--format', 'json']);
    const report = JSON.parse(check.stdout) as GateReport;
    expect(report.summary.findings.map((f) => f.code)).toEqual([]);
    expect(report.summary.suppressed).toEqual([]);
    expect(check.status).toBe(0);

    // The provider later offers unsigned tokens: the finding is reported, nothing the document wrote hides it.
    algs = ['RS256', ...HOSTILE_ALGS, 'none'];
    const later = await cli(dir, ['check', '--format', 'json']);
    const laterReport = JSON.parse(later.stdout) as GateReport;
    expect(laterReport.summary.findings.map((f) => f.code)).toEqual(['DISCOVERY_ALG_NONE']);
    expect(laterReport.summary.suppressed).toEqual([]);
    expect(later.status).toBe(1);
  });
});
