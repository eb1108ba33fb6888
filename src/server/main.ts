import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  createEngineContext, createGuardedFetcher, discoverProvider, IssuerProfileError, lintOidcConfig, loadIssuerProfiles, validateJwt,
} from '../engine/index.ts';
import { createApp } from './app.ts';
import { openAudit } from './audit.ts';
import { ApiKeyAuthenticator, generateApiKey } from './auth.ts';
import { answerClientError } from './client-error.ts';
import { capConnections } from './connection-cap.ts';
import { HTTP_LIMITS } from './http-limits.ts';
import { createLogger, describeFault, redact, type Logger, type Sink } from './log.ts';
import { renderOpenApiDocument } from './openapi.ts';
import { parseSettings, StartupError, type ServerSettings } from './settings.ts';

export { StartupError } from './settings.ts';

export interface StartOptions {
  /** Where the audit log goes when AUDIT_LOG=stdout. Default process.stdout. */
  stdout?: Sink;
  /** Structured logs and the generated API key. Default process.stderr. */
  stderr?: Sink;
  /** Drain and exit on SIGTERM / SIGINT. Default true; in-process tests turn it off. */
  handleSignals?: boolean;
  /** Whole-request budget in ms. Default 10 000. */
  requestTimeoutMs?: number;
  /** How long close() waits for in-flight requests before cutting connections. Default 10 000. */
  drainTimeoutMs?: number;
  /** An extra CA (PEM) trusted for outbound JWKS and discovery fetches; NODE_EXTRA_CA_CERTS also works. */
  outboundCa?: string | Buffer;
  /** Clock for the engine (ms since the epoch). Default Date.now. */
  now?: () => number;
}

export interface RunningServer {
  /** http://host:port of the listening socket. */
  url: string;
  /** Stop accepting, let in-flight requests finish (bounded by drainTimeoutMs), then release everything. */
  close(): Promise<void>;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * How often deadlines are checked: Node's header deadline and the app's request budget. Node's own
 * default (30 s) would let a 10 s limit run to 40 s; this keeps every limit within half a second.
 */
const DEADLINE_CHECK_MS = 500;

/** At most one warning per this interval while connections are being refused, with a count. */
const REFUSAL_WARNING_INTERVAL_MS = 10_000;

/** Set by the primary for its workers, so a generated key is one key for the whole cluster. */
const GENERATED_KEY_ENV = 'OIDC_GATE_CLUSTER_API_KEY';

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Start the /v1 service from environment settings. Throws StartupError (one line, safe to print)
 * when a setting or an issuer profile is invalid. With WORKERS > 1 on the primary, forks workers
 * that re-run the entry script and share the port (node:cluster).
 */
export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  const settings = parseSettings(env);
  const stderr = options.stderr ?? process.stderr;
  const log = createLogger(stderr, settings.logLevel, cluster.isWorker ? { worker: cluster.worker?.id } : {});
  let keys = settings.apiKeys;
  if (keys.length === 0) {
    const inherited = cluster.isWorker ? env[GENERATED_KEY_ENV] : undefined;
    if (inherited !== undefined && inherited !== '') {
      keys = [inherited];
    } else {
      keys = [generateApiKey()];
      // The one place a key is ever written out, by design: the service never runs open, and the
      // operator needs the key to call it. Printed whatever LOG_LEVEL says.
      stderr.write(`${JSON.stringify({
        time: new Date().toISOString(),
        level: 'warn',
        msg: 'No API key is configured (API_KEYS / API_KEYS_FILE); generated one for this run. It is printed only once.',
        api_key: keys[0],
      })}\n`);
    }
  }
  if (settings.workers > 1 && cluster.isPrimary) {
    // Load profiles once here too, so an invalid profile stops the start with one message instead of N.
    await buildContext(settings, env, options);
    return startPrimary(settings, env, keys[0] as string, settings.apiKeys.length === 0, log, options);
  }
  return startSingle(settings, env, keys, log, options);
}

async function buildContext(settings: ServerSettings, env: Env, options: StartOptions) {
  const fetcherOptions: Parameters<typeof createGuardedFetcher>[0] = { allow: settings.outboundAllow };
  if (options.outboundCa !== undefined) fetcherOptions.ca = options.outboundCa;
  const fetcher = createGuardedFetcher(fetcherOptions);
  const ctx = createEngineContext(options.now === undefined ? { fetcher } : { fetcher, now: options.now });
  if (settings.profiles.json !== undefined || settings.profiles.file !== undefined) {
    try {
      ctx.profiles = loadIssuerProfiles({ ...settings.profiles, env, fetcher, now: ctx.now, keyCache: ctx.keyCache });
    } catch (error) {
      // The loader's messages name profile and field and never a configured value; anything else is redacted.
      if (error instanceof IssuerProfileError) throw new StartupError(error.message);
      throw new StartupError(`issuer profiles: ${redact(error instanceof Error ? error.message : String(error))}`);
    }
  }
  return ctx;
}

