/**
 * The audit's key pinning: read the lock file, fetch the keys each locked provider and profile serves
 * now, and report JWKS_KEYS_CHANGED where they differ, at the entry's `jwks_uri` (or `discovery`)
 * line. Offline, the comparison is one CHECK_SKIPPED for the lock file. A provider or profile the lock
 * does not name is not compared: `oidc-gate lock` adds it.
 */
import path from 'node:path';
import { GATE_CODES, getFindingDefinition, type Engine } from '../engine/index.ts';
import type { ConfigFile } from './config.ts';
import { relativeFile } from './config.ts';
import { configFinding } from './config-finding.ts';
import { readJsonInputText } from './input-file.ts';
import { lockKey, parseLock, type LockDocument, type LockedKey } from './lock-file.ts';
import { servedKeys } from './lock-keys.ts';
import { lockSources, type LockSource } from './lock-sources.ts';
import { pool } from './pool.ts';
import type { GateFinding } from './types.ts';
import { clip } from './values.ts';
import { positionOf, toPointer } from './yaml.ts';

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
  const sources = lockSources(options.configs, options.boundary).filter((s) => locked.has(keyOf(s)));
  if (sources.length === 0) return [];
  if (!options.engine.services.fetcher.online) {
    const checks = [GATE_CODES.JWKS_KEYS_CHANGED.code];
    return [{
      code: 'CHECK_SKIPPED',
      severity: 'warning',
      message: `The keys of ${count(sources.length, 'provider or profile', 'providers and profiles')} in the lock file were not fetched (offline mode); not run: ${checks.join(', ')}.`,
      remediation: 'Run again with network access (drop --offline; in the action, network: true) to compare the served keys with the lock file.',
      file: rel, line: 1, column: 1, pointer: '', kind: 'config',
      evidence: { lock: rel, checks, entries: sources.length },
    }];
  }
  const outcomes = await pool(sources.map((source) => async () => compare(source, options.engine, locked.get(keyOf(source))?.keys ?? [], rel)), CONCURRENCY);
  return outcomes.flat();
}

type LockRead = { ok: true; lock: LockDocument } | { ok: false; finding: GateFinding };

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
  if (parsed.ok) return parsed;
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
