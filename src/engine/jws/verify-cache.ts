import { hash, type KeyObject } from 'node:crypto';
import type { JwsAlgorithm } from '../types.ts';
import { deepFreeze } from './deep-freeze.ts';
import type { JoseHeader } from '../validate/trust-source.ts';

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

/**
 * A token's header and claims as its strict parse gave them, deeply frozen: every later request with
 * the same token shares these objects, so nothing may change them.
 */
export interface HeldClaims {
  readonly header: JoseHeader;
  readonly payload: Record<string, unknown>;
}

/**
 * What a remembered check passed with (the key, by identity, and the alg) and, when there was room,
 * the token's parsed header and claims, so a token seen again is not decoded and parsed again.
 */
export interface RememberedCheck {
  readonly keyId: number;
  readonly alg: JwsAlgorithm;
  readonly claims: HeldClaims | undefined;
  /** Characters of header and payload text the held claims stand for (0 when none are held). */
  readonly heldChars: number;
}

/**
 * Held claims are bounded apart from the entry count: only for tokens whose header and payload text is
 * at most MAX_HELD_CHARS, and at most HELD_CHARS_BUDGET of such text in all (parsed, a few times that
 * in memory). Real tokens are well under the first; a caller who fills the cache with large tokens gets
 * entries without claims, which still skip the signature check but parse again.
 */
export const MAX_HELD_CHARS = 2048;
export const HELD_CHARS_BUDGET = 2 * 1024 * 1024;

/**
 * A bounded LRU of signature checks that passed: SHA-256 of the token -> the key and alg it passed
 * with. A token seen again, checked with that same key and alg, skips the public-key operation; its
 * claims and times are still judged on every call by the validator. Never the token text or signature:
 * the digest, and the parsed header and claims (see HeldClaims). A failed check is never remembered,
 * so nothing ever turns a failure into a pass, and each entry an attacker could add costs them a
 * signature that verifies.
 */
export class VerifyCache {
  readonly maxEntries: number;
  /**
   * Lookup by digest; the LRU order is a linked list through the slots, not the Map's own order.
   * Evicting the oldest entry through Map iteration costs time in proportion to the entries deleted
   * since the Map last compacted itself (about 10 µs per eviction at 10,000 entries, measured), which
   * every request pays when distinct tokens outnumber the cache; the list makes it constant.
   */
  readonly #slots = new Map<string, Slot>();
  #newest: Slot | undefined;
  #oldest: Slot | undefined;
  #evictions = 0;
  #heldChars = 0;

  constructor(maxEntries: number = DEFAULT_VERIFY_CACHE_SIZE) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('a verification cache holds at least one entry');
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Entries pushed out to make room since the start: a steady rise means the cache is too small for the traffic. */
  get evictions(): number {
    return this.#evictions;
  }

  /** Characters of token text whose parsed header and claims are held now (at most HELD_CHARS_BUDGET). */
  get heldChars(): number {
    return this.#heldChars;
  }

  /**
   * The check a token with this digest passed before (with any key), or undefined. Its text was well
   * formed then and is the same now; its held claims, when present, are what parsing it would give.
   */
  recall(digest: string): RememberedCheck | undefined {
    return this.#slots.get(digest)?.check;
  }

  /** Whether this exact token passed its signature check before with this very key and alg. */
  passed(digest: string, key: KeyObject, alg: JwsAlgorithm): boolean {
    const slot = this.#slots.get(digest);
    if (slot === undefined || slot.check.alg !== alg || slot.check.keyId !== keyIds.get(key)) return false;
    if (slot !== this.#newest) {
      this.#unlink(slot);
      this.#link(slot);
    }
    return true;
  }

  /** Remember a check that passed; the least recently used entry goes when the cache is full. */
  remember(digest: string, key: KeyObject, alg: JwsAlgorithm): void {
    const known = this.#slots.get(digest);
    if (known !== undefined) this.#remove(known);
    const slot: Slot = { digest, check: { keyId: keyIdOf(key), alg, claims: undefined, heldChars: 0 }, newer: undefined, older: undefined };
    this.#slots.set(digest, slot);
    this.#link(slot);
    if (this.#slots.size > this.maxEntries && this.#oldest !== undefined) {
      this.#remove(this.#oldest);
      this.#evictions++;
    }
  }

  /**
   * Hold the parsed header and claims of a token whose check is remembered, once it proved to be seen
   * again (a token seen once costs nothing more), when within MAX_HELD_CHARS and HELD_CHARS_BUDGET.
   * `chars`: the length of the token text before its signature, what the claims were parsed from.
   */
  hold(digest: string, claims: HeldClaims, chars: number): void {
    const slot = this.#slots.get(digest);
    if (slot === undefined || slot.check.claims !== undefined) return;
    if (chars > MAX_HELD_CHARS || this.#heldChars + chars > HELD_CHARS_BUDGET) return;
    slot.check = { ...slot.check, claims: { header: deepFreeze(claims.header), payload: deepFreeze(claims.payload) }, heldChars: chars };
    this.#heldChars += chars;
  }

  /** Make the slot the newest. */
  #link(slot: Slot): void {
    slot.older = this.#newest;
    slot.newer = undefined;
    if (this.#newest !== undefined) this.#newest.newer = slot;
    this.#newest = slot;
    this.#oldest ??= slot;
  }

  #unlink(slot: Slot): void {
    if (slot.newer !== undefined) slot.newer.older = slot.older;
    else this.#newest = slot.older;
    if (slot.older !== undefined) slot.older.newer = slot.newer;
    else this.#oldest = slot.newer;
    slot.newer = undefined;
    slot.older = undefined;
  }

  #remove(slot: Slot): void {
    this.#heldChars -= slot.check.heldChars;
    this.#unlink(slot);
    this.#slots.delete(slot.digest);
  }
}

/** One remembered check in the LRU list: `newer` toward the most recently used end. */
interface Slot {
  readonly digest: string;
  check: RememberedCheck;
  newer: Slot | undefined;
  older: Slot | undefined;
}
