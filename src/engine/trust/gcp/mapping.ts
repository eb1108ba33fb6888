/**
 * The provider's attribute mapping, read for what each Google attribute holds: a claim of the token
 * when the mapping is a plain `assertion.claim` or `assertion['claim']`, else a computed value the
 * checker does not evaluate. A condition or binding on `attribute.X` or `google.subject` is then judged
 * as one on that claim.
 */
import { isRecord } from '../aws-conditions.ts';
import { parseCel } from './cel-parser.ts';
import { refOf, type Ref } from './cel-logic.ts';

export type Target =
  | { readonly kind: 'claim'; readonly claim: string }
  /** The checker cannot say what the attribute holds; `why` says so in a message. */
  | { readonly kind: 'unknown'; readonly why: string }
  /** The mapping does not define the attribute: no identity has it. */
  | { readonly kind: 'unmapped'; readonly why: string };

/** Google attribute (google.subject, attribute.repository) to the mapping expression's reading. */
export type Mapping = ReadonlyMap<string, Target> | undefined;

/** The mapping as given, or undefined when the document has none (or not an object of strings). */
export function readMapping(value: unknown): Mapping {
  if (!isRecord(value)) return undefined;
  const out = new Map<string, Target>();
  for (const [key, expression] of Object.entries(value)) {
    if (typeof expression !== 'string') {
      out.set(key, { kind: 'unknown', why: `${key} is mapped from a value that is not an expression` });
      continue;
    }
    const parsed = parseCel(expression);
    const ref = parsed.ok ? refOf(parsed.node) : undefined;
    out.set(key, ref?.root === 'assertion'
      ? { kind: 'claim', claim: ref.name }
      : { kind: 'unknown', why: `${key} is mapped from ${clipped(expression)}, which is not a plain assertion.claim` });
  }
  return out;
}

/** What a reference in a condition or a binding reads. */
export function resolve(ref: Ref, mapping: Mapping): Target {
  if (ref.root === 'assertion') return { kind: 'claim', claim: ref.name };
  const key = `${ref.root}.${ref.name}`;
  if (key === 'google.groups') return { kind: 'unknown', why: 'group membership (google.groups) is not evaluated' };
  if (mapping === undefined) return { kind: 'unknown', why: `the document gives no attribute mapping, so what ${key} holds is not known` };
  return mapping.get(key) ?? { kind: 'unmapped', why: `the attribute mapping does not define ${key}` };
}

function clipped(text: string): string {
  return text.length > 80 ? `"${text.slice(0, 80)}…"` : `"${text}"`;
}
