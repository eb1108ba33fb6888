/** Writing the report and SARIF files, shared by the action and the CLI. */
import { serializeReport } from './report.ts';
import { buildSarif } from './sarif.ts';
import type { GateRun } from '../types.ts';
import { writeInsideRoot, type OutputTarget } from './write.ts';

export { checkOutputPath, OutputPathError, outputTarget, type OutputTarget } from './write.ts';

export function sarifOf(run: GateRun): object {
  return buildSarif(run.findings, run.suppressed, run.report.summary.baseline !== undefined, run.fingerprints);
}

export async function writeReport(run: GateRun, target: OutputTarget): Promise<void> {
  await writeInsideRoot(target, serializeReport(run.report));
}

export async function writeSarif(run: GateRun, target: OutputTarget): Promise<void> {
  await writeInsideRoot(target, `${JSON.stringify(sarifOf(run), null, 2)}\n`);
}
