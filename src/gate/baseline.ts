/**
 * The baseline: the fingerprints (SARIF partialFingerprints) of the findings a repository had when it
 * adopted the gate, written by `oidc-gate baseline`. Findings it records are suppressed (kind
 * `baseline`), so only new ones fail. The file is versioned and written one finding per line, sorted,
 * so a change to it reads as a short diff in review. It is read under the rules of every gate input:
 * inside the repository and outside .git (links followed), at most 1 MiB; a broken one is one
 * configuration error, and then nothing is suppressed by it.
 */
import path from 'node:path';
import { GATE_CODES } from '../engine/index.ts';
import { configFinding } from './config-finding.ts';
import { relativeFile } from './config.ts';
import { fingerprint } from './sarif.ts';
import { readJsonInputText } from './input-file.ts';
import { findingField } from './suppress-field.ts';
import { whyNotSuppressible } from './suppress-rule.ts';
import type { GateFinding } from './types.ts';
import { clip, isRecord } from './values.ts';
import { loadYaml, parsePointer, positionOf } from './yaml.ts';

/** Where `oidc-gate baseline` writes, and what the docs tell the action's `baseline` input to name. */
export const DEFAULT_BASELINE_FILE = '.github/oidc-gate/baseline.json';
export const BASELINE_VERSION = 1;

const FINGERPRINT = /^[0-9a-f]{64}$/;
const REGENERATE = 'Write the baseline with oidc-gate baseline (it is generated, not written by hand), or fix the place named; then run again.';

export interface Baseline {
  /** As findings name files: relative to the gate root. */
  file: string;
  fingerprints: ReadonlySet<string>;
}

export type BaselineRead = { ok: true; baseline: Baseline } | { ok: false; finding: GateFinding };

/** One recorded finding: the fingerprint decides; code, file, entry and field are there for the reviewer. */
interface Entry {
  fingerprint: string;
  code: string;
  file: string;
  entry?: string;
  field: string;
}

/** Whether a finding may be recorded: it has a file (so a fingerprint) and may be suppressed at all. */
export function isBaselineCandidate(f: GateFinding): boolean {
  return f.file !== undefined && f.config !== true && whyNotSuppressible(f.code) === undefined;
}

/** The baseline file for these findings (those that may be recorded), and how many it records. */
export function renderBaseline(findings: readonly GateFinding[], fingerprintBase = ''): { text: string; count: number } {
  const byPrint = new Map<string, Entry>();
  for (const f of findings) {
    if (!isBaselineCandidate(f)) continue;
    const print = fingerprint(f, fingerprintBase);
    if (byPrint.has(print)) continue;
    // Members in this order, so every line of the file reads the same way.
    byPrint.set(print, { fingerprint: print, code: f.code, file: fingerprintBase === '' ? f.file as string : path.posix.join(fingerprintBase, f.file as string), ...(f.name !== undefined ? { entry: f.name } : {}), field: findingField(f) });
  }
  const key = (e: Entry): string => [e.file, e.entry ?? '', e.field, e.code, e.fingerprint].join('\u0000');
  const entries = [...byPrint.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const lines = entries.map((e, i) => `    ${JSON.stringify(e)}${i < entries.length - 1 ? ',' : ''}`);
  const text = [
    '{',
    `  "version": ${BASELINE_VERSION},`,
    '  "tool": "oidc-gate",',
    '  "about": "Findings accepted when the gate was adopted, matched by fingerprint; only new findings fail. Regenerate with oidc-gate baseline.",',
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
  const fail = (code: typeof GATE_CODES[keyof typeof GATE_CODES], message: string, line = 1, column = 1): BaselineRead => ({
    ok: false,
    finding: configFinding(code, message, file, { line, column }, { kind: 'config', remediation: REGENERATE }),
  });
  const read = await readJsonInputText(boundary, abs, name);
  if (!read.ok) {
    return read.missing
      ? fail(GATE_CODES.CONFIG_UNREADABLE, `${name} does not exist; write it with oidc-gate baseline, or leave the baseline setting empty.`)
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
  const problem = shapeProblem(data);
  if (problem === undefined) {
    const findings = (data as { findings: { fingerprint: string }[] }).findings;
    return { ok: true, baseline: { file, fingerprints: new Set(findings.map((e) => e.fingerprint)) } };
  }
  // JSON is YAML: the YAML parser says which line the pointer is on (the JSON parse above is the one that decides).
  const at = positionOf(loadYaml(text), parsePointer(problem.pointer));
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
    if (!isRecord(item)) return { pointer: `/findings/${i}`, message: 'expected an object with a fingerprint.' };
    if (typeof item.fingerprint !== 'string' || !FINGERPRINT.test(item.fingerprint)) {
      return { pointer: `/findings/${i}/fingerprint`, message: 'expected 64 lower-case hexadecimal characters (a finding\'s SARIF partialFingerprints value).' };
    }
  }
  return undefined;
}
