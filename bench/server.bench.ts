/**
 * `npm run bench:server`: requests per second for POST /v1/validate/jwt (RS256, inline policy
 * carrying the PEM) at 32 connections, against two baselines started by this same script:
 *   - bare:    node:http, JSON.parse, a cached KeyObject, crypto.verify and the same claim checks;
 *   - fastify: Fastify + fast-jwt, with one verifier cached per PEM.
 * Each server runs in its own process (this script re-spawned with --serve), so RSS is its own.
 *
 * BENCH_DURATION (seconds of load per server, default 60), split into BENCH_ROUNDS (default 6)
 * interleaved slices; BENCH_WARMUP (seconds, default 3); BENCH_CONNECTIONS (default 32).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_KEY = 'bench-api-key-0123456789abcdef';
const ISSUER = 'https://issuer.example.com';
const AUDIENCE = 'api://bench';
const SELF = fileURLToPath(import.meta.url);
const SERVER_ENTRY = fileURLToPath(new URL('../src/server/index.ts', import.meta.url));

// ---------------------------------------------------------------- baselines (child processes)

const KEY_DIGEST = createHash('sha256').update(API_KEY).digest();
function authorised(header: string | undefined): boolean {
  if (header === undefined || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(createHash('sha256').update(header.slice(7)).digest(), KEY_DIGEST);
}

interface Policy { public_key: string; issuer: string; audiences: string[]; allowed_algs: string[] }

/** The same claim decisions oidc-gate makes for this request: alg allowlist, signature, iss, aud, exp/nbf/iat. */
function checkClaims(payload: Record<string, unknown>, policy: Policy, now: number): boolean {
  const aud = payload.aud;
  const auds = Array.isArray(aud) ? aud : [aud];
  return payload.iss === policy.issuer
    && auds.some((a) => policy.audiences.includes(a as string))
    && typeof payload.exp === 'number' && payload.exp > now
    && (payload.nbf === undefined || (payload.nbf as number) <= now)
    && (payload.iat === undefined || (payload.iat as number) <= now);
}

