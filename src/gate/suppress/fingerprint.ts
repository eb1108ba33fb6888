/**
 * A finding's identity across runs, bound to what it is about (product decisions §18): its code, its
 * file named from the repository root, the section and entry name it is in, its field inside the entry,
 * and the offending value there, the value at the field as canonical JSON. A list item is named by its
 * value rather than its position (`/redirect_uris/1` digests as `/redirect_uris/-`, "an item of
 * redirect_uris", with the item's value), so inserting or reordering items changes nothing, while
 * changing the item makes it a new finding. A field naming a file the gate read (`token_file`, `aws_trust_policy`) binds the file's
 * content with its path: the findings about the policy inside it are placed at that one line.
 *
 * This is the SARIF `partialFingerprints["oidcGate/v2"]` value and what the baseline records.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FindingFingerprints, FindingIdentity, GateFinding } from '../types.ts';
import { isRecord } from '../config/values.ts';
import type { AnySection, EntryLookup, SectionEntry } from '../sections/section.ts';
import { CONFIG_SECTIONS } from '../sections/table.ts';
import { parsePointer, toPointer, type LoadedYaml } from '../config/yaml.ts';

/** The SARIF partialFingerprints key; a new way of fingerprinting gets a new key. */
export const FINGERPRINT_KEY = 'oidcGate/v2';


/** A config file as the run read it: its YAML, and the entries whose fields name files it read. */
export interface FingerprintSource {
  /** As findings name it: relative to the gate root. */
  file: string;
  yaml?: LoadedYaml;
  /** The entries the run read, by section key: what their fields that name files held. */
  entries?: ReadonlyMap<string, readonly object[]>;
}


const INDEX = /^(?:0|[1-9]\d*)$/;

