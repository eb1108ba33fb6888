/**
 * The part of RE2's syntax that attribute conditions use in `matches()`: literals, escaped punctuation,
 * `.`, classes `[...]` and `[^...]` with ranges, `\d \w \s` and their negations, the `*` `+` `?`
 * quantifiers (lazy or not: the same strings match), groups (capturing, `(?:…)`, named), `|`, `^` and
 * `$`. RE2's defaults decide the meaning: `.` is any character but a newline, a negated class and
 * `\D \S \W` do match a newline, `^` is the start of the text and `$` its very end (no line mode).
 * Characters are Unicode code points, as RE2 reads UTF-8.
 *
 * Anything else (counted repetition `{n,m}`, flags `(?i)`, `\b`, `\pL`, POSIX classes, `\x…`) is
 * reported as unsupported, and so is a pattern RE2 itself refuses: the caller then takes the match
 * to admit. Nothing here builds a JavaScript regular expression.
 */

/** Sorted, non-overlapping, non-adjacent code point ranges, flattened: [lo0, hi0, lo1, hi1, …]. */
export type CharRanges = readonly number[];

export type RegexNode =
  | { readonly kind: 'empty' }
  | { readonly kind: 'chars'; readonly ranges: CharRanges }
  | { readonly kind: 'begin' }
  | { readonly kind: 'end' }
  | { readonly kind: 'concat'; readonly parts: readonly RegexNode[] }
  | { readonly kind: 'alt'; readonly parts: readonly RegexNode[] }
  /** `?` is {0, 1}, `*` {0, ∞}, `+` {1, ∞}. */
  | { readonly kind: 'repeat'; readonly node: RegexNode; readonly min: 0 | 1; readonly max: 1 | typeof Infinity };

export type RegexParse = { readonly ok: true; readonly node: RegexNode } | { readonly ok: false; readonly why: string };

/** Groups nested deeper than this are not read (nobody writes them; the parser recurses on them). */
const MAX_NESTING = 100;
const MAX_CODE_POINT = 0x10ffff;
const NEWLINE = 10;

export const DIGITS: CharRanges = [48, 57];
export const WORD: CharRanges = [48, 57, 65, 90, 95, 95, 97, 122];
/** RE2's `\s`: tab, newline, form feed, carriage return and space (not vertical tab). */
export const SPACE: CharRanges = [9, 10, 12, 13, 32, 32];
/** `.`: every code point but the newline. */
export const ANY_BUT_NEWLINE: CharRanges = [0, NEWLINE - 1, NEWLINE + 1, MAX_CODE_POINT];

/** Control characters an escape names (`\t` is a tab). */
const NAMED_ESCAPES: Readonly<Record<string, number>> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };

class Unsupported extends Error {}

/** The pattern's tree, or why it is not read. Linear in the pattern's length. */
export function parseRegex(pattern: string): RegexParse {
  const parser = new Parser(pattern);
  try {
    const node = parser.alternation(0);
    if (parser.pos < pattern.length) throw new Unsupported('it has a ")" that closes no group, which RE2 refuses');
    return { ok: true, node };
  } catch (err) {
    if (err instanceof Unsupported) return { ok: false, why: err.message };
    throw err;
  }
}

class Parser {
  pos = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  private peek(): number | undefined {
    return this.text.codePointAt(this.pos);
  }

  private next(): number {
    const c = this.text.codePointAt(this.pos);
    if (c === undefined) throw new Unsupported('it ends in the middle of an escape or a class, which RE2 refuses');
    this.pos += c > 0xffff ? 2 : 1;
    return c;
  }

  alternation(depth: number): RegexNode {
    if (depth > MAX_NESTING) throw new Unsupported(`its groups nest more than ${MAX_NESTING} deep`);
    const parts = [this.concatenation(depth)];
    while (this.peek() === 0x7c /* | */) {
      this.pos++;
      parts.push(this.concatenation(depth));
    }
    return parts.length === 1 ? parts[0] as RegexNode : { kind: 'alt', parts };
  }

  private concatenation(depth: number): RegexNode {
    const parts: RegexNode[] = [];
    for (let c = this.peek(); c !== undefined && c !== 0x7c && c !== 0x29 /* ) */; c = this.peek()) {
      const atom = this.atom(depth);
      parts.push(this.quantified(atom));
    }
    if (parts.length === 0) return { kind: 'empty' };
    return parts.length === 1 ? parts[0] as RegexNode : { kind: 'concat', parts };
  }

  private quantified(atom: RegexNode): RegexNode {
    const c = this.peek();
    let node = atom;
    if (c === 0x2a || c === 0x2b || c === 0x3f) {
      this.pos++;
      if (atom.kind === 'begin' || atom.kind === 'end') throw new Unsupported('it repeats an anchor (^ or $)');
      node = { kind: 'repeat', node: atom, min: c === 0x2b ? 1 : 0, max: c === 0x3f ? 1 : Infinity };
      // A lazy quantifier matches the same strings.
      if (this.peek() === 0x3f) this.pos++;
      const after = this.peek();
      if (after === 0x2a || after === 0x2b || after === 0x3f) throw new Unsupported('it repeats a repetition (such as a**), which RE2 refuses');
    }
    if (this.peek() === 0x7b /* { */ && this.countedRepetitionAhead()) throw new Unsupported('it uses counted repetition ({n,m}), which the checker does not evaluate');
    return node;
  }

