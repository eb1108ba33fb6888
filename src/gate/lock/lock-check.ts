/**
 * The audit's key pinning: read the lock file, fetch the keys each locked provider and profile serves
 * now, and report JWKS_KEYS_CHANGED where they differ, at the entry's `jwks_uri` (or `discovery`)
 * line. Offline, the comparison is one CHECK_SKIPPED for the lock file.
 *
 * The lock and the config must still describe the same entries, network or not: a lock entry that names
 * no provider or profile of the run is LOCK_ENTRY_UNMATCHED (an error: a rename would otherwise unpin
 * the keys without a word), and a provider or profile whose keys are fetched but that the lock does not
 * name is LOCK_ENTRY_MISSING (a warning: it is not compared until `oidc-gate lock` adds it).
 */
import path from 'node:path';
import { type Engine } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { getFindingDefinition } from '../catalogue.ts';
import { entriesOf, profilesOf, type ConfigFile } from '../config/config.ts';
import { providersSection } from '../sections/providers.ts';
import { relativeFile } from '../config/files.ts';
import { configFinding } from '../config/config-finding.ts';
import { readJsonInputText } from '../config/input-file.ts';
import { lockKey, parseLock, type LockDocument, type LockedKey } from './lock-file.ts';
import { servedKeys } from './lock-keys.ts';
import { lockSources, type LockSource } from './lock-sources.ts';
import { pool } from '../run/pool.ts';
import type { GateFinding } from '../types.ts';
import { clip } from '../config/values.ts';
import { positionOf, toPointer } from '../config/yaml.ts';

/** Locked entries are fetched this many at a time, as the run's entries are. */
const CONCURRENCY = 8;
/** How many added and removed keys a message names; evidence lists them all. */
const NAMED_IN_MESSAGE = 3;

export interface LockCheckOptions {
  /** Where the lock path and the config files' names are relative to. */
  root: string;
  /** The directory the lock file must resolve inside of, outside .git. */
  boundary: string;
  /** The lock file as the user named it. */
  lockFile: string;
  configs: readonly ConfigFile[];
  engine: Engine;
}

export async function checkLock(options: LockCheckOptions): Promise<GateFinding[]> {
  const rel = relativeFile(options.root, path.resolve(options.root, options.lockFile));
  const read = await readLockFile(options, rel);
  if (!read.ok) return [read.finding];
  const locked = new Map(read.lock.entries.map((e) => [lockKey(e), e]));
  const keyOf = (s: LockSource): string => lockKey({ kind: s.kind, file: s.lockFile, name: s.name });
  const all = lockSources(options.configs, options.boundary);
  const pairing = [
    ...unmatchedEntries(read.lock, read.text, all, options, rel),
    ...all.filter((s) => !locked.has(keyOf(s)) && !configBroken(options.configs, s.file)).map((s) => missingEntry(s, rel)),
  ];
  const sources = all.filter((s) => locked.has(keyOf(s)));
  if (sources.length === 0) return pairing;
  if (!options.engine.services.fetcher.online) {
    const checks = [GATE_CODES.JWKS_KEYS_CHANGED.code];
    return [...pairing, {
      code: 'CHECK_SKIPPED',
      severity: 'warning',
      message: `The keys of ${count(sources.length, 'provider or profile', 'providers and profiles')} in the lock file were not fetched (offline mode); not run: ${checks.join(', ')}.`,
      remediation: 'Run again with network access (drop --offline; in the action, network: true) to compare the served keys with the lock file.',
      file: rel, line: 1, column: 1, pointer: '', kind: 'config',
      evidence: { lock: rel, checks, entries: sources.length },
    }];
  }
  const outcomes = await pool(sources.map((source) => async () => compare(source, options.engine, locked.get(keyOf(source))?.keys ?? [], rel)), CONCURRENCY);
  return [...pairing, ...outcomes.flat()];
}

/**
 * Whether a config file has a configuration error: its entries may not all have been read, and the run
 * fails on that error anyway, so the lock is not paired with what is left of it (one mistake, one finding).
 */
function configBroken(configs: readonly ConfigFile[], file: string): boolean {
  return configs.some((c) => c.file === file && c.findings.some((f) => f.config === true && f.severity === 'error'));
}

