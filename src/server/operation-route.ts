import type { IncomingMessage } from 'node:http';
import { problem, type Engine, type Operation, type OperationName, type OperationOutcome } from '../engine/index.ts';
import { isJsonContentType, MAX_BODY_BYTES, parseJsonBody, readBody, type BodyOutcome } from './body.ts';
import type { ServiceMetrics } from './metrics.ts';
import { auditRequest, auditResponse, auditTraitsOf, stampRequestId } from './operation-audit.ts';
import { GONE, jsonReply, problemReply, refusal, type Reply } from './reply.ts';
import type { RequestState } from './request.ts';

/**
 * The handler of one engine operation: read a JSON body, run the operation, answer its response (200)
 * or its problem (400/422). The checks run in the documented order (415, 413, then the JSON itself),
 * so a client fixes one mistake at a time. A fault thrown by the engine is left to the request
 * lifecycle, which answers 500.
 */
export function operationHandler(
  operation: Operation<OperationName>,
  engine: Engine,
  auditing: boolean,
  metrics: ServiceMetrics,
): (req: IncomingMessage, state: RequestState) => Reply | Promise<Reply> {
  const traits = auditTraitsOf(operation);

  /** The answer to a body that arrived. */
  const answerBody = (read: BodyOutcome, state: RequestState): Reply | Promise<Reply> => {
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
    state.phase = 'engine';
    // Fingerprints and code lists exist only for the audit line: not computed when it is off.
    if (auditing) auditRequest(state, traits, parsed.value);
    const outcome = engine.run(operation.name, parsed.value);
    return outcome instanceof Promise ? outcome.then((o) => answerOutcome(o, state)) : answerOutcome(outcome, state);
  };

  const answerOutcome = (outcome: OperationOutcome, state: RequestState): Reply => {
    if (outcome.problem !== undefined) return problemReply(outcome.problem);
    const response = outcome.response;
    state.outcome = response.valid ? 'valid' : 'invalid';
    if (auditing) auditResponse(state, traits, response);
    metrics.observeResponse(response, traits.warnings);
    stampRequestId(state, traits, response);
    return jsonReply(200, operation.toJson === undefined ? JSON.stringify(response) : operation.toJson(response));
  };

  return (req, state) => {
    if (!isJsonContentType(req.headers['content-type'])) {
      return refusal('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with "Content-Type: application/json".');
    }
    // One promise per request: the body arrives in a callback, and an operation that answers at once
    // (a validation with an inline key) is answered in that same callback.
    return new Promise<Reply>((resolve, reject) => {
      readBody(req, (read) => {
        try {
          resolve(answerBody(read, state));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
}
