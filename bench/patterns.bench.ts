/**
 * npm run bench (last part): the cost of required_claim_patterns (§17, bounded cost).
 *
 * 1. What one match unit costs: StringLike patterns of the costliest shapes matched against adversarial
 *    values, in ns per unit of matchCost; the most costly shape sets what MATCH_WORK_BUDGET may be
 *    (the budget × the worst ns per unit must stay well under the 25 ms matching may take of a request).
 * 2. The worst request the validation budget accepts: a 16 KiB token (HS256, so the claim is as long as
 *    a token allows) whose claim every pattern must read, patterns of the costliest shapes up to the
 *    budget. CPU time per request of the engine's validateJwt (median of the runs), beside a plain
 *    request with the same token and no patterns, in the same process, rounds interleaved. Target: at
 *    most 50 ms of CPU.
 * 3. The request of issue 23 item 7 (40 patterns `*?aaaa…b*` against an 11,000-character claim,
 *    1.2 s of CPU before) is now refused up front.
 *
 *   npx node bench/patterns.bench.ts        (BENCH_RUNS to tune)
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createEngineContext } from '../src/engine/context.ts';
import { RequestInvalidError } from '../src/engine/errors.ts';
import { MATCH_WORK_BUDGET, MAX_TOKEN_LENGTH } from '../src/engine/schema/limits.ts';
import { compileStringLike, matchCost } from '../src/engine/trust/string-like.ts';
import { claimPatternsWork } from '../src/engine/validate/claim-patterns.ts';
import { validateJwt } from '../src/engine/validate/validate.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_MS = 50;
const NOW = 1_800_000_000;
const ISSUER = 'https://issuer.example.com/';
const AUDIENCE = 'api://bench';
const SECRET = randomBytes(32).toString('base64url');
const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function hs256(payload: Record<string, unknown>): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(input).digest('base64url')}`;
}

/** A token of at most `length` characters whose `sub` is `fill` repeated as often as fits. */
function tokenWithLongestSub(fill: string, length: number): { token: string; sub: string } {
  const payload = (n: number) => ({ iss: ISSUER, sub: fill.repeat(n), aud: AUDIENCE, iat: NOW - 60, exp: NOW + 3600 });
  let n = Math.floor((length * 3) / 4);
  while (hs256(payload(n)).length > length) n -= Math.max(1, Math.floor((hs256(payload(n)).length - length) / 2));
  const token = hs256(payload(n));
  return { token, sub: fill.repeat(n) };
}

// ---------------------------------------------------------------------------------------------------
// 1. ns per match unit, per pattern shape.

interface Shape {
  name: string;
  pattern: string;
  value: string;
}

