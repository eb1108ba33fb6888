/**
 * The one place the faces call the engine, and the one place an engine refusal (400/422) becomes the
 * problem record the service would answer with.
 */
import {
  createEngineContext, discoverProvider, isEngineError, lintOidcConfig, validateJwt, type EngineContext,
} from '../engine/index.ts';
import { problemFromEngineError } from '../server/problem.ts';
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
    if (isEngineError(err)) return { problem: problemFromEngineError(err) as RequestProblemRecord };
    throw err;
  }
}
