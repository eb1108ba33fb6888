/**
 * The JSON report the action writes and `oidc-gate check --format json` prints (tool, api_version,
 * valid, summary, results), and the decisions read from it: counts, pass/fail, fail-on.
 */
import { findingField } from '../suppress/suppress-field.ts';
import type { FailOn, FileStatus, GateFinding, GateReport, GateResult, ReportSuppressed, ReportSummary, SuppressedFinding } from '../types.ts';

export const TOOL_VERSION = '1.0.0';

export function count(findings: readonly GateFinding[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/** What suppressions hid in the run, and the baseline it was given, if any. */
export interface Suppressions {
  suppressed: readonly SuppressedFinding[];
  baseline?: ReportSummary['baseline'];
}

export function buildReport(
  results: GateResult[], findings: GateFinding[], files: FileStatus[], failOn: FailOn = 'error', hidden: Suppressions = { suppressed: [] },
): GateReport {
  const { errors, warnings } = count(findings);
  const configErrors = findings.filter((f) => f.severity === 'error' && f.config === true).length;
  const suppressed = hidden.suppressed.map(reportSuppressed);
  const v = verdict({ files: files.length, results: results.length, errors, warnings, configErrors, suppressed: suppressed.length }, failOn);
  // Beside each result's untouched response: which of its findings are hidden, and why.
  for (const r of results) {
    const own = hidden.suppressed.filter((s) => s.finding.file === r.file && s.finding.name === r.name && s.finding.kind === r.kind);
    if (own.length > 0) r.suppressed = own.map(reportSuppressed);
  }
  return {
    tool: { name: 'oidc-gate', version: TOOL_VERSION },
    api_version: 'v0.0.1',
    valid: errors === 0,
    summary: {
      text: v.text,
      fail_on: failOn,
      failed: v.failed,
      files: files.length,
      results: results.length,
      errors,
      warnings,
      file_status: files,
      findings,
      suppressed,
      ...(hidden.baseline !== undefined ? { baseline: hidden.baseline } : {}),
    },
    results,
  };
}

export interface Counts {
  files: number;
  results: number;
  errors: number;
  warnings: number;
  /** Errors in the gate's own input (a config file, a profile, a refused request): they fail whatever fail-on says. */
  configErrors: number;
  /** Findings a suppression or the baseline hid: not counted above, but the headline says how many. */
  suppressed?: number;
}

export interface Verdict {
  failed: boolean;
  /** One sentence: passed or failed, and why. */
  text: string;
}

/**
 * Whether the run fails, and its headline. `fail-on` governs findings; a configuration error is not a
 * finding but a gate that could not check what it was given, so it fails the run even under
 * fail-on: never (as zizmor and actionlint fail on a config file they cannot read). The headline
 * says when fail-on decided (a run failed by warnings alone, a run not failed despite errors), so it
 * never reads "Passed" for a failed run.
 */
export function verdict(c: Counts, failOn: FailOn): Verdict {
  const v = countedVerdict(c, failOn);
  const hidden = c.suppressed ?? 0;
  if (hidden === 0) return v;
  // Before the final full stop: "Passed: 1 file, 2 checks, no findings; 3 suppressed."
  return { failed: v.failed, text: `${v.text.replace(/\.$/, '')}; ${hidden} suppressed.` };
}

function countedVerdict(c: Counts, failOn: FailOn): Verdict {
  const where = `${plural(c.files, 'file')}, ${plural(c.results, 'check')}`;
  const found = [c.errors > 0 ? plural(c.errors, 'error') : '', c.warnings > 0 ? plural(c.warnings, 'warning') : ''].filter((s) => s !== '').join(' and ');
  if (c.errors === 0 && c.warnings === 0) return { failed: false, text: `Passed: ${where}, no findings.` };
  if (c.errors === 0) {
    return shouldFail(failOn, 0, c.warnings)
      ? { failed: true, text: `Failed on warnings (fail-on: ${failOn}): ${found} in ${where}.` }
      : { failed: false, text: `Passed with ${found}: ${where}.` };
  }
  if (shouldFail(failOn, c.errors, c.warnings)) return { failed: true, text: `Failed: ${found} in ${where}.` };
  if (c.configErrors > 0) {
    const one = c.configErrors === 1;
    const which = c.configErrors === c.errors ? (one ? 'it is a configuration error' : 'they are configuration errors')
      : `${c.configErrors} of them ${one ? 'is a configuration error' : 'are configuration errors'}`;
    return { failed: true, text: `Failed: ${found} in ${where}; ${which}, which ${one ? 'fails' : 'fail'} the run whatever fail-on says.` };
  }
  return { failed: false, text: `Not failed (fail-on: ${failOn}): ${found} in ${where}.` };
}

/** A suppressed finding as the report lists it: the finding, where it is, and what hid it. */
function reportSuppressed(s: SuppressedFinding): ReportSuppressed {
  const f = s.finding;
  return {
    code: f.code,
    severity: f.severity,
    message: f.message,
    ...(f.file !== undefined ? { file: f.file } : {}),
    ...(f.line !== undefined ? { line: f.line } : {}),
    ...(f.column !== undefined ? { column: f.column } : {}),
    ...(f.name !== undefined ? { entry: f.name } : {}),
    field: findingField(f),
    kind: s.kind,
    reason: s.reason,
    suppression: s.source,
  };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Whether findings fail the run under `fail-on` (configuration errors fail it anyway: see verdict). */
export function shouldFail(failOn: FailOn, errors: number, warnings: number): boolean {
  if (failOn === 'never') return false;
  if (failOn === 'warning') return errors + warnings > 0;
  return errors > 0;
}

export function serializeReport(report: GateReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
