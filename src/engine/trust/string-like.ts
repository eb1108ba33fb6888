/**
 * AWS `StringLike` patterns: `*` matches any run of characters (none included), `?` exactly one, and
 * every other character only itself, case-sensitively. No regular expression is ever built from a
 * pattern. A pattern is cut at its stars into segments, and the segments are looked for left to right,
 * each at the first place it fits: after a star, any later fit could only leave less room for the rest,
 * so no choice is ever taken back. A match costs at most (claim length × pattern length) character
 * comparisons, and a pattern made to backtrack (`*a*a*a*…b`) costs no more than any other.
 */

/** One piece of a pattern between stars: its characters, `?` standing for any one. */
interface Segment {
  readonly text: string;
  /** The segment has no `?`, so the engine's own substring search can look for it. */
  readonly literal: boolean;
}

export interface StringLikePattern {
  readonly source: string;
  /** The pattern has a `*` or a `?`, so it can match more than one string. */
  readonly wildcard: boolean;
  matches(value: string): boolean;
}

/** `pattern` compiled once, to be matched against many values. */
export function compileStringLike(pattern: string): StringLikePattern {
  const parts = pattern.split('*');
  const segments: Segment[] = parts.map((text) => ({ text, literal: !text.includes('?') }));
  const starred = parts.length > 1;
  const wildcard = starred || pattern.includes('?');
  return {
    source: pattern,
    wildcard,
    matches: starred ? (value) => matchStarred(segments, value) : (value) => value.length === pattern.length && fitsAt(segments[0] as Segment, value, 0),
  };
}

/** The whole-value test for a pattern with at least one star. */
function matchStarred(segments: readonly Segment[], value: string): boolean {
  const first = segments[0] as Segment;
  const last = segments[segments.length - 1] as Segment;
  // The first segment is anchored at the start and the last at the end; they may not overlap.
  if (first.text.length + last.text.length > value.length) return false;
  if (!fitsAt(first, value, 0)) return false;
  const end = value.length - last.text.length;
  if (!fitsAt(last, value, end)) return false;
  let from = first.text.length;
  for (let i = 1; i < segments.length - 1; i++) {
    const segment = segments[i] as Segment;
    const at = find(segment, value, from, end);
    if (at < 0) return false;
    from = at + segment.text.length;
  }
  return true;
}

/** The first index from `from` where the segment fits without passing `end`, or -1. */
function find(segment: Segment, value: string, from: number, end: number): number {
  const length = segment.text.length;
  if (segment.literal) {
    const at = value.indexOf(segment.text, from);
    return at >= 0 && at + length <= end ? at : -1;
  }
  for (let at = from; at + length <= end; at++) if (fitsAt(segment, value, at)) return at;
  return -1;
}

/** The segment's characters equal the value's from `at` (a `?` equals any one character). */
function fitsAt(segment: Segment, value: string, at: number): boolean {
  const { text } = segment;
  if (segment.literal) return value.startsWith(text, at);
  if (at + text.length > value.length) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 63 /* ? */ && c !== value.charCodeAt(at + i)) return false;
  }
  return true;
}
