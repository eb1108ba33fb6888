/** Human-readable text for `oidc-gate check`: findings grouped by file, one line each, then a verdict. */
import { findingFix, findingPage, type GateReport, isIdTokenSkip, type GateResult, sectionCounts } from '../../gate/index.ts';
import { printable } from '../single/printable.ts';

export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
export const COLOUR: Style = { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
export const PLAIN: Style = { red: (s) => s, yellow: (s) => s, green: (s) => s, dim: (s) => s, bold: (s) => s };

/** NO_COLOR (https://no-color.org): any non-empty value turns colour off. */
export function pickStyle(isTTY: boolean, env: NodeJS.ProcessEnv): Style {
  return isTTY && (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb' ? COLOUR : PLAIN;
}

/** Control characters from a config file must not drive the terminal, nor start a line (printable.ts). */
const clean = printable;

/** A finding as the CLI shows its help: its fix (its own, else its code's) and its code's page. */
interface Helped {
  code: string;
  remediation?: string;
}

/**
 * The fix line and the page line under a finding, indented to `indent`; none for a code without either.
 * `withFix` false: the page alone (a refused request's detail already says what to change).
 */
export function helpLines(f: Helped, style: Style, indent: string, withFix = true): string[] {
  const fix = withFix ? findingFix(f) : undefined;
  const page = findingPage(f.code);
  return [
    ...(fix !== undefined ? [`${indent}${style.dim(`fix: ${clean(fix)}`)}`] : []),
    ...(page !== undefined ? [`${indent}${style.dim(`see: ${page}`)}`] : []),
  ];
}

/** The same help on the line of a one-line problem (`oidc-gate lock: file:1:1: CODE message Fix: … See …`). */
export function helpSuffix(f: Helped): string {
  const fix = findingFix(f);
  const page = findingPage(f.code);
  return `${fix !== undefined ? ` Fix: ${clean(fix)}` : ''}${page !== undefined ? ` See ${page}` : ''}`;
}

export function formatText(report: GateReport, style: Style, offline: boolean): string {
  const { summary } = report;
  const lines: string[] = [];
  const byFile = new Map<string, typeof summary.findings>();
  const general: typeof summary.findings = [];
  const checked = new Set(summary.file_status.map((s) => s.file));
  for (const f of summary.findings) {
    // Problems outside the checked files (no file matched, the issuer-profiles file) come first.
    if (f.file === undefined || !checked.has(f.file)) general.push(f);
    else byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  }
  const samples = new Map<string, GateResult[]>();
  for (const r of report.results) if (r.kind === 'validate') samples.set(r.file, [...(samples.get(r.file) ?? []), r]);

  for (const f of general) {
    const where = f.file !== undefined ? `${clean(f.file)}:${f.line ?? 1}:${f.column ?? 1}  ` : '';
    const level = f.severity === 'error' ? style.red('error') : style.yellow('warning');
    // A finding placed in a file an entry names (a Terraform plan, a template): which resource it is about.
    const who = f.name !== undefined && f.kind === 'trust-policy' ? style.dim(` [resource ${clean(f.name)}]`) : '';
    lines.push(`${where}${level}  ${style.bold(f.code)}  ${clean(f.message)}${who}`);
    lines.push(...helpLines(f, style, '  '));
  }
  if (general.length > 0) lines.push('');

  for (const status of summary.file_status) {
    const findings = [...(byFile.get(status.file) ?? [])].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
    const mark = status.errors > 0 ? style.red('✖') : status.warnings > 0 ? style.yellow('!') : style.green('✔');
    const counts = sectionCounts(status).filter((c) => c.count > 0).map((c) => c.text).join(', ');
    lines.push(`${mark} ${style.bold(clean(status.file))}${counts !== '' ? style.dim(`  (${counts})`) : ''}`);
    for (const f of findings) {
      const where = `${f.line ?? 1}:${f.column ?? 1}`.padEnd(7);
      const level = f.severity === 'error' ? style.red('error  ') : style.yellow('warning');
      const who = f.name !== undefined ? style.dim(` [${f.kind === 'validate' ? 'sample' : f.kind === 'lint' || f.kind === 'discover' ? 'provider' : f.kind ?? 'entry'} ${clean(f.name)}]`) : '';
      lines.push(`  ${where} ${level}  ${style.bold(f.code)}  ${clean(f.message)}${who}`);
      lines.push(...helpLines(f, style, `  ${' '.repeat(7)} `));
    }
    for (const r of samples.get(status.file) ?? []) {
      // A sample not checked for its profile's sake has no finding of its own: one line says so, and where to look.
      if (r.not_checked !== undefined && !findings.some((f) => f.kind === 'validate' && f.name === r.name)) {
        lines.push(`  ${style.dim('–')} sample ${clean(r.name)}: not checked: ${clean(r.not_checked)}`);
        continue;
      }
      if (r.passed !== true) continue;
      const codes = r.problem !== undefined ? [r.problem.code] : (r.response?.findings ?? []).map((f) => f.code);
      const outcome = r.expect === 'valid' || r.expect === undefined ? 'valid' : `invalid as expected (${codes.join(', ')})`;
      lines.push(`  ${style.green('✔')} sample ${clean(r.name)}: ${outcome}${style.dim(`  at ${r.at ?? ''}`)}`);
    }
    lines.push('');
  }
  // The run's verdict (fail-on and configuration errors decide), not its counts.
  const verdict = summary.failed ? style.red(`✖ ${summary.text}`)
    : summary.errors + summary.warnings > 0 ? style.yellow(`! ${summary.text}`) : style.green(`✔ ${summary.text}`);
  lines.push(verdict);
  // Only when a fetch was skipped: a run whose entries all stopped earlier skipped nothing. The job's
  // ID token (id_token: true) is skipped online too: only the action can request one.
  const skipped = summary.findings.filter((f) => f.code === 'CHECK_SKIPPED');
  if (offline && skipped.some((f) => !isIdTokenSkip(f))) {
    lines.push(style.dim('Offline: JWKS and discovery fetches were skipped (CHECK_SKIPPED). Drop --offline to run them.'));
  }
  if (skipped.some(isIdTokenSkip)) {
    lines.push(style.dim('The job\'s ID token (id_token: true) was not checked (CHECK_SKIPPED): only the GitHub Action can request it, with permissions: id-token: write.'));
  }
  return `${lines.join('\n')}\n`;
}
