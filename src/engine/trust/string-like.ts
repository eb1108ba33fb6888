/**
 * AWS `StringLike` patterns: `*` matches any run of characters (none included), `?` exactly one, and
 * every other character only itself, case-sensitively. Characters are UTF-16 code units, as everywhere
 * else in the engine. No regular expression is ever built from a pattern.
 *
 * A pattern is cut at its stars into segments. The segment before the first star must sit at the start
 * of the value and the one after the last star at its end; they are compared in place. The segments in
 * between are looked for left to right, each at the first place it fits after the previous one: after a
 * star, any later fit could only leave less room for the rest, so no choice is ever taken back.
 *
 * The cost is linear in the value. Each search begins where the previous segment's fit ended, so the
 * searches together read each character of the value about once:
 * - a segment without `?` of at most INDEXOF_MAX_SEGMENT characters is found with String#indexOf. V8
 *   searches such needles in linear time (a plain scan below 7 characters, Boyer-Moore-Horspool and
 *   Boyer-Moore up to 250); on adversarial values (`aaab`, `aaaaab` in `aaaa…`) bench/patterns.bench.ts
 *   measures about 10 ns a value character, 6 ns for needles of 7 to 250. Longer needles are not linear:
 *   V8's Boyer-Moore tables cover only a needle's last 250 characters, and past them it shifts by one,
 *   so `a{500}ba{500}` in `aaaa…` costs about 0.5 ns per needle character per value character (460 ns
 *   a value character: 7.5 ms for one search of a 16 KiB value).
 * - every other segment (one with a `?`, or a longer one) is found with a bit-parallel Shift-And search:
 *   one bit per segment character in 32-bit words, ceil(length / 32) word operations a value character.
 *
 * `weight` is the per-character cost factor: 1 for the scan plus ceil(length / 32) for each segment
 * searched bit-parallel (a sum, although each value character is read by one search only: a simple
 * bound that is never low). Segments anchored at either end are compared once, at most their length, and
 * add nothing to it. `matchCost` turns it into an upper bound of one match's work, in units of one
 * character step; what a unit costs in time is measured by bench/patterns.bench.ts, and a request's
 * total is held under MATCH_WORK_BUDGET (src/engine/schema/limits.ts).
 */

/** Literal segments up to this length are searched with String#indexOf (linear there, see above). */
export const INDEXOF_MAX_SEGMENT = 128;

const QUESTION = 63; // '?'

/** Shift-And tables of one segment, built at its first search. */
interface BitTables {
  /** Words per state: ceil(length / 32). */
  readonly words: number;
  /** Row 0: the `?` positions (what any character not in the segment may match); then one row per distinct character. */
  readonly masks: Int32Array;
  /** High byte of a character code -> its page in `rows` (0: the all-zero page of bytes the segment does not use). */
  readonly pageOf: Uint16Array;
  /** Page × 256 + low byte -> the character's row in `masks`. */
  readonly rows: Uint16Array;
  /** The bit of the segment's last character in the state's last word. */
  readonly top: number;
  /** The search state, reused by every search of this segment. */
  readonly state: Int32Array;
}

/** One piece of a pattern between stars: its characters, `?` standing for any one. */
interface Segment {
  readonly text: string;
  /** The segment has no `?`, so equality with the value's characters decides it. */
  readonly literal: boolean;
  /** Searched with Shift-And rather than String#indexOf (middle segments only). */
  readonly bitParallel: boolean;
  tables: BitTables | undefined;
}

export interface StringLikePattern {
  readonly source: string;
  /** The pattern has a `*` or a `?`, so it can match more than one string. */
  readonly wildcard: boolean;
  /**
   * Per-character cost factor of a match: 1 plus ceil(length / 32) for each segment between stars that
   * is searched bit-parallel (one with a `?`, or a literal one over INDEXOF_MAX_SEGMENT characters).
   */
  readonly weight: number;
  matches(value: string): boolean;
}

/**
 * An upper bound of the work of matching `pattern` against a value of `valueLength` characters, in
 * units of one character step: (value + pattern length) × weight. The pattern's length covers the
 * anchored comparisons and building the search tables, once.
 */
export function matchCost(valueLength: number, pattern: StringLikePattern): number {
  return (valueLength + pattern.source.length) * pattern.weight;
}

/** The number of 32-bit words of a Shift-And state for a segment of `length` characters. */
function wordsFor(length: number): number {
  return Math.ceil(length / 32);
}

function segment(text: string, middle: boolean): Segment {
  const literal = !text.includes('?');
  return { text, literal, bitParallel: middle && (!literal || text.length > INDEXOF_MAX_SEGMENT), tables: undefined };
}