/** JSON with object members sorted at every depth; numbers JSON cannot hold (.inf, .nan) as text. */
function canonical(value: unknown, memo: WeakMap<object, string>): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : JSON.stringify(String(value));
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return JSON.stringify(value);
  const known = memo.get(value);
  if (known !== undefined) return known;
  const text = Array.isArray(value)
    ? `[${value.map((v) => canonical(v, memo)).join(',')}]`
    : `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k], memo)}`).join(',')}}`;
  memo.set(value, text);
  return text;
}

/**
 * The fingerprints of one run's findings: `base` is where the run's file names start, relative to the
 * repository root (the CLI run in a subdirectory names files from there), and `sources` the config files
 * it read. A finding in a file that is not among them (the issuer-profiles file) binds its message
 * instead of a value: it may then change more often than needed, never hide more than was recorded.
 */
export class Fingerprints implements FindingFingerprints {
  readonly base: string;
  readonly #sources = new Map<string, FingerprintSource>();
  /** The sections whose items are entries named by `name` (or `id`), so their position never counts. */
  readonly #entrySections = new Map<string, AnySection>();
  readonly #identities = new WeakMap<GateFinding, FindingIdentity>();
  readonly #canonical = new WeakMap<object, string>();

  constructor(base = '', sources: readonly FingerprintSource[] = [], sections: readonly AnySection[] = CONFIG_SECTIONS) {
    this.base = base;
    for (const s of sources) this.#sources.set(s.file, s);
    for (const s of sections) if (s.entries) this.#entrySections.set(s.key, s);
  }

  /** The SARIF partialFingerprints value. */
  of(f: GateFinding): string {
    return this.identity(f).fingerprint;
  }

  /** The finding's file named from the repository root. */
  fileOf(f: GateFinding): string {
    if (f.file === undefined) return '';
    return this.base === '' ? f.file : path.posix.join(this.base, f.file);
  }

  identity(f: GateFinding): FindingIdentity {
    const known = this.#identities.get(f);
    if (known !== undefined) return known;
    const place = this.#place(f);
    const itemField = toPointer(place.rel.map((s, i) => (place.listPositions[i] === true ? '-' : s)));
    const evidence = f.evidence !== undefined ? canonical(boundEvidence(f.evidence), this.#canonical) : null;
    const key = JSON.stringify([FINGERPRINT_KEY, f.code, this.fileOf(f), place.section, place.entry ?? null, itemField, place.bound, evidence]);
    const identity: FindingIdentity = {
      code: f.code,
      file: this.fileOf(f),
      section: place.section,
      ...(place.entry !== undefined ? { entry: place.entry } : {}),
      field: toPointer(place.rel),
      itemField,
      fingerprint: createHash('sha256').update(key, 'utf8').digest('hex'),
    };
    this.#identities.set(f, identity);
    return identity;
  }

  /** Where the finding is (section, entry, field) and what it binds: the value there, or its message. */
  #place(f: GateFinding): { section: string; entry?: string; rel: string[]; listPositions: boolean[]; bound: string } {
    const source = f.file !== undefined ? this.#sources.get(f.file) : undefined;
    const data = source?.yaml?.data;
    if (source !== undefined && data !== undefined && f.pointer !== undefined) {
      const at = parsePointer(f.pointer);
      const [section, index] = at;
      const list = section !== undefined && isRecord(data) ? data[section] : undefined;
      if (section !== undefined && index !== undefined && this.#entrySections.has(section) && INDEX.test(index) && Array.isArray(list) && Number(index) < list.length) {
        const kind = this.#entrySections.get(section);
        const entry = resolvedEntry(source, kind, Number(index), list[Number(index)], (key, name) => this.#lookup(key, name));
        const rel = at.slice(2);
        const walked = walk(entry, rel);
        const whole = kind?.outcomeCodes?.includes(f.code) === true ? `,${canonical(entry, this.#canonical)}` : '';
        return { section, entry: f.name ?? `${section}[${index}]`, rel, listPositions: walked.listPositions, bound: `${this.#bind(walked)}${whole}` };
      }
      const walked = walk(data, at);
      return { section: '', ...(f.name !== undefined ? { entry: f.name } : {}), rel: at, listPositions: walked.listPositions, bound: this.#bind(walked) };
    }
    // No document to read the value from: the place as the finding names it, and its message.
    const stable = f.stablePointer !== undefined ? parsePointer(f.stablePointer) : undefined;
    const rel = stable !== undefined && f.name !== undefined ? stable.slice(2) : parsePointer(f.pointer ?? f.stablePointer ?? '');
    const section = stable !== undefined && f.name !== undefined ? stable[0] ?? '' : '';
    return { section, ...(f.name !== undefined ? { entry: f.name } : {}), rel, listPositions: rel.map(() => false), bound: JSON.stringify(['message', f.message]) };
  }

  /** An entry of any config file of the run, by section and name. */
  #lookup(key: string, name: string): object | undefined {
    for (const source of this.#sources.values()) {
      const found = source.entries?.get(key)?.find((e) => (e as SectionEntry).name === name);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  #bind(walked: Walked): string {
    return `[${[...walked.items, walked.value].map((v) => canonical(v, this.#canonical)).join(',')}]`;
  }
}

/**
 * What the gate found out binds too (the keys a JWKS_KEYS_CHANGED added and removed: another key change is
 * another finding), except `lock`, the lock file as this run names it, which depends on where it started.
 */
function boundEvidence(evidence: Record<string, unknown>): Record<string, unknown> {
  const { lock: _lock, ...rest } = evidence;
  return rest;
}

interface Walked {
  /** Every list item the field lies in, outermost first. */
  items: unknown[];
  /** The value at the field (undefined when the field is absent). */
  value: unknown;
  listPositions: boolean[];
}

/** Follows `rel` from `root`, noting the list items on the way. */
function walk(root: unknown, rel: readonly string[]): Walked {
  const items: unknown[] = [];
  const listPositions: boolean[] = [];
  let current: unknown = root;
  for (const segment of rel) {
    if (Array.isArray(current) && INDEX.test(segment)) {
      listPositions.push(true);
      current = current[Number(segment)];
      items.push(current);
    } else {
      listPositions.push(false);
      current = isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    }
  }
  return { items, value: current, listPositions };
}

/**
 * The entry as written, with each field that names a file the gate read bound to what it read: a
 * sample's token file to its token, a trust policy's file to the policy document.
 */
function resolvedEntry(source: FingerprintSource, section: AnySection | undefined, index: number, raw: unknown, lookup: EntryLookup): unknown {
  if (!isRecord(raw) || section?.bindFiles === undefined) return raw;
  const entry = source.entries?.get(section.key)?.find((e) => (e as SectionEntry).path[1] === index);
  return entry !== undefined ? section.bindFiles(entry, raw, lookup) : raw;
}