/**
 * LOCK_ENTRY_UNMATCHED for each lock entry that names no provider or profile this run fetches keys
 * for, at the entry's line of the lock file: its config file is not checked, has no entry of that
 * name, or the entry no longer fetches a JWK Set.
 */
function unmatchedEntries(lock: LockDocument, text: string, sources: readonly LockSource[], options: LockCheckOptions, rel: string): GateFinding[] {
  const fetched = new Set(sources.map((s) => lockKey({ kind: s.kind, file: s.lockFile, name: s.name })));
  const byLockName = new Map(options.configs.map((c) => [relativeFile(options.boundary, c.abs), c]));
  const out: GateFinding[] = [];
  lock.entries.forEach((entry, i) => {
    if (fetched.has(lockKey(entry))) return;
    const config = byLockName.get(entry.file);
    if (config !== undefined && configBroken(options.configs, config.file)) return;
    const what = `${entry.kind} "${clip(entry.name)}"`;
    let why: string;
    if (config === undefined) {
      why = `names ${what} of ${clip(entry.file)}, a config file this run does not check (renamed, removed, or outside the config patterns)`;
    } else if (entry.kind === 'provider' ? entriesOf(config, providersSection).some((p) => p.name === entry.name) : profilesOf(config).entries.some((p) => p.id === entry.name)) {
      why = `names ${what} of ${clip(entry.file)}, which no longer fetches its keys (${entry.kind === 'provider' ? 'no jwks_uri' : 'neither jwks_uri nor discovery: true'})`;
    } else {
      why = `names ${what}, which ${clip(entry.file)} does not have`;
    }
    const pointer = `/entries/${i}`;
    out.push({
      code: GATE_CODES.LOCK_ENTRY_UNMATCHED.code,
      severity: 'error',
      message: `The lock file ${rel} ${why}: the keys it pins are compared with nothing.`,
      remediation: GATE_CODES.LOCK_ENTRY_UNMATCHED.remediation,
      file: rel, ...lineOf(text, pointer), pointer,
      // Named by what the entry pins, not by its index: the lock is sorted, so an index moves.
      stablePointer: toPointer(['entries', `${entry.kind}:${entry.file}`, entry.name]),
      kind: entry.kind === 'provider' ? 'lint' : 'profile', name: entry.name,
      evidence: { lock: rel, entry: { kind: entry.kind, file: entry.file, name: entry.name } },
    });
  });
  return out;
}

/** LOCK_ENTRY_MISSING: a provider or profile whose keys are fetched, and that the lock does not name. */
function missingEntry(source: LockSource, lockRel: string): GateFinding {
  const what = source.kind === 'provider' ? `Provider "${clip(source.name)}"` : `Profile "${clip(source.name)}"`;
  return {
    ...placeAt(source),
    code: GATE_CODES.LOCK_ENTRY_MISSING.code,
    severity: 'warning',
    message: `${what} fetches its keys, but the lock file ${lockRel} has no entry for it, so its keys are not compared.`,
    remediation: GATE_CODES.LOCK_ENTRY_MISSING.remediation,
    evidence: { field: toPointer(source.at.slice(2)), lock: lockRel },
  };
}

type LockRead = { ok: true; lock: LockDocument; text: string } | { ok: false; finding: GateFinding };

/** The lock file, read under the rules config files are read by; a broken one is one config error. */
async function readLockFile(options: LockCheckOptions, rel: string): Promise<LockRead> {
  const name = `The lock file ${rel}`;
  const refuse = (def: typeof GATE_CODES[keyof typeof GATE_CODES], message: string, at: { line: number; column: number } = { line: 1, column: 1 }, extra: Partial<GateFinding> = {}): LockRead => ({
    ok: false, finding: configFinding(def, message, rel, at, { kind: 'config', ...extra }),
  });
  const read = await readJsonInputText(options.boundary, path.resolve(options.root, options.lockFile), name);
  if (!read.ok) {
    if (read.missing) {
      return refuse(GATE_CODES.CONFIG_NOT_FOUND, `${name} does not exist.`, undefined, {
        remediation: 'Run oidc-gate lock to write it (and commit it), or name the lock file you committed.',
      });
    }
    return refuse(read.code, read.message, undefined, read.code === GATE_CODES.CONFIG_INVALID ? { remediation: LOCK_FIX } : {});
  }
  const text = read.text;
  const parsed = parseLock(text);
  if (parsed.ok) return { ...parsed, text };
  const at = parsed.line !== undefined ? { line: parsed.line, column: parsed.column ?? 1 } : lineOf(text, parsed.pointer);
  const message = parsed.pointer === '' ? `${name} ${parsed.message}.` : `${name} is invalid: ${parsed.pointer} ${parsed.message}.`;
  return refuse(GATE_CODES.CONFIG_INVALID, message, at, {
    pointer: parsed.pointer, remediation: LOCK_FIX,
  });
}

