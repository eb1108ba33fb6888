/**
 * The job summary: Markdown tables of files, findings (each with its fix, its code linked to its page)
 * and samples. Every piece of user text is escaped so that no Markdown, HTML or link comes out of a
 * config file (markdown.ts); the only links are the summary's own: from each location to its line at
 * the run's commit (source-link.ts), and from each code oidc-gate defines to its page. The whole stays under 900 KB, since GitHub refuses step summaries over 1 MiB.
 */
import {
  findingFix, findingPage, type GateFinding, type GateReport, type GateResult, plural, sectionCounts,
} from '../gate/index.ts';
import { cellText, escapeCell, markdownLink, type Markdown } from './markdown.ts';
import { sourceCell, sourceLinks } from './source-link.ts';

export const SUMMARY_LIMIT_BYTES = 900 * 1000;

export { escapeCell } from './markdown.ts';

/** The most of a finding's fix the Fix column shows; the report and the finding's page have all of it. */
export const FIX_CELL_CHARS = 200;

function row(cells: unknown[]): string {
  return `| ${cells.map(cellText).join(' | ')} |\n`;
}

function header(cells: string[]): string {
  return `| ${cells.join(' | ')} |\n|${cells.map(() => '---').join('|')}|\n`;
}

interface Section {
  title: string;
  columns: string[];
  rows: string[];
  noun: string;
}

function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** `env`: the runner's GITHUB_SERVER_URL, GITHUB_REPOSITORY and GITHUB_SHA link each location to its line. */
export function buildSummary(report: GateReport, reportPath?: string, env: NodeJS.ProcessEnv = {}): string {
  const { summary } = report;
  const links = sourceLinks(env);
  // The run's verdict, not its counts: a run failed by warnings under fail-on: warning is a failure.
  const icon = summary.failed ? '❌' : summary.errors + summary.warnings > 0 ? '⚠️' : '✅';
  let head = `## ${icon} oidc-gate: ${escapeCell(summary.text)}\n\n`;
  if (reportPath !== undefined && reportPath !== '') head += `Full report: ${escapeCell(reportPath)}\n\n`;
  const hidden = suppressedLine(report);
  if (hidden !== '') head += `${hidden}\n\n`;

  const fileRows = summary.file_status.map((f) => row([
    sourceCell(links, f.file), f.errors > 0 ? '❌ failed' : f.warnings > 0 ? '⚠️ warnings' : '✅ passed', ...sectionCounts(f).map((c) => c.count), f.errors, f.warnings,
  ]));
  const findings = [...summary.findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const findingRows = findings.map((f) => row([
    f.severity, codeCell(f.code), f.file !== undefined ? sourceCell(links, f.file, f.line ?? 1) : '', f.name ?? '', f.message, fixOf(f),
  ]));
  const samples = report.results.filter((r) => r.kind === 'validate');
  const sampleRows = samples.map((r) => row([r.name, sourceCell(links, r.file, r.line), describeExpect(r), outcomeOf(r), r.at ?? '', gateOf(r)]));

  const sections: Section[] = [
    { title: 'Files', columns: ['File', 'Status', ...sectionCounts({}).map((c) => c.title), 'Errors', 'Warnings'], rows: fileRows, noun: 'file' },
    { title: 'Findings', columns: ['Severity', 'Code', 'Location', 'Entry', 'Message', 'Fix'], rows: findingRows, noun: 'finding' },
    { title: 'Sample tokens', columns: ['Sample', 'Location', 'Expect', 'Outcome', 'Evaluated at', 'Gate'], rows: sampleRows, noun: 'sample' },
  ];

  let out = head;
  // Room for each section's heading and "showing N of M" line, so cutting never overshoots.
  const reserve = 400 * sections.length;
  for (const section of sections) {
    if (section.rows.length === 0) continue;
    let text = `### ${section.title}\n\n${header(section.columns)}`;
    let shown = 0;
    for (const r of section.rows) {
      if (bytes(out) + bytes(text) + bytes(r) + reserve > SUMMARY_LIMIT_BYTES) break;
      text += r;
      shown++;
    }
    if (shown < section.rows.length) {
      text += `\nShowing ${shown} of ${plural(section.rows.length, section.noun)}; the report has them all.\n`;
    }
    out += `${text}\n`;
  }
  return out;
}

/** How many findings suppressions and the baseline hid, by kind: they are not in the tables or the counts. */
function suppressedLine(report: GateReport): string {
  const hidden = report.summary.suppressed ?? [];
  if (hidden.length === 0) return '';
  const kinds = (['inline', 'config', 'baseline'] as const)
    .map((kind) => [kind, hidden.filter((s) => s.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return `🔕 ${plural(hidden.length, 'finding')} suppressed (${kinds.join(', ')}): not counted, and not in the tables below; the report lists each with its reason (summary.suppressed).`;
}

/** A code oidc-gate defines, linked to its page (built from the catalogue's code, never from a file); any other code as text. */
function codeCell(code: string): Markdown | string {
  const page = findingPage(code);
  return page !== undefined ? markdownLink(code, page) : code;
}

/** The finding's own fix, else its code's, cut at a word to FIX_CELL_CHARS. */
function fixOf(f: GateFinding): string {
  const fix = findingFix(f) ?? '';
  if (fix.length <= FIX_CELL_CHARS) return fix;
  const cut = fix.slice(0, FIX_CELL_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), FIX_CELL_CHARS / 2))}…`;
}

function describeExpect(r: GateResult): string {
  if (r.expect === undefined) return 'valid';
  return Array.isArray(r.expect) ? r.expect.join(', ') : r.expect;
}

function gateOf(r: GateResult): string {
  if (r.not_checked !== undefined) return '➖ not checked';
  return r.passed === true ? '✅ pass' : '❌ fail';
}

function outcomeOf(r: GateResult): string {
  if (r.not_checked !== undefined) return `not checked: ${r.not_checked}`;
  if (r.problem !== undefined) return r.problem.code;
  if (r.response === undefined) return '';
  return r.response.valid ? 'valid' : `invalid: ${r.response.findings.map((f) => f.code).join(', ')}`;
}
