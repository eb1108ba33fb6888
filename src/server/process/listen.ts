import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Engine } from '../../engine/index.ts';
import { createApp } from '../app/app.ts';
import { renderOpenApiDocument } from '../app/openapi.ts';
import { openAudit } from '../audit/audit.ts';
import { ApiKeyAuthenticator } from '../auth/auth.ts';
import { StartupError, type ServerSettings } from '../config/settings.ts';
import type { RunningServer, StartOptions } from '../config/start-options.ts';
import { urlOf } from '../http/address.ts';
import { answerClientError } from '../http/client-error.ts';
import { capConnections } from '../http/connection-cap.ts';
import { HTTP_LIMITS } from '../http/http-limits.ts';
import { accessMembers } from '../log/access-line.ts';
import { describeFault, type Logger } from '../log/log.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { exitOnSignals } from './signals.ts';

/** How much longer than the request budget a socket may sit with no traffic before it is closed. */
const IDLE_GRACE_MS = 5_000;

const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** How requests Node's parser refused (or that timed out before their headers were complete) are logged and counted. */
const UNPARSED_ENDPOINT = '(unparsed request)';

/**
 * How often deadlines are checked: Node's header deadline and the app's request budget. Node's own
 * default (30 s) would let a 10 s limit run to 40 s; this keeps every limit within half a second.
 */
const DEADLINE_CHECK_MS = 500;

/** At most one warning per this interval while connections are being refused, with a count. */
const REFUSAL_WARNING_INTERVAL_MS = 10_000;

/**
 * One process serving HTTP: the app on a Node server with the HTTP limits, the connection cap and the
 * deadline sweep, until close() drains it. Throws StartupError when the audit file cannot be opened
 * or the address cannot be bound.
 */
export async function listen(settings: ServerSettings, engine: Engine, keys: string[], log: Logger, options: StartOptions): Promise<RunningServer> {
  const audit = await openAudit(settings.audit, options.stdout ?? process.stdout, (error) => {
    log.error('audit log write failed', { error: (error as NodeJS.ErrnoException).code ?? error.name });
  });
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // Each worker of a cluster counts its own requests; a scrape of any worker shows every worker's series.
  const metrics = createMetrics(engine.services, cluster.isWorker ? { worker: cluster.worker?.id ?? 0 } : {});
  const app = createApp({
    engine,
    auth: new ApiKeyAuthenticator(keys),
    audit,
    log,
    openapiJson: renderOpenApiDocument(),
    requestTimeoutMs,
    metrics,
    metricsPublic: settings.metricsPublic,
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
  // The deadlines above watch requests, not answers: a client that pipelines requests and never reads
  // what comes back would otherwise hold its socket (and a MAX_CONNECTIONS slot) for good. A socket with
  // no traffic either way for longer than the whole-request budget (plus grace) is closed. A request the
  // engine is still working on is answered by the sweep at the budget, so a live request never idles this long.
  server.setTimeout(requestTimeoutMs + IDLE_GRACE_MS);
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
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const requestId = randomUUID();
    const status = answerClientError(error, socket, HTTP_LIMITS, requestId);
    if (status === undefined) return;
    // Bytes that never became a request: nothing of them is logged, not even the path.
    metrics.observeRequest(UNPARSED_ENDPOINT, status, 0);
    log.infoMembers('request', accessMembers({ requestId, endpoint: UNPARSED_ENDPOINT, status, outcome: 'rejected' }));
  });

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

  let stopSignals: (() => void) | undefined;
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
      stopSignals?.();
      log.info('stopped');
      log.flush();
    })();
    return closing;
  };
  if (options.handleSignals ?? true) {
    stopSignals = exitOnSignals((signal) => log.info('draining', { signal, in_flight: app.inFlight }), close);
  }

  log.info('listening', {
    url,
    api_keys: keys.length,
    issuer_profiles: settings.profiles.json !== undefined || settings.profiles.file !== undefined,
    audit: settings.audit.kind,
    max_connections: settings.maxConnections,
    verify_cache_size: settings.verifyCacheSize,
    metrics_public: settings.metricsPublic,
  });
  // Written now, not with the next batch: whoever started the service reads this line to know it is up.
  log.flush();
  return { url, close };
}
