import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, goodToken, jwt, policyFor, testKeys } from '../helpers/tokens.ts';
import { API_KEY, call, OTHER_KEY, raw, spawnServer, type Spawned } from './harness.ts';

/**
 * Runs the real service process with every log at debug and the audit log on, sends tokens,
 * secrets and keys every way a client might (body, bad body, headers, wrong places), and then
 * reads everything the process wrote: stdout, stderr and the audit file.
 */
const ENTRY = fileURLToPath(new URL('../../src/server/index.ts', import.meta.url));
const keys = testKeys();
const HMAC_SECRET = 'no-leak-hmac-secret-8f3a0c9d2b7e4f1a6c5d0e9b8a7f6e5d';
const PROFILE_SECRET = 'no-leak-profile-secret-1c2d3e4f5a6b7c8d9e0f1a2b3c4d';
const LINT_SECRET = 'no-leak-url-password-77aa88bb99cc';
const privatePem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const tokens = {
  rs: goodToken('RS256', { payload: claims({ sub: 'leak-check-subject-rs' }) }),
  hs: jwt('HS256', { key: HMAC_SECRET, payload: claims({ sub: 'leak-check-subject-hs' }) }),
  profile: jwt('HS256', { key: PROFILE_SECRET }),
  expired: goodToken('RS256', { payload: claims({ exp: 1 }) }),
};

let s: Spawned;
let auditFile: string;

/** Every string that must never be written anywhere, plus distinctive slices of each. */
function forbidden(): string[] {
  const out = new Set<string>([HMAC_SECRET, PROFILE_SECRET, LINT_SECRET, API_KEY, OTHER_KEY]);
  for (const t of Object.values(tokens)) {
    out.add(t);
    for (const part of t.split('.')) if (part.length >= 16) out.add(part);
  }
  for (const pem of [keys.rsa.pem, privatePem]) {
    for (const line of pem.split('\n')) if (line.length >= 40 && !line.startsWith('-----')) out.add(line);
  }
  return [...out];
}

beforeAll(async () => {
  auditFile = join(mkdtempSync(join(tmpdir(), 'oidc-gate-noleak-')), 'audit.log');
  const profiles = [{ id: 'p', issuer: 'https://issuer.example.com', audiences: ['api://orders'], allowed_algs: ['HS256'], secret_env: 'P_SECRET' }];
  s = await spawnServer(ENTRY, {
    API_KEYS: `${API_KEY},${OTHER_KEY}`,
    AUDIT_LOG: auditFile,
    LOG_LEVEL: 'debug',
    ISSUER_PROFILES_JSON: JSON.stringify(profiles),
    P_SECRET: PROFILE_SECRET,
  });
});
afterAll(() => s.kill('SIGKILL'));

describe('no token, secret or key in any output', () => {
  it('stdout, stderr and the audit file hold none of them after a varied run', async () => {
    const v = `${s.url}/v1/validate/jwt`;
    const sent: Promise<unknown>[] = [
      call(v, { body: { token: tokens.rs, policy: policyFor('RS256') } }),
      call(v, { body: { token: tokens.rs, policy: policyFor('RS256', { audiences: ['other'] }) } }),
      call(v, { body: { token: tokens.expired, policy: policyFor('RS256') } }),
      call(v, { body: { token: tokens.hs, policy: { ...policyFor('HS256'), secret: HMAC_SECRET } } }),
      call(v, { body: { token: tokens.hs, policy: { ...policyFor('HS256'), secret: `${HMAC_SECRET}-wrong` } } }),
      call(v, { body: { token: tokens.profile, issuer_profile_id: 'p' }, key: OTHER_KEY }),
      // A private key where a public key belongs: 422, and the key must not be echoed or logged.
      call(v, { body: { token: tokens.rs, policy: { ...policyFor('RS256'), public_key: privatePem } } }),
      // Malformed token built from secret material.
      call(v, { body: { token: `${HMAC_SECRET}.${HMAC_SECRET}`, policy: { ...policyFor('HS256'), secret: HMAC_SECRET } } }),
      // A body that is not JSON but holds a token and a secret.
      call(v, { body: `{"token":"${tokens.rs}","policy":{"secret":"${HMAC_SECRET}"` }),
      // A token where the API key belongs, a wrong key, an API key as request id.
      call(v, { body: { token: tokens.rs, policy: policyFor('RS256') }, key: tokens.hs }),
      call(v, { body: { token: tokens.rs, policy: policyFor('RS256') }, key: HMAC_SECRET }),
      call(v, { body: { token: tokens.rs, policy: policyFor('RS256') }, headers: { 'x-request-id': tokens.profile } }),
      call(`${s.url}/v1/lint/oidc-config`, {
        body: {
          issuer: 'https://idp.example.com', client_id: 'c', audiences: ['a'],
          jwks_uri: `https://user:${LINT_SECRET}@127.0.0.1:9/jwks?token=${tokens.hs}`,
          redirect_uris: [`https://app.example.com/cb#${LINT_SECRET}`], alg_policy: { allowed_algs: ['RS256'] },
        },
      }),
      call(`${s.url}/v1/providers/discover`, { body: { issuer: `https://127.0.0.1:9/?secret=${LINT_SECRET}` } }),
      call(`${s.url}/v1/nope/${tokens.rs}`, { body: {} }),
      raw(s.url, `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"token":"${tokens.hs}"}\r\n\r\nGARBAGE ${HMAC_SECRET}\r\n\r\n`),
    ];
    await Promise.all(sent);
    // SIGTERM flushes and closes the audit file before the process exits.
    s.kill('SIGTERM');
    const exit = await s.exited;
    expect(exit.code).toBe(0);

    const audit = readFileSync(auditFile, 'utf8');
    expect(audit.trim().split('\n').length).toBeGreaterThanOrEqual(15);
    const outputs = { stdout: s.stdout(), stderr: s.stderr(), audit };
    expect(outputs.stderr).toContain('"msg":"request"');
    for (const [name, text] of Object.entries(outputs)) {
      for (const secret of forbidden()) {
        if (text.includes(secret)) throw new Error(`${name} contains a forbidden value (${secret.slice(0, 6)}…)`);
      }
    }
  });
});