  /** `{n}`, `{n,}` or `{n,m}` follows; any other `{` is a literal character to RE2. */
  private countedRepetitionAhead(): boolean {
    let i = this.pos + 1;
    const digitsFrom = (from: number): number => {
      let j = from;
      while (j < this.text.length && this.text.charCodeAt(j) >= 48 && this.text.charCodeAt(j) <= 57) j++;
      return j;
    };
    const afterMin = digitsFrom(i);
    if (afterMin === i) return false;
    i = afterMin;
    if (this.text.charCodeAt(i) === 0x2c /* , */) i = digitsFrom(i + 1);
    return this.text.charCodeAt(i) === 0x7d /* } */;
  }

  private atom(depth: number): RegexNode {
    const c = this.next();
    switch (c) {
      case 0x28: return this.group(depth); // (
      case 0x5b: return { kind: 'chars', ranges: this.charClass() }; // [
      case 0x2e: return { kind: 'chars', ranges: ANY_BUT_NEWLINE }; // .
      case 0x5e: return { kind: 'begin' }; // ^
      case 0x24: return { kind: 'end' }; // $
      case 0x5c: return { kind: 'chars', ranges: this.escape(false) }; // \
      case 0x2a: case 0x2b: case 0x3f:
        throw new Unsupported(`it has a ${String.fromCodePoint(c)} with nothing to repeat, which RE2 refuses`);
      default: return { kind: 'chars', ranges: [c, c] };
    }
  }

  private group(depth: number): RegexNode {
    if (this.peek() === 0x3f /* ? */) {
      this.pos++;
      const rest = this.text.slice(this.pos);
      if (rest.startsWith(':')) this.pos++;
      else if (rest.startsWith('P<') || rest.startsWith('<')) this.groupName(rest.startsWith('P<') ? 2 : 1);
      else throw new Unsupported('it sets flags or uses a group kind ((?…)) the checker does not evaluate');
    }
    const inner = this.alternation(depth + 1);
    if (this.peek() !== 0x29) throw new Unsupported('it has a group that is never closed, which RE2 refuses');
    this.pos++;
    return inner;
  }

  private groupName(skip: number): void {
    this.pos += skip;
    const close = this.text.indexOf('>', this.pos);
    const name = close < 0 ? '' : this.text.slice(this.pos, close);
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Unsupported('it has a group name RE2 refuses');
    this.pos = close + 1;
  }

  /** The ranges after `[`, up to and including its `]`. */
  private charClass(): CharRanges {
    let negated = false;
    if (this.peek() === 0x5e) {
      negated = true;
      this.pos++;
    }
    const ranges: number[] = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new Unsupported('it has a class that is never closed, which RE2 refuses');
      if (c === 0x5d /* ] */ && !first) {
        this.pos++;
        break;
      }
      first = false;
      if (this.text.startsWith('[:', this.pos)) throw new Unsupported('it uses a POSIX class ([[:alpha:]]), which the checker does not evaluate');
      const lo = this.classItem();
      if (typeof lo !== 'number') {
        ranges.push(...lo);
        continue;
      }
      if (this.peek() === 0x2d /* - */ && this.text.codePointAt(this.pos + 1) !== 0x5d && this.pos + 1 < this.text.length) {
        this.pos++;
        const hi = this.classItem();
        if (typeof hi !== 'number' || hi < lo) throw new Unsupported('it has a class range RE2 refuses');
        ranges.push(lo, hi);
      } else {
        ranges.push(lo, lo);
      }
    }
    const set = normalise(ranges);
    return negated ? complement(set) : set;
  }

  /** One character of a class, or the ranges of an escape such as `\d`. */
  private classItem(): number | CharRanges {
    const c = this.next();
    if (c !== 0x5c) return c;
    const ranges = this.escape(true);
    return ranges.length === 2 && ranges[0] === ranges[1] ? ranges[0] as number : ranges;
  }

  /** The ranges after a backslash. */
  private escape(inClass: boolean): CharRanges {
    const c = this.next();
    const ch = String.fromCodePoint(c);
    switch (ch) {
      case 'd': return DIGITS;
      case 'D': return complement(DIGITS);
      case 'w': return WORD;
      case 'W': return complement(WORD);
      case 's': return SPACE;
      case 'S': return complement(SPACE);
      default: break;
    }
    if (Object.hasOwn(NAMED_ESCAPES, ch)) {
      const code = NAMED_ESCAPES[ch] as number;
      return [code, code];
    }
    // RE2 takes any escaped ASCII punctuation as itself.
    if (c < 128 && !/[0-9A-Za-z]/.test(ch)) return [c, c];
    throw new Unsupported(`it uses the escape \\${ch}${inClass ? ' in a class' : ''}, which the checker does not evaluate`);
  }
}

/** Sorted, merged ranges. */
export function normalise(ranges: readonly number[]): CharRanges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i] as number, ranges[i + 1] as number]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= (out[last] as number) + 1) out[last] = Math.max(out[last] as number, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Every code point the ranges leave out. */
export function complement(ranges: CharRanges): CharRanges {
  const out: number[] = [];
  let from = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    const lo = ranges[i] as number;
    if (lo > from) out.push(from, lo - 1);
    from = (ranges[i + 1] as number) + 1;
  }
  if (from <= MAX_CODE_POINT) out.push(from, MAX_CODE_POINT);
  return out;
}

/** Whether the code point is in the ranges: a binary search over the pairs. */
export function inRanges(ranges: CharRanges, c: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < (ranges[2 * mid] as number)) hi = mid - 1;
    else if (c > (ranges[2 * mid + 1] as number)) lo = mid + 1;
    else return true;
  }
  return false;
}
