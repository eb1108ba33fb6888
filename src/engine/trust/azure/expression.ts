/**
 * The claims matching expression of a flexible federated identity credential, read as a list of clauses
 * joined by `and`: `claims['sub'] matches 'repo:acme/app:ref:refs/heads/*' and claims['repository_id'] eq '2002'`.
 *
 * Each clause is a claim lookup `claims['NAME']`, an operator word and a comparand in single quotes. The
 * text is read once, left to right, in time linear in its length, and no regular expression is built from
 * it. Whatever does not have that shape ends the reading and the whole expression is not evaluated: a
 * clause read wrongly could be part of an `or` (or of something in parentheses) that lets in more than
 * the clause alone, so nothing read before the problem can be relied on either. A clause whose claim or
 * operator is one the checker does not evaluate is still a clause: its boundaries are certain, and the
 * caller decides what it means.
 */

/** One clause whose text could be read without doubt: what stands between its quotes, as written. */
export interface Clause {
  /** The claim name inside `claims['…']`. */
  readonly claim: string;
  /** The operator word, as written (`matches`, `eq`, or one the language does not have). */
  readonly operator: string;
  /** The text between the comparand's quotes. */
  readonly comparand: string;
  /** Where the clause starts in the expression, for messages. */
  readonly at: number;
}

/** The expression as clauses joined by `and`, or why it is not that (the whole expression is then not evaluated). */
export type ReadExpression =
  | { readonly ok: true; readonly clauses: readonly Clause[] }
  | { readonly ok: false; readonly at: number; readonly why: string };

const QUOTE = "'";
const LOOKUP = "claims['";

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text[i])) i++;
  return i;
}

function isWordCharacter(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
}

/**
 * The clauses of `text`. A quote inside a comparand or a claim name cannot be read with certainty (a
 * single quote escapes in the expression language, and how is not said), so two quotes in a row, and a
 * backslash just before a closing quote, end the reading like any other surprise.
 */
export function readExpression(text: string): ReadExpression {
  const clauses: Clause[] = [];
  const fail = (at: number, why: string): ReadExpression => ({ ok: false, at, why });
  let i = skipSpaces(text, 0);
  if (i === text.length) return fail(0, 'it is empty');
  for (;;) {
    const start = i;
    if (!text.startsWith(LOOKUP, i)) return fail(i, `a clause must start with a claim lookup claims['NAME']`);
    const nameStart = i + LOOKUP.length;
    const nameEnd = text.indexOf(QUOTE, nameStart);
    if (nameEnd < 0) return fail(i, 'the claim name\'s quote is never closed');
    const claim = text.slice(nameStart, nameEnd);
    if (claim.includes('\\') || text[nameEnd + 1] !== ']') return fail(i, 'the claim lookup is not claims[\'NAME\'] with a plain name');
    i = nameEnd + 2;
    let next = skipSpaces(text, i);
    if (next === i) return fail(i, 'the claim lookup must be followed by a space and an operator');
    i = next;
    const operatorStart = i;
    while (isWordCharacter(text[i])) i++;
    const operator = text.slice(operatorStart, i);
    if (operator === '') return fail(operatorStart, 'an operator word must follow the claim lookup');
    next = skipSpaces(text, i);
    if (next === i || text[next] !== QUOTE) return fail(i, `the operator ${operator} must be followed by a space and a comparand in single quotes`);
    const comparandEnd = text.indexOf(QUOTE, next + 1);
    if (comparandEnd < 0) return fail(next, 'the comparand\'s quote is never closed');
    const comparand = text.slice(next + 1, comparandEnd);
    if (comparand.endsWith('\\')) return fail(next, 'the comparand ends in a backslash, which may escape its closing quote');
    i = comparandEnd + 1;
    if (text[i] === QUOTE) return fail(next, 'the comparand holds a quote (written with two), whose escaping the checker does not read');
    clauses.push({ claim, operator, comparand, at: start });
    next = skipSpaces(text, i);
    if (next === text.length) return { ok: true, clauses };
    if (next === i) return fail(i, 'a comparand must be followed by the end of the expression or by a space and `and`');
    if (!text.startsWith('and', next) || !isSpace(text[next + 3])) return fail(next, 'clauses are joined by `and` only (the language has no `or`, `not` or parentheses)');
    i = skipSpaces(text, next + 3);
  }
}
