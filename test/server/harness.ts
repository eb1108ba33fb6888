/**
 * Starts the real service in this process on port 0 and talks to it over real sockets.
 * Logs and the audit stream are captured so tests can read them.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { connect } from 'node:net';
import { startServer, type RunningServer, type StartOptions } from '../../src/server/main.ts';
import { NOW } from '../helpers/tokens.ts';

export const API_KEY = 'test-key-0123456789abcdef';
export const OTHER_KEY = 'second-key-fedcba9876543210';

export interface Captured {
  write(chunk: string): boolean;
  text(): string;
  lines(): Record<string, unknown>[];
}

export function capture(): Captured {
  let buf = '';
  return {
    write(chunk: string) {
      buf += chunk;
      return true;
    },
    text: () => buf,
    lines: () => buf.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export interface Harness {
  server: RunningServer;
  url: string;
  stderr: Captured;
  stdout: Captured;
  close(): Promise<void>;
}

export async function start(env: Record<string, string | undefined> = {}, options: StartOptions = {}): Promise<Harness> {
  const stderr = capture();
  const stdout = capture();
  const server = await startServer(
    { PORT: '0', API_KEYS: API_KEY, LOG_LEVEL: 'info', ...env },
    { stderr, stdout, handleSignals: false, now: () => NOW * 1000, ...options },
  );
  return { server, url: server.url, stderr, stdout, close: () => server.close() };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export async function call(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; key?: string | null } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key !== null) headers.authorization ??= `Bearer ${init.key ?? API_KEY}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A raw HTTP/1.1 exchange: bytes in, everything the server sends until it closes (or timeoutMs). */
export function raw(url: string, request: string | Buffer, timeoutMs = 5000): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('utf8'));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    socket.write(request);
  });
}

/** Validators for the document's own component schemas, built from what the server serves. */
export class Contract {
  readonly #ajv: Ajv2020;
  readonly #cache = new Map<string, ValidateFunction>();

  constructor(document: object) {
    // The document is not itself a schema, hence strict: false; formats are not what is under test.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    this.#ajv.addSchema(document, 'openapi.json');
  }

  static async load(url: string): Promise<Contract> {
    const reply = await call(`${url}/v1/openapi.json`, { key: null });
    return new Contract(reply.json as object);
  }

  /** Throws with the ajv errors when value does not match components.schemas[name]. */
  assert(name: string, value: unknown): void {
    let v = this.#cache.get(name);
    if (v === undefined) {
      v = this.#ajv.getSchema(`openapi.json#/components/schemas/${name}`);
      if (v === undefined) throw new Error(`no schema ${name}`);
      this.#cache.set(name, v);
    }
    if (!v(value)) throw new Error(`${name} mismatch: ${JSON.stringify(v.errors)}\n${JSON.stringify(value)}`);
  }

  /** A problem+json reply with this status and code, checked against the Problem schema. */
  problem(reply: Reply, status: number, code: string): Record<string, unknown> {
    if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${reply.text}`);
    if (!(reply.headers.get('content-type') ?? '').startsWith('application/problem+json')) {
      throw new Error(`expected problem+json, got ${reply.headers.get('content-type')}`);
    }
    this.assert('Problem', reply.json);
    const body = reply.json as Record<string, unknown>;
    if (body.code !== code || body.status !== status) throw new Error(`expected code ${code}, got ${JSON.stringify(body)}`);
    return body;
  }
}

export interface Spawned {
  url: string;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Start an entry script (src/server/index.ts, `src/cli/index.ts serve`, or a bundle) as its own process
 * and wait for it to listen.
 */
export async function spawnServer(entry: string, env: Record<string, string>, timeoutMs = 20_000, args: readonly string[] = []): Promise<Spawned> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [entry, ...args], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', API_KEYS: API_KEY, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), timeoutMs);
    const check = (): void => {
      const m = /"msg":"(?:cluster )?listening".*?"url":"([^"]+)"/.exec(err);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stderr.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${err}`));
    });
  });
  return {
    url,
    pid: child.pid as number,
    stdout: () => out,
    stderr: () => err,
    exited,
    kill: (signal = 'SIGTERM') => void child.kill(signal),
  };
}
