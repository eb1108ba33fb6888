/**
 * The baseline: the findings a repository had when it adopted the gate, written by `oidc-gate baseline`,
 * each as its fingerprint (the SARIF partialFingerprints value, bound to the finding's content: see
 * fingerprint.ts) and its code, file, entry and field. A finding is suppressed (kind `baseline`) only by
 * a line whose fingerprint is its own and whose readable fields name it, so a line says what it hides
 * and a mislabelled one hides nothing. The file is versioned and written one finding per line, sorted,
 * so a change to it reads as a short diff in review. It is read under the rules of every gate input:
 * inside the repository and outside .git (links followed), at most 1 MiB; a broken one is one
 * configuration error, and then nothing is suppressed by it. A version 1 file (fingerprints blind to the
 * value) is refused with one error that says to write it again.
 */
import path from 'node:path';
import { GATE_CODES } from '../codes.ts';
import { configFinding } from '../config/config-finding.ts';
import { relativeFile } from '../config/files.ts';
import { Fingerprints } from './fingerprint.ts';
import { readJsonInputText } from '../config/input-file.ts';
import { whyNotSuppressible } from './suppress-rule.ts';
import type { FindingFingerprints, FindingIdentity, GateFinding } from '../types.ts';
import { clip, isRecord } from '../config/values.ts';
import { loadYaml, parsePointer, positionOf } from '../config/yaml.ts';

/** Where `oidc-gate baseline` writes, and what the docs tell the action's `baseline` input to name. */
export const DEFAULT_BASELINE_FILE = '.github/oidc-gate/baseline.json';
export const BASELINE_VERSION = 2;

const FINGERPRINT = /^[0-9a-f]{64}$/;
const REGENERATE = 'Write the baseline with oidc-gate baseline (it is generated, not written by hand), or fix the place named; then run again.';
const REWRITE = 'Run oidc-gate baseline again (with the paths and network setting the gate runs with), review the new file and commit it in place of the old one.';

/** One recorded finding: its fingerprint, and the code, file, entry and field it must also match. */
export interface BaselineLine {
  fingerprint: string;
  code: string;
  /** Named from the repository root. */
  file: string;
  entry?: string;
  /** Inside the entry; a list item's position is `-` (`/redirect_uris/-`): the fingerprint names it by its value. */
  field: string;
}

export interface Baseline {
  /** As findings name files: relative to the gate root. */
  file: string;
  /** The distinct fingerprints recorded. */
  fingerprints: ReadonlySet<string>;
  /** The recorded lines, by fingerprint. */
  lines: ReadonlyMap<string, readonly BaselineLine[]>;
}

export type BaselineRead = { ok: true; baseline: Baseline } | { ok: false; finding: GateFinding };

/**
 * The line that records this finding, if any: the same fingerprint, and the same code, file, entry and
 * field as the line says (a list item's field is written with `-` for its position: it is recorded by
 * its value, wherever it is in the list).
 */
export function baselineLineFor(baseline: Baseline, id: FindingIdentity): BaselineLine | undefined {
  return baseline.lines.get(id.fingerprint)?.find((line) =>
    line.code === id.code && line.file === id.file && line.entry === id.entry && line.field === id.itemField);
}

/** Whether a finding may be recorded: it has a file (so a fingerprint) and may be suppressed at all. */
export function isBaselineCandidate(f: GateFinding): boolean {
  return f.file !== undefined && f.config !== true && whyNotSuppressible(f.code) === undefined;
}

/**
 * The baseline file for these findings (those that may be recorded), and how many it records.
 * `fingerprints` are the run's (GateRun.fingerprints): they read each finding's value from its file.
 */
