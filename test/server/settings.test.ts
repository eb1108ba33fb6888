import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { goodToken } from '../helpers/tokens.ts';
import { parseSettings, StartupError } from '../../src/server/config/settings.ts';
import { API_KEY } from './harness.ts';

const ENTRY = fileURLToPath(new URL('../../src/server/index.ts', import.meta.url));

function failure(env: Record<string, string>): string {
  try {
    parseSettings(env);
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error('expected a StartupError');
}

describe('parseSettings', () => {
  it('defaults: 127.0.0.1:8080, no audit, info logs, one worker, 1,024 connections, 10,000 cached checks, metrics behind the key', () => {
    expect(parseSettings({})).toEqual({
      port: 8080, host: '127.0.0.1', apiKeys: [], profiles: {}, outboundAllow: [], audit: { kind: 'off' }, logLevel: 'info', workers: 1,
      maxConnections: 1024, verifyCacheSize: 10_000, metricsPublic: false,
    });
  });

  it('reads every setting', () => {
    const s = parseSettings({
      PORT: '9000', HOST: '0.0.0.0', API_KEYS: `${API_KEY},${API_KEY}`, ISSUER_PROFILES_JSON: '[]', OUTBOUND_ALLOW: 'idp.test, 10.0.0.0/8',
      AUDIT_LOG: '/var/log/audit.log', LOG_LEVEL: 'DEBUG', WORKERS: '4', MAX_CONNECTIONS: ' 5 ', VERIFY_CACHE_SIZE: '0', METRICS_PUBLIC: 'TRUE',
    });
    expect(s).toEqual({
      port: 9000, host: '0.0.0.0', apiKeys: [API_KEY], profiles: { json: '[]' }, outboundAllow: ['idp.test', '10.0.0.0/8'],
      audit: { kind: 'file', path: '/var/log/audit.log' }, logLevel: 'debug', workers: 4, maxConnections: 5, verifyCacheSize: 0, metricsPublic: true,
    });
    expect(parseSettings({ METRICS_PUBLIC: 'false' }).metricsPublic).toBe(false);
    expect(parseSettings({ AUDIT_LOG: 'stdout' }).audit).toEqual({ kind: 'stdout' });
    expect(parseSettings({ AUDIT_LOG: 'OFF' }).audit).toEqual({ kind: 'off' });
  });

  it.each([
    [{ PORT: 'http' }, /^PORT must be an integer from 0 to 65535/],
    [{ PORT: '70000' }, /^PORT/],
    [{ WORKERS: '0' }, /^WORKERS must be an integer from 1 to 64/],
    [{ MAX_CONNECTIONS: '0' }, /^MAX_CONNECTIONS must be an integer from 1 to 1000000, got "0"$/],
    [{ VERIFY_CACHE_SIZE: '-1' }, /^VERIFY_CACHE_SIZE must be an integer from 0 to 1000000, got "-1"$/],
    [{ VERIFY_CACHE_SIZE: '1e4' }, /^VERIFY_CACHE_SIZE must be an integer from 0 to 1000000, got "1e4"$/],
    [{ VERIFY_CACHE_SIZE: '1000001' }, /^VERIFY_CACHE_SIZE must be an integer/],
    [{ METRICS_PUBLIC: 'yes' }, /^METRICS_PUBLIC must be true or false, got "yes"$/],
    [{ MAX_CONNECTIONS: '-1' }, /^MAX_CONNECTIONS must be an integer from 1 to 1000000, got "-1"$/],
    [{ MAX_CONNECTIONS: 'abc' }, /^MAX_CONNECTIONS must be an integer from 1 to 1000000, got "abc"$/],
    [{ MAX_CONNECTIONS: '1000001' }, /^MAX_CONNECTIONS must be an integer/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of debug, info, warn, error, silent/],
    [{ OUTBOUND_ALLOW: 'not a host!' }, /OUTBOUND_ALLOW entry/],
    [{ API_KEYS: 'a,b', API_KEYS_FILE: '/x' }, /not both/],
    [{ API_KEYS: `${API_KEY},` }, /empty entry/],
    [{ API_KEYS_FILE: '/nonexistent/keys' }, /API_KEYS_FILE "\/nonexistent\/keys" cannot be read \(ENOENT\)/],
    [{ ISSUER_PROFILES_JSON: '[]', ISSUER_PROFILES_FILE: '/x' }, /not both/],
  ])('rejects %o', (env, message) => {
    expect(failure(env as Record<string, string>)).toMatch(message);
  });

  it('rejects weak keys and JWTs without quoting them', () => {
    const short = 'tooshort';
    const m1 = failure({ API_KEYS: `${API_KEY},${short}` });
    expect(m1).toBe('API_KEYS entry 2 is shorter than 16 characters');
    const token = goodToken('RS256');
    const m2 = failure({ API_KEYS: token });
    expect(m2).toMatch(/^API_KEYS entry 1 is a JWT/);
    expect(m2).not.toContain(token.slice(0, 20));
    const long = `ogk_${'x'.repeat(253)}`;
    expect(failure({ API_KEYS: `${API_KEY},${long}` })).toBe('API_KEYS entry 2 is longer than 256 characters');
    expect(parseSettings({ API_KEYS: `${API_KEY},${long.slice(0, 256)}` }).apiKeys).toHaveLength(2);
  });
});

describe('a start that fails', () => {
  const run = (env: Record<string, string>): { status: number | null; stderr: string; stdout: string } => {
    const r = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', API_KEYS: API_KEY, PORT: '0', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { status: r.status, stderr: r.stderr, stdout: r.stdout };
  };

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer'],
    [{ AUDIT_LOG: '/nonexistent-dir/audit.log' }, 'AUDIT_LOG file "/nonexistent-dir/audit.log" cannot be opened'],
    [{ ISSUER_PROFILES_JSON: '[{"id":"corp","issuer":"https://corp.example","audiences":["a"],"allowed_algs":["RS256"]}]' }, 'profile "corp"'],
    [{ ISSUER_PROFILES_JSON: '{not json' }, 'ISSUER_PROFILES_JSON'],
  ])('%o exits 1 with one JSON line and no stack trace', (env, fragment) => {
    const r = run(env as Record<string, string>);
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string) as { level: string; msg: string };
    expect(line.level).toBe('error');
    expect(line.msg).toMatch(/^cannot start: /);
    expect(line.msg).toContain(fragment);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('a secret in an invalid profile is not printed', () => {
    const secret = 'super-secret-profile-value-123456';
    const r = run({ ISSUER_PROFILES_JSON: JSON.stringify([{ id: 'p', issuer: 'https://i.example', audiences: ['a'], allowed_algs: ['RS256'], secret, public_key: 'x' }]) });
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain(secret);
  });

  it('a port in use exits 1 with one line', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (blocker.address() as { port: number }).port;
      const r = run({ PORT: String(port) });
      expect(r.status).toBe(1);
      const failures = r.stderr.trim().split('\n').map((l) => JSON.parse(l) as { level: string; msg: string }).filter((l) => l.level === 'error');
      expect(failures.map((l) => l.msg)).toEqual([`cannot start: cannot listen on 127.0.0.1:${port} (EADDRINUSE)`]);
    } finally {
      blocker.close();
    }
  });
});
