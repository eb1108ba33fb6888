/**
 * YAML with source positions: parse once with a LineCounter, then answer "which line is this JSON
 * Pointer on" for any place in the document, falling back to the nearest ancestor that exists.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { Position } from '../types.ts';
import { duplicateKeyOffsets } from './yaml-keys.ts';
import { findUnclosed } from './yaml-unclosed.ts';

export interface YamlProblem {
  message: string;
  position: Position;
  /** How to fix this problem, when it is more precise than "fix the YAML syntax". */
  remediation?: string;
}

export interface LoadedYaml {
  doc: Document.Parsed;
  lines: LineCounter;
  /** The text parsed: inline suppressions are read from its comments. */
  source: string;
  /** Plain data, or undefined when the document had errors or is too large. */
  data: unknown;
  errors: YamlProblem[];
  /** Set when the document, aliases expanded, passes a limit below; then there is no data. */
  tooLarge?: TooLarge;
}

/** Which limit a document broke: its node count or its text, both counted after alias expansion. */
export type TooLarge = 'nodes' | 'text';

/** A pointer segment list: strings for map keys, numbers for sequence indices. */
export type Path = (string | number)[];

/**
 * Limits after alias expansion, where an alias counts as a full copy of what it names at every use.
 * Without them a few kilobytes of anchors and aliases expand into millions of entries (the classic
 * "billion laughs"), and the report, the summary and memory grow with the expansion.
 * Nodes: every map, list and scalar, keys included. Text: the characters of every string scalar,
 * capped like the file itself, so aliases never let a file hold more than a file without them could.
 */
export const MAX_YAML_NODES = 10_000;
export const MAX_YAML_TEXT = 1024 * 1024;

export function loadYaml(source: string): LoadedYaml {
  const lines = new LineCounter();
  // YAML 1.2 core schema: `at: 2026-01-01T00:00:00Z` stays a string and `on`/`yes` are not booleans.
  // Duplicate keys are found after the size check (see yaml-keys.ts), not by the parser.
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: false, version: '1.2' });
  const loaded: LoadedYaml = { doc, lines, source, data: undefined, errors: [] };
  const errors = loaded.errors;
  // A %YAML 1.1 directive would switch the schema back (yes/no booleans, timestamps, merge keys):
  // config files are read as YAML 1.2 only, whatever they ask for.
  const directive = doc.directives?.yaml;
  if (directive?.explicit === true && directive.version !== '1.2') {
    const at = /^%YAML\b/m.exec(source)?.index ?? 0;
    errors.push({
      message: 'the file asks for another YAML version with a %YAML directive; oidc-gate reads YAML 1.2 only',
      position: toPosition(lines, at),
      remediation: 'Remove the %YAML directive (and the --- after it, if nothing else needs it): config files are read as YAML 1.2.',
    });
    return loaded;
  }
  if (doc.errors.length > 0) {
    errors.push(...syntaxErrors(source, lines, doc));
    return loaded;
  }
  const size = measure(doc.contents);
  if (size.ok === false) {
    if (size.tooLarge !== undefined) loaded.tooLarge = size.tooLarge;
    else errors.push({ message: size.message, position: toPosition(lines, size.offset) });
    return loaded;
  }
  for (const offset of duplicateKeyOffsets(doc.contents)) {
    errors.push({
      message: describeYamlError('DUPLICATE_KEY'),
      position: toPosition(lines, offset),
      remediation: 'Keep one of the two keys: YAML would otherwise take one value and drop the other without a word.',
    });
  }
  if (errors.length > 0) return loaded;
  try {
    // The measure above bounds the expansion exactly, so the yaml package's own alias heuristic,
    // which refuses some small files and lets some large expansions through, is turned off.
    loaded.data = doc.toJS({ maxAliasCount: -1 });
  } catch {
    errors.push({ message: 'an alias cannot be resolved', position: { line: 1, column: 1 } });
  }
  return loaded;
}

