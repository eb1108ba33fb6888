/**
 * Which findings become workflow annotations. GitHub shows at most 10 annotations of each level per
 * step, so the gate picks them itself (errors first) and says how many it left out and where they are.
 * A failing step's own failure message is an error annotation too, so it takes one of the 10.
 */
import { findingFix, findingPage, type GateFinding, plural } from '../gate/index.ts';

export const MAX_PER_LEVEL = 10;

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  properties: { title?: string; file?: string; startLine?: number; startColumn?: number };
}

/** The finding, then its fix (its own, else its code's) and its code's page, each on a line of its own. */
export function annotationMessage(f: GateFinding): string {
  const who = f.name !== undefined && f.kind !== undefined && f.kind !== 'config' ? ` (${f.kind} "${f.name}")` : '';
  const fix = findingFix(f);
  const page = findingPage(f.code);
  return `${f.message}${who}${fix !== undefined ? `\nFix: ${fix}` : ''}${page !== undefined ? `\nMore: ${page}` : ''}`;
}

/** `failing`: the step will fail, and its failure message will be the last error annotation. */
export function selectAnnotations(findings: readonly GateFinding[], reportPath: string | undefined, failing = false): Annotation[] {
  const maxErrors = failing ? MAX_PER_LEVEL - 1 : MAX_PER_LEVEL;
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const out: Annotation[] = [];
  const toAnnotation = (f: GateFinding): Annotation => {
    const properties: Annotation['properties'] = { title: f.code };
    if (f.file !== undefined) {
      properties.file = f.file;
      properties.startLine = f.line ?? 1;
      properties.startColumn = f.column ?? 1;
    }
    return { level: f.severity, message: annotationMessage(f), properties };
  };
  out.push(...errors.slice(0, maxErrors).map(toAnnotation));
  out.push(...warnings.slice(0, MAX_PER_LEVEL).map(toAnnotation));
  const moreErrors = Math.max(0, errors.length - maxErrors);
  const moreWarnings = Math.max(0, warnings.length - MAX_PER_LEVEL);
  if (moreErrors + moreWarnings > 0) {
    const parts = [moreErrors > 0 ? plural(moreErrors, 'more error') : '', moreWarnings > 0 ? plural(moreWarnings, 'more warning') : ''].filter((s) => s !== '');
    const where = reportPath !== undefined && reportPath !== '' ? `the job summary and the report (${reportPath})` : 'the job summary';
    out.push({
      level: 'notice',
      message: `${parts.join(' and ')} not shown as annotations (at most ${MAX_PER_LEVEL} per level${failing ? ', the failure message among the errors' : ''}); see ${where} for every finding.`,
      properties: { title: 'oidc-gate' },
    });
  }
  return out;
}
