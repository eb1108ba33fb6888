import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  isEngineError, type DiscoverResponse, type EngineContext, type Finding, type LintResponse, type ValidateResponse,
} from '../engine/index.ts';
import { tokenFingerprint } from '../engine/fingerprint.ts';
import type { AuditLog } from './audit.ts';
import type { ApiKeyAuthenticator } from './auth.ts';
import { isJsonContentType, MAX_BODY_BYTES, parseJsonBody, readBody } from './body.ts';
import { describeFault, type Logger } from './log.ts';
import { problem, problemFromEngineError, type Problem, type ProblemCode } from './problem.ts';
import { looksLikeJwt } from './settings.ts';

export interface Engine {
  validateJwt(body: unknown, ctx: EngineContext): Promise<ValidateResponse>;
  lintOidcConfig(body: unknown, ctx: EngineContext): Promise<LintResponse>;
  discoverProvider(body: unknown, ctx: EngineContext): Promise<DiscoverResponse>;
}

export interface AppDeps {
  engine: Engine;
  ctx: EngineContext;
  auth: ApiKeyAuthenticator;
  audit: AuditLog;
  log: Logger;
  /** The OpenAPI document, serialised once at start. */
  openapiJson: string;
  /** Whole-request budget: body upload plus engine work. */
  requestTimeoutMs: number;
}

type EngineCall = 'validate' | 'lint' | 'discover';

interface Route {
  methods: readonly string[];
  auth: boolean;
  call?: EngineCall;
}