/**
 * The parser's errors, described from their codes and positions. An opening bracket or quote that is
 * never closed is reported once, where it opens, and the errors after it (which only follow from
 * it) are dropped.
 */
function syntaxErrors(source: string, lines: LineCounter, doc: Document.Parsed): YamlProblem[] {
  // Unclosed quotes and brackets are reported at the end of input, past the last line of text:
  // clamp to that line so an annotation lands on something visible.
  const lastLine = Math.max(1, source.replace(/\s+$/, '').split('\n').length);
  const at = (offset: number): Position => {
    const position = toPosition(lines, offset);
    return position.line > lastLine ? { line: lastLine, column: 1 } : position;
  };
  const unclosed = findUnclosed(source);
  const errors = unclosed !== undefined ? doc.errors.filter((e) => e.pos[0] < unclosed.offset) : doc.errors;
  const out: YamlProblem[] = errors.map((e) => ({ message: describeYamlError(e.code), position: at(e.pos[0]) }));
  if (unclosed !== undefined) out.push({ message: unclosed.message, position: at(unclosed.offset), remediation: unclosed.remediation });
  return out;
}

type Measure =
  | { ok: true; nodes: number; text: number }
  | { ok: false; tooLarge: TooLarge }
  | { ok: false; tooLarge?: undefined; message: string; offset: number };

interface Size {
  nodes: number;
  text: number;
}

class Stop extends Error {
  readonly result: Measure;
  constructor(result: Measure) {
    super('stop');
    this.result = result;
  }
}

/**
 * Count nodes and text as toJS would expand them, without expanding: each node is visited once, in
 * document order (the order in which the yaml package finds the anchor an alias names), and an
 * alias adds the finished size of its anchored node. Iterative, so deep nesting cannot overflow
 * the stack; it stops as soon as a limit is passed.
 */
function measure(root: unknown): Measure {
  const anchors = new Map<string, object>();
  const sizes = new Map<object, Size>();
  const open = new Set<object>();
  const stack: { node: object; children: unknown[]; next: number; size: Size }[] = [];

  const add = (into: Size, size: Size): void => {
    into.nodes += size.nodes;
    into.text += size.text;
    if (into.nodes > MAX_YAML_NODES) throw new Stop({ ok: false, tooLarge: 'nodes' });
    if (into.text > MAX_YAML_TEXT) throw new Stop({ ok: false, tooLarge: 'text' });
  };
  /** The size of a leaf or an alias now, or undefined once a collection is pushed to be summed. */
  const enter = (node: unknown): Size | undefined => {
    if (node === null || typeof node !== 'object') return { nodes: 0, text: 0 };
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const offset = rangeStart(node) ?? 0;
      if (target === undefined) throw new Stop({ ok: false, message: 'an alias names an anchor that is not defined before it', offset });
      if (open.has(target)) throw new Stop({ ok: false, message: 'an alias refers to a node that contains it (a recursive structure)', offset });
      return sizes.get(target) ?? { nodes: 0, text: 0 };
    }
    const anchor = (node as { anchor?: unknown }).anchor;
    if (typeof anchor === 'string') anchors.set(anchor, node);
    if (isScalar(node)) {
      const size = { nodes: 1, text: scalarText(node.value) };
      sizes.set(node, size);
      return size;
    }
    if (isMap(node) || isSeq(node)) {
      const children: unknown[] = [];
      for (const item of node.items as unknown[]) {
        if (isPair(item)) children.push(item.key, item.value);
        else children.push(item);
      }
      open.add(node);
      stack.push({ node, children, next: 0, size: { nodes: 1, text: 0 } });
      return undefined;
    }
    return { nodes: 0, text: 0 };
  };

  try {
    const total: Size = { nodes: 0, text: 0 };
    const first = enter(root);
    if (first !== undefined) add(total, first);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as (typeof stack)[number];
      if (frame.next < frame.children.length) {
        const size = enter(frame.children[frame.next++]);
        if (size !== undefined) add(frame.size, size);
        continue;
      }
      stack.pop();
      open.delete(frame.node);
      sizes.set(frame.node, frame.size);
      const parent = stack[stack.length - 1];
      add(parent !== undefined ? parent.size : total, frame.size);
    }
    return { ok: true, ...total };
  } catch (err) {
    if (err instanceof Stop) return err.result;
    throw err;
  }
}

