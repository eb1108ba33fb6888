/**
 * Writing the output files a run was asked for, shared by the action and the CLI: each is a format
 * of the formats table (formats.ts) and a path the user set, checked before the run and written after.
 */
import type { GateRun } from '../types.ts';
import type { OutputFormat } from './formats.ts';
import { checkOutputPath, writeInsideRoot, type OutputTarget } from './write.ts';

export { sarifOf } from './formats.ts';
export { checkOutputPath, OutputPathError, outputTarget, type OutputTarget } from './write.ts';

/** One file to write: in which format, and where. */
export interface PlannedOutput {
  format: OutputFormat;
  target: OutputTarget;
}

/** Refuse a bad path before any work (see write.ts), in the order given. */
export async function checkOutputs(outputs: readonly PlannedOutput[]): Promise<void> {
  for (const output of outputs) await checkOutputPath(output.target);
}

/** Each file, rendered from the run, in the order given. */
export async function writeOutputs(run: GateRun, outputs: readonly PlannedOutput[]): Promise<void> {
  for (const output of outputs) await writeInsideRoot(output.target, output.format.render(run));
}
