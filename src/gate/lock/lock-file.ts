/**
 * The key lock file (`oidc-gate lock` writes it, the audit compares with it): for each provider and
 * profile whose keys are fetched, the `kid` and RFC 7638 thumbprint of every key it served when the
 * lock was made. Nothing else about a key is kept, so the file is safe to commit and review. It is
 * written sorted and one member per line, so a re-lock after a rotation is a small, readable diff.
 */

/** The one version this oidc-gate reads and writes. */
export const LOCK_VERSION = 1;
export const DEFAULT_LOCK_PATH = '.github/oidc-gate/jwks.lock.json';

/** Providers are linted, profiles validate samples: both can fetch a JWK Set. */
export type LockKind = 'provider' | 'profile';

export interface LockedKey {
  /** Absent from the served key: null. */
  kid: string | null;
  /** RFC 7638 SHA-256 thumbprint, base64url. */
  thumbprint: string;
}

export interface LockEntry {
  kind: LockKind;
  /** The config file, relative to the repository root, forward slashes. */
  file: string;
  /** Provider name or profile id. */
  name: string;
  /** Where the keys were fetched from (user info shown as ***), for the reader; not compared. */
  jwks_uri: string;
  keys: LockedKey[];
}

export interface LockDocument {
  version: typeof LOCK_VERSION;
  entries: LockEntry[];
}

/** Which entry of the lock a provider or profile is compared with. */
export function lockKey(e: { kind: LockKind; file: string; name: string }): string {
  return JSON.stringify([e.kind, e.file, e.name]);
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function compareKeys(a: LockedKey, b: LockedKey): number {
  return byText(a.kid ?? '', b.kid ?? '') || byText(a.thumbprint, b.thumbprint);
}

/** The file's text: entries by kind, file and name, keys by kid and thumbprint, members in one order. */
export function serializeLock(entries: readonly LockEntry[]): string {
  const sorted = [...entries]
    .map((e) => ({ kind: e.kind, file: e.file, name: e.name, jwks_uri: e.jwks_uri, keys: [...e.keys].sort(compareKeys).map((k) => ({ kid: k.kid, thumbprint: k.thumbprint })) }))
    .sort((a, b) => byText(a.kind, b.kind) || byText(a.file, b.file) || byText(a.name, b.name));
  const doc: LockDocument = { version: LOCK_VERSION, entries: sorted };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export type ParsedLock =
  | { ok: true; lock: LockDocument }
  /** One problem: where (a JSON pointer, and a line when the text did not parse) and what is wrong. */
  | { ok: false; message: string; pointer: string; line?: number; column?: number };

const THUMBPRINT = /^[A-Za-z0-9_-]{43}$/;
const ENTRY_MEMBERS = ['kind', 'file', 'name', 'jwks_uri', 'keys'];
const KEY_MEMBERS = ['kid', 'thumbprint'];

/**
 * The lock file's text, checked. The file is in the repository, so a pull request may have written
 * anything into it: the first problem is reported with its place, and nothing from the file is quoted
 * beyond a member name.
 */
export function parseLock(text: string): ParsedLock {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // The parser's message may quote the file; only its position is kept.
    const m = /line (\d+) column (\d+)/.exec(error instanceof Error ? error.message : '');
    return m !== null
      ? { ok: false, message: 'is not valid JSON', pointer: '', line: Number(m[1]), column: Number(m[2]) }
      : { ok: false, message: 'is not valid JSON', pointer: '' };
  }
  const fail = (pointer: string, message: string): ParsedLock => ({ ok: false, pointer, message });
  if (!isObject(data)) return fail('', 'must be a JSON object with version and entries');
  if (data.version !== LOCK_VERSION) {
    return fail('/version', `must be ${LOCK_VERSION} (this oidc-gate reads lock files of version ${LOCK_VERSION}; run oidc-gate lock again to rewrite it)`);
  }
  const unknownTop = Object.keys(data).find((k) => k !== 'version' && k !== 'entries');
  if (unknownTop !== undefined) return fail(`/${escape(unknownTop)}`, 'is not a member of a lock file');
  if (!Array.isArray(data.entries)) return fail('/entries', 'must be a list');
  const entries: LockEntry[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of data.entries.entries()) {
    const at = `/entries/${i}`;
    if (!isObject(raw)) return fail(at, 'must be an object');
    const unknown = Object.keys(raw).find((k) => !ENTRY_MEMBERS.includes(k));
    if (unknown !== undefined) return fail(`${at}/${escape(unknown)}`, 'is not a member of a lock entry');
    if (raw.kind !== 'provider' && raw.kind !== 'profile') return fail(`${at}/kind`, 'must be "provider" or "profile"');
    for (const member of ['file', 'name', 'jwks_uri'] as const) {
      if (typeof raw[member] !== 'string' || raw[member] === '') return fail(`${at}/${member}`, 'must be a non-empty string');
    }
    if (!Array.isArray(raw.keys)) return fail(`${at}/keys`, 'must be a list');
    const keys: LockedKey[] = [];
    for (const [j, key] of raw.keys.entries()) {
      const kat = `${at}/keys/${j}`;
      if (!isObject(key)) return fail(kat, 'must be an object');
      const unknownKey = Object.keys(key).find((k) => !KEY_MEMBERS.includes(k));
      if (unknownKey !== undefined) return fail(`${kat}/${escape(unknownKey)}`, 'is not a member of a locked key (a lock keeps only kid and thumbprint)');
      if (key.kid !== null && typeof key.kid !== 'string') return fail(`${kat}/kid`, 'must be a string or null');
      if (typeof key.thumbprint !== 'string' || !THUMBPRINT.test(key.thumbprint)) {
        return fail(`${kat}/thumbprint`, 'must be an RFC 7638 SHA-256 thumbprint (43 base64url characters)');
      }
      keys.push({ kid: key.kid, thumbprint: key.thumbprint });
    }
    const entry: LockEntry = { kind: raw.kind, file: raw.file as string, name: raw.name as string, jwks_uri: raw.jwks_uri as string, keys };
    const id = lockKey(entry);
    if (seen.has(id)) return fail(at, `repeats the ${entry.kind} of an earlier entry (same file and name)`);
    seen.add(id);
    entries.push(entry);
  }
  return { ok: true, lock: { version: LOCK_VERSION, entries } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A member name as a JSON Pointer token, kept short: it comes from the file. */
function escape(name: string): string {
  const token = name.replace(/~/g, '~0').replace(/\//g, '~1');
  return token.length > 40 ? `${token.slice(0, 40)}…` : token;
}
