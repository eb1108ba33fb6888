/**
 * The one place the faces call the engine, and the one place an engine refusal (400/422) becomes the
 * problem record the service would answer with.
 */
import {
  createEngineContext, discoverProvider, isEngineError, lintOidcConfig, MalformedTokenError, RequestInvalidError, validateJwt, type EngineContext,
} from '../engine/index.ts';
import { problem } from '../server/problem.ts';
import type { RequestProblemRecord, ResultKind } from './types.ts';

export { createEngineContext, type EngineContext };

export type EngineOutcome = { response: unknown; problem?: undefined } | { response?: undefined; problem: RequestProblemRecord };

const CALLS: Record<ResultKind, (body: unknown, ctx: EngineContext) => Promise<unknown>> = {
  validate: validateJwt,
  lint: lintOidcConfig,
  discover: discoverProvider,
};

export async function callEngine(kind: ResultKind, body: unknown, ctx: EngineContext): Promise<EngineOutcome> {
  try {
    return { response: await CALLS[kind](body, ctx) };
  } catch (err) {
    if (err instanceof RequestInvalidError) {
      const errors = err.errors.map((e) => ({ pointer: e.pointer, message: e.message }));
      return { problem: problem('REQUEST_INVALID', detailFor(errors), { errors }) as RequestProblemRecord };
    }
    if (err instanceof MalformedTokenError || (isEngineError(err) && err.code === 'MALFORMED_TOKEN')) {
      return { problem: problem('MALFORMED_TOKEN', err.message) as RequestProblemRecord };
    }
    throw err;
  }
}

/** The service's `detail` for a 422 (src/server/app.ts), so a recorded problem is the body it sends. */
function detailFor(errors: readonly { pointer: string; message: string }[]): string {
  const first = errors[0];
  if (first === undefined) return 'The request body is invalid.';
  const where = first.pointer === '' ? 'The request body' : first.pointer;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more; see errors)` : '';
  return `${where}: ${first.message}${more}.`;
}
