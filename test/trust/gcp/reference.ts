/**
 * A reference for Google Cloud workload identity federation, written from Google's documentation
 * apart from the checker (src/engine/trust/gcp/): small and slow, with no code of the checker's. It
 * decides a token exchange as the docs describe it:
 * - the token's aud must be one of allowed_audiences, or, with none, the provider's resource name with
 *   `//iam.googleapis.com/` or `https://iam.googleapis.com/` before it;
 * - the attribute mapping gives each attribute its value (a missing claim leaves it undefined);
 * - the attribute condition is CEL: a missing claim or attribute is an error, `&&` and `||` absorb an
 *   error when the other side decides, and only `true` lets the token in;
 * - with bindings, one member must match: principal://…/subject/S (google.subject == S),
 *   principalSet://…/attribute.NAME/V (attribute.NAME == V), principalSet://…/* (anyone).
 * `matches()` is RE2 on any substring, matched here by plain backtracking over code points.
 */

// ===================================================================================== RE2, slowly

type Re =
  | { t: 'char'; test: (c: number) => boolean }
  | { t: 'bol' } | { t: 'eol' }
  | { t: 'seq'; items: Re[] }
  | { t: 'or'; alts: Re[] }
  | { t: 'rep'; r: Re; min: number; max: number };

const DIGIT = (c: number): boolean => c >= 48 && c <= 57;
const WORD = (c: number): boolean => DIGIT(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const SPACE = (c: number): boolean => c === 9 || c === 10 || c === 12 || c === 13 || c === 32;

function parseRe(src: readonly number[]): Re {
  let i = 0;
  const escape = (): (c: number) => boolean => {
    const e = src[i++];
    if (e === undefined) throw new Error('trailing backslash');
    const ch = String.fromCodePoint(e);
    const named: Record<string, (c: number) => boolean> = {
      d: DIGIT, D: (c) => !DIGIT(c), w: WORD, W: (c) => !WORD(c), s: SPACE, S: (c) => !SPACE(c),
      t: (c) => c === 9, n: (c) => c === 10, r: (c) => c === 13, f: (c) => c === 12, v: (c) => c === 11, a: (c) => c === 7,
    };
    if (named[ch] !== undefined) return named[ch];
    if (/[A-Za-z0-9]/.test(ch)) throw new Error(`escape \\${ch}`);
    return (c) => c === e;
  };
  const cls = (): (c: number) => boolean => {
    const negate = src[i] === 94;
    if (negate) i++;
    const tests: ((c: number) => boolean)[] = [];
    let first = true;
    while (src[i] !== 93 || first) {
      first = false;
      if (src[i] === undefined) throw new Error('open class');
      if (src[i] === 92) {
        i++;
        tests.push(escape());
        continue;
      }
      const lo = src[i++] as number;
      if (src[i] === 45 && src[i + 1] !== 93 && src[i + 1] !== undefined) {
        const hi = src[i + 1] as number;
        i += 2;
        tests.push((c) => c >= lo && c <= hi);
      } else {
        tests.push((c) => c === lo);
      }
    }
    i++;
    return negate ? (c) => !tests.some((t) => t(c)) : (c) => tests.some((t) => t(c));
  };
  const atom = (): Re => {
    const c = src[i++] as number;
    if (c === 40) {
      if (src[i] === 63) {
        i++;
        if (src[i] === 58) i++;
        else { while (src[i] !== 62) i++; i++; }
      }
      const r = alt();
      i++;
      return r;
    }
    if (c === 91) return { t: 'char', test: cls() };
    if (c === 46) return { t: 'char', test: (x) => x !== 10 };
    if (c === 94) return { t: 'bol' };
    if (c === 36) return { t: 'eol' };
    if (c === 92) return { t: 'char', test: escape() };
    return { t: 'char', test: (x) => x === c };
  };
  const seq = (): Re => {
    const items: Re[] = [];
    while (i < src.length && src[i] !== 124 && src[i] !== 41) {
      let r = atom();
      const q = src[i];
      if (q === 42 || q === 43 || q === 63) {
        i++;
        r = { t: 'rep', r, min: q === 43 ? 1 : 0, max: q === 63 ? 1 : Infinity };
        if (src[i] === 63) i++;
      }
      items.push(r);
    }
    return { t: 'seq', items };
  };
  const alt = (): Re => {
    const alts = [seq()];
    while (src[i] === 124) {
      i++;
      alts.push(seq());
    }
    return { t: 'or', alts };
  };
  return alt();
}

function m(r: Re, s: readonly number[], i: number, k: (j: number) => boolean): boolean {
  switch (r.t) {
    case 'char': return i < s.length && r.test(s[i] as number) && k(i + 1);
    case 'bol': return i === 0 && k(i);
    case 'eol': return i === s.length && k(i);
    case 'seq': {
      const go = (n: number, j: number): boolean => (n === r.items.length ? k(j) : m(r.items[n] as Re, s, j, (x) => go(n + 1, x)));
      return go(0, i);
    }
    case 'or': return r.alts.some((a) => m(a, s, i, k));
    case 'rep': {
      const go = (count: number, j: number): boolean => {
        if (count >= r.min && k(j)) return true;
        if (count >= r.max) return false;
        // A repetition that consumed nothing cannot help by repeating again.
        return m(r.r, s, j, (x) => (x !== j || count < r.min) && go(count + 1, x));
      };
      return go(0, i);
    }
  }
}

/** `value.matches(pattern)`, as RE2 under CEL: a match anywhere in the value. */
export function referenceMatches(value: string, pattern: string): boolean {
  const s = [...value].map((c) => c.codePointAt(0) as number);
  const re = parseRe([...pattern].map((c) => c.codePointAt(0) as number));
  for (let start = 0; start <= s.length; start++) if (m(re, s, start, () => true)) return true;
  return false;
}

// ===================================================================================== CEL, slowly

const ERROR = Symbol('error');
type Value = string | boolean | readonly Value[] | typeof ERROR | undefined;

type Tok = { k: 'str'; v: string } | { k: 'id'; v: string } | { k: 'op'; v: string };

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '\'' || c === '"') {
      let v = '';
      i++;
      while (src[i] !== c) {
        if (src[i] === '\\') {
          const e = src[i + 1] as string;
          v += ({ n: '\n', t: '\t', '\\': '\\', '\'': '\'', '"': '"' } as Record<string, string>)[e] ?? e;
          i += 2;
        } else {
          v += src[i];
          i++;
        }
      }
      i++;
      out.push({ k: 'str', v });
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id !== null) { out.push({ k: 'id', v: id[0] }); i += id[0].length; continue; }
    const op = ['==', '!=', '&&', '||', '!', '.', '(', ')', '[', ']', ',', '+'].find((o) => src.startsWith(o, i));
    if (op === undefined) throw new Error(`reference lexer: ${c}`);
    out.push({ k: 'op', v: op });
    i += op.length;
  }
  return out;
}

