import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from '../../engine/index.ts';
import { auditRecordOf, type AuditLog } from '../audit/audit.ts';
import type { ApiKeyAuthenticator } from '../auth/auth.ts';
import { isJsonContentType } from '../http/body.ts';
import { overdueAnswer } from '../http/deadline.ts';
import { internalError, refusal, writeAnswer, type Reply } from '../http/reply.ts';
import { openRequest, pathOf, type RequestState } from '../http/request.ts';
import { accessMembers } from '../log/access-line.ts';
import { describeFault, type Logger } from '../log/log.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import { buildRoutes } from './routes.ts';

export interface AppDeps {
  engine: Engine;
  auth: ApiKeyAuthenticator;
  audit: AuditLog;
  log: Logger;
  /** The OpenAPI document, serialised once at start. */
  openapiJson: string;
  /** Whole-request budget: body upload plus engine work. */
  requestTimeoutMs: number;
  metrics: ServiceMetrics;
  /** METRICS_PUBLIC: GET /metrics answers without an API key. */
  metricsPublic: boolean;
}

export interface App {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Requests received and not yet answered. */
  readonly inFlight: number;
  /** From now on every response closes its connection and /healthz reports draining. */
  startDrain(): void;
  /** Answer requests that overran the budget; called on an interval. */
  sweep(now: number): void;
}

/**
 * The request lifecycle around the route handlers: find the route (404, 405), check the API key (401)
 * and the media type (415), run the handler, write its answer once, and record it (audit line, access
 * log, metrics). Every request stays in the in-flight set until it is answered, so the sweep can answer
 * one that overran its budget and draining can wait for the rest.
 */
export function createApp(deps: AppDeps): App {
  const { auth, audit, log } = deps;
  const accessLog = log.enabled('info');
  const open = new Set<RequestState>();
  let draining = false;
  const { metrics } = deps;
  const routes = buildRoutes({
    engine: deps.engine,
    auditing: audit.enabled,
    openapiJson: deps.openapiJson,
    draining: () => draining,
    metrics,
    metricsPublic: deps.metricsPublic,
  });

  /** The one place an answer leaves: later answers for the same request (a handler after the sweep) are dropped. */
  function settle(state: RequestState, reply: Reply): void {
    if (state.phase === 'done') return;
    state.phase = 'done';
    open.delete(state);
    if (reply.kind === 'gone') {
      state.outcome = 'aborted';
      record(state, 0);
      return;
    }
    const res = state.res;
    if (res.writableEnded || res.destroyed) return;
    writeAnswer(res, reply, state.id, draining);
    if (reply.status >= 500) state.outcome = 'error';
    else if (reply.status >= 400) state.outcome = 'rejected';
    record(state, reply.status);
  }

  /** Every request, answered or abandoned: its audit line, its access log line and its metrics. */
  function record(state: RequestState, status: number): void {
    const seconds = (performance.now() - state.startedAt) / 1000;
    metrics.observeRequest(state.endpoint, status, seconds);
    if (audit.enabled) audit.write(auditRecordOf(state, status, Date.now()));
    if (accessLog) {
      log.infoMembers('request', accessMembers({
        requestId: state.id, endpoint: state.endpoint, status, outcome: state.outcome, durationMicros: Math.round(seconds * 1e6),
      }));
    }
  }

  function fault(state: RequestState, error: unknown): void {
    if (state.phase === 'done') return; // the sweep answered first
    log.error('unexpected fault', { request_id: state.id, endpoint: state.endpoint, ...describeFault(error) });
    settle(state, internalError(state.id));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = pathOf(req);
    const route = routes.get(path);
    const state = openRequest(req, res, route?.url);
    // No per-request 'close' listener: a request whose client left is still settled (or swept) and
    // removed then, and the listener costs more than it saves on every request.
    open.add(state);

    if (route === undefined) {
      settle(state, refusal('NOT_FOUND', 'No endpoint has this path. See GET /v1/openapi.json.'));
      return;
    }
    const method = req.method ?? 'GET';
    if (!route.methods.includes(method)) {
      const allow = route.methods.join(', ');
      settle(state, refusal('METHOD_NOT_ALLOWED', `This endpoint accepts ${allow}.`, { allow }));
      return;
    }
    if (route.auth) {
      const result = auth.check(req.headers.authorization);
      if (!result.ok) {
        settle(state, refusal('UNAUTHORIZED', result.detail, { 'www-authenticate': 'Bearer realm="oidc-gate"' }));
        return;
      }
      state.keyFingerprint = result.fingerprint;
    }
    if (route.json && !isJsonContentType(req.headers['content-type'])) {
      settle(state, refusal('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with "Content-Type: application/json".'));
      return;
    }
    const { handler } = route;
    let reply: Reply | undefined;
    try {
      if (handler.when === 'later') {
        handler.answer(req, state).then((r) => settle(state, r), (error: unknown) => fault(state, error));
        return;
      }
      reply = handler.answer(req);
    } catch (error) {
      fault(state, error);
      return;
    }
    settle(state, reply);
  }

  function sweep(now: number): void {
    // The overdue requests are listed first and answered after, so answering one can never change
    // which others are visited.
    const overdue: RequestState[] = [];
    for (const state of open) if (now - state.start >= deps.requestTimeoutMs) overdue.push(state);
    for (const state of overdue) {
      if (state.phase === 'done') continue;
      if (state.phase !== 'body') log.warn('request timed out', { request_id: state.id, endpoint: state.endpoint });
      settle(state, overdueAnswer(state, deps.requestTimeoutMs));
    }
  }

  return {
    handle,
    get inFlight() {
      return open.size;
    },
    startDrain() {
      draining = true;
    },
    sweep,
  };
}
