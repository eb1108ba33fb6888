import type { IncomingMessage } from 'node:http';
import type { Reply } from '../http/reply.ts';
import type { RequestState } from '../http/request.ts';

/**
 * How an endpoint answers. `now`: from the request line and headers alone (the health state, the OpenAPI
 * document), written while Node's parser still holds the request, like the lifecycle's own refusals: bytes
 * a client pipelined after the request cannot be answered first. `later`: from a body still to arrive or a
 * scrape to collect. A fault is thrown (now) or rejects the promise (later); the lifecycle answers 500.
 */
export type Handler =
  | { readonly when: 'now'; answer(req: IncomingMessage): Reply }
  | { readonly when: 'later'; answer(req: IncomingMessage, state: RequestState): Promise<Reply> };
