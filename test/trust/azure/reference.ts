/**
 * A reference of how Microsoft Entra decides whether a token matches a federated identity credential,
 * written from Microsoft's documentation apart from the checker (which it shares no code with), small and
 * slow on purpose: whole-string comparisons, a memoised recursive wildcard match, and an expression read
 * by splitting on its clauses.
 *
 * - iss, aud and a classic subject are compared exactly and case-sensitively; a classic subject has no
 *   wildcards (breaking changes, August 2024; workload identity federation considerations).
 * - A flexible expression is clauses `claims['NAME'] OP 'COMPARAND'` joined by `and`; `matches` has `?`
 *   (one character) and `*` (any run), `eq` is exact (flexible federated identity credentials). Claims
 *   and operators Entra does not list for the issuer, and anything else in the expression, are not
 *   decided here: the reference answers as Entra might at its most permissive (such a part holds), since
 *   the property it serves is that the checker never says deny where Entra could let the token in.
 * - Where the documentation is silent (whether `*` matches nothing, what a missing claim does), the
 *   reference takes the reading that lets more in: `*` matches nothing too, and a missing claim meets a
 *   comparand that matches the empty string.
 */

type Json = Record<string, unknown>;
export type Decision = 'allow' | 'deny';

const GITHUB = 'https://token.actions.githubusercontent.com';
const CLAIMS_BY_ISSUER: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  github: { sub: ['eq', 'matches'], job_workflow_ref: ['eq', 'matches'], repository_id: ['eq'], repository_owner_id: ['eq'] },
  gitlab: { sub: ['eq', 'matches'], project_id: ['eq'], namespace_id: ['eq'], user_id: ['eq'] },
  other: { sub: ['eq', 'matches'] },
};

function family(issuer: string): string {
  const i = issuer.toLowerCase().replace(/\/+$/, '');
  if (i === GITHUB || i.startsWith(`${GITHUB}/`)) return 'github';
  if (i === 'https://gitlab.com' || i.startsWith('https://gitlab.')) return 'gitlab';
  return 'other';
}

/** `?` one character, `*` any run (none included), everything else itself: by recursion over both strings. */
export function wildcardMatch(pattern: string, text: string): boolean {
  const memo = new Map<number, boolean>();
  const go = (p: number, t: number): boolean => {
    const key = p * (text.length + 1) + t;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (p === pattern.length) result = t === text.length;
    else if (pattern[p] === '*') result = go(p + 1, t) || (t < text.length && go(p, t + 1));
    else result = t < text.length && (pattern[p] === '?' || pattern[p] === text[t]) && go(p + 1, t + 1);
    memo.set(key, result);
    return result;
  };
  return go(0, 0);
}

/** The claim as text: strings as they are, numbers as their digits; anything else is no value. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

type Clause = { claim: string; op: string; comparand: string };

/** The clauses, or undefined when the expression is not plainly a conjunction of documented-shape clauses. */
export function clausesOf(expression: string): Clause[] | undefined {
  const parts = expression.trim().split(/\s+and\s+(?=claims\[)/);
  const out: Clause[] = [];
  for (const part of parts) {
    const m = /^claims\['([^'\\]*)'\]\s+([A-Za-z_]+)\s+'([^']*)'$/.exec(part.trim());
    if (m === null) return undefined;
    out.push({ claim: m[1] as string, op: m[2] as string, comparand: m[3] as string });
  }
  return out;
}

function clauseHolds(c: Clause, claims: Json, issuer: string): boolean {
  const allowed = CLAIMS_BY_ISSUER[family(issuer)]?.[c.claim];
  // Not decided here: the most permissive answer.
  if (allowed === undefined || !allowed.includes(c.op) || c.comparand.includes('\\')) return true;
  const value = text(claims[c.claim]);
  const test = (v: string): boolean => (c.op === 'eq' ? v === c.comparand : wildcardMatch(c.comparand, v));
  if (value === undefined) return claims[c.claim] === undefined && test('');
  return test(value);
}

/** Whether Entra lets a token with these claims in through the credential (judged for its own issuer). */
export function referenceDecision(credential: Json, claims: Json): Decision {
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : GITHUB;
  if (claims.iss !== undefined && claims.iss !== issuer) return 'deny';
  const audiences = credential.audiences;
  if (Array.isArray(audiences) && audiences.length > 0) {
    const aud = claims.aud;
    const members = Array.isArray(aud) ? aud : [aud];
    if (!members.some((a) => typeof a === 'string' && audiences.includes(a))) return 'deny';
  }
  if (typeof credential.subject === 'string') return claims.sub === credential.subject ? 'allow' : 'deny';
  const expression = credential.claimsMatchingExpression as Json | undefined;
  const value = expression?.value;
  if (typeof value !== 'string' || (expression?.languageVersion ?? 1) !== 1) return 'allow';
  const clauses = clausesOf(value);
  if (clauses === undefined) return 'allow';
  return clauses.every((c) => clauseHolds(c, claims, issuer)) ? 'allow' : 'deny';
}
