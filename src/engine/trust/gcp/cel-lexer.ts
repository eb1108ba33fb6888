/**
 * The tokens of a CEL expression (Google's attribute conditions and attribute mappings): identifiers,
 * numbers, string literals with CEL's quoting and escapes (single, double and triple quotes, raw
 * `r'…'`, bytes `b'…'`), operators and punctuation. Each token keeps its offset, so that a message can
 * say where in the expression it is. Linear in the expression's length.
 */

export type TokenKind = 'ident' | 'number' | 'string' | 'bytes' | 'op' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** The identifier, the operator, the number's text, or the string's value (escapes applied). */
  readonly text: string;
  /** Offset of the token's first character in the expression. */
  readonly at: number;
  /** Offset just after its last character. */
  readonly end: number;
}

export class CelSyntaxError extends Error {
  readonly at: number;
  constructor(message: string, at: number) {
    super(message);
    this.at = at;
  }
}

const TWO_CHARACTER_OPERATORS = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const ONE_CHARACTER_OPERATORS = new Set(['<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}']);
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '?': '?', '"': '"', '\'': '\'', '`': '`',
};

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isHex = (c: string): boolean => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (source.startsWith('//', i)) {
      const newline = source.indexOf('\n', i);
      i = newline < 0 ? source.length : newline + 1;
      continue;
    }
    const quoteAt = stringStart(source, i);
    if (quoteAt !== undefined) {
      const prefix = source.slice(i, quoteAt).toLowerCase();
      const { value, end } = readString(source, quoteAt, prefix.includes('r'));
      tokens.push({ kind: prefix.includes('b') ? 'bytes' : 'string', text: value, at: i, end });
      i = end;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < source.length && (isIdentStart(source[j] as string) || isDigit(source[j] as string))) j++;
      tokens.push({ kind: 'ident', text: source.slice(i, j), at: i, end: j });
      i = j;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(source[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < source.length && (isHex(source[j] as string) || 'xXuU.'.includes(source[j] as string))) {
        // An exponent's sign belongs to the number.
        if ((source[j] === 'e' || source[j] === 'E') && (source[j + 1] === '+' || source[j + 1] === '-')) j++;
        j++;
      }
      tokens.push({ kind: 'number', text: source.slice(i, j), at: i, end: j });
      i = j;
      continue;
    }
    const two = source.slice(i, i + 2);
    const op = TWO_CHARACTER_OPERATORS.has(two) ? two : ONE_CHARACTER_OPERATORS.has(c) ? c : undefined;
    if (op === undefined) throw new CelSyntaxError(`the character ${JSON.stringify(c)} is not CEL`, i);
    tokens.push({ kind: 'op', text: op, at: i, end: i + op.length });
    i += op.length;
  }
  tokens.push({ kind: 'eof', text: '', at: source.length, end: source.length });
  return tokens;
}

/** Where the quote of a string literal starting at `i` is (after an r/b prefix), if one starts there. */
function stringStart(source: string, i: number): number | undefined {
  let j = i;
  for (let k = 0; k < 2 && 'rRbB'.includes(source[j] ?? '-'); k++) j++;
  if (source[j] !== '\'' && source[j] !== '"') return undefined;
  // A prefix must be one r and/or one b, not an identifier such as `rb_x`.
  const prefix = source.slice(i, j).toLowerCase();
  return prefix === '' || prefix === 'r' || prefix === 'b' || prefix === 'rb' || prefix === 'br' ? j : undefined;
}

function readString(source: string, at: number, raw: boolean): { value: string; end: number } {
  const quote = source[at] as string;
  const triple = source.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  let i = at + close.length;
  let value = '';
  for (;;) {
    if (i >= source.length) throw new CelSyntaxError('a string literal is never closed', at);
    if (source.startsWith(close, i)) return { value, end: i + close.length };
    const c = source[i] as string;
    if (!triple && (c === '\n' || c === '\r')) throw new CelSyntaxError('a quoted string literal runs past the end of its line', at);
    if (c !== '\\' || raw) {
      value += c;
      i++;
      continue;
    }
    const e = source[i + 1] ?? '';
    if (Object.hasOwn(SIMPLE_ESCAPES, e)) {
      value += SIMPLE_ESCAPES[e] as string;
      i += 2;
    } else if (e === 'x' || e === 'X' || e === 'u' || e === 'U') {
      const digits = e === 'u' ? 4 : e === 'U' ? 8 : 2;
      const hex = source.slice(i + 2, i + 2 + digits);
      if (hex.length !== digits || ![...hex].every(isHex)) throw new CelSyntaxError(`the escape \\${e} needs ${digits} hexadecimal digits`, i);
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new CelSyntaxError('an escape names no Unicode character', i);
      value += String.fromCodePoint(code);
      i += 2 + digits;
    } else if (e >= '0' && e <= '3') {
      const octal = source.slice(i + 1, i + 4);
      if (!/^[0-3][0-7][0-7]$/.test(octal)) throw new CelSyntaxError('an octal escape needs three digits', i);
      value += String.fromCodePoint(Number.parseInt(octal, 8));
      i += 4;
    } else {
      throw new CelSyntaxError(`\\${e} is not an escape CEL has`, i);
    }
  }
}
