/**
 * Entry names are unique per section within a file (§18): findings, suppressions, the baseline and the
 * lock name an entry by its section and name, so a second `web` provider would be taken for the first.
 * A repeat is one CONFIG_INVALID at the second entry's `name:` line (or at the entry, when its name is
 * the default), and that entry is not checked. Issuer profiles are named by `id`, which must be unique
 * across all files (PROFILE_DUPLICATE), so they are not counted here.
 */
import { GATE_CODES } from '../codes.ts';
import type { ReportProblem } from './config-finding.ts';
import { clip, isRecord } from './values.ts';
import type { Path } from './yaml.ts';

/** The names seen in one section of one file. */
export class EntryNames {
  readonly #section: { key: string; what: string };
  readonly #problem: ReportProblem;
  readonly #first = new Map<string, number>();

  constructor(section: { key: string; what: string }, problem: ReportProblem) {
    this.#section = section;
    this.#problem = problem;
  }

  /** Whether the entry may be checked: its name is not one an entry before it in this section has. */
  admit(entry: { name: string; path: Path; line: number }, raw: unknown): boolean {
    const first = this.#first.get(entry.name);
    if (first === undefined) {
      this.#first.set(entry.name, entry.line);
      return true;
    }
    const what = this.#section.what;
    const written = isRecord(raw) && raw.name !== undefined;
    this.#problem(GATE_CODES.CONFIG_INVALID,
      `The ${what} name "${clip(entry.name)}" is already used by the ${what} on line ${first} of this file${written ? '' : ' (this one has no name:, and its default name is the same)'}; entry names must be unique in ${this.#section.key}:, so this ${what} was not checked.`,
      written ? [...entry.path, 'name'] : entry.path, {
        remediation: written
          ? `Rename this ${what}: give it a name: no other ${what} in this file has, or remove it if it repeats the other one.`
          : `Give this ${what} a name: no other ${what} in this file has, or remove it if it repeats the other one.`,
      });
    return false;
  }
}
