/**
 * Service limits, tried as an attacker would, over real sockets against the service started as its
 * own process: the header and body deadlines, the connection cap, HTTP-level errors as problem+json,
 * and the size of the arrays a request body may carry (also through the gate, which shares the schemas).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverRequestSchema } from '../../src/engine/schema/discover-request.ts';
import { lintRequestSchema } from '../../src/engine/schema/lint-request.ts';
import { validateRequestSchema } from '../../src/engine/schema/validate-request.ts';
import { renderOpenApiDocument } from '../../src/server/app/openapi.ts';
import { claims, goodToken, policyFor } from '../helpers/tokens.ts';
import { API_KEY, call, Contract, raw, spawnServer, type Spawned } from '../server/harness.ts';

const ENTRY = fileURLToPath(new URL('../../src/server/index.ts', import.meta.url));
const CLI_ENTRY = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url));
const contract = new Contract(JSON.parse(renderOpenApiDocument()) as object);

/** The documented limits these tests hold the service to. */
const HEADERS_LIMIT_MS = 10_000;
const BODY_LIMIT_MS = 10_000;
/** "Enforced within 1 s of the limit", plus room for a loaded 2-core machine. */
const SLACK_MS = 1_500;
const MAX_ITEMS = 100;

const running: Spawned[] = [];
async function spawnTracked(env: Record<string, string> = {}): Promise<Spawned> {
  const s = await spawnServer(ENTRY, env);
  running.push(s);
  return s;
}
afterAll(() => {
  for (const s of running.splice(0)) s.kill('SIGKILL');
});

let service: Spawned;
beforeAll(async () => {
  service = await spawnTracked();
});

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  reply: string;
  /** From the moment the connection was open until the server closed it. */
  elapsedMs: number;
}

/**
 * Connect, send `first`, then (optionally) one byte of `trickle` every `everyMs` so the connection never
 * looks idle, until the server closes it. Fails after `giveUpMs`, so a limit that is not enforced at all
 * shows up as a failure rather than a hang.
 */
function exchange(url: string, first: string, trickle?: { byte: string; everyMs: number }, giveUpMs = 20_000): Promise<Exchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let opened = 0;
    let ticker: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(ticker);
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms; received: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
    }, giveUpMs);
    socket.on('connect', () => {
      opened = performance.now();
      socket.write(first);
      if (trickle !== undefined) ticker = setInterval(() => socket.write(trickle.byte), trickle.everyMs);
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(ticker);
      resolve({ reply: Buffer.concat(chunks).toString('utf8'), elapsedMs: performance.now() - opened });
    });
  });
}

/** Status line and JSON body of a raw HTTP reply, the body checked against the published Problem schema. */
function rawProblem(reply: string, status: number, code: string): Record<string, unknown> {
  expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  const head = reply.slice(0, reply.indexOf('\r\n\r\n')).toLowerCase();
  expect(head).toContain('content-type: application/problem+json');
  expect(head).toContain('connection: close');
  const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
  contract.assert('Problem', body);
  expect(body).toMatchObject({ status, code });
  return body;
}