/**
 * The text a scalar adds to the report once read: a string's characters, and a `!!binary` value's
 * bytes (which the report spells out one number per byte), so no tag lets a value grow past the limit.
 */
function scalarText(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  return 0;
}

/**
 * The yaml package builds its messages from the source text ("Unresolved alias …: hunter2"), and the
 * source may hold a secret that is masked only after a successful parse. So a problem is described from
 * its error code alone; the position says where.
 */
const YAML_ERROR_TEXT: Record<string, string> = {
  ALIAS_PROPS: 'an alias cannot have an anchor or a tag',
  BAD_ALIAS: 'an alias is malformed',
  BAD_DIRECTIVE: 'a directive is malformed',
  BAD_DQ_ESCAPE: 'a double-quoted string has an invalid escape sequence',
  BAD_INDENT: 'the indentation is wrong',
  BAD_PROP_ORDER: 'anchors and tags are in the wrong order',
  BAD_SCALAR_START: 'a plain value starts with a character that YAML reserves (quote the value)',
  BLOCK_AS_IMPLICIT_KEY: 'a block value is used as a key',
  BLOCK_IN_FLOW: 'a block collection is inside a flow collection',
  DUPLICATE_KEY: 'a key appears twice in one mapping',
  IMPOSSIBLE: 'the parser reached an impossible state',
  KEY_OVER_1024_CHARS: 'an implicit key is longer than 1024 characters',
  MISSING_CHAR: 'a closing quote or bracket is missing',
  MULTILINE_IMPLICIT_KEY: 'an implicit key spans several lines',
  MULTIPLE_ANCHORS: 'a node has more than one anchor',
  MULTIPLE_DOCS: 'the file holds more than one YAML document',
  MULTIPLE_TAGS: 'a node has more than one tag',
  NON_STRING_KEY: 'a key is not a string',
  RESOURCE_EXHAUSTION: 'the document nests too deeply',
  TAB_AS_INDENT: 'a tab is used for indentation',
  TAG_RESOLVE_FAILED: 'a tag cannot be resolved',
  UNEXPECTED_TOKEN: 'unexpected text (an unquoted value may need quotes)',
  BAD_COLLECTION_TYPE: 'a collection has the wrong type for its tag',
};

export function describeYamlError(code: string): string {
  return `${YAML_ERROR_TEXT[code] ?? 'the YAML is malformed'} (${code})`;
}

function toPosition(lines: LineCounter, offset: number): Position {
  const p = lines.linePos(offset);
  return { line: p.line, column: p.col };
}

/**
 * The position of the node at `path`. For a map member it is the key (so a block value that starts
 * on the next line still points at `field:`); for a sequence item, the item. When the path does not
 * exist (a field the engine names but the file lacks), the nearest existing ancestor answers.
 */
export function positionOf(loaded: LoadedYaml, path: Path): Position {
  let node: unknown = loaded.doc.contents;
  let best: number = rangeStart(node) ?? 0;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (pair === undefined) break;
      best = rangeStart(pair.key) ?? best;
      node = pair.value;
    } else if (isSeq(node)) {
      const index = typeof seg === 'number' ? seg : /^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : -1;
      const item = node.items[index];
      if (item === undefined) break;
      best = rangeStart(item) ?? best;
      node = item;
    } else {
      break;
    }
  }
  return toPosition(loaded.lines, best);
}

function rangeStart(node: unknown): number | undefined {
  if (node !== null && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: [number, number, number] | null }).range;
    if (Array.isArray(range)) return range[0];
  }
  return undefined;
}

/** RFC 6901 pointer to path segments. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.replace(/^\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function toPointer(path: Path): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
