/**
 * The service's stderr is a log stream: JSON lines only, one access line per request at info level,
 * never a token, a secret or an API key. Checked in process and on real processes (the sources and the
 * bundles, through the service entry and `oidc-gate serve`), whose every stderr line must parse.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BUNDLE, SERVER_BUNDLE } from '../fixtures/harness.ts';
import { claims, goodToken, policyFor, testKeys } from '../helpers/tokens.ts';
import { isoTime, millisecondsText } from '../../src/server/log/json-text.ts';
import { createLogger } from '../../src/server/log/log.ts';
import { API_KEY, call, raw, spawnServer, start, type Harness } from './harness.ts';

interface LogLine { time: string; level: string; msg: string; [field: string]: unknown }

const token = goodToken('RS256', { payload: claims({ jti: 'access-log-1' }) });
const secretToken = goodToken('HS256', { payload: claims({ jti: 'access-log-2' }) });

describe('access log (in process)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await start({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => h.close());

  it('writes one JSON line per request at info, with request_id, endpoint, status, outcome and duration, never the token', async () => {
    const before = h.stderr.lines().length;
    const ok = await call(`${h.url}/v1/validate/jwt`, { body: { token, policy: policyFor('RS256') }, headers: { 'x-request-id': 'log-1.a_b:C9' } });
    const hmac = await call(`${h.url}/v1/validate/jwt`, { body: { token: secretToken, policy: policyFor('HS256') } });
    const denied = await call(`${h.url}/v1/validate/jwt`, { body: { token }, key: 'not-the-key-0123456789abcdef' });
    const lost = await call(`${h.url}/v1/${token}`, { key: null });
    const health = await call(`${h.url}/healthz`, { key: null });
    expect([ok.status, hmac.status, denied.status, lost.status, health.status]).toEqual([200, 200, 401, 404, 200]);
    // Access lines are written together when the event loop's turn ends: let this one end.
    await new Promise((resolve) => setImmediate(resolve));

    const lines = h.stderr.lines().slice(before) as LogLine[];
    expect(lines.map((l) => [l.level, l.msg])).toEqual(Array.from({ length: 5 }, () => ['info', 'request']));
    expect(lines[0]).toMatchObject({ request_id: 'log-1.a_b:C9', endpoint: 'POST /v1/validate/jwt', status: 200, outcome: 'valid' });
    expect(lines.map((l) => l.request_id)).toEqual([ok, hmac, denied, lost, health].map((r) => r.headers.get('x-request-id')));
    expect(lines.map((l) => [l.endpoint, l.status, l.outcome])).toEqual([
      ['POST /v1/validate/jwt', 200, 'valid'],
      ['POST /v1/validate/jwt', 200, 'valid'],
      ['POST /v1/validate/jwt', 401, 'rejected'],
      ['GET (unknown path)', 404, 'rejected'],
      ['GET /healthz', 200, 'ok'],
    ]);
    for (const line of lines) {
      expect(typeof line.duration_ms).toBe('number');
      expect(Object.keys(line).sort()).toEqual(['duration_ms', 'endpoint', 'level', 'msg', 'outcome', 'request_id', 'status', 'time']);
    }
    const text = h.stderr.text();
    for (const secret of [token, token.split('.')[2] as string, secretToken, testKeys().secret, API_KEY, 'not-the-key-0123456789abcdef']) {
      expect(text).not.toContain(secret);
    }
  });

  it('is silent below info: LOG_LEVEL=warn writes no access line', async () => {
    const quiet = await start({ LOG_LEVEL: 'warn' });
    try {
      await call(`${quiet.url}/healthz`, { key: null });
      expect(quiet.stderr.text()).toBe('');
    } finally {
      await quiet.close();
    }
  });
});

describe('the logger', () => {
  it('writes each line\'s time as toISOString does, within a second, across seconds and back in time', () => {
    const start = Date.UTC(2026, 10, 23, 23, 59, 59, 998);
    for (const ms of [start, start, start + 1, start + 2, start + 3, start + 1001, start - 5000, start + 10, 0, 999, 1000, 1e12 + 7, 253402300799999, 253402300800000, -1]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    // A fraction of a millisecond within a second already seen: toISOString drops it, and so must the shortcut.
    for (const ms of [start, start + 0.5, start + 1.999, start + 0.25, start - 0.5]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    fc.assert(fc.property(fc.array(fc.integer({ min: -1e13, max: 8.6e15 }), { maxLength: 50 }), fc.integer({ min: 1, max: 2000 }), (jumps, step) => {
      let ms = 1.7e12;
      for (const jump of jumps) {
        ms = jump % 3 === 0 ? jump : ms + (jump % step);
        expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }
    }), { numRuns: 2000 });
  });

  it('writes a duration of whole microseconds as JSON writes the milliseconds', () => {
    for (const micros of [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1010, 1100, 1234, 20_000, 10_000_000, 123_456_789]) {
      expect(millisecondsText(micros)).toBe(JSON.stringify(micros / 1000));
    }
    fc.assert(fc.property(fc.nat({ max: 1e12 }), (micros) => millisecondsText(micros) === JSON.stringify(micros / 1000)), { numRuns: 20_000 });
    // Out of the integer range it falls back to the general formatting.
    for (const odd of [1.5, -3, 2 ** 60]) expect(millisecondsText(odd)).toBe(JSON.stringify(odd / 1000));
  });

  it('holds info lines until the turn of the event loop ends, writes them in one piece, and keeps order with warnings', async () => {
    const writes: string[] = [];
    const log = createLogger({ write: (chunk: string) => writes.push(chunk) }, 'info');
    log.info('one');
    log.info('two');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect((writes[0] as string).trim().split('\n').map((l) => (JSON.parse(l) as LogLine).msg)).toEqual(['one', 'two']);

    log.info('three');
    log.warn('four');
    expect(writes).toHaveLength(2);
    expect((writes[1] as string).trim().split('\n').map((l) => (JSON.parse(l) as LogLine).msg)).toEqual(['three', 'four']);
    log.info('five');
    log.flush();
    expect(writes).toHaveLength(3);
    log.debug('below the level');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
  });

  it('infoMembers: prepared members after time, level, msg and the base, held like any info line, and nothing below the level', async () => {
    const writes: string[] = [];
    const log = createLogger({ write: (chunk: string) => writes.push(chunk) }, 'info', { worker: 3 });
    log.infoMembers('request', '"request_id":"r-1","status":200');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    const line = JSON.parse((writes[0] as string).trim()) as LogLine;
    expect(Object.keys(line)).toEqual(['time', 'level', 'msg', 'worker', 'request_id', 'status']);
    expect(line).toMatchObject({ level: 'info', msg: 'request', worker: 3, request_id: 'r-1', status: 200 });
    const quiet: string[] = [];
    createLogger({ write: (chunk: string) => quiet.push(chunk) }, 'warn').infoMembers('request', '"status":200');
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet).toEqual([]);
  });

  it('writes time, level, msg, the base fields, then the line\'s own; a repeated name is overridden, never written twice', () => {
    const writes: string[] = [];
    const log = createLogger({ write: (chunk: string) => writes.push(chunk) }, 'info', { worker: 3 });
    log.warn('plain');
    log.warn('with "quotes"\n', { request_id: 'r-1', status: 200, nested: { a: [1, 'x'] }, skipped: undefined });
    log.warn('empty', {});
    log.warn('overrides', { msg: 'the field wins', worker: 9, level: 'custom' });
    const lines = writes.join('').trim().split('\n');
    const parsed = lines.map((l) => JSON.parse(l) as LogLine);
    for (const line of parsed) expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(parsed.map((l) => Object.keys(l))).toEqual([
      ['time', 'level', 'msg', 'worker'],
      ['time', 'level', 'msg', 'worker', 'request_id', 'status', 'nested'],
      ['time', 'level', 'msg', 'worker'],
      ['time', 'level', 'msg', 'worker'],
    ]);
    expect(parsed[1]).toMatchObject({ msg: 'with "quotes"\n', worker: 3, request_id: 'r-1', status: 200, nested: { a: [1, 'x'] } });
    expect(parsed[3]).toMatchObject({ level: 'custom', msg: 'the field wins', worker: 9 });
    // JSON.parse keeps the last of repeated names: the text itself must hold each name once.
    expect(lines[3]?.match(/"msg":/g)).toHaveLength(1);
    expect(lines[3]?.match(/"worker":/g)).toHaveLength(1);
    expect(lines[3]?.match(/"level":/g)).toHaveLength(1);
  });
});

const SERVER_ENTRY = fileURLToPath(new URL('../../src/server/index.ts', import.meta.url));
const CLI_ENTRY = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url));

const processes: [string, string, string[]][] = [
  ['the service entry (sources)', SERVER_ENTRY, []],
  ['oidc-gate serve (sources)', CLI_ENTRY, ['serve']],
  ['the service bundle', SERVER_BUNDLE, []],
  ['oidc-gate serve (CLI bundle)', CLI_BUNDLE, ['serve']],
];

describe.each(processes)('stderr of %s', (_name, entry, args) => {
  it.skipIf(!existsSync(entry) && process.env.CI === undefined)('holds JSON lines only, from listening to stopped', async () => {
    const s = await spawnServer(entry, { LOG_LEVEL: 'info', HOST: '127.0.0.1' }, 20_000, args);
    try {
      const r = await call(`${s.url}/v1/validate/jwt`, { body: { token, policy: policyFor('RS256') } });
      expect(r.status).toBe(200);
      // Bytes that are not HTTP are answered by the parser's error path: logged as JSON too.
      expect(await raw(s.url, 'NOT HTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      s.kill('SIGTERM');
    }
    expect((await s.exited).code).toBe(0);
    const text = s.stderr();
    const lines = text.split('\n').filter((l) => l !== '').map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        throw new Error(`a stderr line is not JSON: ${l}`);
      }
    });
    expect(lines.map((l) => l.msg)).toEqual(['listening', 'request', 'request', 'draining', 'stopped']);
    expect(lines[2]).toMatchObject({ endpoint: '(unparsed request)', status: 400 });
    expect(text).not.toContain(token);
    expect(s.stdout()).toBe('');
  });
});
