/**
 * An attribute condition as the checker judges it: its tree (cel-parser.ts) read as a boolean formula
 * over tests of one value each (a claim of the token, a mapped attribute, google.subject) against
 * string literals, with everything else kept as an unknown test, named by its text, which is taken to
 * admit. Negation is pushed to the tests (De Morgan), and the formula is written as a disjunction of
 * conjunctions (one door per disjunct). That is exact under CEL's rules: `&&` and `||` ignore an
 * error when the other side decides, so an expression is true exactly when some disjunct has every
 * test true.
 */
import { parseCel, type CelNode } from './cel-parser.ts';

/** Disjuncts an attribute condition may expand to; a larger one is refused (each is a door). */
export const MAX_ALTERNATIVES = 64;

/** What a test reads: a claim of the token, an attribute mapped from it, or a google.* attribute. */
export type Ref =
  | { readonly root: 'assertion'; readonly name: string }
  | { readonly root: 'attribute'; readonly name: string }
  | { readonly root: 'google'; readonly name: string };

export type Test =
  /** `ref == 'v'`, `ref in ['v', 'w']`: the value equals one of these. */
  | { readonly op: 'equals'; readonly values: readonly string[] }
  /** `'v' in ref`: the value is a list holding this. */
  | { readonly op: 'member'; readonly value: string }
  | { readonly op: 'startsWith' | 'endsWith' | 'contains'; readonly value: string }
  /** `ref.matches('re')`: RE2, any substring. */
  | { readonly op: 'matches'; readonly pattern: string };

export interface Span {
  readonly at: number;
  readonly end: number;
}

export type Atom =
  | { readonly kind: 'test'; readonly ref: Ref; readonly test: Test; readonly span: Span }
  | { readonly kind: 'unknown'; readonly why: string; readonly span: Span };

export interface Literal {
  readonly atom: Atom;
  readonly negated: boolean;
}

/** Disjunction of conjunctions: `[]` never holds, `[[]]` always does. */
export type Dnf = readonly (readonly Literal[])[];

export type ConditionReading =
  | { readonly kind: 'dnf'; readonly dnf: Dnf }
  | { readonly kind: 'syntax'; readonly message: string; readonly at: number }
  | { readonly kind: 'limit'; readonly message: string };

type Formula =
  | { readonly k: 'and' | 'or'; readonly parts: readonly Formula[] }
  | { readonly k: 'not'; readonly f: Formula }
  | { readonly k: 'const'; readonly value: boolean }
  | { readonly k: 'atom'; readonly atom: Atom };

const FUNCTIONS = new Set(['startsWith', 'endsWith', 'contains', 'matches']);

class TooMany extends Error {}

/** The condition's disjuncts, or why it has none the checker can use. */
export function readCondition(source: string): ConditionReading {
  const parsed = parseCel(source);
  if (!parsed.ok) {
    return parsed.tooDeep ? { kind: 'limit', message: `The attribute condition ${parsed.message}; at most 32 are read.` } : { kind: 'syntax', message: parsed.message, at: parsed.at };
  }
  try {
    return { kind: 'dnf', dnf: dnf(formula(parsed.node), false) };
  } catch (err) {
    if (err instanceof TooMany) return { kind: 'limit', message: `The attribute condition expands to more than ${MAX_ALTERNATIVES} alternatives (each || that an && multiplies); the checker judges each as a door of its own and reads at most ${MAX_ALTERNATIVES}. Write it with fewer alternatives, or move choices into the bindings.` };
    throw err;
  }
}

/** The value a plain reference reads (`assertion.x`, `assertion['x']`, `attribute.x`, `google.subject`), if it is one. */
export function refOf(node: CelNode): Ref | undefined {
  let root: CelNode;
  let name: string;
  if (node.kind === 'select') {
    root = node.operand;
    name = node.field;
  } else if (node.kind === 'index' && node.index.kind === 'string') {
    root = node.operand;
    name = node.index.value;
  } else {
    return undefined;
  }
  if (root.kind !== 'ident') return undefined;
  if (root.name === 'assertion' || root.name === 'attribute' || root.name === 'google') return { root: root.name, name };
  return undefined;
}

function unknown(node: CelNode, why: string): Formula {
  return { k: 'atom', atom: { kind: 'unknown', why, span: { at: node.at, end: node.end } } };
}

function test(node: CelNode, ref: Ref, t: Test): Formula {
  return { k: 'atom', atom: { kind: 'test', ref, test: t, span: { at: node.at, end: node.end } } };
}

