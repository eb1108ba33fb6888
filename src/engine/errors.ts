/**
 * Typed errors with stable codes. Faces map them to HTTP statuses / exit codes:
 *   MalformedTokenError  -> 400 MALFORMED_TOKEN
 *   RequestInvalidError  -> 422 REQUEST_INVALID with errors[{ pointer, message }]
 * Messages never contain a token, a secret or a key.
 */
export type EngineErrorCode = 'MALFORMED_TOKEN' | 'REQUEST_INVALID';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export class MalformedTokenError extends EngineError {
  constructor(message: string) {
    super('MALFORMED_TOKEN', message);
    this.name = 'MalformedTokenError';
  }
}

export interface RequestProblem {
  /** JSON Pointer (RFC 6901) into the request body; '' is the whole body. */
  pointer: string;
  message: string;
}

export class RequestInvalidError extends EngineError {
  readonly errors: RequestProblem[];
  constructor(errors: RequestProblem[]) {
    super('REQUEST_INVALID', errors.map((e) => `${e.pointer || '/'}: ${e.message}`).join('; '));
    this.name = 'RequestInvalidError';
    this.errors = errors;
  }
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
