/**
 * JSON.parse keeps the last of duplicate member names, so {"alg":"RS256","alg":"none"} would be read
 * differently by different libraries. This scanner finds a duplicate member name in text that
 * JSON.parse has already accepted (so it may assume the text is well formed).
 */
/** Nesting deeper than this is refused in token JSON and request bodies alike: no real claim set comes close. */
export const MAX_JSON_DEPTH = 64;

export function findDuplicateMember(text: string, parsed: unknown): string | undefined {
  const issue = checkJsonStructure(text, parsed);
  return issue?.kind === 'duplicate' ? issue.name : undefined;
}

/** A repeated member name or nesting deeper than maxDepth, in text that JSON.parse turned into `parsed`. */
export function checkJsonStructure(text: string, parsed: unknown, maxDepth = MAX_JSON_DEPTH): JsonStructureIssue | undefined {
  return provablySound(text, parsed, maxDepth) ? undefined : scanJsonStructure(text, maxDepth);
}

/**
 * Members in a parsed value, or undefined when it nests deeper than maxDepth. Iterative: a hostile
 * token nests thousands of levels inside 16 KiB, and recursion would exhaust the stack.
 */
function countMembers(value: unknown, maxDepth: number): number | undefined {
  let n = 0;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop() as number;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > maxDepth) return undefined;
    if (Array.isArray(v)) {
      for (const item of v) {
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    // Own members only: a property that something added to Object.prototype must not count as one of
    // the text's members, or it would hide a duplicate from the quick count.
    for (const key of Object.keys(v)) {
      n++;
      values.push((v as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return n;
}

/**
 * Fast path. In text with no JSON whitespace (space, tab, LF, CR) after a quote, each member name ends
 * in exactly one `":`; any other `":` lies inside a string and only adds to the count. So the count is
 * at least the number of members in the text, which is at least the number JSON.parse kept; equality
 * proves that no member was dropped as a duplicate. Any doubt (or a depth past the limit) goes to the
 * full scan. One native jump from quote to quote: a token or a PEM between them is not looked at.
 */
function provablySound(text: string, parsed: unknown, maxDepth: number): boolean {
  const members = countMembers(parsed, maxDepth);
  if (members === undefined) return false;
  let count = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 0x3a /* : */) count++;
    else if (next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d) return false;
  }
  return count === members;
}

/** What a structure scan found: a repeated member name, or nesting past the depth limit. */
export type JsonStructureIssue = { kind: 'duplicate'; name: string } | { kind: 'too_deep'; maxDepth: number };

/** The full scan, exported so a property test can hold the fast path to it. */
export function scanForDuplicate(text: string): string | undefined {
  const issue = scanJsonStructure(text);
  return issue?.kind === 'duplicate' ? issue.name : undefined;
}

/**
 * One pass over text that JSON.parse has accepted: the first repeated member name in one object, or
 * nesting deeper than maxDepth. Shared by the token parser and the service's request body parser.
 */
export function scanJsonStructure(text: string, maxDepth = Number.POSITIVE_INFINITY): JsonStructureIssue | undefined {
  // One Set per open object; null for an open array.
  const stack: (Set<string> | null)[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push(c === 0x7b ? new Set() : null);
      if (stack.length > maxDepth) return { kind: 'too_deep', maxDepth };
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
    } else if (c === 0x22 /* " */) {
      const start = i + 1;
      // Jump to each candidate closing quote natively; a quote preceded by an odd run of
      // backslashes is escaped and does not close the string.
      let end = text.indexOf('"', start);
      for (;;) {
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end + 1;
      const top = stack[stack.length - 1];
      if (top) {
        let j = i;
        while (j < n) {
          const w = text.charCodeAt(j);
          if (w === 0x20 || w === 0x09 || w === 0x0a || w === 0x0d) j++;
          else break;
        }
        if (text.charCodeAt(j) === 0x3a /* : */) {
          // "a" and "\u0061" name the same member: compare decoded names.
          const raw = text.slice(start, end);
          const name = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
          if (top.has(name)) return { kind: 'duplicate', name };
          top.add(name);
          i = j + 1;
        }
      }
    } else {
      i++;
    }
  }
  return undefined;
}
