/**
 * YAML with source positions: parse once with a LineCounter, then answer "which line is this JSON
 * Pointer on" for any place in the document, falling back to the nearest ancestor that exists.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { Position } from './types.ts';

export interface YamlProblem {
  message: string;
  position: Position;
}

export interface LoadedYaml {
  doc: Document.Parsed;
  lines: LineCounter;
  /** Plain data, or undefined when the document had errors. */
  data: unknown;
  errors: YamlProblem[];
}

/** A pointer segment list: strings for map keys, numbers for sequence indices. */
export type Path = (string | number)[];

const MAX_ALIASES = 100;

export function loadYaml(source: string): LoadedYaml {
  const lines = new LineCounter();
  // YAML 1.2 core schema: `at: 2026-01-01T00:00:00Z` stays a string and `on`/`yes` are not booleans.
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, version: '1.2' });
  // Unclosed quotes and brackets are reported at the end of input, past the last line of text:
  // clamp to that line so an annotation lands on something visible.
  const lastLine = Math.max(1, source.replace(/\s+$/, '').split('\n').length);
  const errors: YamlProblem[] = doc.errors.map((e) => {
    const position = toPosition(lines, e.pos[0]);
    return {
      message: describeYamlError(e.code),
      position: position.line > lastLine ? { line: lastLine, column: 1 } : position,
    };
  });
  let data: unknown;
  if (errors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch {
      errors.push({ message: `an alias cannot be resolved, or aliases expand to more than ${MAX_ALIASES} nodes`, position: { line: 1, column: 1 } });
    }
  }
  return { doc, lines, data, errors };
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
