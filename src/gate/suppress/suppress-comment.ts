/**
 * Inline suppressions: a YAML comment `# oidc-gate: ignore[CODE, CODE2] reason` after a value covers the
 * findings on that line; on a line of its own it covers the next line that is not a comment (so several
 * such comments can stand one above the other). Comments are found by the YAML parser, so a `#` inside
 * a quoted value or a block scalar is never taken for one.
 */
import { Parser } from 'yaml';
import { GATE_CODES } from '../codes.ts';
import { configFinding } from '../config/config-finding.ts';
import { codeFix, codeProblem, SUPPRESSION_FIXES as FIX, type Suppression } from './suppress-rule.ts';
import type { GateFinding } from '../types.ts';
import type { LoadedYaml } from '../config/yaml.ts';

/** A comment that means to be a suppression: `oidc-gate: ignore`, in any letter case, with or without the colon. */
const DIRECTIVE = /^#\s*oidc-gate\s*:?\s*ignore\b/i;
/** The one accepted form: codes in brackets, separated by commas, then the reason. */
const FORM = /^#\s*oidc-gate:\s*ignore\[([^\]]*)\](.*)$/;
const CODE = /^[A-Z][A-Z0-9_]*$/;

export const INLINE_FORM = '# oidc-gate: ignore[CODE, CODE2] reason';

export interface InlineSuppressions {
  suppressions: Suppression[];
  /** SUPPRESSION_INVALID findings, one per mistake, at the comment. */
  problems: GateFinding[];
}

interface Comment {
  offset: number;
  text: string;
}

/** Every comment of the document, in order, with its offset in the source. */
function commentsOf(source: string): Comment[] {
  const found = new Map<number, string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const token = node as { type?: unknown; offset?: unknown; source?: unknown };
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
      found.set(token.offset, token.source);
    }
    for (const value of Object.values(node)) walk(value);
  };
  for (const token of new Parser().parse(source)) walk(token);
  return [...found].sort((a, b) => a[0] - b[0]).map(([offset, text]) => ({ offset, text }));
}

export function readInlineSuppressions(file: string, yaml: LoadedYaml): InlineSuppressions {
  const out: InlineSuppressions = { suppressions: [], problems: [] };
  const source = yaml.source;
  // Most files hold no suppression: skip the second parse then.
  if (!/oidc-gate/i.test(source)) return out;
  const lineText = source.split(/\r?\n|\r/);
  const isCommentOnly = (line: number): boolean => /^\s*#/.test(lineText[line - 1] ?? '');
  for (const comment of commentsOf(source)) {
    if (!DIRECTIVE.test(comment.text)) continue;
    const pos = yaml.lines.linePos(comment.offset);
    const at = { line: pos.line, column: pos.col };
    const invalid = (message: string, remediation: string): void => {
      out.problems.push(configFinding(GATE_CODES.SUPPRESSION_INVALID, message, file, at, { kind: 'config', remediation }));
    };
    const form = FORM.exec(comment.text);
    if (form === null) {
      invalid(`This oidc-gate comment is not a suppression oidc-gate can read; write it as ${INLINE_FORM}.`, FIX.inlineForm);
      continue;
    }
    const codes = (form[1] ?? '').split(',').map((c) => c.trim());
    const reason = (form[2] ?? '').trim();
    if (codes.every((c) => c === '')) {
      invalid(`This suppression names no code; write it as ${INLINE_FORM}.`, FIX.noCode);
      continue;
    }
    if (reason === '') {
      invalid(`This suppression of ${codes.filter((c) => c !== '').join(', ')} gives no reason; write the reason after the brackets, as in ${INLINE_FORM}.`, FIX.inlineReason);
      continue;
    }
    // After a value it covers its own line; on a line of its own, the next line that is not a comment.
    let covers = at.line;
    if (isCommentOnly(at.line)) {
      covers = at.line + 1;
      while (covers <= lineText.length && isCommentOnly(covers)) covers++;
    }
    for (const code of codes) {
      const problem = code === '' ? 'an empty code between commas' : !CODE.test(code) ? `"${code.slice(0, 60)}" is not a finding code (codes are upper case, such as INSECURE_URI)` : codeProblem(code);
      if (problem !== undefined) {
        invalid(`This suppression cannot apply: ${problem}.`, code === '' ? 'Remove the empty code between the commas.' : codeFix(code));
        continue;
      }
      out.suppressions.push({ kind: 'inline', code, reason, file, line: at.line, column: at.column, coversLine: covers });
    }
  }
  return out;
}
