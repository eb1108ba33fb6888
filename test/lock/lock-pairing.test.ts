/**
 * The lock paired with the config, before any key is fetched: a lock entry that names no provider or
 * profile of the run is LOCK_ENTRY_UNMATCHED (an error, at its line of the lock file), and a provider or
 * profile whose keys are fetched but that the lock does not name is LOCK_ENTRY_MISSING (a warning, at its
 * jwks_uri or discovery line). Both hold offline: pairing needs no network.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeLock, type LockEntry } from '../../src/gate/lock/lock-file.ts';
import { runGate } from '../../src/gate/run/run.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-lockpair-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TP = 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs';
const LOCK = 'jwks.lock.json';

function provider(name: string, jwks = `https://${name}.example/keys`): string[] {
  return [
    `  - name: ${name}`,
    `    issuer: https://${name}.example`,
    '    client_id: c',
    '    audiences: [api]',
    `    jwks_uri: ${jwks}`,
    '    redirect_uris: [https://app.example/cb]',
    '    alg_policy: { allowed_algs: [RS256] }',
  ];
}

const lockEntry = (kind: LockEntry['kind'], name: string, file = 'p.yml'): LockEntry => ({
  kind, file, name, jwks_uri: `https://${name}.example/keys`, keys: [{ kid: 'k1', thumbprint: TP }],
});

let n = 0;
function repo(config: string, entries: LockEntry[]): string {
  const root = path.join(tmp, `r${n++}`);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'p.yml'), config);
  writeFileSync(path.join(root, LOCK), serializeLock(entries));
  return root;
}

async function pairing(root: string, network = false) {
  const run = await runGate({ root, patterns: ['p.yml'], network, env: {}, lockFile: LOCK }, network ? { fetcher: { online: true, getJson: async (url) => ({ ok: false, url, reason: 'http_status', detail: 'HTTP 404', status: 404 }) } } : {});
  return {
    findings: run.findings.filter((f) => f.code.startsWith('LOCK_')).map((f) => ({ code: f.code, severity: f.severity, file: f.file, line: f.line, name: f.name, message: f.message })),
    failed: run.report.summary.failed,
  };
}

describe('LOCK_ENTRY_UNMATCHED', () => {
  it('a locked provider renamed in the config: the lock entry is an error at its line, and the run fails', async () => {
    const root = repo(['providers:', ...provider('web-v2'), ''].join('\n'), [lockEntry('provider', 'web')]);
    const { findings, failed } = await pairing(root);
    expect(findings).toContainEqual({
      code: 'LOCK_ENTRY_UNMATCHED', severity: 'error', file: LOCK, line: 5, name: 'web',
      message: 'The lock file jwks.lock.json names provider "web", which p.yml does not have: the keys it pins are compared with nothing.',
    });
    expect(failed).toBe(true);
  });

  it('is absent while every lock entry names a provider or profile that fetches keys', async () => {
    const root = repo(['providers:', ...provider('web'), ''].join('\n'), [lockEntry('provider', 'web')]);
    expect((await pairing(root)).findings).toEqual([]);
  });

  it('a lock entry of the wrong kind, of a config file the run does not check, or of an entry that fetches no keys is unmatched too', async () => {
    const config = [
      'providers:', ...provider('web'),
      'profiles:',
      '  - id: inline',
      '    issuer: https://inline.example',
      '    audiences: [api]',
      '    allowed_algs: [RS256]',
      '    jwks: { keys: [] }',
      '',
    ].join('\n');
    const root = repo(config, [lockEntry('provider', 'web'), lockEntry('profile', 'web'), lockEntry('provider', 'web', 'gone.yml'), lockEntry('profile', 'inline')]);
    const messages = (await pairing(root)).findings.map((f) => f.message);
    expect(messages).toEqual([
      'The lock file jwks.lock.json names profile "inline" of p.yml, which no longer fetches its keys (neither jwks_uri nor discovery: true): the keys it pins are compared with nothing.',
      'The lock file jwks.lock.json names profile "web", which p.yml does not have: the keys it pins are compared with nothing.',
      'The lock file jwks.lock.json names provider "web" of gone.yml, a config file this run does not check (renamed, removed, or outside the config patterns): the keys it pins are compared with nothing.',
    ]);
  });

  it('a config file with a configuration error is not paired: that error fails the run already', async () => {
    const root = repo(['providers:', ...provider('web-v2'), '    unknown_key: 1', ''].join('\n'), [lockEntry('provider', 'web')]);
    expect((await pairing(root)).findings).toEqual([]);
  });

  it('online, the renamed provider is neither compared nor silent: unmatched, and missing', async () => {
    const root = repo(['providers:', ...provider('web-v2'), ''].join('\n'), [lockEntry('provider', 'web')]);
    expect((await pairing(root, true)).findings.map((f) => [f.code, f.severity, f.name])).toEqual([
      ['LOCK_ENTRY_UNMATCHED', 'error', 'web'],
      ['LOCK_ENTRY_MISSING', 'warning', 'web-v2'],
    ]);
  });
});

describe('LOCK_ENTRY_MISSING', () => {
  it('a provider added after the lock was written is a warning at its jwks_uri line; the run passes under fail-on: error', async () => {
    const root = repo(['providers:', ...provider('web'), ...provider('admin'), ''].join('\n'), [lockEntry('provider', 'web')]);
    const { findings, failed } = await pairing(root);
    expect(findings).toEqual([{
      code: 'LOCK_ENTRY_MISSING', severity: 'warning', file: 'p.yml', line: 13, name: 'admin',
      message: 'Provider "admin" fetches its keys, but the lock file jwks.lock.json has no entry for it, so its keys are not compared.',
    }]);
    expect(failed).toBe(false);
  });

  it('a discovery profile without an entry is missing at its discovery line; an inline-keys profile never is', async () => {
    const config = [
      'providers:', ...provider('web'),
      'profiles:',
      '  - id: orders-api',
      '    issuer: https://orders.example',
      '    audiences: [api]',
      '    allowed_algs: [RS256]',
      '    discovery: true',
      '  - id: inline',
      '    issuer: https://inline.example',
      '    audiences: [api]',
      '    allowed_algs: [RS256]',
      '    jwks: { keys: [] }',
      '',
    ].join('\n');
    const root = repo(config, [lockEntry('provider', 'web')]);
    expect((await pairing(root)).findings.map((f) => [f.code, f.line, f.name])).toEqual([['LOCK_ENTRY_MISSING', 14, 'orders-api']]);
  });

  it('is absent without a lock file, and absent when every entry is locked', async () => {
    const config = ['providers:', ...provider('web'), ...provider('admin'), ''].join('\n');
    const root = repo(config, [lockEntry('provider', 'web'), lockEntry('provider', 'admin')]);
    expect((await pairing(root)).findings).toEqual([]);
    const run = await runGate({ root, patterns: ['p.yml'], network: false, env: {} });
    expect(run.findings.filter((f) => f.code.startsWith('LOCK_'))).toEqual([]);
  });
});
