/**
 * Placing what the engine reports on the config file: each finding of a response, and each error of a
 * refused request, goes to the YAML line of the field it names (`evidence.field`, a problem's pointer),
 * relative to the entry it came from. The runners decide what to report; this module only says where.
 */
import { type Finding, type Problem } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import type { GateFinding, ResultKind } from '../types.ts';
import { parsePointer, positionOf, toPointer, type LoadedYaml, type Path } from '../config/yaml.ts';

/** What a finding is placed in: the config file and, when it parsed, its YAML with positions. */
export interface PlacedIn {
  file: string;
  yaml?: LoadedYaml;
}

/** The finding's request field as a pointer (`/redirect_uris/1`), when it names one. */
function fieldOf(f: Finding): string | undefined {
  const field = f.evidence?.field;
  return typeof field === 'string' ? field : undefined;
}

/** Collects one entry's gate findings, each at the line of the field it is about. */
export class Placer {
  readonly findings: GateFinding[] = [];
  readonly #config: PlacedIn;
  readonly #entryPath: Path;
  readonly #name: string;
  readonly #kind: ResultKind;

  constructor(config: PlacedIn, entryPath: Path, name: string, kind: ResultKind) {
    this.#config = config;
    this.#entryPath = entryPath;
    this.#name = name;
    this.#kind = kind;
  }

  /** `rel` is the field's path inside the entry; `config` marks a problem with the input (CLI exit 2). */
  add(f: { code: string; severity: 'error' | 'warning'; message: string; remediation?: string }, rel: Path, config = false): void {
    const path = [...this.#entryPath, ...rel];
    const yaml = this.#config.yaml;
    const pos = yaml !== undefined ? positionOf(yaml, path) : { line: 1, column: 1 };
    const out: GateFinding = {
      code: f.code,
      severity: f.severity,
      message: f.message,
      file: this.#config.file,
      line: pos.line,
      column: pos.column,
      pointer: toPointer(path),
      // Named by entry name rather than index, so a SARIF fingerprint survives reordering entries.
      stablePointer: toPointer([String(this.#entryPath[0]), this.#name, ...rel]),
      kind: this.#kind,
      name: this.#name,
    };
    if (f.remediation !== undefined) out.remediation = f.remediation;
    if (config) out.config = true;
    this.findings.push(out);
  }

  /**
   * A response's findings, each at its field (`map` turns a request pointer into a path in the
   * entry); a finding about no field goes to `fallback`.
   */
  addFindings(findings: readonly Finding[], map: (pointer: string) => Path, fallback: Path): void {
    for (const f of findings) {
      const field = fieldOf(f);
      this.add(f, field !== undefined ? map(field) : fallback);
    }
  }

  /** A refused request (422): one config error per refused field. (A 400 is a sample outcome, judged by the token runner.) */
  problem(problem: Problem, map: (pointer: string) => Path = parsePointer): void {
    for (const e of problem.errors ?? [{ pointer: '', message: problem.detail }]) {
      const where = e.pointer === '' ? '' : ` at ${e.pointer}`;
      this.add({
        code: GATE_CODES.REQUEST_INVALID.code,
        severity: 'error',
        message: `The ${this.#kind} request for "${this.#name}" is invalid${where}: ${e.message}`,
        remediation: GATE_CODES.REQUEST_INVALID.remediation,
      }, map(e.pointer), true);
    }
  }
}
