/**
 * The formats a run is written in, in one table, as ESLint's formatters are: each names itself and
 * renders a run to a string. The faces read it and nothing else: the CLI's `check --<name> FILE`
 * options and `--format` choices, and the action's `<name>-path` inputs and outputs, come from it
 * (action.yml declares those inputs; a test holds it to this table). A face can be handed its own
 * list (a test adds a format so), so nothing here is registered at run time.
 *
 * Not in it: renderings a face owns. The CLI's text needs the terminal's colours and its --offline
 * option; the job summary needs the runner's links and the report's path, and is cut to GitHub's size
 * limit; annotations are not a string at all, but calls to the runner, at most 10 per level.
 */
import type { GateRun } from '../types.ts';
import { serializeReport } from './report.ts';
import { buildSarif } from './sarif.ts';

export interface OutputFormat {
  /** `check --<name> FILE`, and the action's `<name>-path` input and output: lowercase words and dashes. */
  readonly name: string;
  /** What `check --format` calls it, when not its name (the report prints as json). */
  readonly printAs?: string;
  /** The extension its files are given, with the dot: help and action.yml show it. */
  readonly extension: string;
  /** What it is, as a noun phrase ("the JSON report"): help and action.yml read it. */
  readonly description: string;
  /**
   * Where the action writes it when its input is empty (action.yml's default); absent: the action
   * writes it only when its input is set. The CLI writes a file only when asked.
   */
  readonly actionDefault?: string;
  render(run: GateRun): string;
}

export function sarifOf(run: GateRun): object {
  return buildSarif(run.findings, run.suppressed, run.report.summary.baseline !== undefined, run.fingerprints);
}

/** The report: byte for byte what `oidc-gate check --format json` prints; each response is the service's. */
export const REPORT_FORMAT: OutputFormat = {
  name: 'report',
  printAs: 'json',
  extension: '.json',
  description: 'the JSON report',
  actionDefault: 'oidc-gate-report.json',
  render: (run) => serializeReport(run.report),
};

export const SARIF_FORMAT: OutputFormat = {
  name: 'sarif',
  extension: '.sarif',
  description: 'SARIF 2.1.0 for code scanning',
  render: (run) => `${JSON.stringify(sarifOf(run), null, 2)}\n`,
};

export const OUTPUT_FORMATS: readonly OutputFormat[] = [REPORT_FORMAT, SARIF_FORMAT];

/** The value `check --format` prints it for. */
export function printName(format: OutputFormat): string {
  return format.printAs ?? format.name;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * A formats table a face may read: names that make an option and an input, none twice, and one
 * `--format` value each. A mistake here is the program's, so it throws a plain Error.
 */
export function checkFormatTable(formats: readonly OutputFormat[]): readonly OutputFormat[] {
  const seen = new Set<string>();
  for (const format of formats) {
    for (const name of new Set([format.name, printName(format)])) {
      if (!NAME.test(name)) throw new Error(`output format name "${name}" must be lowercase words joined by dashes`);
      if (seen.has(name)) throw new Error(`output format name "${name}" is used twice`);
      seen.add(name);
    }
    if (!/^\.[a-z0-9]+$/.test(format.extension)) throw new Error(`output format ${format.name}: extension "${format.extension}" must be a dot and lowercase letters or digits`);
  }
  return formats;
}
