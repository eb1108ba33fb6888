/**
 * Config files: read one under the repository's rules, parse it with positions, and hand each entry
 * to its parser (providers, profiles, tokens). Problems become findings at their YAML line; a broken
 * entry is dropped and the rest of the file still runs.
 */
import { GATE_CODES } from '../codes.ts';
import { overBudgetMessage, type Admission } from '../run/budget.ts';
import { configFinding, type ReportProblem } from './config-finding.ts';
import { EntryNames } from './entry-names.ts';
import { relativeFile } from './files.ts';
import { readYamlInput } from './input-file.ts';
import { findPlaceholders, placeholderFix, placeholderMessage } from './placeholders.ts';
import type { AnySection, ConfigSection, EntrySource, SectionEntry } from '../sections/section.ts';
import type { ProfileEntry, RefusedProfile } from '../sections/profile-entry.ts';
import { profileEntries, profilesSection, refusedProfiles } from '../sections/profiles-section.ts';
import { CONFIG_SECTIONS } from '../sections/table.ts';
import { readInlineSuppressions } from '../suppress/suppress-comment.ts';
import { suppressionsSection } from '../suppress/suppressions-section.ts';
import type { Suppression } from '../suppress/suppress-rule.ts';
import type { GateFinding } from '../types.ts';
import { clip, describeType, isRecord } from './values.ts';
import { positionOf, toPointer, type LoadedYaml } from './yaml.ts';

export interface ConfigFile {
  /** Relative to the gate root, forward slashes. */
  file: string;
  abs: string;
  yaml?: LoadedYaml;
  /** What each section of the file held, by its key, in the file's order: the items its parser kept. */
  entries: ReadonlyMap<string, readonly object[]>;
  /** Inline comments and `suppressions:` items: they hide findings of this file only. */
  suppressions: Suppression[];
  findings: GateFinding[];
}

/** The items a section of the file held, as the section's parser made them. */
export function entriesOf<E extends object>(config: Pick<ConfigFile, 'entries'>, section: ConfigSection<E>): readonly E[] {
  return (config.entries.get(section.key) ?? []) as readonly E[];
}

/** The file's issuer profiles to register, and those refused for a mistake of their own. */
export function profilesOf(config: Pick<ConfigFile, 'entries'>): { entries: ProfileEntry[]; refused: RefusedProfile[] } {
  const items = entriesOf(config, profilesSection);
  return { entries: profileEntries(items), refused: refusedProfiles(items) };
}

/** Entries of a config file: the items of the lists of its sections that hold entries. */
export function configEntryCount(data: unknown, sections: readonly AnySection[] = CONFIG_SECTIONS): number {
  if (!isRecord(data)) return 0;
  return sections.reduce((n, s) => {
    const list = s.entries ? data[s.key] : undefined;
    return n + (Array.isArray(list) ? list.length : 0);
  }, 0);
}

export interface LoadContext {
  /** Where file names in findings are relative to. */
  root: string;
  /** The directory no file may be read from outside of (links followed); default root. */
  boundary?: string;
  onSecret?: (value: string) => void;
  /** Asks the run for room for this many entries; a file refused here is one CONFIG_TOO_LARGE. */
  admitEntries?: (count: number) => Promise<Admission>;
  /** The sections a file may hold (default: the sections table). */
  sections?: readonly AnySection[];
}

