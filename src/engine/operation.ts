import type { EngineContext } from './context.ts';
import type { Finding } from './types.ts';

/** What every operation answers: a verdict and its findings (validation adds statuses and metadata). */
export interface OperationResponse {
  valid: boolean;
  findings: Finding[];
  summary: string;
}

/** A JSON Schema with the name it has in the OpenAPI document's components. */
export interface NamedSchema {
  name: string;
  schema: object;
}

/**
 * One operation of the engine: a `/v1` endpoint of the service, a result kind of the gate's report and a
 * subcommand of the CLI. Every face derives its part from this one object, so a new endpoint is one
 * module exporting an Operation plus one entry in `operations.ts`.
 */
export interface Operation<Name extends string = string, Response extends OperationResponse = OperationResponse> {
  /** The report's `kind` and the CLI subcommand. */
  readonly name: Name;
  readonly method: 'POST';
  /** The service path. */
  readonly path: string;
  readonly operationId: string;
  /** One line: the OpenAPI summary and the CLI's usage text. */
  readonly summary: string;
  readonly description: string;
  /** The OpenAPI tag. */
  readonly tag: string;
  readonly request: NamedSchema;
  readonly response: NamedSchema;
  /** The operation can refuse a request with 400 MALFORMED_TOKEN (not only 422). */
  readonly malformedToken?: boolean;
  /**
   * Rejects with RequestInvalidError (422) or MalformedTokenError (400); any other outcome is a response.
   * An operation that needs nothing from the network settles in the microtasks of the turn it was called
   * in, so its caller still answers in that turn: there is no other path for it.
   */
  run(body: unknown, ctx: EngineContext): Promise<Response>;
}

/** Keeps the literal name in the type, so the table's names form a union. */
export function defineOperation<const Name extends string, Response extends OperationResponse>(
  operation: Operation<Name, Response>,
): Operation<Name, Response> {
  return operation;
}