const LONG = tokenWithLongestSub('a', MAX_TOKEN_LENGTH).sub;
const LONG_TWO_BYTE = '\u0100'.repeat(LONG.length);
const distinct = (n: number): string => Array.from({ length: n }, (_, i) => String.fromCharCode(0x100 * ((i % 254) + 1) + (i % 97))).join('');
const shapes: Shape[] = [
  { name: '`*aab*` (literal < 7: plain scan)', pattern: '*aab*', value: LONG },
  { name: '`*aaaaab*` (literal < 7: plain scan)', pattern: '*aaaaab*', value: LONG },
  { name: 'two-byte `*ĀĀā*` (plain scan)', pattern: '*\u0100\u0100\u0101*', value: LONG_TWO_BYTE },
  { name: '`*a{20}b*` (literal: Boyer-Moore)', pattern: `*${'a'.repeat(20)}b*`, value: LONG },
  { name: '`*a{127}b*` (longest literal for indexOf)', pattern: `*${'a'.repeat(127)}b*`, value: LONG },
  { name: '`*a{64}ba{64}*` (literal, 129: Shift-And)', pattern: `*${'a'.repeat(64)}b${'a'.repeat(64)}*`, value: LONG },
  { name: '`*a{600}ba{421}*` (literal, 1022: Shift-And)', pattern: `*${'a'.repeat(600)}b${'a'.repeat(421)}*`, value: LONG },
  { name: '`*?b*` (Shift-And, 1 word)', pattern: '*?b*', value: LONG },
  { name: '`*?a{30}b*` (Shift-And, 1 word)', pattern: `*?${'a'.repeat(30)}b*`, value: LONG },
  { name: '`*?a{31}b*` (Shift-And, 2 words)', pattern: `*?${'a'.repeat(31)}b*`, value: LONG },
  { name: '`*?a{94}b*` (Shift-And, 3 words)', pattern: `*?${'a'.repeat(94)}b*`, value: LONG },
  { name: '`*?a{198}b*` (Shift-And, 7 words)', pattern: `*?${'a'.repeat(198)}b*`, value: LONG },
  { name: '`*?a{1020}b*` (Shift-And, 32 words)', pattern: `*?${'a'.repeat(1020)}b*`, value: LONG },
  { name: 'two-byte `*?Ā{198}ā*` (Shift-And)', pattern: `*?${'\u0100'.repeat(198)}\u0101*`, value: LONG_TWO_BYTE },
  { name: '`*a*a*…*b*` (510 segments) on a^12k', pattern: `${'*a'.repeat(510)}*b*`, value: LONG },
  { name: '`*a*a*…*b*` (510 segments) on a^510', pattern: `${'*a'.repeat(510)}*b*`, value: 'a'.repeat(510) },
  { name: '`*a*a*…*b*` (510 segments) on a^200', pattern: `${'*a'.repeat(510)}*b*`, value: 'a'.repeat(200) },
  { name: '`*?*?*…` (200 segments) on a^12k', pattern: `${'*?a'.repeat(200)}*b*`, value: LONG },
  { name: 'tables: `*?`+1022 distinct chars on a^1024', pattern: `*?${distinct(1022)}*`, value: 'a'.repeat(1024) },
  { name: 'tables: `*`+511 × (`?`, distinct) on a^1024', pattern: `*${[...distinct(511)].map((c) => `?${c}`).join('')}*`, value: 'a'.repeat(1024) },
  { name: 'tables: `*`+31 `?`, 991 distinct on a^1024', pattern: `*${'?'.repeat(31)}${distinct(991)}*`, value: 'a'.repeat(1024) },
];

