import type { Finding } from './types.ts';

/**
 * The one-sentence `summary` of every response. A reader of a CI log sees only this line, so it
 * counts errors and warnings and names each code once, in finding order.
 */

/** "1 error", "2 errors". */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The codes of these findings, each once, in order: "A, B". */
function codeList(findings: readonly Finding[]): string {
  return [...new Set(findings.map((f) => f.code))].join(', ');
}

/**
 * Lint and discovery, whose findings hold errors and warnings together:
 * "<Subject> is invalid: 2 errors, 1 warning (A, B, C)." / "<Subject> is valid." /
 * "<Subject> is valid with 1 warning (C)."
 */
export function summarise(subject: string, findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const codes = codeList(findings);
  if (errors > 0) {
    return `${subject} is invalid: ${plural(errors, 'error')}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''} (${codes}).`;
  }
  if (warnings > 0) return `${subject} is valid with ${plural(warnings, 'warning')} (${codes}).`;
  return `${subject} is valid.`;
}

/**
 * Validation, which keeps its warnings apart from its findings (a valid token has no findings):
 * "Token is valid.", "Token is valid (1 warning: EXPIRATION_MISSING).",
 * "Token is invalid: 2 errors (AUDIENCE_MISMATCH, TOKEN_EXPIRED); 1 warning: WEAK_SECRET."
 */
export function summariseToken(errors: readonly Finding[], warnings: readonly Finding[]): string {
  const warned = warnings.length > 0 ? `${plural(warnings.length, 'warning')}: ${codeList(warnings)}` : '';
  if (errors.length === 0) return warned ? `Token is valid (${warned}).` : 'Token is valid.';
  const base = `Token is invalid: ${plural(errors.length, 'error')} (${codeList(errors)})`;
  return warned ? `${base}; ${warned}.` : `${base}.`;
}
