/**
 * The lock file as the gate reads it: under the rules config files are held to (inside the repository,
 * no link out, 1 MiB), and a broken one is one config error at its place. No network is needed: a lock
 * that cannot be read stops the comparison before anything is fetched.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLock, serializeLock } from '../../src/gate/lock/lock-file.ts';
import { runGate } from '../../src/gate/run/run.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-lockfile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TP = 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs';
const PROVIDER = [
  'providers:',
  '  - name: idp',
  '    issuer: https://idp.example',
  '    client_id: c',
  '    audiences: [api]',
  '    jwks_uri: https://idp.example/keys',
  '    redirect_uris: [https://app.example/cb]',
  '    alg_policy: { allowed_algs: [RS256] }',
  '',
].join('\n');
const GOOD_LOCK = serializeLock([{ kind: 'provider', file: 'p.yml', name: 'idp', jwks_uri: 'https://idp.example/keys', keys: [{ kid: 'k1', thumbprint: TP }] }]);

let n = 0;
function repo(lock: string | undefined): string {
  const root = path.join(tmp, `r${n++}`);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'p.yml'), PROVIDER);
  if (lock !== undefined) writeFileSync(path.join(root, 'jwks.lock.json'), lock);
  return root;
}

async function lockFindings(root: string, lockFile = 'jwks.lock.json') {
  const run = await runGate({ root, patterns: ['p.yml'], network: false, env: {}, lockFile });
  return run.findings.filter((f) => f.file !== 'p.yml').map((f) => ({ code: f.code, severity: f.severity, message: f.message, line: f.line, config: f.config === true }));
}

describe('the lock file as the gate reads it', () => {
  it('a sound lock is no config error: offline it is one CHECK_SKIPPED naming what was not compared', async () => {
    expect(await lockFindings(repo(GOOD_LOCK))).toEqual([{
      code: 'CHECK_SKIPPED', severity: 'warning', line: 1, config: false,
      message: 'The keys of 1 provider or profile in the lock file were not fetched (offline mode); not run: JWKS_KEYS_CHANGED.',
    }]);
  });

  it('a lock that names none of the checked entries compares nothing and skips nothing, but its entry is LOCK_ENTRY_UNMATCHED', async () => {
    const other = serializeLock([{ kind: 'profile', file: 'p.yml', name: 'idp', jwks_uri: 'https://idp.example/keys', keys: [] }]);
    expect(await lockFindings(repo(other))).toEqual([{
      code: 'LOCK_ENTRY_UNMATCHED', severity: 'error', line: 5, config: false,
      message: 'The lock file jwks.lock.json names profile "idp", which p.yml does not have: the keys it pins are compared with nothing.',
    }]);
  });

  it('a lock file that is not JSON is one CONFIG_INVALID at the line where the parser stopped, quoting nothing', async () => {
    const text = GOOD_LOCK.replace('"version": 1,', '"version": 1,,').replace('"k1"', '"secret-looking-kid"');
    expect(await lockFindings(repo(text))).toEqual([{
      code: 'CONFIG_INVALID', severity: 'error', line: 2, config: true, message: 'The lock file jwks.lock.json is not valid JSON.',
    }]);
  });

  it('a value of the wrong shape is one CONFIG_INVALID naming its JSON pointer, at its entry\'s line', async () => {
    const bad = GOOD_LOCK.replace(TP, 'not-a-thumbprint');
    expect(await lockFindings(repo(bad))).toEqual([{
      code: 'CONFIG_INVALID', severity: 'error', line: 5, config: true,
      message: 'The lock file jwks.lock.json is invalid: /entries/0/keys/0/thumbprint must be an RFC 7638 SHA-256 thumbprint (43 base64url characters).',
    }]);
    const version = GOOD_LOCK.replace('"version": 1', '"version": 2');
    expect((await lockFindings(repo(version)))[0]?.message).toBe('The lock file jwks.lock.json is invalid: /version must be 1 (this oidc-gate reads lock files of version 1; run oidc-gate lock again to rewrite it).');
  });

  it('a key member beyond kid and thumbprint is refused: a lock keeps nothing else of a key', async () => {
    const withN = GOOD_LOCK.replace(`"thumbprint": "${TP}"`, `"thumbprint": "${TP}", "n": "AQAB"`);
    expect((await lockFindings(repo(withN)))[0]?.message).toBe('The lock file jwks.lock.json is invalid: /entries/0/keys/0/n is not a member of a locked key (a lock keeps only kid and thumbprint).');
  });

  it('a lock file named but missing is CONFIG_NOT_FOUND: a typo in the input never passes as "no lock"', async () => {
    expect(await lockFindings(repo(undefined))).toMatchObject([{ code: 'CONFIG_NOT_FOUND', config: true, message: 'The lock file jwks.lock.json does not exist.' }]);
  });

  it('a lock file that is a link out of the repository is refused unread; one over 1 MiB too', async () => {
    const outside = path.join(tmp, 'outside.json');
    writeFileSync(outside, GOOD_LOCK);
    const linked = repo(undefined);
    symlinkSync(outside, path.join(linked, 'jwks.lock.json'));
    expect(await lockFindings(linked)).toMatchObject([{
      code: 'CONFIG_UNREADABLE', config: true, message: 'The lock file jwks.lock.json resolves outside the repository root (links followed); refusing to read it.',
    }]);
    const big = repo(`${GOOD_LOCK}${' '.repeat(1024 * 1024)}`);
    expect(await lockFindings(big)).toMatchObject([{ code: 'CONFIG_TOO_LARGE', config: true }]);
    const git = repo(undefined);
    mkdirSync(path.join(git, '.git'));
    writeFileSync(path.join(git, '.git', 'lock.json'), GOOD_LOCK);
    expect(await lockFindings(git, '.git/lock.json')).toMatchObject([{ code: 'CONFIG_UNREADABLE', message: expect.stringContaining('inside .git') as string }]);
  });
});

describe('serializeLock and parseLock', () => {
  it('write entries by kind, file and name and keys by kid, one member per line, and read them back', () => {
    const text = serializeLock([
      { kind: 'provider', file: 'b.yml', name: 'z', jwks_uri: 'https://z.example/keys', keys: [{ kid: 'k2', thumbprint: TP }, { kid: 'k1', thumbprint: TP }] },
      { kind: 'provider', file: 'a.yml', name: 'y', jwks_uri: 'https://y.example/keys', keys: [{ kid: null, thumbprint: TP }] },
      { kind: 'profile', file: 'b.yml', name: 'x', jwks_uri: 'https://x.example/keys', keys: [] },
    ]);
    const parsed = parseLock(text);
    expect(parsed.ok && parsed.lock.entries.map((e) => [e.kind, e.file, e.name, e.keys.map((k) => k.kid)])).toEqual([
      ['profile', 'b.yml', 'x', []], ['provider', 'a.yml', 'y', [null]], ['provider', 'b.yml', 'z', ['k1', 'k2']],
    ]);
    expect(text.split('\n').filter((l) => l.includes('"thumbprint"'))).toHaveLength(3);
    expect(serializeLock(parsed.ok ? parsed.lock.entries : [])).toBe(text);
  });

  it('refuse two entries for the same provider', () => {
    const entry = { kind: 'provider', file: 'a.yml', name: 'y', jwks_uri: 'https://y.example/keys', keys: [] };
    expect(parseLock(JSON.stringify({ version: 1, entries: [entry, entry] }))).toEqual({
      ok: false, pointer: '/entries/1', message: 'repeats the provider of an earlier entry (same file and name)',
    });
  });
});
