/**
 * A config section: one top-level key of a config file (providers:, tokens:, …) and everything the
 * gate does with its items. Parsing, the run, the entry budget, the per-file counts, the config schema
 * and the docs all read the sections table (table.ts), so a new section is one module and one entry.
 */
import type { Engine } from '../../engine/index.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import type { LoadedYaml, Path } from '../config/yaml.ts';
import type { EntryOutcome } from '../run/entry-result.ts';
import type { PlacedIn } from '../run/place.ts';
import type { IdTokenSource } from './id-token-source.ts';
import type { ResultKind } from '../types.ts';

/** The config file an entry is read from, and the directory the files it names must stay inside. */
export interface EntrySource {
  /** As findings name it: relative to the gate root, forward slashes. */
  file: string;
  abs: string;
  yaml: LoadedYaml;
  boundary: string;
  onSecret: ((value: string) => void) | undefined;
}

/** What every parsed entry has: its name in findings, and where it is written. */
export interface SectionEntry {
  name: string;
  path: Path;
  line: number;
}

/** The run's state an entry's check may use; the config file is the one the entry is in. */
export interface SectionRun {
  /** The config file the entry is in: its name and YAML, to place findings. */
  config: PlacedIn;
  engine: Engine;
  /** The instant samples without `at` are judged at: when the run started. */
  startedAt: number;
  /** The run's issuer profiles, for samples that name one. */
  profiles: ProfileIndex;
  /** The job's own ID token (the action's runner only). */
  idToken: IdTokenSource | undefined;
  online: boolean;
}


/** Where a refused profile is: the line of its first problem. */
export interface RefusedAt {
  file: string;
  line: number;
}

/** What the run knows about its issuer profiles, for samples that name one. */
export interface ProfileIndex {
  /** Every id written in a profile, registered or refused. */
  ids: readonly string[];
  /** Profiles refused for a mistake of their own, by id, and where that mistake is. */
  refused: ReadonlyMap<string, RefusedAt>;
}

/** An entry of the run by its section and name, in any config file (a sample's issuer profile). */
export type EntryLookup = (section: string, name: string) => object | undefined;

/** A JSON Schema fragment, as the config schema embeds it. */
export type Json = Record<string, unknown>;

/** Puts an engine schema in the config schema (its shared definitions move to the root `$defs`). */
export type EmbedSchema = (schema: object) => Json;

export interface ConfigSection<E extends object = SectionEntry> {
  /** The top-level key, and the per-file count's name in the report (`file_status`). */
  key: string;
  /** How messages name one entry ("sample token"). */
  what: string;
  /** How per-file counts name one entry and many ("1 sample", "2 samples"), and their column title. */
  noun: readonly [one: string, many: string];
  title: string;
  /**
   * Its items are entries (SectionEntry: named, placed) checked by the run, counted against its entry
   * budget and in the report, named uniquely per file. False for sections that only change how others
   * are judged (suppressions).
   */
  entries: boolean;
  /** Two entries of the section in one file may not share a name (see entry-names.ts). */
  uniqueNames?: boolean;
  /** How many entries the report counts for the file (`file_status`); default all it read. */
  count?(entries: readonly E[]): number;
  /** The report result kind of its checks, for a fault inside one (INTERNAL_ERROR). */
  kind?: ResultKind;
  /** Read one item; undefined when it was refused (its problems already reported). */
  parse(raw: unknown, index: number, source: EntrySource, problem: ReportProblem): E | undefined | Promise<E | undefined>;
  /** Check one entry; sections without it are read but not run. */
  run?(entry: E, run: SectionRun): Promise<EntryOutcome>;
  /**
   * The entry as fingerprints see it: each field that names a file bound to what the gate read from
   * it, so a finding's fingerprint changes when the file does.
   */
  bindFiles?(entry: E, raw: Record<string, unknown>, lookup: EntryLookup): unknown;
  /**
   * Codes that judge the entry's outcome as a whole (a sample that did not turn out as expected, a case
   * the policy decides otherwise): their fingerprint binds the whole entry (files it names included),
   * not only the field they sit at, so a baseline stops hiding them once anything that decides the
   * outcome changes.
   */
  outcomeCodes?: readonly string[];
  /** Its place in the config schema: a `$defs` name, the list's description, and the item's schema. */
  schema: { definition: string; description: string; build(embed: EmbedSchema): Json };
}

/** A section in the table, its entry type erased: the table holds sections of every type. */
export type AnySection = ConfigSection<object>;

/** A section, typed by its entries (the table holds it as an AnySection: its hooks see only entries it made). */
export function defineSection<E extends object>(section: ConfigSection<E>): ConfigSection<E> {
  return section;
}