async function startSingle(settings: ServerSettings, env: Env, keys: string[], log: Logger, options: StartOptions): Promise<RunningServer> {
  const ctx = await buildContext(settings, env, options);
  const audit = await openAudit(settings.audit, options.stdout ?? process.stdout, (error) => {
    log.error('audit log write failed', { error: (error as NodeJS.ErrnoException).code ?? error.name });
  });
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = createApp({
    engine: { validateJwt, lintOidcConfig, discoverProvider },
    ctx,
    auth: new ApiKeyAuthenticator(keys),
    audit,
    log,
    openapiJson: renderOpenApiDocument(),
    requestTimeoutMs,
  });

  const server: Server = createServer({
    headersTimeout: HTTP_LIMITS.headersTimeoutMs,
    maxHeaderSize: HTTP_LIMITS.maxHeaderBytes,
    // The body deadline is the app's budget, counted from the headers (408 from the sweep). Node's
    // whole-request deadline is only a backstop behind it, for a request the sweep somehow missed.
    requestTimeout: HTTP_LIMITS.headersTimeoutMs + requestTimeoutMs + 2 * DEADLINE_CHECK_MS,
    connectionsCheckingInterval: DEADLINE_CHECK_MS,
    keepAliveTimeout: 5000,
  }, app.handle);
  let refused = 0;
  let lastRefusalWarning = 0;
  capConnections(server, settings.maxConnections, () => {
    refused++;
    const now = Date.now();
    if (now - lastRefusalWarning < REFUSAL_WARNING_INTERVAL_MS) return;
    log.warn('refusing connections: MAX_CONNECTIONS open connections reached', { max_connections: settings.maxConnections, refused });
    lastRefusalWarning = now;
    refused = 0;
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, HTTP_LIMITS));

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(new StartupError(`cannot listen on ${settings.host}:${settings.port} (${error.code ?? error.message})`));
    };
    server.once('error', onError);
    server.listen(settings.port, settings.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  server.on('error', (error) => log.error('server error', describeFault(error)));
  const url = urlOf(server.address() as AddressInfo);

  const sweeper = setInterval(() => app.sweep(Date.now()), Math.min(DEADLINE_CHECK_MS, Math.max(50, requestTimeoutMs / 4)));
  sweeper.unref();

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      app.startDrain();
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = Date.now() + (options.drainTimeoutMs ?? requestTimeoutMs);
      while (app.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      server.closeAllConnections();
      await stopped;
      clearInterval(sweeper);
      await audit.close();
      if (handleSignals) {
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
      }
      log.info('stopped');
    })();
    return closing;
  };

  const handleSignals = options.handleSignals ?? true;
  const onSignal = (signal: NodeJS.Signals): void => {
    log.info('draining', { signal, in_flight: app.inFlight });
    close().then(() => process.exit(0), () => process.exit(1));
  };
  if (handleSignals) {
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }

  log.info('listening', {
    url,
    api_keys: keys.length,
    issuer_profiles: settings.profiles.json !== undefined || settings.profiles.file !== undefined,
    audit: settings.audit.kind,
    max_connections: settings.maxConnections,
  });
  return { url, close };
}

function startPrimary(settings: ServerSettings, env: Env, firstKey: string, generated: boolean, log: Logger, options: StartOptions): Promise<RunningServer> {
  const workerEnv: Env = generated ? { [GENERATED_KEY_ENV]: firstKey } : {};
  let stopping = false;
  const workers = new Set<Worker>();
  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      log.error('worker exited; starting a replacement', { code, signal });
      fork();
    });
    return worker;
  };

  return new Promise<RunningServer>((resolve, reject) => {
    let listening = 0;
    let url = '';
    const onStartExit = (worker: Worker, code: number): void => {
      if (listening < settings.workers && !stopping) {
        stopping = true;
        for (const w of workers) w.process.kill('SIGTERM');
        reject(new StartupError(`a worker failed to start (exit code ${code}); see its message above`));
      }
      void worker;
    };
    cluster.on('exit', onStartExit);
    cluster.on('listening', (_worker, address) => {
      listening++;
      url ||= urlOf({ address: address.address ?? settings.host, port: address.port, family: address.addressType === 6 ? 'IPv6' : 'IPv4' });
      if (listening !== settings.workers) return;
      cluster.off('exit', onStartExit);
      let closing: Promise<void> | undefined;
      const close = (): Promise<void> => {
        closing ??= new Promise<void>((done) => {
          stopping = true;
          if (workers.size === 0) {
            done();
            return;
          }
          cluster.on('exit', () => {
            if (workers.size === 0) done();
          });
          for (const w of workers) w.process.kill('SIGTERM');
        });
        return closing;
      };
      if (options.handleSignals ?? true) {
        const onSignal = (signal: NodeJS.Signals): void => {
          log.info('draining workers', { signal });
          close().then(() => process.exit(0), () => process.exit(1));
        };
        process.once('SIGTERM', onSignal);
        process.once('SIGINT', onSignal);
      }
      log.info('cluster listening', { url, workers: settings.workers });
      resolve({ url, close });
    });
    for (let i = 0; i < settings.workers; i++) fork();
  });
}

/**
 * The process entry (src/server/index.ts, `oidc-gate serve`): start, or print one line and exit 1.
 * No stack trace: a start failure is a configuration problem, and its message says which.
 */
export async function runServer(env: Env, options: StartOptions = {}): Promise<RunningServer | undefined> {
  try {
    return await startServer(env, options);
  } catch (error) {
    const message = error instanceof StartupError
      ? error.message
      : `unexpected error during start: ${redact(error instanceof Error ? error.message : String(error))}`;
    (options.stderr ?? process.stderr).write(`oidc-gate: cannot start: ${message}\n`);
    process.exitCode = 1;
    return undefined;
  }
}
