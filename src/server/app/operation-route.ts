import { problem, type Engine, type Operation, type OperationName, type OperationOutcome } from '../../engine/index.ts';
import { auditRequest, auditResponse, auditTraitsOf, stampRequestId } from '../audit/operation-audit.ts';
import { MAX_BODY_BYTES, parseJsonBody, readBody, type BodyOutcome } from '../http/body.ts';
import { GONE, jsonReply, problemReply, refusal, type Reply } from '../http/reply.ts';
import type { RequestState } from '../http/request.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { Handler } from './handler.ts';

/**
 * The handler of one engine operation: read a JSON body, run the operation, answer its response (200)
 * or its problem (400/422). The checks run in the documented order (415 in the request lifecycle, then
 * 413, then the JSON itself), so a client fixes one mistake at a time. A fault thrown by the engine is
 * left to the request lifecycle, which answers 500.
 */
export function operationHandler(
  operation: Operation<OperationName>,
  engine: Engine,
  auditing: boolean,
  metrics: ServiceMetrics,
): Handler {
  const traits = auditTraitsOf(operation);

  /** A body that arrived: its parsed JSON to run the operation on, or the answer that refuses it. */
  const parsedOrRefused = (read: BodyOutcome, state: RequestState): Reply | { kind: 'parsed'; value: unknown } => {
    // The request budget ran out while the body was arriving, and the 408 is already sent.
    if (state.phase === 'done') return GONE;
    if (read.kind === 'too_large') return refusal('PAYLOAD_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
    if (read.kind === 'aborted') return GONE;
    if (read.kind === 'not_utf8') {
      return problemReply(problem('REQUEST_INVALID', 'The request body is not valid UTF-8.', { errors: [{ pointer: '', message: 'the request body is not valid UTF-8' }] }));
    }
    const parsed = parseJsonBody(read.text);
    if (!parsed.ok) {
      const errors = [{ pointer: parsed.pointer, message: parsed.message }];
      return problemReply(problem('REQUEST_INVALID', `${parsed.message[0]?.toUpperCase() ?? ''}${parsed.message.slice(1)}.`, { errors }));
    }
    return { kind: 'parsed', value: parsed.value };
  };

  const answerOutcome = (outcome: OperationOutcome, state: RequestState): Reply => {
    if (outcome.problem !== undefined) return problemReply(outcome.problem);
    const response = outcome.response;
    state.outcome = response.valid ? 'valid' : 'invalid';
    if (auditing) auditResponse(state, traits, response);
    metrics.observeResponse(response, traits.warnings);
    stampRequestId(state, traits, response);
    return jsonReply(200, JSON.stringify(response));
  };

  return {
    when: 'later',
    // An operation that needs nothing from the network (a validation with an inline key) settles in the
    // microtasks after the body's last byte: the answer is written before the event loop turns.
    async answer(req, state) {
      const read = await new Promise<BodyOutcome>((resolve) => readBody(req, resolve));
      const body = parsedOrRefused(read, state);
      if (body.kind !== 'parsed') return body;
      state.phase = 'engine';
      // Fingerprints and code lists exist only for the audit line: not computed when it is off.
      if (auditing) auditRequest(state, traits, body.value);
      return answerOutcome(await engine.run(operation.name, body.value), state);
    },
  };
}
