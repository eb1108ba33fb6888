/** Writing the report and SARIF files, shared by the action and the CLI. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { serializeReport } from './report.ts';
import { ruleInfo } from './rules.ts';
import { buildSarif } from './sarif.ts';
import type { GateRun } from './types.ts';

export function sarifOf(run: GateRun): object {
  return buildSarif(run.findings, ruleInfo);
}

export async function writeFileEnsuringDir(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text, 'utf8');
}

export async function writeReport(run: GateRun, file: string): Promise<void> {
  await writeFileEnsuringDir(file, serializeReport(run.report));
}

export async function writeSarif(run: GateRun, file: string): Promise<void> {
  await writeFileEnsuringDir(file, `${JSON.stringify(sarifOf(run), null, 2)}\n`);
}