function serveBare(): void {
  const keys = new Map<string, KeyObject>();
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/validate/jwt' || !authorised(req.headers.authorization)) {
      res.writeHead(401).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { token: string; policy: Policy };
      const [h, p, s] = body.token.split('.') as [string, string, string];
      const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg: string };
      let key = keys.get(body.policy.public_key);
      if (key === undefined) {
        key = createPublicKey(body.policy.public_key);
        keys.set(body.policy.public_key, key);
      }
      const algOk = body.policy.allowed_algs.includes(header.alg) && header.alg === 'RS256';
      const sigOk = algOk && verify('sha256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
      const valid = sigOk && checkClaims(payload, body.policy, Date.now() / 1000);
      const out = JSON.stringify({ valid, findings: [] });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
      res.end(out);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function serveFastify(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { createVerifier } = await import('fast-jwt');
  const verifiers = new Map<string, (token: string) => Record<string, unknown>>();
  const app = Fastify({ logger: false });
  app.post('/v1/validate/jwt', async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.code(401).send();
    const body = request.body as { token: string; policy: Policy };
    let verifier = verifiers.get(body.policy.public_key);
    if (verifier === undefined) {
      verifier = createVerifier({
        key: body.policy.public_key, algorithms: body.policy.allowed_algs as never, allowedIss: body.policy.issuer, allowedAud: body.policy.audiences, cache: false,
      }) as (token: string) => Record<string, unknown>;
      verifiers.set(body.policy.public_key, verifier);
    }
    try {
      verifier(body.token);
      return { valid: true, findings: [] };
    } catch {
      return { valid: false, findings: [] };
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` }));
}

// ---------------------------------------------------------------- driver

interface Started { name: string; url: string; child: ChildProcess }

function startChild(name: string, args: string[], env: Record<string, string>, urlFrom: 'stdout' | 'stderr'): Promise<Started> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (c: Buffer): void => {
      text += c.toString('utf8');
      const m = /"url":"([^"]+)"/.exec(text);
      if (m !== null) resolve({ name, url: m[1] as string, child });
    };
    (urlFrom === 'stdout' ? child.stdout : child.stderr)?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      if (urlFrom === 'stdout') text += c.toString('utf8');
    });
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}): ${text}`)));
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

interface AutocannonResult {
  requests: { total: number; average: number };
  duration: number;
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: { url: string; method: 'POST'; headers: Record<string, string>; body: string; connections: number; duration: number }) => Promise<AutocannonResult>;

interface Slice { requests: number; seconds: number; p50: number; p99: number; errors: number; non2xx: number }
interface Row { name: string; rps: number; p50: number; p99: number; rss: number[]; errors: number; non2xx: number }

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_DURATION ?? 60);
  const warmup = Number(process.env.BENCH_WARMUP ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  // The machine is shared: the servers take turns in short slices, so a burst of someone else's
  // load hurts all three alike instead of whichever happened to run at that moment.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
  const slice = seconds / rounds;
  // autocannon ships no types; this is the part of its API used here.
  const autocannon = ((await import('autocannon' as string)) as { default: Autocannon }).default;

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc({ iss: ISSUER, sub: 'bench', aud: AUDIENCE, iat: now - 10, nbf: now - 10, exp: now + 24 * 3600 })}`;
  const token = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  const body = JSON.stringify({
    token,
    policy: { public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(), issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'] },
  });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` };

  const targets: Started[] = [
    // At LOG_LEVEL info the service writes nothing per request, like the baselines.
    await startChild('oidc-gate', [SERVER_ENTRY], { PORT: '0', API_KEYS: API_KEY, LOG_LEVEL: 'info', AUDIT_LOG: 'off', WORKERS: '1' }, 'stderr'),
    await startChild('bare node:http', [SELF, '--serve', 'bare'], {}, 'stdout'),
    await startChild('fastify + fast-jwt', [SELF, '--serve', 'fastify'], {}, 'stdout'),
  ];
  try {
    console.log(`POST /v1/validate/jwt, RS256, inline PEM policy; ${connections} connections; ${seconds} s of load per server in ${rounds} interleaved slices, after ${warmup} s warm-up; node ${process.version}`);
    const slices = new Map<string, Slice[]>(targets.map((t) => [t.name, []]));
    const rss = new Map<string, number[]>();
    for (const t of targets) {
      const url = `${t.url}/v1/validate/jwt`;
      const check = await fetch(url, { method: 'POST', headers, body });
      const answer = (await check.json()) as { valid: boolean };
      if (check.status !== 200 || answer.valid !== true) throw new Error(`${t.name}: sanity request failed (${check.status})`);
      if (warmup > 0) await autocannon({ url, method: 'POST', headers, body, connections, duration: warmup });
      rss.set(t.name, [rssMb(t.child.pid as number)]);
    }
    for (let round = 0; round < rounds; round++) {
      // Rotate the order every round.
      const order = targets.map((_, i) => targets[(i + round) % targets.length] as Started);
      for (const t of order) {
        const r = await autocannon({ url: `${t.url}/v1/validate/jwt`, method: 'POST', headers, body, connections, duration: slice });
        slices.get(t.name)?.push({ requests: r.requests.total, seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
        rss.get(t.name)?.push(rssMb(t.child.pid as number));
      }
      process.stdout.write(`  round ${round + 1}/${rounds} done\n`);
    }
    const rows: Row[] = targets.map((t) => {
      const s = slices.get(t.name) ?? [];
      return {
        name: t.name,
        rps: Math.round(s.reduce((a, x) => a + x.requests, 0) / s.reduce((a, x) => a + x.seconds, 0)),
        p50: median(s.map((x) => x.p50)),
        p99: median(s.map((x) => x.p99)),
        rss: rss.get(t.name) ?? [],
        errors: s.reduce((a, x) => a + x.errors, 0),
        non2xx: s.reduce((a, x) => a + x.non2xx, 0),
      };
    });
    report(rows);
  } finally {
    for (const t of targets) t.child.kill('SIGTERM');
  }
}

function report(rows: Row[]): void {
  const [gate, bare, fastify] = rows as [Row, Row, Row];
  const ratio = (a: Row, b: Row): string => (a.rps / b.rps).toFixed(2);
  console.log('\n| server | req/s | vs bare | vs fastify | p50 ms | p99 ms | RSS MB after warm-up → after load | errors / non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.rps} | ${ratio(r, bare)}× | ${ratio(r, fastify)}× | ${r.p50} | ${r.p99} | ${r.rss[0]} → ${r.rss[r.rss.length - 1]} | ${r.errors} / ${r.non2xx} |`);
  }
  // Growth: the second half of the samples against the first half; after warm-up the heap should be flat.
  const half = Math.floor(gate.rss.length / 2);
  const growth = Math.max(...gate.rss.slice(half)) - Math.max(...gate.rss.slice(0, Math.max(1, half)));
  console.log(`\noidc-gate RSS samples (MB): ${gate.rss.join(', ')}`);
  console.log(`oidc-gate: ${ratio(gate, bare)}× bare (target ≥ 0.90), ${ratio(gate, fastify)}× fastify + fast-jwt (target ≥ 1.00), `
    + `max RSS ${Math.max(...gate.rss)} MB (target < 200), growth second half vs first half ${growth.toFixed(1)} MB`);
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  const which = process.argv[serveIndex + 1];
  if (which === 'bare') serveBare();
  else await serveFastify();
} else {
  await main();
}