describe.concurrent('deadlines: headers within 10 s, a body within 10 s of its headers', () => {
  it('a client trickling its headers gets a 408 problem+json and is closed between 10 and 11.5 s', async ({ expect }) => {
    const { reply, elapsedMs } = await exchange(service.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ', { byte: 'a', everyMs: 500 });
    expect(rawProblem(reply, 408, 'TIMEOUT').detail).toBe('The request headers were not received within 10 s.');
    expect(elapsedMs).toBeGreaterThanOrEqual(HEADERS_LIMIT_MS);
    expect(elapsedMs).toBeLessThan(HEADERS_LIMIT_MS + SLACK_MS);
  });

  it('a body that stalls after its headers gets a 408 problem+json and is closed between 10 and 11.5 s', async ({ expect }) => {
    const head = `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const { reply, elapsedMs } = await exchange(service.url, `${head}{"token":`);
    rawProblem(reply, 408, 'TIMEOUT');
    expect(elapsedMs).toBeGreaterThanOrEqual(BODY_LIMIT_MS);
    expect(elapsedMs).toBeLessThan(BODY_LIMIT_MS + SLACK_MS);
  });

  it('a GET that declares a body it never sends is answered and closed, not kept waiting for the body', async ({ expect }) => {
    const { reply } = await exchange(service.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', undefined, 5_000);
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply.toLowerCase()).toContain('connection: close');
  });
});

describe('MAX_CONNECTIONS caps open connections', () => {
  const openSocket = (url: string): Promise<Socket> => {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });
  };

  /** One keep-alive GET /healthz on an open socket: the status line and headers of its answer. */
  const request = (socket: Socket): Promise<string> => new Promise((resolve) => {
    let received = '';
    const onData = (c: Buffer): void => {
      received += c.toString('utf8');
      if (received.includes('{"status":"ok"}')) {
        socket.off('data', onData);
        resolve(received);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => resolve(received));
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  });

  it('with 5 idle connections open, the 6th is closed unanswered; after one closes, a new request succeeds', async () => {
    const s = await spawnTracked({ MAX_CONNECTIONS: '5' });
    const idle: Socket[] = [];
    for (let i = 0; i < 5; i++) idle.push(await openSocket(s.url));
    try {
      // The kernel queues connections in order, so the 6th is accepted after the 5 are counted.
      const sixth = await raw(s.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 5_000)
        .catch((error: NodeJS.ErrnoException) => `[${error.code}]`);
      // Closed without a byte of answer (a reset, when the request was already sent).
      expect(['', '[ECONNRESET]']).toContain(sixth);

      // The 5 were held, not dropped: each still answers a request on the connection it opened.
      for (const socket of idle) expect(await request(socket)).toMatch(/^HTTP\/1\.1 200 /);
      (idle.shift() as Socket).destroy();
      // The service learns of the close asynchronously: retry for a moment, then require success.
      let status = 0;
      for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
        status = await fetch(`${s.url}/healthz`).then((r) => r.status, () => 0);
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(200);
      // The operator is told, in one warning (the process writes its log asynchronously to the test).
      expect(s.stderr()).toContain('"msg":"refusing connections: MAX_CONNECTIONS open connections reached","max_connections":5');
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });

  it.each(['0', '-1', 'abc'])('MAX_CONNECTIONS=%s refuses to start with one clear line', (value) => {
    const r = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', API_KEYS: API_KEY, PORT: '0', MAX_CONNECTIONS: value },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n').map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: `cannot start: MAX_CONNECTIONS must be an integer from 1 to 1000000, got "${value}"` })]);
  });
});

describe('HTTP-level errors are problem+json with their own codes', () => {
  it.each([
    ['an unknown HTTP version', 'GET / HTTP/9\r\n\r\n'],
    ['two bytes that are not HTTP', '\x00\x01'],
    ['a request line with no version', 'NOT HTTP AT ALL\r\n\r\n'],
  ])('400 BAD_REQUEST for %s', async (_name, bytes) => {
    const p = rawProblem(await raw(service.url, bytes), 400, 'BAD_REQUEST');
    expect(p.type).toBe('urn:oidc-gate:problem:bad-request');
  });

  it('431 HEADERS_TOO_LARGE for a 20 KB header', async () => {
    const p = rawProblem(await raw(service.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431, 'HEADERS_TOO_LARGE');
    expect(p.detail).toContain('16384 bytes');
  });

  it('no BAD_REQUEST or HEADERS_TOO_LARGE for valid HTTP/1.0 and HTTP/1.1 with 15 KB of headers', async () => {
    expect(await raw(service.url, 'GET /healthz HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);
    const big = await raw(service.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(15_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);
  });

  const chunked = `POST /v1/validate/jwt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;

  it('400 BAD_REQUEST for a body whose chunk framing breaks after the headers were accepted', async () => {
    rawProblem(await raw(service.url, `${chunked}ZZ\r\n{}\r\n0\r\n\r\n`), 400, 'BAD_REQUEST');
  });

  it('413 PAYLOAD_TOO_LARGE for chunk extensions over 16 KiB', async () => {
    rawProblem(await raw(service.url, `${chunked}2;ext=${'a'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('garbage after a complete request: that request keeps its answer, then 400 BAD_REQUEST', async () => {
    const reply = await raw(service.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n\x00\x01garbage');
    const second = reply.indexOf('HTTP/1.1 400 ');
    expect(reply.slice(0, second)).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"status":"ok"\}$/);
    rawProblem(reply.slice(second), 400, 'BAD_REQUEST');
  });

  it('REQUEST_INVALID stays the 422 body-schema code', async () => {
    contract.problem(await call(`${service.url}/v1/validate/jwt`, { body: { token: 'x' } }), 422, 'REQUEST_INVALID');
  });
});

/** A token on the real clock (the spawned service has no fixed clock) carrying `extra` claims. */
const liveToken = (extra: Record<string, unknown> = {}): string => {
  const now = Math.floor(Date.now() / 1000);
  return goodToken('RS256', { payload: claims({ iat: now - 10, nbf: now - 10, exp: now + 600, ...extra }) });
};
const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `c${i}`);
const lintBody = (overrides: Record<string, unknown>): Record<string, unknown> => ({
  issuer: 'https://idp.example.com', client_id: 'c', audiences: ['api://a'], jwks_uri: 'https://127.0.0.1:9/jwks',
  redirect_uris: ['https://app.example.com/cb'], alg_policy: { allowed_algs: ['RS256'] }, https_required: true, ...overrides,
});

describe('request arrays hold at most 100 items, required_custom_claims at most 100 members', () => {
  const validate = (policy: Record<string, unknown>, token = liveToken()) =>
    call(`${service.url}/v1/validate/jwt`, { body: { token, policy: { ...policyFor('RS256'), ...policy } } });

  /** One 422 with exactly one error, at `pointer`. */
  function oneError(reply: Awaited<ReturnType<typeof call>>, pointer: string): string {
    const p = contract.problem(reply, 422, 'REQUEST_INVALID');
    expect(p.errors).toEqual([{ pointer, message: expect.stringContaining('at most 100') as string }]);
    return p.detail as string;
  }

  it('required_claims with 101 items: 422 naming /policy/required_claims', async () => {
    const detail = oneError(await validate({ required_claims: names(101) }), '/policy/required_claims');
    expect(detail).toBe('/policy/required_claims: holds more than 100 items; list at most 100.');
  });

  it('required_custom_claims with 101 members: 422 naming /policy/required_custom_claims', async () => {
    const custom = Object.fromEntries(names(101).map((n) => [n, 1]));
    oneError(await validate({ required_custom_claims: custom }), '/policy/required_custom_claims');
  });

  it.each([
    ['audiences', { audiences: Array.from({ length: 101 }, (_, i) => `api://a${i}`) }, '/policy/audiences'],
    ['allowed_algs', { allowed_algs: Array(101).fill('RS256') }, '/policy/allowed_algs'],
    ['required_scopes', { required_scopes: names(101) }, '/policy/required_scopes'],
    ['an array inside a required_custom_claims value', { required_custom_claims: { groups: { ids: Array(101).fill(1) } } }, '/policy/required_custom_claims/groups/ids'],
    ['an array four levels into a required_custom_claims value', { required_custom_claims: { a: [{ b: { c: Array(101).fill(1) } }] } }, '/policy/required_custom_claims/a/0/b/c'],
  ])('validate: %s over 100 items is one 422 at its pointer', async (_name, policy, pointer) => {
    oneError(await validate(policy), pointer);
  });

  it.each([
    ['audiences', { audiences: Array.from({ length: 101 }, (_, i) => `api://a${i}`) }, '/audiences'],
    ['redirect_uris', { redirect_uris: Array.from({ length: 101 }, (_, i) => `https://app.example.com/cb${i}`) }, '/redirect_uris'],
    ['alg_policy.allowed_algs', { alg_policy: { allowed_algs: Array(101).fill('RS256') } }, '/alg_policy/allowed_algs'],
  ])('lint: %s over 100 items is one 422 at its pointer', async (_name, overrides, pointer) => {
    oneError(await call(`${service.url}/v1/lint/oidc-config`, { body: lintBody(overrides) }), pointer);
  });

  it('100 items and 100 members pass: a valid token that has them all is valid', async () => {
    const present = Object.fromEntries(names(99).map((n, i) => [n, i]));
    const r = await validate({
      required_claims: names(100),
      // 99 claims plus roles: 100 members, one of them a 100-item array.
      required_custom_claims: { ...present, roles: Array(100).fill('admin') },
    }, liveToken({ ...present, c99: true, roles: ['admin'] }));
    expect(r.status).toBe(200);
    contract.assert('ValidateResponse', r.json);
    expect(r.json).toMatchObject({ valid: true, findings: [] });
  });

  it('lint lists of 100 items are answered with findings, not refused', async () => {
    const r = await call(`${service.url}/v1/lint/oidc-config`, {
      body: lintBody({ redirect_uris: Array.from({ length: 100 }, (_, i) => `http://app.example.com/cb${i}`) }),
    });
    expect(r.status).toBe(200);
    contract.assert('LintResponse', r.json);
    expect((r.json as { findings: { code: string }[] }).findings.filter((f) => f.code === 'INSECURE_URI')).toHaveLength(100);
  });

  it('14,000 repeated required_claims entries are one short 422, not a 1.8 MB answer', async () => {
    const r = await validate({ required_claims: Array(14_000).fill('x') });
    oneError(r, '/policy/required_claims');
    expect(r.text.length).toBeLessThan(1024);
  });

  it('a list over the limit whose entries are also invalid is still one error, not one per entry', async () => {
    const r = await validate({ required_claims: Array(20_000).fill('') });
    oneError(r, '/policy/required_claims');
    expect(r.text.length).toBeLessThan(1024);
  });

  it('thousands of unknown members list 100 problems and count the rest', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`x${i}`, 0]));
    const p = contract.problem(await validate(unknown), 422, 'REQUEST_INVALID');
    const errors = p.errors as { pointer: string; message: string }[];
    expect(errors).toHaveLength(101);
    expect(errors[0]).toEqual({ pointer: '/policy/x0', message: 'is not a known field' });
    expect(errors[100]).toEqual({ pointer: '', message: 'has 4900 more problems, not listed; fix the ones above first' });
  });

  it('every array of every request schema declares maxItems 100, and required_custom_claims maxProperties 100', () => {
    const uncapped: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const s = node as Record<string, unknown>;
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if (types.includes('array') && s.maxItems !== MAX_ITEMS) uncapped.push(`${where} (items)`);
      for (const [key, child] of Object.entries(s)) {
        if (key === 'properties') {
          for (const [name, prop] of Object.entries(child as Record<string, unknown>)) {
            if (name === 'required_custom_claims' && (prop as { maxProperties?: unknown }).maxProperties !== MAX_ITEMS) uncapped.push(`${where}/${name} (members)`);
            walk(prop, `${where}/${name}`);
          }
        } else walk(child, `${where}/${key}`);
      }
    };
    for (const [name, schema] of [['validate', validateRequestSchema], ['lint', lintRequestSchema], ['discover', discoverRequestSchema]] as const) {
      walk(schema, name);
    }
    expect(uncapped).toEqual([]);
  });
});

describe('the gate (CLI) reports an over-long list as one clear error at its line', () => {
  const repo = mkdtempSync(path.join(tmpdir(), 'oidc-gate-limits-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('a provider, a profile and a sample with 101 items: one error each, at the field', () => {
    mkdirSync(path.join(repo, '.git'));
    mkdirSync(path.join(repo, '.github/oidc-gate'), { recursive: true });
    const list = (prefix: string): string => `[${Array.from({ length: 101 }, (_, i) => `${prefix}${i}`).join(', ')}]`;
    writeFileSync(path.join(repo, '.github/oidc-gate/limits.yml'), [
      'providers:',
      '  - name: many-redirects',
      '    issuer: https://id.fixture.example',
      '    client_id: fixture-client',
      '    audiences: [api://fixture]',
      '    jwks_uri: https://id.fixture.example/jwks.json',
      `    redirect_uris: ${list('https://app.fixture.example/cb')}`,
      '    alg_policy: { allowed_algs: [RS256] }',
      'profiles:',
      '  - id: many-audiences',
      '    issuer: https://id.fixture.example',
      `    audiences: ${list('api://a')}`,
      '    allowed_algs: [RS256]',
      '    jwks_uri: https://id.fixture.example/jwks.json',
      'tokens:',
      '  - name: many-claims',
      `    token: ${goodToken('RS256')}`,
      '    expect: invalid',
      '    policy:',
      '      issuer: https://id.fixture.example',
      '      audiences: [api://fixture]',
      '      allowed_algs: [RS256]',
      `      public_key: ${JSON.stringify(policyFor('RS256').public_key)}`,
      `      required_claims: ${list('c')}`,
      '',
    ].join('\n'));
    const r = spawnSync(process.execPath, [CLI_ENTRY, 'check', '--offline', '--format', 'json'], {
      cwd: repo, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8', timeout: 30_000,
    });
    expect(r.status).toBe(2);
    const findings = (JSON.parse(r.stdout) as { summary: { findings: { code: string; line: number; pointer: string; message: string }[] } }).summary.findings;
    expect(findings.map((f) => [f.code, f.line, f.pointer])).toEqual([
      ['PROFILE_INVALID', 12, '/profiles/0/audiences'],
      ['REQUEST_INVALID', 7, '/providers/0/redirect_uris'],
      ['REQUEST_INVALID', 24, '/tokens/0/policy/required_claims'],
    ]);
    for (const f of findings) expect(f.message).toContain('holds more than 100 items; list at most 100');
  });
});
