/**
 * What a `matches()` pattern admits, written as AWS StringLike patterns for the breadth checks, which
 * read `*` (any run) and `?` (one character). Each pattern matches every string the RE2 pattern
 * matches somewhere, and possibly more: an unanchored start becomes a leading `*`, an unanchored end a
 * trailing `*`, a class or `.` one `?` (a `*` where it can match a character outside the Basic
 * Multilingual Plane, two UTF-16 units to StringLike), and any repeated part a `*`. A top-level
 * choice (`^(a|b)$`) gives one pattern per branch, up to MAX_APPROXIMATIONS; past that, parts
 * collapse to `*`. So the checks can find a condition broader than it is, never narrower.
 */
import type { RegexNode } from './re2-parse.ts';

/** StringLike patterns per `matches()` at the most. */
export const MAX_APPROXIMATIONS = 16;

const STAR = 0;
const ONE = 1;
const BEGIN = 2;
const END = 3;
/** A literal piece of text, or one of the markers above. */
type Token = string | typeof STAR | typeof ONE | typeof BEGIN | typeof END;
type Sequence = readonly Token[];

/** The StringLike patterns whose union covers every string the pattern matches in part. */
export function approximate(node: RegexNode): string[] {
  const out = new Set<string>();
  for (const sequence of sequences(node)) out.add(render(sequence));
  return [...out];
}

function sequences(node: RegexNode): Sequence[] {
  switch (node.kind) {
    case 'empty': return [[]];
    case 'begin': return [[BEGIN]];
    case 'end': return [[END]];
    case 'repeat': return [[STAR]];
    case 'chars': {
      const { ranges } = node;
      if (ranges.length === 2 && ranges[0] === ranges[1]) return [[String.fromCodePoint(ranges[0] as number)]];
      // One UTF-16 unit stands for one code point only below U+10000.
      return [[(ranges[ranges.length - 1] as number) > 0xffff ? STAR : ONE]];
    }
    case 'alt': {
      const all = node.parts.flatMap(sequences);
      return all.length > MAX_APPROXIMATIONS ? [[STAR]] : all;
    }
    case 'concat': {
      let acc: Sequence[] = [[]];
      for (const part of node.parts) {
        const next = sequences(part);
        // Too many choices: this part stands for any run of characters instead.
        const choices = acc.length * next.length > MAX_APPROXIMATIONS ? [[STAR] as Sequence] : next;
        acc = acc.flatMap((head) => choices.map((tail) => [...head, ...tail]));
      }
      return acc;
    }
  }
}

/**
 * The sequence as a StringLike pattern: `*` before it unless it starts at `^`, `*` after it unless it
 * ends at `$`. An anchor elsewhere can only make the pattern match less; it is dropped.
 */
function render(sequence: Sequence): string {
  const anchoredStart = sequence[0] === BEGIN;
  const anchoredEnd = sequence[sequence.length - 1] === END;
  let text = anchoredStart ? '' : '*';
  for (const token of sequence) {
    if (token === STAR) text += '*';
    else if (token === ONE) text += '?';
    else if (typeof token === 'string') text += token;
  }
  if (!anchoredEnd) text += '*';
  return text.replace(/\*{2,}/g, '*');
}
