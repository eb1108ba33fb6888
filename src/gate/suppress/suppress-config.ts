/**
 * A `suppressions:` item of a config file: `{ code, entry?, field?, reason, expires? }`. It covers the
 * findings of its own file only, so a file's suppressions are read beside the findings they hide.
 */
import { GATE_CODES } from '../codes.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import { nearest } from '../config/nearest.ts';
import { codeFix, codeProblem, EXPIRES_FORMAT, parseExpires, SUPPRESSION_FIXES as FIX, type Suppression } from './suppress-rule.ts';
import { clip, describeType, isRecord } from '../config/values.ts';
import { positionOf, toPointer, type LoadedYaml, type Path } from '../config/yaml.ts';

export const SUPPRESSION_KEYS: readonly string[] = ['code', 'entry', 'field', 'reason', 'expires'];

const ITEM_FORM = '{ code, reason } with optional entry, field and expires';

/** The item as a suppression, or undefined after one problem per mistake in it (then it hides nothing). */
export function parseSuppressionEntry(raw: unknown, index: number, file: string, yaml: LoadedYaml, problem: ReportProblem): Suppression | undefined {
  const at: Path = ['suppressions', index];
  const invalid = (message: string, where: Path, remediation: string): void => {
    problem(GATE_CODES.SUPPRESSION_INVALID, message, where, { kind: 'config', remediation });
  };
  if (!isRecord(raw)) {
    invalid(`Each suppressions item must be a map, ${ITEM_FORM}, not ${describeType(raw)}.`, at, FIX.itemForm);
    return undefined;
  }
  let ok = true;
  for (const key of Object.keys(raw)) {
    if (SUPPRESSION_KEYS.includes(key)) continue;
    const hint = nearest(key, SUPPRESSION_KEYS);
    problem(GATE_CODES.CONFIG_UNKNOWN_KEY,
      `Unknown key "${clip(key)}" in a suppressions item${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; allowed: ${SUPPRESSION_KEYS.join(', ')}.`,
      [...at, key], { kind: 'config', remediation: hint !== undefined ? `Rename the key to "${hint}".` : GATE_CODES.CONFIG_UNKNOWN_KEY.remediation });
    ok = false;
  }
  // An unknown key is the one mistake: "reason is missing" after `reson:` would say it twice.
  if (!ok) return undefined;

  const { code, reason, entry, field, expires } = raw;
  if (typeof code !== 'string' || code.trim() === '') {
    invalid(code === undefined ? `This suppression names no code: add code:, as in ${ITEM_FORM}.` : `code must be a finding code such as INSECURE_URI, not ${describeType(code)}.`,
      code === undefined ? at : [...at, 'code'], FIX.noCode);
    ok = false;
  } else {
    const why = codeProblem(code.trim());
    if (why !== undefined) {
      invalid(`This suppression cannot apply: ${why}.`, [...at, 'code'], codeFix(code.trim()));
      ok = false;
    }
  }
  if (typeof reason !== 'string' || reason.trim() === '') {
    invalid('This suppression gives no reason: add reason: with why the finding is accepted (a reviewer reads it in the report and in code scanning).',
      reason === undefined ? at : [...at, 'reason'], FIX.itemReason);
    ok = false;
  }
  if (entry !== undefined && (typeof entry !== 'string' || entry === '')) {
    invalid('entry must be the name of a provider, profile or sample in this file.', [...at, 'entry'], FIX.entry);
    ok = false;
  }
  if (field !== undefined && (typeof field !== 'string' || (field !== '' && !field.startsWith('/')))) {
    invalid('field must be a JSON Pointer inside the entry, as in a finding\'s evidence.field, such as /redirect_uris/1.', [...at, 'field'], FIX.field);
    ok = false;
  }
  let until: Suppression['expires'];
  if (expires !== undefined) {
    const parsed = parseExpires(expires);
    if (parsed.ok) until = { text: parsed.text, ms: parsed.ms };
    else {
      invalid(`expires must be ${EXPIRES_FORMAT} (${typeof expires === 'string' ? `"${clip(expires)}" ` : ''}${parsed.reason}).`, [...at, 'expires'], FIX.expires);
      ok = false;
    }
  }
  if (!ok) return undefined;
  const pos = positionOf(yaml, at);
  const out: Suppression = {
    kind: 'config', code: (code as string).trim(), reason: (reason as string).trim(), file, line: pos.line, column: pos.column, pointer: toPointer(at),
  };
  if (typeof entry === 'string') out.entry = entry;
  if (typeof field === 'string') out.field = field;
  if (until !== undefined) out.expires = until;
  return out;
}
