import type { IncomingMessage } from 'node:http';
import type { Engine } from '../../engine/index.ts';
import { jsonReply } from '../http/reply.ts';
import { declaresBody } from '../http/request.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { Handler } from './handler.ts';
import { operationHandler } from './operation-route.ts';

/**
 * One endpoint: its path, the methods it answers (any other is 405 with `Allow`), whether it needs an
 * API key, and its handler. Shared concerns (request id, authentication, audit, deadlines) are the
 * request lifecycle's, around the handler, so a handler only answers.
 */
export interface Route {
  readonly url: string;
  readonly methods: readonly string[];
  readonly auth: boolean;
  /** The request carries a JSON body: any other media type is refused (415) before a byte of it is read. */
  readonly json: boolean;
  readonly handler: Handler;
}

export interface RouteDeps {
  engine: Engine;
  /** The audit log is on: operation handlers record fingerprints and finding codes. */
  auditing: boolean;
  /** The OpenAPI document, serialised once at start. */
  openapiJson: string;
  /** True once the service is draining: the health check says so. */
  draining: () => boolean;
  metrics: ServiceMetrics;
  /** METRICS_PUBLIC: GET /metrics answers without an API key. */
  metricsPublic: boolean;
}

/**
 * Every endpoint, by path: one per engine operation (POST, API key required), read from the engine's
 * operations table so a new operation is served without a change here; the two meta endpoints, which
 * answer without a key so that load balancers and clients can reach them; and the Prometheus metrics,
 * behind the key unless the operator made them public.
 */
export function buildRoutes(deps: RouteDeps): Map<string, Route> {
  const routes: Route[] = deps.engine.operations.map((operation) => ({
    url: operation.path,
    methods: [operation.method],
    auth: true,
    json: true,
    handler: operationHandler(operation, deps.engine, deps.auditing, deps.metrics),
  }));
  routes.push(
    {
      url: '/v1/openapi.json',
      methods: ['GET', 'HEAD'],
      auth: false,
      json: false,
      handler: { when: 'now', answer: (req) => jsonReply(200, deps.openapiJson, { 'cache-control': 'public, max-age=300', ...closeIfUnread(req) }) },
    },
    {
      url: '/healthz',
      methods: ['GET', 'HEAD'],
      auth: false,
      json: false,
      handler: {
        when: 'now',
        answer: (req) => (deps.draining()
          ? jsonReply(503, '{"status":"draining"}', closeIfUnread(req))
          : jsonReply(200, '{"status":"ok"}', closeIfUnread(req))),
      },
    },
    {
      url: '/metrics',
      methods: ['GET', 'HEAD'],
      auth: !deps.metricsPublic,
      json: false,
      handler: {
        when: 'later',
        answer: async (req) => {
          const body = await deps.metrics.render();
          return { kind: 'send', status: 200, contentType: deps.metrics.contentType, body, headers: closeIfUnread(req) };
        },
      },
    },
  );
  return new Map(routes.map((route) => [route.url, route]));
}

const NO_HEADERS: Record<string, string> = {};
const CLOSE: Record<string, string> = { connection: 'close' };

/** A body these endpoints do not read would keep the connection waiting for it: close instead. */
function closeIfUnread(req: IncomingMessage): Record<string, string> {
  return declaresBody(req) ? CLOSE : NO_HEADERS;
}
