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
      message: firstLine(e.message).replace(/ at line \d+, column \d+:?$/, ''),
      position: position.line > lastLine ? { line: lastLine, column: 1 } : position,
    };
  });
  let data: unknown;
  if (errors.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (err) {
      errors.push({ message: firstLine((err as Error).message), position: { line: 1, column: 1 } });
    }
  }
  return { doc, lines, data, errors };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
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
