/**
 * `npm run bench:server`: requests per second for POST /v1/validate/jwt (RS256, inline policy carrying
 * the PEM) at 32 connections, in two scenarios run in the same session, interleaved slice by slice:
 *   - repeated: one token presented again and again (every request of a session does this): oidc-gate
 *     answers from its verification cache;
 *   - rotation: 20,000 distinct tokens in turn, twice what the cache holds (10,000), so every request
 *     verifies: the uncached cost.
 * against two baselines started by this same script:
 *   - bare:    node:http, JSON.parse, a cached KeyObject, crypto.verify on every request and the same claim checks;
 *   - fastify: Fastify + fast-jwt, one verifier per PEM: with fast-jwt's cache (10,000 entries) for the
 *              repeated token, without it for the rotation (a cache that never hits only costs);
 *   - floor:   node:http that reads the body and answers a fixed JSON, no parsing and no key check: what
 *              HTTP alone costs here, the ceiling of any node:http server (BENCH_FLOOR=0 leaves it out).
 * Each server runs in its own process (this script re-spawned with --serve), so RSS and CPU time are its
 * own. Besides requests per second, each server's CPU time per request (user + system, from /proc) is
 * reported: on a machine where the load generator competes for the cores, that is the server's own cost.
 * Its kernel part is shown apart: with the load generator on the same machine, writing an answer wakes
 * the load generator, and that costs a slower server more (the load generator is idle more often).
 * oidc-gate runs with its defaults (LOG_LEVEL info: one access line per request, appended to a file).
 *
 * Sized for a shared 2-core machine (the load generator takes one core): BENCH_DURATION (seconds of
 * load per server and scenario, default 30) split into BENCH_ROUNDS (default 6) interleaved slices;
 * BENCH_WARMUP (seconds per server and scenario, default 5; the rotation's warm-up also runs until every
 * token has been sent once, see main); BENCH_CONNECTIONS (default 32);
 * BENCH_TOKENS (distinct tokens of the rotation, default 20,000; signing them takes a few seconds).
 */
import { spawn } from 'node:child_process';
import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  API_KEY, REQUEST_HEADERS, cpuSeconds, loadAutocannon, rssMb, startGate, validationBodies,
  type AutocannonRequest, type Started,
} from './service-harness.ts';

const SELF = fileURLToPath(import.meta.url);

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

/** HTTP alone: the body is read and dropped, and every request gets the same small answer. */
function serveFloor(): void {
  const answer = JSON.stringify({ valid: true, findings: [] });
  const server = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function serveFastify(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { createVerifier } = await import('fast-jwt');
  type Verifier = (token: string) => Record<string, unknown>;
  const app = Fastify({ logger: false });
  // One route with fast-jwt's cache (the repeated token), one without (the rotation).
  for (const [path, cache] of [['/v1/validate/jwt', 10_000], ['/uncached/v1/validate/jwt', false]] as const) {
    const verifiers = new Map<string, Verifier>();
    app.post(path, async (request, reply) => {
      if (!authorised(request.headers.authorization)) return reply.code(401).send();
      const body = request.body as { token: string; policy: Policy };
      let verifier = verifiers.get(body.policy.public_key);
      if (verifier === undefined) {
        verifier = createVerifier({
          key: body.policy.public_key, algorithms: body.policy.allowed_algs as never, allowedIss: body.policy.issuer, allowedAud: body.policy.audiences, cache,
        }) as Verifier;
        verifiers.set(body.policy.public_key, verifier);
      }
      try {
        verifier(body.token);
        return { valid: true, findings: [] };
      } catch {
        return { valid: false, findings: [] };
      }
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` }));
}

// ---------------------------------------------------------------- driver

function startChild(name: string, args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (c: Buffer): void => {
      text += c.toString('utf8');
      const m = /"url":"([^"]+)"/.exec(text);
      if (m === null) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve({ name, url: m[1] as string, child });
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}): ${text}`)));
  });
}

