import type { ServerResponse } from 'node:http';
import { problem, type Problem, type ProblemCode } from '../../engine/index.ts';

/** An answer to send: status, media type, body, and headers beyond the ones every answer carries. */
export interface Answer {
  kind: 'send';
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * What a handler answers, as data: the request lifecycle writes it and records it. `gone` is a client
 * that left before its body arrived: there is nobody to answer, but the attempt is still recorded.
 */
export type Reply = Answer | { kind: 'gone' };

export const GONE: Reply = { kind: 'gone' };

export function jsonReply(status: number, body: string, headers?: Record<string, string>): Answer {
  const answer: Answer = { kind: 'send', status, contentType: 'application/json', body };
  if (headers !== undefined) answer.headers = headers;
  return answer;
}

export function problemReply(p: Problem, headers?: Record<string, string>): Answer {
  const answer: Answer = { kind: 'send', status: p.status, contentType: 'application/problem+json', body: JSON.stringify(p) };
  if (headers !== undefined) answer.headers = headers;
  return answer;
}

/**
 * An answer sent before the body was read. It closes the connection: keeping it open would mean
 * reading, and waiting for, an upload nobody will look at.
 */
export function refusal(code: ProblemCode, detail: string, headers: Record<string, string> = {}): Answer {
  return problemReply(problem(code, detail), { connection: 'close', ...headers });
}

/** The 500 answer: no internals, only the id to quote. */
export function internalError(requestId: string): Answer {
  return problemReply(problem('INTERNAL', `An internal error occurred. Quote request id ${requestId} when reporting it.`));
}

/**
 * Write an answer with the headers every answer carries: its length, no caching (answers hold verdicts
 * about tokens), no content sniffing, the request id, and `connection: close` once the service is draining.
 */
export function writeAnswer(res: ServerResponse, answer: Answer, requestId: string, closing: boolean): void {
  if (answer.headers === undefined && !closing) {
    // The common answer (every 200 of an operation): a flat list, which Node takes without building an object.
    res.writeHead(answer.status, [
      'content-type', answer.contentType,
      'content-length', Buffer.byteLength(answer.body),
      'cache-control', 'no-store',
      'x-content-type-options', 'nosniff',
      'x-request-id', requestId,
    ]);
    res.end(answer.body);
    return;
  }
  const headers: Record<string, string | number> = {
    'content-type': answer.contentType,
    'content-length': Buffer.byteLength(answer.body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': requestId,
    ...answer.headers,
  };
  if (closing) headers.connection = 'close';
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}
