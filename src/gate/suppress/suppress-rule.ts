/**
 * What a suppression is, whichever way it is written (an inline comment, a `suppressions:` item), and
 * the checks both share: which codes may be suppressed, and how `expires` is read.
 */
import { GATE_CODES } from '../codes.ts';
import { getFindingDefinition, findingCatalogue } from '../catalogue.ts';
import { INSTANT_FORMAT, parseInstant } from '../config/instant.ts';
import { nearest } from '../config/nearest.ts';
import { clip } from '../config/values.ts';

/** One code hidden by one written suppression, where it is written, and what it covers. */
export interface Suppression {
  kind: 'inline' | 'config';
  code: string;
  reason: string;
  /** The config file it is written in, and where: a suppression covers findings of its own file only. */
  file: string;
  line: number;
  column: number;
  /** Config: the item's place in the file (/suppressions/2), so warnings about it keep their own fingerprint. */
  pointer?: string;
  /** Inline: the line whose findings it covers (its own, or the next one for a comment on a line of its own). */
  coversLine?: number;
  /** Config: the entry (provider, profile or sample name) it is limited to. */
  entry?: string;
  /** Config: the field (a JSON Pointer inside the entry, as in evidence.field) it is limited to, and what lies below it. */
  field?: string;
  /** Config: as written, and the first instant (epoch ms) it no longer applies. */
  expires?: { text: string; ms: number };
}

/**
 * Codes a suppression may not hide. Configuration errors mean the gate could not check what it was
 * given (a file it could not read, an entry it refused): hiding one would let a gate that checked
 * nothing pass. INTERNAL_ERROR is an entry that was not checked either. And the SUPPRESSION_ codes
 * are about suppressions themselves: a suppression cannot vouch for itself.
 */
export function whyNotSuppressible(code: string): string | undefined {
  const definition = getFindingDefinition(code);
  if (definition === undefined) return undefined;
  if (code.startsWith('SUPPRESSION_')) return `${code} is about suppressions themselves and cannot be suppressed`;
  if (definition.config === true) return `${code} is a configuration error (oidc-gate could not check what it was given) and cannot be suppressed: fix it instead`;
  if (code === GATE_CODES.INTERNAL_ERROR.code) return `${code} means an entry was not checked, and cannot be suppressed`;
  return undefined;
}

/**
 * What to do about each way a suppression can be malformed (SUPPRESSION_INVALID), the inline comment's
 * and the `suppressions:` item's: every cause its own fix, not one form for all of them.
 */
export const SUPPRESSION_FIXES = {
  inlineForm: 'Write the comment as `# oidc-gate: ignore[CODE, CODE2] reason`: the codes in square brackets right after `ignore`, separated by commas, then the reason.',
  itemForm: 'Write the item as a map under suppressions:, such as `- code: INSECURE_URI` with `reason: why it is accepted` on the next line, lined up with code (entry, field and expires are optional).',
  noCode: 'Name the finding code to suppress, spelt as the finding line shows it (such as INSECURE_URI).',
  unknownCode: 'Name a code oidc-gate reports, spelt as the finding line shows it: upper case, such as INSECURE_URI (docs/findings lists every code).',
  unsuppressible: 'Fix what the finding reports instead: configuration errors, INTERNAL_ERROR and the SUPPRESSION_ codes cannot be suppressed.',
  inlineReason: 'Write why the finding is accepted after the brackets, as in `# oidc-gate: ignore[INSECURE_URI] local development callback`.',
  itemReason: 'Add `reason:` with why the finding is accepted: a reviewer reads it in the report and in code scanning.',
  entry: 'Set entry: to the name of a provider, sample or trust policy (or the id of a profile) of this file, or remove it to cover every entry.',
  field: 'Set field: to a JSON Pointer inside the entry, starting with / as the finding\'s evidence.field does (such as /redirect_uris/1), or remove it to cover the whole entry.',
  expires: 'Write expires: as a real calendar date such as 2026-06-30 (the suppression holds through that day, UTC) or an RFC 3339 date-time such as 2026-06-30T12:00:00Z.',
} as const;

/** The fix for a code a suppression cannot name: one that is no code, or one that may not be suppressed. */
export function codeFix(code: string): string {
  return whyNotSuppressible(code) !== undefined ? SUPPRESSION_FIXES.unsuppressible : SUPPRESSION_FIXES.unknownCode;
}

/** Why `code` cannot be named in a suppression, or undefined when it can. */
export function codeProblem(code: string): string | undefined {
  if (getFindingDefinition(code) === undefined) {
    const hint = nearest(code, findingCatalogue.map((d) => d.code));
    return `"${clip(code)}" is not a code oidc-gate reports${hint !== undefined ? ` (did you mean ${hint}?)` : ''}`;
  }
  return whyNotSuppressible(code);
}

export const EXPIRES_FORMAT = `an RFC 3339 date such as 2026-06-30 (the suppression applies through that day, UTC) or ${INSTANT_FORMAT.replace(/^an /, 'a ')}`;

/** `expires` as written: a full date (it applies through that day, UTC) or a date-time. */
export function parseExpires(value: unknown): { ok: true; ms: number; text: string } | { ok: false; reason: string } {
  if (typeof value !== 'string') return { ok: false, reason: 'is not a date (write it as text, such as 2026-06-30)' };
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = parseInstant(`${value}T00:00:00Z`);
    if (!day.ok) return { ok: false, reason: day.reason };
    return { ok: true, ms: day.ms + 24 * 60 * 60 * 1000, text: value };
  }
  const instant = parseInstant(value);
  return instant.ok ? { ok: true, ms: instant.ms, text: value } : { ok: false, reason: instant.reason };
}

/** A reason as messages quote it: one line, kept short. */
export function shortReason(reason: string): string {
  const line = reason.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}
