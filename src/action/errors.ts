/**
 * The action's errors: one family, ActionError, each case a subclass with a stable `code`. The step
 * fails with `oidc-gate: <message>` (src/main.ts).
 *   InputError   INPUT_INVALID   an input (or a line of the oidc-gate-env secret) is not one the action takes
 */
export type ActionErrorCode = 'INPUT_INVALID';

export class ActionError extends Error {
  readonly code: ActionErrorCode;
  constructor(code: ActionErrorCode, message: string) {
    super(message);
    this.name = 'ActionError';
    this.code = code;
  }
}

/** An input the action cannot take; the message names the input and never repeats a secret. */
export class InputError extends ActionError {
  declare readonly code: 'INPUT_INVALID';
  constructor(message: string) {
    super('INPUT_INVALID', message);
    this.name = 'InputError';
  }
}
