/**
 * The gate's errors: one family, GateError, each case a subclass with a stable `code`. The action fails
 * its step with the message; the CLI prints it as one line, exit 2.
 *   OutputPathError   OUTPUT_NOT_WRITTEN   an output path (report, SARIF, lock, baseline) refused or not writable
 * Findings, not errors, carry everything else the gate finds wrong with its input. (config/yaml.ts's
 * Stop is no member: it is private control flow, thrown and caught inside one function.)
 */
export type GateErrorCode = 'OUTPUT_NOT_WRITTEN';

export class GateError extends Error {
  readonly code: GateErrorCode;
  constructor(code: GateErrorCode, message: string) {
    super(message);
    this.name = 'GateError';
    this.code = code;
  }
}

/** An output path the gate refuses, or could not write; the message names the setting and the path. */
export class OutputPathError extends GateError {
  declare readonly code: 'OUTPUT_NOT_WRITTEN';
  constructor(message: string) {
    super('OUTPUT_NOT_WRITTEN', message);
    this.name = 'OutputPathError';
  }
}