interface Slice { requests: number; seconds: number; cpu: number; system: number; p50: number; p99: number; errors: number; non2xx: number }
/**
 * perCpu: requests per CPU-second of the server process, the throughput of one core whatever the load
 * generator manages; cpuUs: the same as µs of server CPU per request; systemUs: the kernel's part of it.
 */
interface Row { scenario: string; name: string; rps: number; perCpu: number; cpuUs: number; systemUs: number; p50: number; p99: number; rss: number[]; errors: number; non2xx: number; slices: Slice[] }

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** One scenario: what each server is sent, and the path each server takes it on. */
interface Scenario {
  name: 'repeated' | 'rotation';
  title: string;
  path(server: Started): string;
  /** Requests for autocannon; a rotation hands each request the next body of the list. */
  requests(server: Started, path: string): AutocannonRequest[];
  /** A body for the sanity check. */
  sample: string;
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_DURATION ?? 30);
  const warmup = Number(process.env.BENCH_WARMUP ?? 5);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  // The machine is shared: the servers take turns in short slices, so a burst of someone else's
  // load hurts all three alike instead of whichever happened to run at that moment.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
  const distinct = Number(process.env.BENCH_TOKENS ?? 20_000);
  const slice = seconds / rounds;
  const autocannon = await loadAutocannon();

  const bodyFor = validationBodies();
  const started = performance.now();
  const bodies = Array.from({ length: distinct }, (_, i) => bodyFor(i));
  console.log(`signed ${distinct} distinct RS256 tokens in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const repeatedBody = bodyFor(-1);
  const headers = REQUEST_HEADERS;

  const rotationAt = new Map<string, number>();
  const scenarios: Scenario[] = [
    {
      name: 'repeated',
      title: 'one token, repeated',
      path: () => '/v1/validate/jwt',
      requests: (_server, path) => [{ method: 'POST', path, headers, body: repeatedBody }],
      sample: repeatedBody,
    },
    {
      name: 'rotation',
      title: `${distinct.toLocaleString('en-US')} distinct tokens in turn`,
      path: (server) => (server.name === FASTIFY ? '/uncached/v1/validate/jwt' : '/v1/validate/jwt'),
      requests: (server, path) => {
        // One counter for every connection, kept per server from the warm-up through every slice: each
        // server sees the tokens go round in order, each once per lap. A counter that started again each
        // slice would send a slice shorter than the cache the tokens the slice before had just cached.
        const at = (next: number): string => {
          rotationAt.set(server.name, next + 1);
          return bodies[next % bodies.length] as string;
        };
        return [{ method: 'POST', path, headers, setupRequest: (req) => ({ ...req, body: at(rotationAt.get(server.name) ?? 0) }) }];
      },
      sample: bodies[0] as string,
    },
  ];

  const targets: Started[] = [
    await startGate(GATE),
    await startChild(BARE, [SELF, '--serve', 'bare'], {}),
    await startChild(FASTIFY, [SELF, '--serve', 'fastify'], {}),
  ];
  if (process.env.BENCH_FLOOR !== '0') targets.push(await startChild(FLOOR, [SELF, '--serve', 'floor'], {}));
  try {
    console.log(`POST /v1/validate/jwt, RS256, inline PEM policy; ${connections} connections; ${seconds} s of load per server and scenario `
      + `in ${rounds} interleaved slices, after ${warmup} s warm-up (the rotation's: at least one lap of its tokens); node ${process.version}`);
    const key = (scenario: Scenario, t: Started): string => `${scenario.name}\u0000${t.name}`;
    const slices = new Map<string, Slice[]>();
    const rss = new Map<string, number[]>(targets.map((t) => [t.name, [] as number[]]));
    for (const t of targets) {
      for (const scenario of scenarios) {
        const url = `${t.url}${scenario.path(t)}`;
        const check = await fetch(url, { method: 'POST', headers, body: scenario.sample });
        const answer = (await check.json()) as { valid: boolean };
        if (check.status !== 200 || answer.valid !== true) throw new Error(`${t.name}: sanity request failed (${check.status})`);
        if (warmup > 0) await autocannon({ url: t.url, connections, duration: warmup, requests: scenario.requests(t, scenario.path(t)) });
        // The rotation measures a server in its steady state: every token seen once, so oidc-gate's cache
        // is full and evicting (it holds half the tokens) and every request verifies. A warm-up shorter
        // than one lap would start measuring while the cache still fills.
        const sent = scenario.name === 'rotation' ? rotationAt.get(t.name) ?? 0 : distinct;
        if (sent < distinct) await autocannon({ url: t.url, connections, amount: Math.max(connections, distinct - sent), requests: scenario.requests(t, scenario.path(t)) });
        slices.set(key(scenario, t), []);
      }
      rss.get(t.name)?.push(rssMb(t.child.pid as number));
    }
    for (let round = 0; round < rounds; round++) {
      for (const scenario of round % 2 === 0 ? scenarios : [...scenarios].reverse()) {
        // Rotate the order of the servers every round.
        const order = targets.map((_, i) => targets[(i + round) % targets.length] as Started);
        for (const t of order) {
          const before = cpuSeconds(t.child.pid as number);
          const r = await autocannon({ url: t.url, connections, duration: slice, requests: scenario.requests(t, scenario.path(t)) });
          const after = cpuSeconds(t.child.pid as number);
          const system = after.system - before.system;
          const cpu = after.user - before.user + system;
          slices.get(key(scenario, t))?.push({ requests: r.requests.total, seconds: r.duration, cpu, system, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
          rss.get(t.name)?.push(rssMb(t.child.pid as number));
        }
      }
      process.stdout.write(`  round ${round + 1}/${rounds} done\n`);
    }
    const rows: Row[] = scenarios.flatMap((scenario) => targets.map((t) => {
      const s = slices.get(key(scenario, t)) ?? [];
      const total = (f: (x: Slice) => number): number => s.reduce((a, x) => a + f(x), 0);
      const requests = total((x) => x.requests);
      return {
        scenario: scenario.name,
        name: t.name,
        rps: Math.round(requests / total((x) => x.seconds)),
        perCpu: Math.round(requests / total((x) => x.cpu)),
        cpuUs: (total((x) => x.cpu) * 1e6) / requests,
        systemUs: (total((x) => x.system) * 1e6) / requests,
        p50: median(s.map((x) => x.p50)),
        p99: median(s.map((x) => x.p99)),
        rss: rss.get(t.name) ?? [],
        errors: total((x) => x.errors),
        non2xx: total((x) => x.non2xx),
        slices: s,
      };
    }));
    report(rows, scenarios);
  } finally {
    for (const t of targets) t.child.kill('SIGTERM');
  }
}

const GATE = 'oidc-gate';
const BARE = 'bare node:http';
const FASTIFY = 'fastify + fast-jwt';
const FLOOR = 'node:http floor (no work)';

function report(rows: Row[], scenarios: Scenario[]): void {
  const find = (scenario: string, name: string): Row => rows.find((r) => r.scenario === scenario && r.name === name) as Row;
  const ratio = (a: Row, b: Row): string => (a.rps / b.rps).toFixed(2);
  const cpuRatio = (a: Row, b: Row): string => (a.perCpu / b.perCpu).toFixed(2);
  console.log('\n| scenario | server | req/s | × bare | × fastify + fast-jwt | req per CPU-second | × bare | µs CPU per request | of it in the kernel | p50 ms | p99 ms | errors / non-2xx |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const scenario of scenarios) {
    for (const r of rows.filter((x) => x.scenario === scenario.name)) {
      const bare = find(scenario.name, BARE);
      const fastify = find(scenario.name, FASTIFY);
      console.log(`| ${scenario.title} | ${r.name} | ${r.rps} | ${ratio(r, bare)} | ${ratio(r, fastify)} | ${r.perCpu} | ${cpuRatio(r, bare)} | ${r.cpuUs.toFixed(1)} | ${r.systemUs.toFixed(1)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.non2xx} |`);
    }
  }
  console.log('\n| server | RSS MB after warm-up → after load (max) |');
  console.log('|---|---|');
  for (const name of rows.filter((r) => r.scenario === 'repeated').map((r) => r.name)) {
    const samples = find('repeated', name).rss;
    console.log(`| ${name} | ${samples[0]} → ${samples[samples.length - 1]} (${Math.max(...samples)}) |`);
  }
  const gateRss = find('repeated', GATE).rss;
  // Growth: the second half of the samples against the first half; after warm-up the heap should be flat.
  const half = Math.floor(gateRss.length / 2);
  const growth = Math.max(...gateRss.slice(half)) - Math.max(...gateRss.slice(0, Math.max(1, half)));
  console.log(`\noidc-gate RSS samples (MB): ${gateRss.join(', ')}`);
  const repeated = find('repeated', GATE);
  const rotation = find('rotation', GATE);
  const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  const repeatedRatio = repeated.rps / find('repeated', BARE).rps;
  const rotationRatio = rotation.rps / find('rotation', BARE).rps;
  const aheadOfFastify = rotation.rps > find('rotation', FASTIFY).rps;
  console.log(`repeated token: ${repeatedRatio.toFixed(2)}× bare (target ≥ 1.50) ${verdict(repeatedRatio >= 1.5)}; per CPU-second ${cpuRatio(repeated, find('repeated', BARE))}× bare`);
  console.log(`rotation: ${rotationRatio.toFixed(2)}× bare (target ≥ 0.85) ${verdict(rotationRatio >= 0.85)}; `
    + `${ratio(rotation, find('rotation', FASTIFY))}× fastify + fast-jwt (target > 1.00) ${verdict(aheadOfFastify)}; per CPU-second ${cpuRatio(rotation, find('rotation', BARE))}× bare`);
  // The same ratios slice by slice: each slice of a round ran beside the bare server's slice of that
  // round, so their spread is how far one run on this machine can be trusted.
  for (const scenario of scenarios) {
    const gate = find(scenario.name, GATE).slices;
    const bare = find(scenario.name, BARE).slices;
    const perSlice = (f: (x: Slice) => number): number[] => gate.map((g, i) => f(g) / f(bare[i] as Slice)).sort((a, b) => a - b);
    const rps = perSlice((x) => x.requests / x.seconds);
    const cpu = perSlice((x) => x.requests / x.cpu);
    const range = (xs: number[]): string => `${(xs[0] as number).toFixed(2)}–${(xs[xs.length - 1] as number).toFixed(2)}`;
    console.log(`${scenario.name}: oidc-gate × bare slice by slice: req/s ${range(rps)}, per CPU-second ${range(cpu)} (${gate.length} slices)`);
  }
  console.log(`oidc-gate max RSS ${Math.max(...gateRss)} MB (target < 200) ${verdict(Math.max(...gateRss) < 200)}, growth second half vs first half ${growth.toFixed(1)} MB`);
  const floor = rows.find((r) => r.scenario === 'repeated' && r.name === FLOOR);
  if (floor !== undefined) {
    // A server that did no work at all would still cost the floor: this is the most any node:http server can gain on bare.
    const bare = find('repeated', BARE);
    console.log(`HTTP floor: ${floor.cpuUs.toFixed(1)} µs CPU per request against bare's ${bare.cpuUs.toFixed(1)}: no node:http server can exceed ${(bare.cpuUs / floor.cpuUs).toFixed(2)}× bare per CPU-second`);
  }
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  const which = process.argv[serveIndex + 1];
  if (which === 'bare') serveBare();
  else if (which === 'floor') serveFloor();
  else await serveFastify();
} else {
  await main();
}
