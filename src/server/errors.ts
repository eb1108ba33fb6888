/**
 * The service's errors: one family, ServerError, each case a subclass with a stable `code`.
 *   StartupError   STARTUP_FAILED   a setting, the audit file, the listen address or a worker stops the
 *                                   start: its message is the one line logged, and the process exits 1
 * A request's errors are not here: they are problem bodies (src/engine/problem.ts), never thrown out.
 */
export type ServerErrorCode = 'STARTUP_FAILED';

export class ServerError extends Error {
  readonly code: ServerErrorCode;
  constructor(code: ServerErrorCode, message: string) {
    super(message);
    this.name = 'ServerError';
    this.code = code;
  }
}

/** A setting that stops the start. The message is the one line printed to the operator. */
export class StartupError extends ServerError {
  declare readonly code: 'STARTUP_FAILED';
  constructor(message: string) {
    super('STARTUP_FAILED', message);
    this.name = 'StartupError';
  }
}
