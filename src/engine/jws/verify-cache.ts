import { hash, type KeyObject } from 'node:crypto';
import type { JwsAlgorithm } from '../types.ts';

/** How many passed signature checks the engine remembers unless told otherwise. */
export const DEFAULT_VERIFY_CACHE_SIZE = 10_000;

/**
 * Every KeyObject gets a number the first time it is seen, and keeps it while it lives. A JWKS
 * refresh imports every key anew, so a key its issuer stopped serving can never be selected again,
 * and nothing remembered for its old KeyObject can ever be reached.
 */
const keyIds = new WeakMap<KeyObject, number>();
let nextKeyId = 1;

function keyIdOf(key: KeyObject): number {
  let id = keyIds.get(key);
  if (id === undefined) {
    id = nextKeyId++;
    keyIds.set(key, id);
  }
  return id;
}

/**
 * The digest a signature check is remembered under. The token text is the signing input, a dot and
 * the signature in strict (canonical, unpadded) base64url, so it encodes the pair without ambiguity:
 * a token that moves bytes between its payload and its signature never shares a digest with another.
 */
export function tokenDigest(token: string): string {
  // "binary" (Latin-1): 32 characters, one per byte of the digest, the cheapest string to make and to look up.
  // It is a map key only, never printed.
  return hash('sha256', token, 'binary');
}

/** What a remembered check passed with: the key (by identity) and the alg. */
interface PassedWith {
  readonly keyId: number;
  readonly alg: JwsAlgorithm;
}

/**
 * A bounded LRU of signature checks that passed: SHA-256 of the token -> the key and alg it passed
 * with. A token seen again, checked with that same key and alg, skips the public-key operation; its
 * claims and times are still judged on every call by the validator. Only digests are held, never a
 * token. A failed check is never remembered, so nothing ever turns a failure into a pass, and each
 * entry an attacker could add costs them a signature that verifies.
 */
export class VerifyCache {
  readonly maxEntries: number;
  readonly #entries = new Map<string, PassedWith>();
  #evictions = 0;

  constructor(maxEntries: number = DEFAULT_VERIFY_CACHE_SIZE) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('a verification cache holds at least one entry');
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Entries pushed out to make room since the start: a steady rise means the cache is too small for the traffic. */
  get evictions(): number {
    return this.#evictions;
  }

  /** Whether a token with this digest passed a signature check before (with any key): its text is well formed. */
  knows(digest: string): boolean {
    return this.#entries.has(digest);
  }

  /** Whether this exact token passed its signature check before with this very key and alg. */
  passed(digest: string, key: KeyObject, alg: JwsAlgorithm): boolean {
    const entry = this.#entries.get(digest);
    if (entry === undefined || entry.alg !== alg || entry.keyId !== keyIds.get(key)) return false;
    // Re-insert, so Map iteration order is least-recently-used first.
    this.#entries.delete(digest);
    this.#entries.set(digest, entry);
    return true;
  }

  /** Remember a check that passed; the least recently used entry goes when the cache is full. */
  remember(digest: string, key: KeyObject, alg: JwsAlgorithm): void {
    this.#entries.delete(digest);
    this.#entries.set(digest, { keyId: keyIdOf(key), alg });
    if (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as string);
      this.#evictions++;
    }
  }
}
