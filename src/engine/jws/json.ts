/**
 * JSON.parse keeps the last of duplicate member names, so {"alg":"RS256","alg":"none"} would be read
 * differently by different libraries. This scanner finds a duplicate member name in text that
 * JSON.parse has already accepted (so it may assume the text is well formed).
 */
export function findDuplicateMember(text: string, parsed: unknown): string | undefined {
  return provablyNoDuplicates(text, parsed) ? undefined : scanForDuplicate(text);
}

function countMembers(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (const v of value) n += countMembers(v);
    return n;
  }
  for (const key in value) n += 1 + countMembers((value as Record<string, unknown>)[key]);
  return n;
}

/**
 * Fast path. In text with no whitespace after a quote, each member name ends in exactly one `":`;
 * any other `":` lies inside a string and only adds to the count. So the count is at least the number
 * of members in the text, which is at least the number JSON.parse kept; equality proves that no
 * member was dropped as a duplicate. Any doubt goes to the full scan.
 */
function provablyNoDuplicates(text: string, parsed: unknown): boolean {
  if (/"\s/.test(text)) return false;
  let count = 0;
  for (let i = text.indexOf('":'); i !== -1; i = text.indexOf('":', i + 2)) count++;
  return count === countMembers(parsed);
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
