import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { looksLikeJwt } from '../config/settings.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One request from its headers to its answer: the id it is logged and answered under, when its budget
 * started, how far it got, and what its audit line will say. Handlers fill the audit fields as they learn them.
 */
export interface RequestState {
  readonly id: string;
  /** When the headers were complete (ms): the request budget counts from here. */
  readonly start: number;
  /** The same instant on the monotonic clock (performance.now()), for the latency metric and log. */
  readonly startedAt: number;
  /** `METHOD /path` as logged and audited. */
  readonly endpoint: string;
  /** body: still receiving; engine: being answered; done: answered (or the client is gone). */
  phase: 'body' | 'engine' | 'done';
  keyFingerprint: string | null;
  tokenFingerprint: string | null;
  findingCodes: string[];
  /** valid | invalid | rejected | error | ok | aborted: see AuditRecord.outcome. */
  outcome: string;
  readonly res: ServerResponse;
}

/** `METHOD /path` of a path the service serves, or of "(unknown path)": a client may have put a token in a path. */
const endpoints = new Map<string, Map<string, string>>();
function endpointOf(method: string, path: string | undefined): string {
  const route = path ?? '(unknown path)';
  let byMethod = endpoints.get(route);
  if (byMethod === undefined) {
    byMethod = new Map();
    endpoints.set(route, byMethod);
  }
  let endpoint = byMethod.get(method);
  if (endpoint === undefined) {
    // The same few strings every request: metrics look them up without hashing them anew.
    endpoint = `${method} ${route}`;
    byMethod.set(method, endpoint);
  }
  return endpoint;
}

/**
 * The state of a request that just arrived. `route`: the path as the service's route table spells it,
 * undefined when the service serves no such path (only served paths and Node's own methods are ever
 * remembered, so the strings kept are bounded).
 */
export function openRequest(req: IncomingMessage, res: ServerResponse, route: string | undefined): RequestState {
  const incomingId = req.headers['x-request-id'];
  return {
    id: acceptRequestId(incomingId) ? incomingId : randomUUID(),
    start: Date.now(),
    startedAt: performance.now(),
    endpoint: endpointOf(req.method ?? 'GET', route),
    phase: 'body',
    keyFingerprint: null,
    tokenFingerprint: null,
    findingCodes: [],
    outcome: 'ok',
    res,
  };
}

/** A caller's id is logged and echoed, so it must be short and plain, and must not be a token sent by mistake. */
function acceptRequestId(value: string | string[] | undefined): value is string {
  return typeof value === 'string' && REQUEST_ID.test(value) && !looksLikeJwt(value);
}

/** The path without its query string. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/** The request announces a body (a length above zero, or chunks). */
export function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
