/**
 * CEL's grammar, read whole (conditional, `||`, `&&`, relations with `in`, arithmetic, unary `!` and
 * `-`, member selection, indexing, calls, lists, maps and literals), so that any expression Google
 * accepts has a tree, and the parts the checker does not evaluate can be named one by one rather than
 * failing the whole condition. Nesting deeper than MAX_DEPTH is refused by the caller (a limit, not
 * a judgement); everything here is linear in the number of tokens.
 */
import { CelSyntaxError, tokenize, type Token } from './cel-lexer.ts';

/** Nesting (parentheses, calls, lists, indexes, unary operators) read at the most. */
export const MAX_DEPTH = 32;

interface Span {
  /** Offsets of the expression's first character and just past its last, in the source. */
  readonly at: number;
  readonly end: number;
}

export type CelNode = Span & (
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'literal'; readonly what: string }
  | { readonly kind: 'ident'; readonly name: string }
  | { readonly kind: 'select'; readonly operand: CelNode; readonly field: string }
  | { readonly kind: 'index'; readonly operand: CelNode; readonly index: CelNode }
  | { readonly kind: 'call'; readonly target: CelNode | undefined; readonly name: string; readonly args: readonly CelNode[] }
  | { readonly kind: 'list'; readonly items: readonly CelNode[] }
  | { readonly kind: 'map'; readonly entries: readonly CelNode[] }
  | { readonly kind: 'unary'; readonly op: '!' | '-'; readonly operand: CelNode }
  | { readonly kind: 'binary'; readonly op: string; readonly left: CelNode; readonly right: CelNode }
  | { readonly kind: 'conditional'; readonly test: CelNode; readonly then: CelNode; readonly otherwise: CelNode }
);

export type CelParse =
  | { readonly ok: true; readonly node: CelNode }
  | { readonly ok: false; readonly tooDeep: boolean; readonly message: string; readonly at: number };

class TooDeep extends Error {}

export function parseCel(source: string): CelParse {
  try {
    const parser = new Parser(tokenize(source));
    const node = parser.expression(0);
    parser.expect('', 'the end of the expression');
    return { ok: true, node };
  } catch (err) {
    if (err instanceof TooDeep) return { ok: false, tooDeep: true, message: `it nests more than ${MAX_DEPTH} levels deep`, at: 0 };
    if (err instanceof CelSyntaxError) return { ok: false, tooDeep: false, message: err.message, at: err.at };
    throw err;
  }
}

const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);