function formula(node: CelNode): Formula {
  switch (node.kind) {
    case 'bool': return { k: 'const', value: node.value };
    case 'unary': return node.op === '!' ? { k: 'not', f: formula(node.operand) } : unknown(node, 'it is not a boolean');
    case 'binary': return binary(node as CelNode & { kind: 'binary' });
    case 'call': return call(node as CelNode & { kind: 'call' });
    case 'conditional': return unknown(node, 'the checker does not evaluate the conditional operator (?:)');
    default: return unknown(node, 'it is not a comparison the checker evaluates');
  }
}

function binary(node: CelNode & { kind: 'binary' }): Formula {
  const { op, left, right } = node;
  if (op === '&&' || op === '||') {
    // A chain of one operator is one node of many parts: a && b && c, read without recursing down it.
    const operands: CelNode[] = [right];
    let rest = left;
    while (rest.kind === 'binary' && rest.op === op) {
      operands.push(rest.right);
      rest = rest.left;
    }
    operands.push(rest);
    return { k: op === '&&' ? 'and' : 'or', parts: operands.reverse().map(formula) };
  }
  if (op === '==' || op === '!=') {
    const equal = equality(node, left, right);
    return op === '==' ? equal : { k: 'not', f: equal };
  }
  if (op === 'in') return membership(node, left, right);
  return unknown(node, `the checker does not evaluate the operator ${op}`);
}

function equality(node: CelNode, left: CelNode, right: CelNode): Formula {
  if (left.kind === 'string' && right.kind === 'string') return { k: 'const', value: left.value === right.value };
  const ref = refOf(left) ?? refOf(right);
  const other = refOf(left) === undefined ? left : right;
  if (ref === undefined) return unknown(node, 'it compares values the checker does not evaluate');
  if (other.kind !== 'string') return unknown(node, 'it compares with a value that is not a string literal');
  return test(node, ref, { op: 'equals', values: [other.value] });
}

function membership(node: CelNode, left: CelNode, right: CelNode): Formula {
  const leftRef = refOf(left);
  const rightRef = refOf(right);
  if (leftRef !== undefined && right.kind === 'list') {
    const values = right.items.flatMap((item) => (item.kind === 'string' ? [item.value] : []));
    if (values.length !== right.items.length) return unknown(node, 'its list holds values that are not string literals');
    return values.length === 0 ? { k: 'const', value: false } : test(node, leftRef, { op: 'equals', values });
  }
  if (left.kind === 'string' && rightRef !== undefined) return test(node, rightRef, { op: 'member', value: left.value });
  if (left.kind === 'string' && right.kind === 'list' && right.items.every((item) => item.kind === 'string')) {
    return { k: 'const', value: right.items.some((item) => item.kind === 'string' && item.value === left.value) };
  }
  return unknown(node, 'the checker does not evaluate this use of in');
}

function call(node: CelNode & { kind: 'call' }): Formula {
  const { target, name, args } = node;
  if (!FUNCTIONS.has(name)) return unknown(node, `the checker does not evaluate the function ${name}()`);
  // `matches(value, 're')` is the same test as `value.matches('re')`.
  const [subject, argument] = target === undefined ? [args[0], args[1]] : [target, args[0]];
  const expected = target === undefined ? 2 : 1;
  if (args.length !== expected || subject === undefined || argument?.kind !== 'string') return unknown(node, `${name}() is given arguments the checker does not evaluate`);
  const ref = refOf(subject);
  if (ref === undefined) return unknown(node, `${name}() is called on a value the checker does not evaluate`);
  return test(node, ref, name === 'matches' ? { op: 'matches', pattern: argument.value } : { op: name as 'startsWith' | 'endsWith' | 'contains', value: argument.value });
}

/** The formula (negated when `negate`) as disjuncts of literals, at most MAX_ALTERNATIVES of them at any step. */
function dnf(f: Formula, negate: boolean): Literal[][] {
  switch (f.k) {
    case 'const': return f.value !== negate ? [[]] : [];
    case 'atom': return [[{ atom: f.atom, negated: negate }]];
    case 'not': return dnf(f.f, !negate);
    case 'and':
    case 'or': {
      // De Morgan: a negated conjunction is a disjunction of negations, and the other way round.
      const disjunction = (f.k === 'or') !== negate;
      const parts = f.parts.map((p) => dnf(p, negate));
      if (disjunction) {
        const all = parts.flat();
        if (all.some((c) => c.length === 0)) return [[]];
        if (all.length > MAX_ALTERNATIVES) throw new TooMany();
        return all;
      }
      // Every conjunct of `acc` is made here, so one with a single disjunct is appended in place.
      let acc: Literal[][] = [[]];
      for (const part of parts) {
        if (acc.length * part.length > MAX_ALTERNATIVES) throw new TooMany();
        if (part.length === 1) for (const head of acc) head.push(...(part[0] as Literal[]));
        else acc = acc.flatMap((head) => part.map((tail) => [...head, ...tail]));
      }
      return acc;
    }
  }
}