interface Env {
  assertion: Record<string, unknown>;
  attribute: Record<string, Value>;
  google: Record<string, Value>;
}

/** Evaluates an expression of the subset the property test writes; errors are values, as in CEL. */
export function celEvaluate(src: string, env: Env): Value {
  const toks = lex(src);
  let i = 0;
  const peek = (v: string): boolean => toks[i]?.k === 'op' && toks[i]?.v === v || toks[i]?.k === 'id' && toks[i]?.v === v && v === 'in';
  const or = (): Value => {
    let l = and();
    while (peek('||')) { i++; const r = and(); l = l === true || r === true ? true : l === false && r === false ? false : ERROR; }
    return l;
  };
  const and = (): Value => {
    let l = rel();
    while (peek('&&')) { i++; const r = rel(); l = l === false || r === false ? false : l === true && r === true ? true : ERROR; }
    return l;
  };
  const rel = (): Value => {
    const l = add();
    for (const op of ['==', '!=', 'in']) {
      if (!peek(op)) continue;
      i++;
      const r = add();
      if (l === ERROR || r === ERROR || l === undefined || r === undefined) return ERROR;
      if (op === '==' || op === '!=') {
        if (typeof l !== typeof r || Array.isArray(l) !== Array.isArray(r)) return op === '!=';
        const eq = JSON.stringify(l) === JSON.stringify(r);
        return op === '==' ? eq : !eq;
      }
      return Array.isArray(r) ? r.some((x) => x === l) : ERROR;
    }
    return l;
  };
  const add = (): Value => {
    let l = unary();
    while (peek('+')) { i++; const r = unary(); l = typeof l === 'string' && typeof r === 'string' ? l + r : ERROR; }
    return l;
  };
  const unary = (): Value => {
    if (peek('!')) { i++; const v = unary(); return typeof v === 'boolean' ? !v : ERROR; }
    return member();
  };
  const member = (): Value => {
    let v = primary();
    for (;;) {
      if (peek('.')) {
        i++;
        const name = (toks[i++] as Tok).v;
        if (peek('(')) {
          i++;
          const args: Value[] = [];
          while (!peek(')')) { args.push(or()); if (peek(',')) i++; }
          i++;
          v = call(v, name, args);
        } else {
          v = select(v, name);
        }
      } else if (peek('[')) {
        i++;
        const key = or();
        i++;
        v = typeof key === 'string' ? select(v, key) : ERROR;
      } else {
        return v;
      }
    }
  };
  const primary = (): Value => {
    const t = toks[i++] as Tok;
    if (t.k === 'str') return t.v;
    if (t.k === 'op' && t.v === '(') { const v = or(); i++; return v; }
    if (t.k === 'op' && t.v === '[') {
      const items: Value[] = [];
      while (!peek(']')) { items.push(or()); if (peek(',')) i++; }
      i++;
      return items;
    }
    if (t.v === 'true' || t.v === 'false') return t.v === 'true';
    if (t.v === 'assertion' || t.v === 'attribute' || t.v === 'google') return t.v as string;
    throw new Error(`reference parser: ${t.v}`);
  };
  const select = (v: Value, name: string): Value => {
    if (v === 'assertion') return Object.hasOwn(env.assertion, name) ? json(env.assertion[name]) : ERROR;
    if (v === 'attribute') return env.attribute[name] ?? ERROR;
    if (v === 'google') return env.google[name] ?? ERROR;
    return ERROR;
  };
  const call = (target: Value, name: string, args: Value[]): Value => {
    const [a] = args;
    if (typeof target !== 'string') return ERROR;
    if (name === 'size') return ERROR;
    if (typeof a !== 'string') return ERROR;
    if (name === 'startsWith') return target.startsWith(a);
    if (name === 'endsWith') return target.endsWith(a);
    if (name === 'contains') return target.includes(a);
    if (name === 'matches') return referenceMatches(target, a);
    return ERROR;
  };
  const v = or();
  if (i !== toks.length) throw new Error(`reference parser stopped at ${i} of ${toks.length}`);
  return v;
}