/** CPU milliseconds (user + system) since `before`. */
function cpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * ns per unit of one shape: CPU time of batches of fresh compiles and one match each (the search tables
 * are built at a pattern's first match, as in a request), batches of at least 5 ms, median of the runs.
 */
function nsPerUnit(shape: Shape): { ns: number; msPerMatch: number; weight: number } {
  const units = matchCost(shape.value.length, compileStringLike(shape.pattern));
  let sink = 0;
  const batch = (reps: number): number => {
    const patterns = Array.from({ length: reps }, () => compileStringLike(shape.pattern));
    const before = process.cpuUsage();
    for (const p of patterns) if (p.matches(shape.value)) sink++;
    return cpuMsSince(before) / reps;
  };
  batch(3);
  const reps = Math.max(3, Math.min(20_000, Math.ceil(5 / Math.max(batch(20), 1e-5))));
  batch(reps);
  const samples = Array.from({ length: RUNS }, () => batch(reps));
  if (sink < 0) console.log(sink);
  const ms = median(samples);
  return { ns: (ms * 1e6) / units, msPerMatch: ms, weight: compileStringLike(shape.pattern).weight };
}

console.log(`oidc-gate pattern bench: Node ${process.version}, ${RUNS} runs, medians; MATCH_WORK_BUDGET = ${MATCH_WORK_BUDGET.toLocaleString('en-US')} units\n`);
console.log('## 1. What a match unit costs\n');
console.log('| shape | value | weight | ms per match | ns per unit |');
console.log('|---|---:|---:|---:|---:|');
let worstShape = { name: '', ns: 0 };
for (const shape of shapes) {
  const r = nsPerUnit(shape);
  if (r.ns > worstShape.ns) worstShape = { name: shape.name, ns: r.ns };
  console.log(`| ${shape.name} | ${shape.value.length} | ${r.weight} | ${r.msPerMatch.toFixed(3)} | ${r.ns.toFixed(2)} |`);
}
const atBudgetMs = (MATCH_WORK_BUDGET * worstShape.ns) / 1e6;
// The bound counts every claim as long as the token; the longest claim a 16 KiB token holds is shorter.
const claimShare = LONG.length / MAX_TOKEN_LENGTH;
const reachableMs = atBudgetMs * claimShare;
console.log(`\nWorst: ${worstShape.name}, ${worstShape.ns.toFixed(2)} ns per unit. The budget of ${MATCH_WORK_BUDGET.toLocaleString('en-US')} units at that rate: ${atBudgetMs.toFixed(1)} ms were a claim as long as its token; `
  + `the longest claim a ${MAX_TOKEN_LENGTH}-character token holds is ${(100 * claimShare).toFixed(0)}% of it: ${reachableMs.toFixed(1)} ms (allowed for matching: 25 ms) ${reachableMs <= 25 ? 'ok' : 'OVER'}`);

// String#indexOf itself on adversarial needles: linear up to 250 characters, not past it.
console.log('\n### String#indexOf on adversarial needles (why a literal segment over 128 characters is searched bit-parallel)\n');
console.log('| needle | length | ns per value character | ns per value character per needle character |');
console.log('|---|---:|---:|---:|');
const HAYSTACK = 'a'.repeat(MAX_TOKEN_LENGTH);
for (const [name, needle] of [
  ['a{2}b', 'aab'],
  ['a{5}b', 'aaaaab'],
  ['a{126}b', `${'a'.repeat(126)}b`],
  ['a{249}b', `${'a'.repeat(249)}b`],
  ['a{10}ba{250}', `${'a'.repeat(10)}b${'a'.repeat(250)}`],
  ['a{500}ba{500}', `${'a'.repeat(500)}b${'a'.repeat(500)}`],
] as const) {
  let sink = 0;
  const reps = needle.length > 250 ? 3 : 50;
  const samples = Array.from({ length: RUNS }, () => {
    const before = process.cpuUsage();
    for (let i = 0; i < reps; i++) sink += HAYSTACK.indexOf(needle, i & 1);
    return cpuMsSince(before) / reps;
  });
  if (sink === 0) console.log(sink);
  const ns = (median(samples) * 1e6) / HAYSTACK.length;
  console.log(`| \`${name}\` | ${needle.length} | ${ns.toFixed(2)} | ${(ns / needle.length).toFixed(3)} |`);
}

// ---------------------------------------------------------------------------------------------------
// 2. The worst request the budget accepts.

const ctx = createEngineContext({ now: () => NOW * 1000 });
const { token, sub } = tokenWithLongestSub('a', MAX_TOKEN_LENGTH);
const policyBase = { issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['HS256'], secret: SECRET };
type Patterns = Record<string, string[]>;

/**
 * Patterns that reach the budget for this token: `pick(i)` patterns on `sub` (every one fails, so every
 * one reads the claim) while they fit, at most 100 (the schema's list limit), then one `*?a…b*` pattern
 * as long as the rest of the budget allows.
 */
function fill(pick: (i: number) => string): Patterns {
  const list: string[] = [];
  const work = () => claimPatternsWork({ sub: list }, token.length);
  while (list.length < 99) {
    list.push(pick(list.length));
    if (work() > MATCH_WORK_BUDGET) {
      list.pop();
      break;
    }
  }
  for (let length = 1020; length >= 1; length--) {
    list.push(`*?${'a'.repeat(length)}b*`);
    if (work() <= MATCH_WORK_BUDGET) break;
    list.pop();
  }
  return { sub: list };
}

const requests: [string, Patterns][] = [
  ['short literals `*a{k}b*` (indexOf, plain scan)', fill((i) => `*${'a'.repeat(1 + (i % 5))}b*`)],
  ['`*?aaaa…b*` (Shift-And, 32 words)', fill(() => `*?${'a'.repeat(1020)}b*`)],
  ['`*?aaaa…b*` of 200 characters (Shift-And, 7 words)', fill(() => `*?${'a'.repeat(198)}b*`)],
  ['`*a*a*a…*b*` and `*?aaaa…b*`, alternating', fill((i) => (i % 2 === 0 ? `${'*a'.repeat(510)}*b*` : `*?${'a'.repeat(1020)}b*`))],
  ['long literals `*a{64}ba{64}*` (Shift-And, 5 words)', fill(() => `*${'a'.repeat(64)}b${'a'.repeat(64)}*`)],
];

async function cpuPerRequest(body: () => unknown, expectValid: boolean): Promise<number> {
  // Enough requests for a few milliseconds of CPU, so the clock's resolution does not matter.
  const n = 5;
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const r = await validateJwt(body(), ctx);
    if (r.valid !== expectValid) throw new Error(`unexpected outcome: ${r.summary}`);
  }
  return cpuMsSince(before) / n;
}

