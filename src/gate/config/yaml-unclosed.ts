/**
 * One mistake, one error: a `[`, `{` or quote that is never closed makes the parser read the lines
 * after it as part of the value, and report each of them as a problem of its own (BAD_INDENT on the
 * next line, then keys that span lines, and so on). This module finds the opening that was never
 * closed, from the parser's tokens (never from its messages, which quote the source), so the gate
 * reports that one place and drops the errors that only follow from it.
 */
import { CST, Parser } from 'yaml';

export interface Unclosed {
  /** Offset of the opening bracket or quote in the source. */
  offset: number;
  message: string;
  remediation: string;
}

const CLOSERS: Record<string, { closer: string; end: string; other: string; what: string }> = {
  '[': { closer: ']', end: 'flow-seq-end', other: 'flow-map-end', what: 'list' },
  '{': { closer: '}', end: 'flow-map-end', other: 'flow-seq-end', what: 'map' },
};

/** A double-quoted value ends at an unescaped `"`; a single-quoted one at a `'` that is not doubled. */
const CLOSED_QUOTED: Record<string, RegExp> = {
  'double-quoted-scalar': /^"(?:[^"\\]|\\[\s\S])*"$/,
  'single-quoted-scalar': /^'(?:[^']|'')*'$/,
};

interface Candidate extends Unclosed {
  /** Closed by the wrong bracket (`{ a: 1 ]`): that inner opening is the mistake, not the outer one. */
  mismatched: boolean;
}

/**
 * The opening that was never closed, if any. When one collection is closed by the other kind of
 * bracket, that one is the mistake; otherwise the first unclosed opening is (the openings inside it
 * were swallowed by it).
 */
export function findUnclosed(source: string): Unclosed | undefined {
  const candidates: Candidate[] = [];
  const inspect = (token: CST.Token | undefined): void => {
    if (token === undefined) return;
    if (token.type === 'flow-collection') {
      const spec = CLOSERS[token.start.source];
      if (spec === undefined || token.end.some((t) => t.type === spec.end)) return;
      const mismatched = token.end.some((t) => t.type === spec.other);
      candidates.push({
        offset: token.start.offset,
        mismatched,
        message: mismatched
          ? `the ${token.start.source} here is closed by ${spec.closer === ']' ? '}' : ']'} instead of ${spec.closer}`
          : `the ${token.start.source} here is never closed by a ${spec.closer}, so the lines after it were read as part of the ${spec.what}`,
        remediation: `Add the missing ${spec.closer} to close the ${spec.what} that starts here (keep ${token.start.source} … ${spec.closer} on one line, or write the ${spec.what} as indented lines).`,
      });
      return;
    }
    const closed = CLOSED_QUOTED[token.type];
    if (closed !== undefined && 'source' in token && !closed.test(token.source)) {
      const quote = token.type === 'double-quoted-scalar' ? '"' : "'";
      candidates.push({
        offset: token.offset,
        mismatched: false,
        message: `the ${quote} here is never closed, so the text after it was read as part of the value`,
        remediation: `Add the closing ${quote} at the end of the value that starts here.`,
      });
    }
  };
  try {
    for (const token of new Parser().parse(source)) {
      if (token.type !== 'document') continue;
      CST.visit(token, (item) => {
        inspect(item.key ?? undefined);
        inspect(item.value);
      });
    }
  } catch {
    // The tokens are a best effort on text that already failed to parse: without them the parser's own errors stand.
    return undefined;
  }
  const mismatched = candidates.filter((c) => c.mismatched);
  const pick = mismatched.length > 0
    ? mismatched.reduce((a, b) => (b.offset > a.offset ? b : a))
    : candidates.reduce<Candidate | undefined>((a, b) => (a === undefined || b.offset < a.offset ? b : a), undefined);
  if (pick === undefined) return undefined;
  return { offset: pick.offset, message: pick.message, remediation: pick.remediation };
}
