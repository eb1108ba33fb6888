/**
 * What the service benches share: the requests they send (RS256 tokens with an inline PEM policy),
 * starting oidc-gate as its own process, and reading a process's CPU time and resident memory from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_KEY = 'bench-api-key-0123456789abcdef';
export const ISSUER = 'https://issuer.example.com';
export const AUDIENCE = 'api://bench';
export const REQUEST_HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` };
const SERVER_ENTRY = fileURLToPath(new URL('../src/server/index.ts', import.meta.url));

export interface Started { name: string; url: string; child: ChildProcess }

/**
 * Request bodies for POST /v1/validate/jwt: an RS256 token (jti `t-<n>`, valid for a day) and the policy
 * carrying the issuer's PEM, the way a caller with an inline key sends them. One key for every body.
 */
export function validationBodies(): (jti: number) => string {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const now = Math.floor(Date.now() / 1000);
  const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const header = enc({ alg: 'RS256', typ: 'JWT' });
  return (jti) => {
    const input = `${header}.${enc({ iss: ISSUER, sub: 'bench', aud: AUDIENCE, jti: `t-${jti}`, iat: now - 10, nbf: now - 10, exp: now + 24 * 3600 })}`;
    const token = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
    return JSON.stringify({ token, policy: { public_key: pem, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'] } });
  };
}

function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * oidc-gate with its defaults on a free port (node options, if any, go before the entry script), its
 * stderr (the JSON log, one access line per request) appended to a file, as a log collector would take
 * it: a pipe drained by the bench would bill the reading to the load generator, which shares the machine.
 */
export async function startGate(name: string, nodeOptions: string[] = []): Promise<Started> {
  const port = await freePort();
  const logDir = mkdtempSync(path.join(tmpdir(), 'oidc-gate-bench-'));
  const log = openSync(path.join(logDir, 'stderr.jsonl'), 'a');
  const child = spawn(process.execPath, [...nodeOptions, SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), API_KEYS: API_KEY, LOG_LEVEL: 'info', AUDIT_LOG: 'off', WORKERS: '1' },
    stdio: ['ignore', 'ignore', log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { name, url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`oidc-gate did not start; see ${logDir}/stderr.jsonl`);
}

/** CPU seconds the process has used so far in user space and in the kernel, from /proc (clock ticks of 10 ms). */
export function cpuSeconds(pid: number): { user: number; system: number } {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The part of autocannon's API the benches use (it ships no types). */
export interface AutocannonResult {
  requests: { total: number; average: number };
  duration: number;
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
export interface AutocannonRequest { method: 'POST'; path: string; headers: Record<string, string>; body?: string; setupRequest?: (req: { body?: string }) => { body?: string } }
/** `amount`, when given, is a number of requests to send instead of a duration. */
export type Autocannon = (options: { url: string; connections: number; duration?: number; amount?: number; requests: AutocannonRequest[] }) => Promise<AutocannonResult>;

export async function loadAutocannon(): Promise<Autocannon> {
  return ((await import('autocannon' as string)) as { default: Autocannon }).default;
}
