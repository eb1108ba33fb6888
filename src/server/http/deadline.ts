import { problem } from '../../engine/index.ts';
import { problemReply, type Answer } from './reply.ts';
import type { RequestState } from './request.ts';

/**
 * The answer for a request that overran its budget. A slow upload is the client's delay: 408, and the
 * connection closes, since the rest of the upload would only be read to be thrown away. A slow answer
 * is the service's own (an identity provider that does not answer, say): 503, and the connection stays.
 */
export function overdueAnswer(state: RequestState, budgetMs: number): Answer {
  const seconds = budgetMs / 1000;
  return state.phase === 'body'
    ? problemReply(problem('TIMEOUT', `The request was not received within ${seconds} s.`, { status: 408 }), { connection: 'close' })
    : problemReply(problem('TIMEOUT', `The request was not answered within ${seconds} s.`));
}