function json(v: unknown): Value {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(json);
  return ERROR;
}

// ===================================================================================== the exchange

export interface GcpDocument {
  provider: {
    name?: string;
    attribute_mapping: Record<string, string>;
    attribute_condition?: string;
    oidc: { issuer_uri?: string; allowed_audiences?: readonly string[] };
  };
  bindings?: { role: string; members: string[] }[];
}

/** Whether Google lets a token with these claims get the role (or, without bindings, into the pool). */
export function referenceDecision(doc: GcpDocument, claims: Record<string, unknown>): 'allow' | 'deny' {
  const { provider } = doc;
  const audiences = provider.oidc.allowed_audiences ?? [];
  const accepted = audiences.length > 0 ? audiences : provider.name === undefined ? [] : [`//iam.googleapis.com/${provider.name}`, `https://iam.googleapis.com/${provider.name}`];
  const aud = claims.aud;
  if (!(Array.isArray(aud) ? aud : [aud]).some((a) => typeof a === 'string' && accepted.includes(a))) return 'deny';
  const env: Env = { assertion: claims, attribute: {}, google: {} };
  for (const [key, expression] of Object.entries(provider.attribute_mapping)) {
    const value = celEvaluate(expression, { ...env, attribute: {}, google: {} });
    if (value === ERROR || value === undefined) continue;
    const [root, name] = [key.slice(0, key.indexOf('.')), key.slice(key.indexOf('.') + 1)];
    if (root === 'attribute') env.attribute[name] = value;
    else env.google[name] = value;
  }
  if (provider.attribute_condition !== undefined && celEvaluate(provider.attribute_condition, env) !== true) return 'deny';
  if (doc.bindings === undefined || doc.bindings.length === 0) return 'allow';
  // A member names the provider's pool by the pool's resource name, the part of the provider's before /providers/.
  const pool = provider.name?.slice(0, provider.name.indexOf('/providers/'));
  const granted = doc.bindings.some((b) => b.members.some((member) => {
    const prefix = `${member.startsWith('principal://') ? 'principal' : 'principalSet'}://iam.googleapis.com/${pool ?? ''}/`;
    if (pool === undefined || !member.startsWith(prefix)) return false;
    const tail = member.slice(prefix.length);
    if (member.startsWith('principal://')) return tail.startsWith('subject/') && env.google.subject === tail.slice('subject/'.length);
    if (tail === '*') return true;
    const attribute = /^attribute\.([^/]+)\/(.*)$/s.exec(tail);
    return attribute !== null && env.attribute[attribute[1] as string] === attribute[2];
  }));
  return granted ? 'allow' : 'deny';
}