export async function loadConfigFile(abs: string, ctx: LoadContext): Promise<ConfigFile> {
  const file = relativeFile(ctx.root, abs);
  const boundary = ctx.boundary ?? ctx.root;
  const sections = ctx.sections ?? CONFIG_SECTIONS;
  const keys = sections.map((s) => s.key);
  const entries = new Map<string, object[]>();
  const out: ConfigFile = { file, abs, entries, suppressions: [], findings: [] };
  const input = await readYamlInput(boundary, abs, file);
  if (!input.ok) {
    out.findings.push(configFinding(input.code, input.message, file, { line: 1, column: 1 }, {
      kind: 'config', ...(input.remediation !== undefined ? { remediation: input.remediation } : {}),
    }));
    return out;
  }
  const yaml = input.yaml;
  out.yaml = yaml;
  for (const e of yaml.errors) {
    out.findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `YAML syntax error: ${e.message}`, file, e.position, {
      kind: 'config', ...(e.remediation !== undefined ? { remediation: e.remediation } : {}),
    }));
  }
  if (yaml.errors.length > 0) return out;
  if (ctx.admitEntries !== undefined) {
    const count = configEntryCount(yaml.data, sections);
    const admission = await ctx.admitEntries(count);
    if (!admission.ok) {
      out.findings.push(configFinding(GATE_CODES.CONFIG_TOO_LARGE, overBudgetMessage(file, count, admission), file, { line: 1, column: 1 }, { kind: 'config' }));
      return out;
    }
  }
  const problem: ReportProblem = (def, message, at, extra = {}) => {
    out.findings.push(configFinding(def, message, file, positionOf(yaml, at), { kind: 'config', pointer: toPointer(at), ...extra }));
  };

  const data = yaml.data;
  // `{}` checks nothing either: the same mistake as an empty file, and the schema refuses both.
  if (data === null || data === undefined || (isRecord(data) && Object.keys(data).length === 0)) {
    problem(GATE_CODES.CONFIG_INVALID, `${file} is empty: expected ${entryKeys(sections)}.`, [], {
      remediation: `Add a ${entryKeys(sections, ':')} list to the file, or delete it: an empty file checks nothing.`,
    });
    return out;
  }
  if (!isRecord(data)) {
    problem(GATE_CODES.CONFIG_INVALID, `${file} must be a map with ${entryKeys(sections)}, not ${describeType(data)}.`, [], {
      remediation: `Start the file with ${entryKeys(sections, ':')} at the left margin, each followed by its list of entries.`,
    });
    return out;
  }
  const inline = readInlineSuppressions(file, yaml);
  out.suppressions.push(...inline.suppressions);
  out.findings.push(...inline.problems);
  for (const key of Object.keys(data)) {
    if (!keys.includes(key)) {
      problem(GATE_CODES.CONFIG_UNKNOWN_KEY, `Unknown top-level key "${clip(key)}"; expected one of ${keys.join(', ')}.`, [key]);
    }
  }
  const list = (key: string): unknown[] => {
    const value = data[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      problem(GATE_CODES.CONFIG_INVALID, `${key} must be a list of entries, not ${describeType(value)}.`, [key], {
        remediation: `Write each entry under ${key}: as a list item: its first field after "- ", the others indented to line up with it.`,
      });
      return [];
    }
    return value;
  };

  const source: EntrySource = { file, abs, yaml, boundary, onSecret: ctx.onSecret };
  for (const section of sections) {
    // Entry names are unique per section of a file: a repeat is refused at its name (entry-names.ts).
    const names = section.uniqueNames === true ? new EntryNames(section, problem) : undefined;
    const items: object[] = [];
    const raws = list(section.key);
    for (let index = 0; index < raws.length; index++) {
      // A placeholder init wrote is a config error at its line; the entry is still read and run.
      for (const found of findPlaceholders(raws[index], [section.key, index])) {
        problem(GATE_CODES.CONFIG_INVALID, placeholderMessage(section.what, raws[index], [section.key, index], found), found.path, { remediation: placeholderFix(found.path) });
      }
      const item = await section.parse(raws[index], index, source, problem);
      if (item !== undefined && (names === undefined || names.admit(item as SectionEntry, raws[index]))) items.push(item);
    }
    entries.set(section.key, items);
  }
  out.suppressions.push(...entriesOf(out, suppressionsSection));
  return out;
}

/** The keys of the sections that hold entries, as a message lists them: "providers, profiles, tokens or trust_policies". */
function entryKeys(sections: readonly AnySection[], suffix = ''): string {
  const keys = sections.filter((s) => s.entries).map((s) => `${s.key}${suffix}`);
  return keys.length > 1 ? `${keys.slice(0, -1).join(', ')} or ${keys[keys.length - 1]}` : keys.join('');
}