const ROUTES = new Map<string, Route>([
  ['/v1/validate/jwt', { methods: ['POST'], auth: true, call: 'validate' }],
  ['/v1/lint/oidc-config', { methods: ['POST'], auth: true, call: 'lint' }],
  ['/v1/providers/discover', { methods: ['POST'], auth: true, call: 'discover' }],
  ['/v1/openapi.json', { methods: ['GET', 'HEAD'], auth: false }],
  ['/healthz', { methods: ['GET', 'HEAD'], auth: false }],
]);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface RequestState {
  id: string;
  start: number;
  endpoint: string;
  phase: 'body' | 'engine' | 'done';
  keyFingerprint: string | null;
  tokenFingerprint: string | null;
  findingCodes: string[];
  outcome: string;
  res: ServerResponse;
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

export function createApp(deps: AppDeps): App {
  const { engine, ctx, auth, audit, log } = deps;
  const open = new Set<RequestState>();
  let draining = false;

  function finish(state: RequestState, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
    if (state.phase === 'done') return;
    state.phase = 'done';
    open.delete(state);
    const res = state.res;
    if (res.writableEnded || res.destroyed) return;
    const h: Record<string, string | number> = {
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-request-id': state.id,
      ...headers,
    };
    if (draining) h.connection = 'close';
    res.writeHead(status, h);
    res.end(body);
    if (status >= 500) state.outcome = 'error';
    else if (status >= 400) state.outcome = 'rejected';
    record(state, status);
  }

  function record(state: RequestState, status: number): void {
    if (audit.enabled) {
      audit.write({
        time: new Date().toISOString(),
        request_id: state.id,
        endpoint: state.endpoint,
        api_key_fingerprint: state.keyFingerprint,
        outcome: state.outcome,
        status,
        finding_codes: state.findingCodes,
        token_fingerprint: state.tokenFingerprint,
        duration_ms: Date.now() - state.start,
      });
    }
    if (log.enabled('debug')) log.debug('request', { request_id: state.id, endpoint: state.endpoint, status, duration_ms: Date.now() - state.start });
  }

  function sendProblem(state: RequestState, p: Problem, headers: Record<string, string> = {}): void {
    finish(state, p.status, 'application/problem+json', JSON.stringify(p), headers);
  }

  /** A response sent before the body was read: close the connection instead of draining an unread upload. */
  function refuse(state: RequestState, code: ProblemCode, detail: string, headers: Record<string, string> = {}): void {
    sendProblem(state, problem(code, detail), { connection: 'close', ...headers });
  }

  async function runEngine(call: EngineCall, body: unknown, state: RequestState): Promise<string> {
    // Fingerprints and code lists exist only for the audit line: not computed when it is off.
    const auditing = audit.enabled;
    if (call === 'validate') {
      const token = (body as { token?: unknown } | null)?.token;
      if (auditing && typeof token === 'string') state.tokenFingerprint = tokenFingerprint(token);
      const result = await engine.validateJwt(body, ctx);
      state.outcome = result.valid ? 'valid' : 'invalid';
      if (auditing) {
        state.findingCodes = codesOf(result.findings, result.metadata?.warnings);
        result.metadata = { ...result.metadata, request_id: state.id };
      }
      return JSON.stringify(result);
    }
    const result = call === 'lint' ? await engine.lintOidcConfig(body, ctx) : await engine.discoverProvider(body, ctx);
    state.outcome = result.valid ? 'valid' : 'invalid';
    if (auditing) state.findingCodes = codesOf(result.findings);
    return JSON.stringify(result);
  }

  async function handlePost(req: IncomingMessage, state: RequestState, call: EngineCall): Promise<void> {
    if (!isJsonContentType(req.headers['content-type'])) {
      refuse(state, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with "Content-Type: application/json".');
      return;
    }
    const read = await readBody(req);
    if (state.phase === 'done') return;
    if (read.kind === 'too_large') {
      refuse(state, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
      return;
    }
    if (read.kind === 'aborted') {
      // Nobody to answer, but the attempt is still one audit line (status 0: no response sent).
      state.phase = 'done';
      open.delete(state);
      state.outcome = 'aborted';
      record(state, 0);
      return;
    }
    if (read.kind === 'not_utf8') {
      sendProblem(state, problem('REQUEST_INVALID', 'The request body is not valid UTF-8.', { errors: [{ pointer: '', message: 'the request body is not valid UTF-8' }] }));
      return;
    }
    const parsed = parseJsonBody(read.text);
    if (!parsed.ok) {
      const errors = [{ pointer: parsed.pointer, message: parsed.message }];
      sendProblem(state, problem('REQUEST_INVALID', `${parsed.message[0]?.toUpperCase() ?? ''}${parsed.message.slice(1)}.`, { errors }));
      return;
    }
    state.phase = 'engine';
    let body: string;
    try {
      body = await runEngine(call, parsed.value, state);
    } catch (error) {
      if ((state.phase as RequestState['phase']) === 'done') return; // the sweep answered first
      if (isEngineError(error)) {
        sendProblem(state, problemFromEngineError(error));
        return;
      }
      log.error('unexpected fault', { request_id: state.id, endpoint: state.endpoint, ...describeFault(error) });
      sendProblem(state, problem('INTERNAL', `An internal error occurred. Quote request id ${state.id} when reporting it.`));
      return;
    }
    finish(state, 200, 'application/json', body);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const method = req.method ?? 'GET';
    const incomingId = req.headers['x-request-id'];
    const state: RequestState = {
      id: acceptRequestId(incomingId) ? incomingId : randomUUID(),
      start: Date.now(),
      // An unknown path is not logged as sent: a client may have put a token in it.
      endpoint: `${method} ${ROUTES.has(path) ? path : '(unknown path)'}`,
      phase: 'body',
      keyFingerprint: null,
      tokenFingerprint: null,
      findingCodes: [],
      outcome: 'ok',
      res,
    };
    // No per-request 'close' listener: a request whose client left is still finished (or swept) and
    // removed then, and the listener costs more than it saves on every request.
    open.add(state);

    const route = ROUTES.get(path);
    if (route === undefined) {
      refuse(state, 'NOT_FOUND', 'No endpoint has this path. See GET /v1/openapi.json.');
      return;
    }
    if (!route.methods.includes(method)) {
      refuse(state, 'METHOD_NOT_ALLOWED', `This endpoint accepts ${route.methods.join(', ')}.`, { allow: route.methods.join(', ') });
      return;
    }
    if (route.auth) {
      const result = auth.check(req.headers.authorization);
      if (!result.ok) {
        refuse(state, 'UNAUTHORIZED', result.detail, { 'www-authenticate': 'Bearer realm="oidc-gate"' });
        return;
      }
      state.keyFingerprint = result.fingerprint;
    }
    if (route.call === undefined) {
      // A body these endpoints do not read would keep the connection waiting for it: close instead.
      const unread: Record<string, string> = declaresBody(req) ? { connection: 'close' } : {};
      if (path === '/healthz') {
        finish(state, draining ? 503 : 200, 'application/json', draining ? '{"status":"draining"}' : '{"status":"ok"}', unread);
      } else {
        finish(state, 200, 'application/json', deps.openapiJson, { 'cache-control': 'public, max-age=300', ...unread });
      }
      return;
    }
    handlePost(req, state, route.call).catch((error: unknown) => {
      log.error('unexpected fault', { request_id: state.id, ...describeFault(error) });
      sendProblem(state, problem('INTERNAL', `An internal error occurred. Quote request id ${state.id} when reporting it.`));
    });
  }

  function sweep(now: number): void {
    for (const state of open) {
      if (now - state.start < deps.requestTimeoutMs) continue;
      const seconds = deps.requestTimeoutMs / 1000;
      if (state.phase === 'body') {
        // A slow upload is the client's delay (408); a slow answer is ours (503).
        sendProblem(state, problem('TIMEOUT', `The request was not received within ${seconds} s.`, { status: 408 }), { connection: 'close' });
      } else {
        log.warn('request timed out', { request_id: state.id, endpoint: state.endpoint });
        sendProblem(state, problem('TIMEOUT', `The request was not answered within ${seconds} s.`));
      }
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

function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** A caller's id is logged and echoed, so it must be short and plain, and must not be a token sent by mistake. */
function acceptRequestId(value: string | string[] | undefined): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value) && !looksLikeJwt(value);
}

function codesOf(findings: readonly Finding[], warnings: readonly Finding[] = []): string[] {
  return [...findings, ...warnings].map((f) => f.code);
}