/** `pattern` compiled once, to be matched against many values. Linear in the pattern's length. */
export function compileStringLike(pattern: string): StringLikePattern {
  const parts = pattern.split('*');
  const starred = parts.length > 1;
  const wildcard = starred || pattern.includes('?');
  if (!starred) {
    const whole = segment(pattern, false);
    return { source: pattern, wildcard, weight: 1, matches: (value) => value.length === pattern.length && fitsAt(whole, value, 0) };
  }
  const first = segment(parts[0] as string, false);
  const last = segment(parts[parts.length - 1] as string, false);
  // An empty segment between two stars fits anywhere: `a**b` is `a*b`.
  const middle = parts.slice(1, -1).filter((text) => text !== '').map((text) => segment(text, true));
  let weight = 1;
  for (const s of middle) if (s.bitParallel) weight += wordsFor(s.text.length);
  return { source: pattern, wildcard, weight, matches: (value) => matchStarred(first, middle, last, value) };
}

/** The whole-value test for a pattern with at least one star. */
function matchStarred(first: Segment, middle: readonly Segment[], last: Segment, value: string): boolean {
  // The first segment is anchored at the start and the last at the end; they may not overlap.
  if (first.text.length + last.text.length > value.length) return false;
  if (!fitsAt(first, value, 0)) return false;
  const end = value.length - last.text.length;
  if (!fitsAt(last, value, end)) return false;
  let from = first.text.length;
  for (const s of middle) {
    const at = s.bitParallel ? shiftAnd(s, value, from, end) : value.indexOf(s.text, from);
    // indexOf looks past `end`; its first fit is the leftmost, so one past `end` means none before it.
    if (at < 0 || at + s.text.length > end) return false;
    from = at + s.text.length;
  }
  return true;
}

/** The segment's characters equal the value's from `at` (a `?` equals any one character). */
function fitsAt(s: Segment, value: string, at: number): boolean {
  const { text } = s;
  if (s.literal) return value.startsWith(text, at);
  if (at + text.length > value.length) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== QUESTION && c !== value.charCodeAt(at + i)) return false;
  }
  return true;
}

/**
 * The Shift-And tables of a segment: for each distinct character a row of bits, bit i set where the
 * segment has that character or a `?` at position i. Three allocations and (distinct characters + 1) ×
 * words word writes at most, plus 256 entries for each high byte the segment's characters use: within
 * the pattern-length part of matchCost.
 */
function buildTables(text: string): BitTables {
  const length = text.length;
  const words = wordsFor(length);
  const pageOf = new Uint16Array(256);
  let pages = 1;
  let questions = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUESTION) questions++;
    else if (pageOf[c >>> 8] === 0) pageOf[c >>> 8] = pages++;
  }
  const rows = new Uint16Array(pages << 8);
  let rowCount = 1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUESTION) continue;
    const at = ((pageOf[c >>> 8] as number) << 8) | (c & 255);
    if (rows[at] === 0) rows[at] = rowCount++;
  }
  const masks = new Int32Array(rowCount * words);
  // A `?` position is set in every row: per position when there are few, else row 0 copied to each.
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(i) !== QUESTION) continue;
    const bit = 1 << (i & 31);
    if (questions < words) for (let r = 0; r < rowCount; r++) masks[r * words + (i >>> 5)] = (masks[r * words + (i >>> 5)] as number) | bit;
    else masks[i >>> 5] = (masks[i >>> 5] as number) | bit;
  }
  if (questions >= words) for (let r = 1; r < rowCount; r++) masks.copyWithin(r * words, 0, words);
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUESTION) continue;
    const at = (rows[((pageOf[c >>> 8] as number) << 8) | (c & 255)] as number) * words + (i >>> 5);
    masks[at] = (masks[at] as number) | (1 << (i & 31));
  }
  return { words, masks, pageOf, rows, top: 1 << ((length - 1) & 31), state: new Int32Array(words) };
}

/**
 * The first index from `from` where the segment fits without passing `end`, or -1. Shift-And: bit i of
 * the state is set when the segment's first i + 1 characters fit the value's characters just read.
 * Each value character costs one lookup and `words` word operations.
 */
function shiftAnd(s: Segment, value: string, from: number, end: number): number {
  // A segment longer than the room left never fits; its tables (memory quadratic in its length) are
  // only ever built for a value at least as long as the segment.
  if (end - from < s.text.length) return -1;
  const t = (s.tables ??= buildTables(s.text));
  const { masks, pageOf, rows, top, words } = t;
  const length = s.text.length;
  if (words === 1) {
    let d = 0;
    for (let i = from; i < end; i++) {
      const c = value.charCodeAt(i);
      d = ((d << 1) | 1) & (masks[rows[((pageOf[c >>> 8] as number) << 8) | (c & 255)] as number] as number);
      if ((d & top) !== 0) return i - length + 1;
    }
    return -1;
  }
  const state = t.state;
  state.fill(0);
  const lastWord = words - 1;
  for (let i = from; i < end; i++) {
    const c = value.charCodeAt(i);
    const row = (rows[((pageOf[c >>> 8] as number) << 8) | (c & 255)] as number) * words;
    let carry = 1;
    for (let k = 0; k < words; k++) {
      const w = state[k] as number;
      state[k] = ((w << 1) | carry) & (masks[row + k] as number);
      carry = w >>> 31;
    }
    if (((state[lastWord] as number) & top) !== 0) return i - length + 1;
  }
  return -1;
}
