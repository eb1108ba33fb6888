import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { problem, type Problem } from '../../engine/index.ts';
import type { HttpLimits } from './http-limits.ts';

/**
 * How long a refused connection may stay half-open after the answer, so the client can read it
 * before the socket is destroyed (destroying at once can reset the connection and lose the answer).
 */
const LINGER_MS = 1000;

/**
 * The problem for a request Node's parser could not read, or did not receive in time. The parser's
 * message is never used: it may quote the bytes received, which can hold a token or an API key.
 */
export function clientErrorProblem(code: string | undefined, limits: HttpLimits, headersReceived = false): Problem {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problem('TIMEOUT', headersReceived
        ? 'The request body was not received in time.'
        : `The request headers were not received within ${limits.headersTimeoutMs / 1000} s.`, { status: 408 });
    case 'HPE_HEADER_OVERFLOW':
      return problem('HEADERS_TOO_LARGE', `The request line and headers exceed ${limits.maxHeaderBytes} bytes; send fewer or shorter headers.`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return problem('PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large.');
    default:
      return problem('BAD_REQUEST', 'The request is not valid HTTP/1.1 (request line, header or message framing); nothing was processed.');
  }
}

/** The response of a request on this socket that has started but not finished, if any. */
function pendingResponse(socket: Socket): { headersSent: boolean } | undefined {
  const message = (socket as Socket & { _httpMessage?: { headersSent: boolean; writableEnded: boolean } | null })._httpMessage;
  return message !== undefined && message !== null && !message.writableEnded ? message : undefined;
}

/**
 * Node's 'clientError': answer with a problem+json and close. There is no request or response object
 * here, so the response is written to the socket as bytes. Returns the status answered, or undefined
 * when the connection was only closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket, limits: HttpLimits, requestId: string): number | undefined {
  const pending = pendingResponse(socket);
  // Once a status line is out, another one would corrupt the answer: just close.
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent === true) {
    socket.destroy();
    return undefined;
  }
  const p = clientErrorProblem(error.code, limits, pending !== undefined);
  const body = JSON.stringify(p);
  const bytes = [
    `HTTP/1.1 ${p.status} ${STATUS_CODES[p.status] ?? ''}`,
    'content-type: application/problem+json',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    `x-request-id: ${requestId}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
  if (pending !== undefined) {
    // A request handler still holds this socket (its body was cut off or mis-framed): close at
    // once, as Node does, so the handler cannot write a second answer after this one.
    socket.write(bytes);
    socket.destroy();
    return p.status;
  }
  socket.end(bytes);
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
  return p.status;
}
