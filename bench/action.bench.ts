/**
 * `npm run bench:action`: the action bundle (dist/index.js) as the runner starts it, offline.
 *   1. the largest run the gate accepts: a generated repository of 400 config files holding 1,000
 *      entries (400 providers, 200 profiles, 400 sample tokens; a run holds at most 1,000), target < 3 s wall;
 *   2. cold start on one small config file (target < 300 ms).
 * Medians of several runs. Needs the bundle: `npm run bundle` first (or OIDC_GATE_DIST=<dir> for another build).
 */
import { spawnSync } from 'node:child_process';
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');
// OIDC_GATE_DIST measures a bundle built elsewhere (as the test harness reads it), leaving dist/ alone.
const BUNDLE = path.join(process.env.OIDC_GATE_DIST ?? path.join(ROOT, 'dist'), 'index.js');
const FILES = 400;
const RUNS_LARGE = 5;
const RUNS_COLD = 9;

if (!existsSync(BUNDLE)) {
  console.error(`${BUNDLE} is missing: run \`npm run bundle\` first.`);
  process.exit(1);
}

const b64 = (v: string | Buffer): string => Buffer.from(v).toString('base64url');
const ISSUER = 'https://id.bench.example';
const AT = '2026-01-01T00:10:00Z';
const IAT = Date.parse('2026-01-01T00:00:00Z') / 1000;
const SECRET = 'bench-hmac-secret-0123456789abcdef0123456789abcdef';
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString().trimEnd();

function token(i: number): string {
  const payload = b64(JSON.stringify({ iss: ISSUER, aud: `api://svc-${i}`, sub: `svc-${i}`, iat: IAT, exp: IAT + 3600 }));
  if (i % 2 === 0) {
    const input = `${b64(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${payload}`;
    return `${input}.${b64(sign('sha256', Buffer.from(input), rsa.privateKey))}`;
  }
  const input = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${payload}`;
  return `${input}.${b64(createHmac('sha256', SECRET).update(input).digest())}`;
}

/** One provider and one sample per file; half the samples use an inline RSA policy, half a profile. */
function configFile(i: number): string {
  const sample = i % 2 === 0
    ? `    policy:\n      issuer: ${ISSUER}\n      audiences: [api://svc-${i}]\n      allowed_algs: [RS256]\n      public_key: |\n${pem.split('\n').map((l) => `        ${l}`).join('\n')}\n`
    : `    issuer_profile_id: svc-${i}\n`;
  const profile = i % 2 === 0 ? '' : `profiles:\n  - id: svc-${i}\n    issuer: ${ISSUER}\n    audiences: [api://svc-${i}]\n    allowed_algs: [HS256]\n    secret: ${SECRET}\n`;
  return `providers:
  - name: svc-${i}
    issuer: ${ISSUER}
    client_id: client-${i}
    audiences: [api://svc-${i}]
    jwks_uri: ${ISSUER}/jwks
    redirect_uris: [https://svc-${i}.bench.example/callback]
    alg_policy: { allowed_algs: [RS256] }
${profile}tokens:
  - name: sample-${i}
    token_file: ../../../tokens/${i}.jwt
    at: ${AT}
${sample}`;
}

function repository(files: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'oidc-gate-bench-'));
  for (let i = 0; i < files; i++) {
    const group = path.join(dir, '.github/oidc-gate', `team-${Math.floor(i / 100)}`);
    mkdirSync(group, { recursive: true });
    mkdirSync(path.join(dir, 'tokens'), { recursive: true });
    writeFileSync(path.join(group, `svc-${i}.yml`), configFile(i));
    writeFileSync(path.join(dir, 'tokens', `${i}.jwt`), `${token(i)}\n`);
  }
  return dir;
}

const inputs = (parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> }).inputs;

function runOnce(dir: string): { ms: number; status: number | null; outputs: string } {
  const output = path.join(dir, 'github-output');
  writeFileSync(output, '');
  writeFileSync(path.join(dir, 'summary.md'), '');
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, GITHUB_WORKSPACE: dir, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md') };
  for (const [name, spec] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = spec.default ?? '';
  env.INPUT_NETWORK = 'false';
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BUNDLE], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, status: r.status, outputs: readFileSync(output, 'utf8') };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function measure(label: string, dir: string, runs: number, targetMs: number): boolean {
  const first = runOnce(dir);
  // The whole run must have worked, or its time means nothing.
  if (first.status !== 0 || !/^valid<<.*\ntrue\n/m.test(first.outputs)) {
    console.error(`${label}: the action did not pass (exit ${first.status}):\n${first.outputs}`);
    return false;
  }
  const times = [first.ms];
  for (let i = 1; i < runs; i++) times.push(runOnce(dir).ms);
  const m = median(times);
  console.log(`${label}: median ${m.toFixed(0)} ms over ${runs} runs (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); target < ${targetMs} ms ${m < targetMs ? 'OK' : 'MISSED'}`);
  return m < targetMs;
}

const large = repository(FILES);
const small = repository(1);
try {
  console.log(`node ${process.version}, bundle ${path.relative(ROOT, BUNDLE)}`);
  const a = measure(`${FILES} config files, ${FILES} sample tokens, offline`, large, RUNS_LARGE, 3000);
  const b = measure('cold start, 1 small config file, offline', small, RUNS_COLD, 300);
  process.exitCode = a && b ? 0 : 1;
} finally {
  rmSync(large, { recursive: true, force: true });
  rmSync(small, { recursive: true, force: true });
}