export function renderBaseline(findings: readonly GateFinding[], fingerprints: FindingFingerprints = new Fingerprints()): { text: string; count: number } {
  const byPrint = new Map<string, BaselineLine>();
  for (const f of findings) {
    if (!isBaselineCandidate(f)) continue;
    const id = fingerprints.identity(f);
    if (byPrint.has(id.fingerprint)) continue;
    // Members in this order, so every line of the file reads the same way.
    byPrint.set(id.fingerprint, { fingerprint: id.fingerprint, code: id.code, file: id.file, ...(id.entry !== undefined ? { entry: id.entry } : {}), field: id.itemField });
  }
  const key = (e: BaselineLine): string => [e.file, e.entry ?? '', e.field, e.code, e.fingerprint].join('\u0000');
  const entries = [...byPrint.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const lines = entries.map((e, i) => `    ${JSON.stringify(e)}${i < entries.length - 1 ? ',' : ''}`);
  const text = [
    '{',
    `  "version": ${BASELINE_VERSION},`,
    '  "tool": "oidc-gate",',
    '  "about": "Findings accepted when the gate was adopted, each matched by its fingerprint (code, file, entry, field and the value there) and by the code, file, entry and field written beside it; only new findings fail. Regenerate with oidc-gate baseline.",',
    lines.length > 0 ? '  "findings": [' : '  "findings": []',
    ...(lines.length > 0 ? [...lines, '  ]'] : []),
    '}',
    '',
  ].join('\n');
  return { text, count: entries.length };
}

/** Reads the baseline `rel` (relative to root) inside `boundary`. */
export async function readBaseline(root: string, boundary: string, rel: string): Promise<BaselineRead> {
  const abs = path.resolve(root, rel);
  const file = relativeFile(root, abs);
  const name = `The baseline file ${clip(file)}`;
  const fail = (code: typeof GATE_CODES[keyof typeof GATE_CODES], message: string, line = 1, column = 1, remediation = REGENERATE): BaselineRead => ({
    ok: false,
    finding: configFinding(code, message, file, { line, column }, { kind: 'config', remediation }),
  });
  const read = await readJsonInputText(boundary, abs, name);
  if (!read.ok) {
    return read.missing
      // As a missing lock file: the file the setting names is not there (CONFIG_UNREADABLE is one that is, but cannot be read).
      ? fail(GATE_CODES.CONFIG_NOT_FOUND, `${name} does not exist.`, 1, 1,
        'Run oidc-gate baseline to write it (then commit it), name the baseline file you committed, or leave the baseline setting empty (action input baseline, CLI --baseline).')
      : fail(read.code, read.message);
  }
  const text = read.text;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // Only the position is taken from the parser: its message quotes the file.
    const where = /line (\d+) column (\d+)/.exec(err instanceof Error ? err.message : '');
    return fail(GATE_CODES.CONFIG_INVALID, `${name} is not valid JSON${where !== null ? ` (line ${where[1]}, column ${where[2]})` : ''}.`,
      where !== null ? Number(where[1]) : 1, where !== null ? Number(where[2]) : 1);
  }
  // JSON is YAML: the YAML parser says which line a pointer is on (the JSON parse above is the one that decides).
  const lineOf = (pointer: string) => positionOf(loadYaml(text), parsePointer(pointer));
  if (isRecord(data) && data.version === 1) {
    const at = lineOf('/version');
    return fail(GATE_CODES.CONFIG_INVALID,
      `${name} is a version 1 baseline, whose fingerprints do not bind a finding's value (a changed value stayed hidden); this oidc-gate reads version ${BASELINE_VERSION} only, so nothing was suppressed. Run oidc-gate baseline again to record today's findings.`,
      at.line, at.column, REWRITE);
  }
  const problem = shapeProblem(data);
  if (problem === undefined) {
    const recorded = (data as { findings: BaselineLine[] }).findings;
    const lines = new Map<string, BaselineLine[]>();
    for (const e of recorded) {
      const line: BaselineLine = { fingerprint: e.fingerprint, code: e.code, file: e.file, ...(e.entry !== undefined ? { entry: e.entry } : {}), field: e.field };
      lines.set(e.fingerprint, [...(lines.get(e.fingerprint) ?? []), line]);
    }
    return { ok: true, baseline: { file, fingerprints: new Set(lines.keys()), lines } };
  }
  const at = lineOf(problem.pointer);
  return fail(GATE_CODES.CONFIG_INVALID, `${name} is invalid at ${problem.pointer === '' ? 'its top' : problem.pointer}: ${problem.message}`, at.line, at.column);
}

/** The first thing wrong with the document, by JSON Pointer; one mistake, one error. */
function shapeProblem(data: unknown): { pointer: string; message: string } | undefined {
  if (!isRecord(data)) return { pointer: '', message: `expected a JSON object { "version": ${BASELINE_VERSION}, "findings": [...] }.` };
  if (data.version !== BASELINE_VERSION) {
    return { pointer: '/version', message: `expected ${BASELINE_VERSION}, the baseline version this oidc-gate reads${data.version === undefined ? ' (it is missing)' : ''}.` };
  }
  if (!Array.isArray(data.findings)) return { pointer: '/findings', message: 'expected a list of recorded findings.' };
  for (const [i, item] of data.findings.entries()) {
    if (!isRecord(item)) return { pointer: `/findings/${i}`, message: 'expected an object with a fingerprint, code, file and field.' };
    if (typeof item.fingerprint !== 'string' || !FINGERPRINT.test(item.fingerprint)) {
      return { pointer: `/findings/${i}/fingerprint`, message: 'expected 64 lower-case hexadecimal characters (a finding\'s SARIF partialFingerprints value).' };
    }
    for (const member of ['code', 'file', 'field'] as const) {
      if (typeof item[member] !== 'string') {
        return { pointer: `/findings/${i}/${member}`, message: `expected the ${member} of the finding as text${item[member] === undefined ? ' (it is missing): a line names what it hides' : ''}.` };
      }
    }
    if (item.entry !== undefined && typeof item.entry !== 'string') return { pointer: `/findings/${i}/entry`, message: 'expected the entry name as text, or no entry member.' };
  }
  return undefined;
}
