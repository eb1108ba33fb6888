/**
 * The JSON report the action writes and `oidc-gate check --format json` prints (tool, api_version,
 * valid, summary, results), and the decisions read from it: counts, pass/fail, fail-on.
 */
import type { FailOn, FileStatus, GateFinding, GateReport, GateResult } from './types.ts';

export const TOOL_VERSION = '0.1.0';

export function count(findings: readonly GateFinding[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}

export function buildReport(results: GateResult[], findings: GateFinding[], files: FileStatus[]): GateReport {
  const { errors, warnings } = count(findings);
  return {
    tool: { name: 'oidc-gate', version: TOOL_VERSION },
    api_version: 'v0.0.1',
    valid: errors === 0,
    summary: {
      text: summaryText(files.length, results.length, errors, warnings),
      files: files.length,
      results: results.length,
      errors,
      warnings,
      file_status: files,
      findings,
    },
    results,
  };
}

export function summaryText(files: number, results: number, errors: number, warnings: number): string {
  const head = `${plural(files, 'file')}, ${plural(results, 'check')}`;
  if (errors === 0 && warnings === 0) return `Passed: ${head}, no findings.`;
  if (errors === 0) return `Passed with ${plural(warnings, 'warning')}: ${head}.`;
  return `Failed: ${plural(errors, 'error')}${warnings > 0 ? ` and ${plural(warnings, 'warning')}` : ''} in ${head}.`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Whether the run fails under `fail-on`. */
export function shouldFail(failOn: FailOn, errors: number, warnings: number): boolean {
  if (failOn === 'never') return false;
  if (failOn === 'warning') return errors + warnings > 0;
  return errors > 0;
}

export function serializeReport(report: GateReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