const LOCK_FIX = 'The lock file is written by oidc-gate lock: run it again to rewrite the file rather than editing it by hand.';

/**
 * The line of the entry a pointer is in. oidc-gate lock writes one member per line and `kind` only on
 * entries, so the n-th `"kind"` member starts entry n; a hand-edited file may fall back to line 1.
 */
function lineOf(text: string, pointer: string): { line: number; column: number } {
  const m = /^\/entries\/(\d+)/.exec(pointer);
  if (m === null) return { line: 1, column: 1 };
  let offset = -1;
  for (let i = 0; i <= Number(m[1]); i++) {
    offset = text.indexOf('"kind"', offset + 1);
    if (offset === -1) return { line: 1, column: 1 };
  }
  return position(text, offset);
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** One locked provider or profile: the served keys against the locked ones. */
async function compare(source: LockSource, engine: Engine, lockedKeys: readonly LockedKey[], lockRel: string): Promise<GateFinding[]> {
  const served = await servedKeys(source, engine);
  const place = placeAt(source);
  if (!served.ok) {
    // A provider's own lint reports the same failed fetch (JWKS_UNREACHABLE, JWKS_INVALID): one mistake, one finding.
    if (source.kind === 'provider' && 'jwksUri' in source.fetch) return [];
    return [{
      ...place,
      code: 'CHECK_SKIPPED',
      severity: 'warning',
      message: `The keys of profile "${clip(source.name)}" were not compared with the lock file ${lockRel}: ${served.why}; not run: JWKS_KEYS_CHANGED.`,
      remediation: getFindingDefinition('CHECK_SKIPPED')?.remediation ?? 'Run again once the keys can be fetched.',
      evidence: { field: toPointer(source.at.slice(2)), lock: lockRel, checks: [GATE_CODES.JWKS_KEYS_CHANGED.code] },
    }];
  }
  const id = (k: LockedKey): string => `${k.kid ?? ''}\u0000${k.thumbprint}`;
  const before = new Set(lockedKeys.map(id));
  const now = new Set(served.keys.map(id));
  const added = served.keys.filter((k) => !before.has(id(k)));
  const removed = lockedKeys.filter((k) => !now.has(id(k)));
  if (added.length === 0 && removed.length === 0) return [];
  const parts = [
    added.length > 0 ? `added ${named(added)}` : '',
    removed.length > 0 ? `removed ${named(removed)}` : '',
  ].filter((s) => s !== '');
  return [{
    ...place,
    code: GATE_CODES.JWKS_KEYS_CHANGED.code,
    severity: 'warning',
    message: `The keys served at ${clip(served.jwksUri)} differ from the lock file ${lockRel}: ${parts.join('; ')}.`,
    remediation: GATE_CODES.JWKS_KEYS_CHANGED.remediation,
    evidence: { field: toPointer(source.at.slice(2)), jwks_uri: served.jwksUri, lock: lockRel, added, removed },
  }];
}

function placeAt(source: LockSource): Omit<GateFinding, 'code' | 'severity' | 'message'> {
  const pos = source.yaml !== undefined ? positionOf(source.yaml, source.at) : { line: 1, column: 1 };
  const section = source.kind === 'provider' ? 'providers' : 'profiles';
  return {
    file: source.file, line: pos.line, column: pos.column, pointer: toPointer(source.at),
    stablePointer: toPointer([section, source.name, ...source.at.slice(2)]),
    kind: source.kind === 'provider' ? 'lint' : 'profile', name: source.name,
  };
}

function named(keys: readonly LockedKey[]): string {
  const shown = keys.slice(0, NAMED_IN_MESSAGE).map((k) => `${k.kid !== null ? `kid "${clip(k.kid)}"` : 'a key without kid'} (thumbprint ${k.thumbprint})`);
  const more = keys.length - shown.length;
  return `${count(keys.length, 'key', 'keys')}: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