console.log(`\n## 2. The worst request the budget accepts\n\nToken: ${token.length} characters (HS256), sub: ${sub.length} characters of "a"; every pattern fails, so every one reads the claim.\n`);
const plainBody = () => ({ token, policy: { ...policyBase } });
const bodies = requests.map(([name, patterns]) => {
  const work = claimPatternsWork(patterns, token.length);
  const body = () => ({ token, policy: { ...policyBase, required_claim_patterns: structuredClone(patterns) } });
  return { name, patterns, work, body };
});
// Warm-up: every request once (also proves none is refused).
await cpuPerRequest(plainBody, true);
for (const b of bodies) await cpuPerRequest(b.body, false);
const samples = new Map<string, number[]>([['plain', []], ...bodies.map((b): [string, number[]] => [b.name, []])]);
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? bodies : [...bodies].reverse();
  (samples.get('plain') as number[]).push(await cpuPerRequest(plainBody, true));
  for (const b of order) (samples.get(b.name) as number[]).push(await cpuPerRequest(b.body, false));
}
const plainMs = median(samples.get('plain') as number[]);
console.log('| request | patterns | work (units) | % of budget | CPU ms per request | × plain | ≤ 50 ms |');
console.log('|---|---:|---:|---:|---:|---:|---|');
console.log(`| plain, no patterns | 0 | 0 | 0 | ${plainMs.toFixed(2)} | 1.0 | ${plainMs <= TARGET_MS ? 'yes' : 'NO'} |`);
let worst = { name: '', ms: 0 };
for (const b of bodies) {
  const ms = median(samples.get(b.name) as number[]);
  if (ms > worst.ms) worst = { name: b.name, ms };
  const count = Object.values(b.patterns).reduce((s, l) => s + l.length, 0);
  console.log(`| ${b.name} | ${count} | ${b.work.toLocaleString('en-US')} | ${((100 * b.work) / MATCH_WORK_BUDGET).toFixed(1)} | ${ms.toFixed(2)} | ${(ms / plainMs).toFixed(1)} | ${ms <= TARGET_MS ? 'yes' : 'NO'} |`);
}
console.log(`\nWorst accepted: ${worst.name}: ${worst.ms.toFixed(2)} ms of CPU per request (plain: ${plainMs.toFixed(2)} ms, × ${(worst.ms / plainMs).toFixed(1)}); target ≤ ${TARGET_MS} ms: ${worst.ms <= TARGET_MS ? 'met' : 'MISSED'}`);

// ---------------------------------------------------------------------------------------------------
// 3. Issue 23 item 7: 40 patterns `*?aaaa…b*` against an 11,000-character claim.

const old = tokenWithLongestSub('a', MAX_TOKEN_LENGTH);
const oldToken = hs256({ iss: ISSUER, sub: 'a'.repeat(11_000), aud: AUDIENCE, iat: NOW - 60, exp: NOW + 3600 });
const oldPatterns = { sub: Array.from({ length: 40 }, () => `*?${'a'.repeat(1000)}b*`) };
const oldBody = { token: oldToken, policy: { ...policyBase, required_claim_patterns: oldPatterns } };
console.log(`\n## 3. Issue 23 item 7: 40 patterns \`*?aaaa…b*\` (1,003 characters) against an 11,000-character claim\n`);
const before = process.cpuUsage();
try {
  await validateJwt(oldBody, ctx);
  console.log('NOT REFUSED: the request was evaluated');
} catch (err) {
  if (!(err instanceof RequestInvalidError)) throw err;
  const ms = cpuMsSince(before);
  const e = err.errors[0];
  console.log(`Refused (422 REQUEST_INVALID) in ${ms.toFixed(2)} ms of CPU, ${claimPatternsWork(oldPatterns, oldToken.length).toLocaleString('en-US')} units for a ${oldToken.length}-character token:`);
  console.log(`  ${e?.pointer}: ${e?.message}`);
}
if (old.sub.length < 11_000) throw new Error('the bench token cannot hold an 11,000-character claim');
