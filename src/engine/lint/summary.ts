import type { Finding } from '../types.ts';

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * One sentence: "<Subject> is invalid: 2 errors, 1 warning (A, B, C)." / "<Subject> is valid." /
 * "<Subject> is valid with 1 warning (C)." Codes appear once each, in finding order.
 */
export function summarise(subject: string, findings: readonly Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const codes = [...new Set(findings.map((f) => f.code))].join(', ');
  if (errors > 0) {
    return `${subject} is invalid: ${count(errors, 'error')}${warnings > 0 ? `, ${count(warnings, 'warning')}` : ''} (${codes}).`;
  }
  if (warnings > 0) return `${subject} is valid with ${count(warnings, 'warning')} (${codes}).`;
  return `${subject} is valid.`;
}
