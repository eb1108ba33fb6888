/**
 * Vault's glob, as its JWT roles use it for bound_claims with bound_claims_type "glob": `*` matches any
 * run of characters (none included), and every other character, `?` too, matches only itself. The whole
 * claim value must match. No regular expression is ever built from a pattern.
 *
 * A pattern without `?` means the same as an AWS StringLike pattern, so it is compiled as one (linear,
 * see string-like.ts). A pattern with a `?` is cut at its stars: the piece before the first star must
 * start the value, the piece after the last must end it, and each piece in between is looked for left
 * to right, at the first place it fits after the previous one (a later fit could only leave less room
 * for the rest). Pieces up to INDEXOF_MAX_SEGMENT characters are found with String#indexOf, which is
 * linear for such needles; longer ones with a Knuth-Morris-Pratt search, linear in the value whatever
 * the piece holds.
 */
import { compileStringLike, INDEXOF_MAX_SEGMENT, type StringLikePattern } from '../string-like.ts';

/** One piece between stars, with its search tables once it has been searched for. */
interface Piece {
  readonly text: string;
  readonly long: boolean;
  tables: { readonly codes: Uint16Array; readonly failure: Int32Array } | undefined;
}

/**
 * The matcher of one Vault glob. `source` is the pattern as written; `wildcard` says whether it can
 * match more than one string (it has a star); `weight` is its per-character cost factor for the work
 * budget: 1, plus 2 for each long piece searched with Knuth-Morris-Pratt (at most two steps a character).
 */
export function compileVaultGlob(pattern: string): StringLikePattern {
  if (!pattern.includes('?')) return compileStringLike(pattern);
  const parts = pattern.split('*');
  if (parts.length === 1) return { source: pattern, wildcard: false, weight: 1, matches: (value) => value === pattern };
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  const middle: Piece[] = parts.slice(1, -1).filter((text) => text !== '').map((text) => ({ text, long: text.length > INDEXOF_MAX_SEGMENT, tables: undefined }));
  const weight = 1 + 2 * middle.filter((p) => p.long).length;
  return {
    source: pattern, wildcard: true, weight,
    matches(value) {
      if (first.length + last.length > value.length) return false;
      if (!value.startsWith(first) || !value.endsWith(last)) return false;
      const end = value.length - last.length;
      let from = first.length;
      for (const piece of middle) {
        const at = piece.long ? search(piece, value, from, end) : value.indexOf(piece.text, from);
        if (at < 0 || at + piece.text.length > end) return false;
        from = at + piece.text.length;
      }
      return true;
    },
  };
}

/** The first index from `from` where the piece fits without passing `end`, or -1 (Knuth-Morris-Pratt). */
function search(piece: Piece, value: string, from: number, end: number): number {
  const length = piece.text.length;
  if (end - from < length) return -1;
  const { codes, failure } = (piece.tables ??= tablesOf(piece.text));
  let k = 0;
  for (let i = from; i < end; i++) {
    const c = value.charCodeAt(i);
    while (k > 0 && codes[k] !== c) k = failure[k - 1] as number;
    if (codes[k] === c) k++;
    if (k === length) return i - length + 1;
  }
  return -1;
}

/** The piece's character codes, and for each prefix the length of its longest proper prefix that is also its suffix. */
function tablesOf(text: string): { codes: Uint16Array; failure: Int32Array } {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  const failure = new Int32Array(text.length);
  let k = 0;
  for (let i = 1; i < text.length; i++) {
    const c = codes[i] as number;
    while (k > 0 && codes[k] !== c) k = failure[k - 1] as number;
    if (codes[k] === c) k++;
    failure[i] = k;
  }
  return { codes, failure };
}
