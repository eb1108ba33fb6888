/**
 * One pass over a Terraform plan's JSON text, before it is parsed: how deep it nests (a plan that
 * nests past the limit is refused before the parser and everything after it walk it), and where each
 * element of the top-level `resource_changes` list is, so that findings about a resource can be placed
 * at its line. Linear in the text; strings are skipped by jumping from quote to quote.
 */

export interface PlanScan {
  /** The nesting passed `maxDepth`: nothing else was looked at. */
  tooDeep: boolean;
  /** For each element of `resource_changes`, in order: the offset of its `"address"` key, else of its `{`. */
  resources: number[];
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/** The end of the string that opens at `start` (its closing quote), or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** The string's value: its raw text, decoded only when it holds an escape. */
function decoded(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

export function scanPlan(text: string, maxDepth: number): PlanScan {
  const resources: number[] = [];
  let depth = 0;
  let rootKey: string | undefined;
  /** The depth of the resource_changes list while it is open, else 0. */
  let listDepth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) return { tooDeep: true, resources: [] };
      if (c === OPEN_ARRAY && depth === 2 && rootKey === 'resource_changes') listDepth = 2;
      else if (c === OPEN_OBJECT && listDepth === 2 && depth === 3) resources.push(i);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === listDepth) listDepth = 0;
      depth--;
    } else if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end === -1) break;
      // A member name is the only string followed by a colon (white space between is allowed).
      let j = end + 1;
      while (j < n && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x0a || text.charCodeAt(j) === 0x0d || text.charCodeAt(j) === 0x09)) j++;
      if (text.charCodeAt(j) === COLON) {
        if (depth === 1) rootKey = decoded(text.slice(i + 1, end));
        else if (depth === 3 && listDepth === 2 && resources.length > 0 && decoded(text.slice(i + 1, end)) === 'address') {
          resources[resources.length - 1] = i;
        }
      }
      i = end;
    }
  }
  return { tooDeep: false, resources };
}
