/**
 * Linear-time matching of the RE2 subset (re2-parse.ts), as CEL's `matches()` does it: the pattern
 * may match any substring of the value (use `^` and `$` to pin both ends). The pattern is compiled to
 * a Thompson automaton and the value is read once, left to right, keeping the set of states reached
 * (each state at most once per position), with the start state added again at every position for the
 * unanchored start. The work is at most (value length + 1) × states: no backtracking, whatever the
 * pattern, and no JavaScript regular expression is built.
 */
import type { StringLikePattern } from '../string-like.ts';
import { inRanges, type CharRanges, type RegexNode } from './re2-parse.ts';

const CHAR = 0;
const SPLIT = 1;
const BEGIN = 2;
const END = 3;
const MATCH = 4;
/**
 * Work units per automaton state and value character. A unit is one step of the StringLike matcher
 * (about 10 ns, bench/patterns.bench.ts); a state costs up to about 25 ns per character on patterns
 * that keep every state alive (test/trust/gcp/cost.test.ts), so the budget counts it three times.
 */
const WEIGHT_PER_STATE = 3;

/** The automaton: one entry per state in each array. */
interface Program {
  readonly op: Uint8Array;
  readonly out1: Int32Array;
  readonly out2: Int32Array;
  readonly ranges: readonly (CharRanges | undefined)[];
  readonly start: number;
}

class Builder {
  readonly op: number[] = [];
  readonly out1: number[] = [];
  readonly out2: number[] = [];
  readonly ranges: (CharRanges | undefined)[] = [];

  add(op: number, out1: number, out2 = -1, ranges?: CharRanges): number {
    this.op.push(op);
    this.out1.push(out1);
    this.out2.push(out2);
    this.ranges.push(ranges);
    return this.op.length - 1;
  }

  /** The state that matches `node` and goes on to `next`; built from the end, so each state's successors exist. */
  compile(node: RegexNode, next: number): number {
    switch (node.kind) {
      case 'empty': return next;
      case 'chars': return this.add(CHAR, next, -1, node.ranges);
      case 'begin': return this.add(BEGIN, next);
      case 'end': return this.add(END, next);
      case 'concat': {
        let at = next;
        for (let i = node.parts.length - 1; i >= 0; i--) at = this.compile(node.parts[i] as RegexNode, at);
        return at;
      }
      case 'alt': {
        const starts = node.parts.map((p) => this.compile(p, next));
        let at = starts[starts.length - 1] as number;
        for (let i = starts.length - 2; i >= 0; i--) at = this.add(SPLIT, starts[i] as number, at);
        return at;
      }
      case 'repeat': {
        if (node.max === 1) return this.add(SPLIT, this.compile(node.node, next), next);
        // A loop: the split either enters the body (which comes back to it) or leaves.
        const loop = this.add(SPLIT, -1, next);
        const body = this.compile(node.node, loop);
        this.out1[loop] = body;
        return node.min === 1 ? body : loop;
      }
    }
  }
}

function build(node: RegexNode): Program {
  const b = new Builder();
  const match = b.add(MATCH, -1);
  const start = b.compile(node, match);
  return { op: Uint8Array.from(b.op), out1: Int32Array.from(b.out1), out2: Int32Array.from(b.out2), ranges: b.ranges, start };
}

/**
 * `pattern`'s tree compiled once, as a matcher the trust conditions use (StringLikePattern): `weight`
 * is the work per value character (the automaton's states, see WEIGHT_PER_STATE), so the request's
 * work budget counts it.
 */
export function compileRe2(source: string, node: RegexNode): StringLikePattern {
  const program = build(node);
  const n = program.op.length;
  const { op, out1, out2, ranges, start } = program;
  // A state of one range (a literal, most of them) is tested by two comparisons, others by a search.
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  // The work per character: WEIGHT_PER_STATE a state, more for a class searched among several ranges.
  let weight = 1;
  for (let s = 0; s < n; s++) {
    const r = ranges[s];
    weight += WEIGHT_PER_STATE;
    if (r !== undefined && r.length === 2) {
      lo[s] = r[0] as number;
      hi[s] = r[1] as number;
    } else {
      lo[s] = -1;
      if (r !== undefined) weight += Math.ceil(Math.log2(r.length));
    }
  }
  // Reused by every match of this pattern: which position's state set each state is already in.
  const seen = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n * 2 + 2);
  const lists = [new Int32Array(n), new Int32Array(n)] as const;
  let generation = 0;

  /**
   * Adds `state` and the states it reaches without reading at `pos` to `list`, which holds `size`
   * states: the new size, or -1 when the match is reached.
   */
  const addState = (list: Int32Array, size: number, state: number, pos: number, length: number, mark: number): number => {
    let top = 0;
    let count = size;
    stack[top++] = state;
    while (top > 0) {
      const s = stack[--top] as number;
      if (seen[s] === mark) continue;
      seen[s] = mark;
      const kind = op[s];
      if (kind === CHAR) list[count++] = s;
      else if (kind === SPLIT) {
        stack[top++] = out2[s] as number;
        stack[top++] = out1[s] as number;
      } else if (kind === MATCH) return -1;
      else if (kind === BEGIN ? pos === 0 : pos === length) stack[top++] = out1[s] as number;
    }
    return count;
  };

  const matches = (value: string): boolean => {
    const length = value.length;
    if (generation > 0x3fffffff) {
      seen.fill(-1);
      generation = 0;
    }
    let mark = ++generation;
    let current = lists[0];
    let following = lists[1];
    let size = 0;
    for (let pos = 0; ; ) {
      // Unanchored: a match may start at any position.
      size = addState(current, size, start, pos, length, mark);
      if (size < 0) return true;
      if (pos >= length) return false;
      const c = value.codePointAt(pos) as number;
      const next = pos + (c > 0xffff ? 2 : 1);
      mark = ++generation;
      let nextSize = 0;
      for (let i = 0; i < size; i++) {
        const s = current[i] as number;
        const l = lo[s] as number;
        if (l >= 0 ? c >= l && c <= (hi[s] as number) : inRanges(ranges[s] as CharRanges, c)) {
          nextSize = addState(following, nextSize, out1[s] as number, next, length, mark);
          if (nextSize < 0) return true;
        }
      }
      const swap = current;
      current = following;
      following = swap;
      size = nextSize;
      pos = next;
    }
  };
  return { source, wildcard: true, weight, matches };
}
