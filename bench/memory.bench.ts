/**
 * `npm run bench:memory`: oidc-gate's resident memory under sustained load, with Node's defaults and with
 * the young generation capped (`--max-semi-space-size`, what the README's deployment section suggests).
 * Under a high allocation rate V8 grows its young generation (new objects live there until a scavenge)
 * step by step up to its maximum, and RSS follows; the old generation, where the caches live, stays
 * small. The two servers take turns in slices of distinct-token load (20,000 RS256 tokens in turn, twice
 * what the verification cache holds, so every request verifies and fills the cache), so a burst of
 * someone else's load on this shared machine hits both alike, and each one's throughput and CPU time per
 * request show what the cap costs.
 *
 * BENCH_DURATION: seconds of load per server (default 120; the young generation of the uncapped server
 * took about 40 s to reach its largest size here); BENCH_SLICE: seconds per slice (default 10);
 * BENCH_SEMI_SPACE_MB: the cap (default 16); BENCH_CONNECTIONS (default 32); BENCH_TOKENS (default 20,000).
 */
import {
  REQUEST_HEADERS, cpuSeconds, loadAutocannon, rssMb, startGate, validationBodies, type Started,
} from './service-harness.ts';

interface Sample { rss: number; youngMb: number; heapUsedMb: number; oldUsedMb: number }
interface Tally { requests: number; seconds: number; cpu: number; samples: Sample[] }

/** The V8 heap as the service's own /metrics reports it (prom-client's default Node.js metrics). */
async function heapOf(server: Started): Promise<Omit<Sample, 'rss'>> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: REQUEST_HEADERS })).text();
  const mb = (name: string): number => {
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return Math.round((Number(line?.split(' ')[1] ?? Number.NaN) / 1048576) * 10) / 10;
  };
  return {
    youngMb: mb('nodejs_heap_space_size_total_bytes{space="new"}'),
    heapUsedMb: mb('nodejs_heap_size_used_bytes'),
    oldUsedMb: mb('nodejs_heap_space_size_used_bytes{space="old"}'),
  };
}

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_DURATION ?? 120);
  const slice = Number(process.env.BENCH_SLICE ?? 10);
  const semiSpaceMb = Number(process.env.BENCH_SEMI_SPACE_MB ?? 16);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  const distinct = Number(process.env.BENCH_TOKENS ?? 20_000);
  const autocannon = await loadAutocannon();

  const bodyFor = validationBodies();
  const bodies = Array.from({ length: distinct }, (_, i) => bodyFor(i));
  const servers = [
    await startGate('oidc-gate, Node defaults'),
    await startGate(`oidc-gate, --max-semi-space-size=${semiSpaceMb}`, [`--max-semi-space-size=${semiSpaceMb}`]),
  ];
  const tallies = new Map<string, Tally>(servers.map((s) => [s.name, { requests: 0, seconds: 0, cpu: 0, samples: [] }]));
  const next = new Map<string, number>();
  try {
    console.log(`POST /v1/validate/jwt, ${distinct.toLocaleString('en-US')} distinct RS256 tokens in turn, ${connections} connections; `
      + `${seconds} s of load per server in ${slice} s slices, taking turns; node ${process.version}`);
    const sample = async (server: Started): Promise<void> => {
      tallies.get(server.name)?.samples.push({ rss: rssMb(server.child.pid as number), ...(await heapOf(server)) });
    };
    for (const server of servers) await sample(server);
    for (let round = 0; round * slice < seconds; round++) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const requests = [{
          method: 'POST' as const, path: '/v1/validate/jwt', headers: REQUEST_HEADERS,
          setupRequest: (req: { body?: string }) => {
            const at = next.get(server.name) ?? 0;
            next.set(server.name, at + 1);
            return { ...req, body: bodies[at % bodies.length] as string };
          },
        }];
        const before = cpuSeconds(server.child.pid as number);
        const r = await autocannon({ url: server.url, connections, duration: slice, requests });
        const after = cpuSeconds(server.child.pid as number);
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${server.name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
        const tally = tallies.get(server.name) as Tally;
        tally.requests += r.requests.total;
        tally.seconds += r.duration;
        tally.cpu += after.user - before.user + after.system - before.system;
        await sample(server);
      }
      process.stdout.write(`  ${Math.min(seconds, (round + 1) * slice)} s of ${seconds} done\n`);
    }
    report(servers, tallies);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
  }
}

function report(servers: Started[], tallies: Map<string, Tally>): void {
  const base = tallies.get(servers[0]?.name as string) as Tally;
  console.log('\n| server | req/s | × defaults | µs CPU per request | RSS MB: start → end (max) | young generation MB (max) | heap used MB at end | old generation used MB at end |');
  console.log('|---|---:|---:|---:|---|---:|---:|---:|');
  for (const server of servers) {
    const t = tallies.get(server.name) as Tally;
    const rss = t.samples.map((s) => s.rss);
    const last = t.samples[t.samples.length - 1] as Sample;
    const rps = t.requests / t.seconds;
    console.log(`| ${server.name} | ${Math.round(rps)} | ${(rps / (base.requests / base.seconds)).toFixed(2)} | ${((t.cpu * 1e6) / t.requests).toFixed(1)} `
      + `| ${rss[0]} → ${rss[rss.length - 1]} (${Math.max(...rss)}) | ${Math.max(...t.samples.map((s) => s.youngMb))} | ${last.heapUsedMb} | ${last.oldUsedMb} |`);
  }
  for (const server of servers) {
    const t = tallies.get(server.name) as Tally;
    console.log(`\n${server.name}: RSS after each slice (MB): ${t.samples.map((s) => s.rss).join(', ')}`);
    console.log(`${server.name}: young generation after each slice (MB): ${t.samples.map((s) => s.youngMb).join(', ')}`);
  }
}

await main();
