/**
 * The job summary: Markdown tables of files, findings and samples. Every piece of user text is
 * escaped (a file can hold Markdown, HTML or @mentions), and the whole stays under 900 KB, since
 * GitHub refuses step summaries over 1 MiB.
 */
import { plural } from '../gate/report.ts';
import type { GateReport, GateResult } from '../gate/types.ts';

export const SUMMARY_LIMIT_BYTES = 900 * 1000;

/** Escape text for a Markdown table cell: HTML entities for everything Markdown or HTML would act on. */
export function escapeCell(value: unknown): string {
  const text = String(value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\r?\n|\r|\t/g, ' ');
  // Inline syntax only matters in a table cell: emphasis, code, links, strikethrough, HTML, mentions.
  return text.replace(/[&<>"'|\\`*_[\]~@]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function row(cells: unknown[]): string {
  return `| ${cells.map(escapeCell).join(' | ')} |\n`;
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

export function buildSummary(report: GateReport, reportPath?: string): string {
  const { summary } = report;
  // The run's verdict, not its counts: a run failed by warnings under fail-on: warning is a failure.
  const icon = summary.failed ? '❌' : summary.errors + summary.warnings > 0 ? '⚠️' : '✅';
  let head = `## ${icon} oidc-gate: ${escapeCell(summary.text)}\n\n`;
  if (reportPath !== undefined && reportPath !== '') head += `Full report: ${escapeCell(reportPath)}\n\n`;

  const fileRows = summary.file_status.map((f) => row([
    f.file, f.errors > 0 ? '❌ failed' : f.warnings > 0 ? '⚠️ warnings' : '✅ passed', f.providers, f.profiles, f.tokens, f.errors, f.warnings,
  ]));
  const findings = [...summary.findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const findingRows = findings.map((f) => row([
    f.severity, f.code, f.file !== undefined ? `${f.file}:${f.line ?? 1}` : '', f.name ?? '', f.message,
  ]));
  const samples = report.results.filter((r) => r.kind === 'validate');
  const sampleRows = samples.map((r) => row([r.name, `${r.file}:${r.line}`, describeExpect(r), outcomeOf(r), r.at ?? '', gateOf(r)]));

  const sections: Section[] = [
    { title: 'Files', columns: ['File', 'Status', 'Providers', 'Profiles', 'Tokens', 'Errors', 'Warnings'], rows: fileRows, noun: 'file' },
    { title: 'Findings', columns: ['Severity', 'Code', 'Location', 'Entry', 'Message'], rows: findingRows, noun: 'finding' },
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