class Parser {
  private i = 0;
  private readonly tokens: readonly Token[];
  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
  }

  private get token(): Token {
    return this.tokens[this.i] as Token;
  }

  private isOp(text: string): boolean {
    const t = this.token;
    return (t.kind === 'op' || (t.kind === 'ident' && text === 'in')) && t.text === text;
  }

  /** Consumes the operator `text` (or, for '', the end), or fails naming what was expected. */
  expect(text: string, what: string): Token {
    const t = this.token;
    const found = text === '' ? t.kind === 'eof' : t.kind === 'op' && t.text === text;
    if (!found) throw new CelSyntaxError(`expected ${what} at ${t.kind === 'eof' ? 'the end' : JSON.stringify(t.text)}`, t.at);
    this.i++;
    return t;
  }

  expression(depth: number): CelNode {
    if (depth > MAX_DEPTH) throw new TooDeep();
    const test = this.binary(0, depth);
    if (!this.isOp('?')) return test;
    this.i++;
    const then = this.binary(0, depth);
    this.expect(':', '":" of a conditional');
    const otherwise = this.expression(depth + 1);
    return { kind: 'conditional', test, then, otherwise, at: test.at, end: otherwise.end };
  }

  /** Levels: 0 `||`, 1 `&&`, 2 relations, 3 `+ -`, 4 `* / %`; each left-associative. */
  private binary(level: number, depth: number): CelNode {
    if (level > 4) return this.unary(depth);
    let left = this.binary(level + 1, depth);
    for (;;) {
      const op = this.token.text;
      const matches = level === 0 ? this.isOp('||') : level === 1 ? this.isOp('&&')
        : level === 2 ? RELATIONS.has(op) && this.isOp(op) : level === 3 ? this.isOp('+') || this.isOp('-')
          : this.isOp('*') || this.isOp('/') || this.isOp('%');
      if (!matches) return left;
      this.i++;
      const right = this.binary(level + 1, depth);
      left = { kind: 'binary', op, left, right, at: left.at, end: right.end };
    }
  }

  private unary(depth: number): CelNode {
    if (this.isOp('!') || this.isOp('-')) {
      const t = this.token;
      this.i++;
      if (depth + 1 > MAX_DEPTH) throw new TooDeep();
      const operand = this.unary(depth + 1);
      return { kind: 'unary', op: t.text as '!' | '-', operand, at: t.at, end: operand.end };
    }
    return this.member(depth);
  }

  private member(depth: number): CelNode {
    let node = this.primary(depth);
    for (;;) {
      if (this.isOp('.')) {
        this.i++;
        const name = this.token;
        if (name.kind !== 'ident') throw new CelSyntaxError('expected a field name after "."', name.at);
        this.i++;
        if (this.isOp('(')) {
          const { args, end } = this.arguments(depth);
          node = { kind: 'call', target: node, name: name.text, args, at: node.at, end };
        } else {
          node = { kind: 'select', operand: node, field: name.text, at: node.at, end: name.end };
        }
      } else if (this.isOp('[')) {
        this.i++;
        const index = this.expression(depth + 1);
        const close = this.expect(']', '"]"');
        node = { kind: 'index', operand: node, index, at: node.at, end: close.end };
      } else {
        return node;
      }
    }
  }

  private arguments(depth: number): { args: CelNode[]; end: number } {
    this.expect('(', '"("');
    const args = this.list(')', depth);
    return { args, end: this.expect(')', '")"').end };
  }

  /** Comma-separated expressions up to (not including) `close`; a trailing comma is allowed. */
  private list(close: string, depth: number): CelNode[] {
    const items: CelNode[] = [];
    while (!this.isOp(close)) {
      items.push(this.expression(depth + 1));
      if (this.isOp(':') && close === '}') {
        this.i++;
        items.push(this.expression(depth + 1));
      }
      if (!this.isOp(',')) break;
      this.i++;
    }
    return items;
  }

  private primary(depth: number): CelNode {
    const t = this.token;
    switch (t.kind) {
      case 'string':
        this.i++;
        return { kind: 'string', value: t.text, at: t.at, end: t.end };
      case 'bytes':
      case 'number':
        this.i++;
        return { kind: 'literal', what: t.kind === 'bytes' ? 'a bytes value' : 'a number', at: t.at, end: t.end };
      case 'ident':
        this.i++;
        if (t.text === 'true' || t.text === 'false') return { kind: 'bool', value: t.text === 'true', at: t.at, end: t.end };
        if (t.text === 'null') return { kind: 'literal', what: 'null', at: t.at, end: t.end };
        if (this.isOp('(')) {
          const { args, end } = this.arguments(depth);
          return { kind: 'call', target: undefined, name: t.text, args, at: t.at, end };
        }
        return { kind: 'ident', name: t.text, at: t.at, end: t.end };
      case 'op':
        if (t.text === '(') {
          this.i++;
          const inner = this.expression(depth + 1);
          this.expect(')', '")"');
          return inner;
        }
        if (t.text === '[' || t.text === '{') {
          this.i++;
          const close = t.text === '[' ? ']' : '}';
          const items = this.list(close, depth);
          const end = this.expect(close, `"${close}"`).end;
          return t.text === '[' ? { kind: 'list', items, at: t.at, end } : { kind: 'map', entries: items, at: t.at, end };
        }
        if (t.text === '.') {
          // A leading dot names the root scope: `.assertion` is `assertion`.
          this.i++;
          return this.primary(depth);
        }
        break;
      default:
        break;
    }
    throw new CelSyntaxError(`expected a value at ${t.kind === 'eof' ? 'the end' : JSON.stringify(t.text)}`, t.at);
  }
}
