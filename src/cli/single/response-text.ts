/**
 * A single request's answer as a person reads it on a terminal: the verdict, each finding with its
 * fix, the checks, and for a token its header and claims. The token itself is never printed: only
 * its decoded header and claims, which the findings' evidence shows anyway.
 */
import { Buffer } from 'node:buffer';
import type { Finding, OperationOutcome, Problem } from '../../engine/index.ts';
import { helpLines, type Style } from '../check/format.ts';

export interface TextContext {
  style: Style;
  /** The token the request carried, to show its claims; only when the engine could parse it. */
  token?: string;
  /** The instant time claims were judged at (ms). */
  at: number;
}

/** Control characters from a token or a response must not drive the terminal; long values are clipped. */
function clean(value: string, max = 100): string {
  // eslint-disable-next-line no-control-regex
  const s = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

const LABEL = 11;
const row = (style: Style, label: string, value: string) => `  ${style.dim(label.padEnd(LABEL))}${value}`;

export function formatOutcomeText(outcome: OperationOutcome, ctx: TextContext): string {
  return `${(outcome.problem !== undefined ? problemLines(outcome.problem, ctx.style) : responseLines(outcome.response as ResponseShape, ctx)).join('\n')}\n`;
}

function problemLines(problem: Problem, style: Style): string[] {
  const errors = problem.errors ?? [];
  // The detail names the first problem and counts the rest; on a terminal every one gets its line.
  const head = errors.length > 1 ? `${problem.title}: ${errors.length} problems.` : problem.detail;
  const lines = [`${style.red('✖')} ${style.bold(problem.code)}  ${clean(head, 300)}`];
  if (errors.length > 1) for (const e of errors) lines.push(`  ${style.dim(e.pointer === '' ? '(body)' : clean(e.pointer))}  ${clean(e.message, 300)}`);
  // Its code's page (REQUEST_INVALID, MALFORMED_TOKEN); the detail above says what to change.
  lines.push(...helpLines({ code: problem.code }, style, '  ', false));
  return lines;
}

function findingLines(finding: Finding, style: Style): string[] {
  const level = finding.severity === 'error' ? style.red('error  ') : style.yellow('warning');
  const lines = [`  ${level}  ${style.bold(finding.code)}  ${clean(finding.message, 500)}`];
  // Its fix (its own, else its code's) and its page, as check prints them.
  lines.push(...helpLines(finding, style, '           '));
  return lines;
}

interface ResponseShape {
  valid: boolean;
  findings: Finding[];
  summary: string;
  statuses?: Record<string, string>;
  metadata?: { warnings?: Finding[]; alg?: string; kid?: string; key_source?: string; jwks_cache?: string };
}

/** Members every answer has, or that are shown in their own way. */
const SHOWN_ELSEWHERE = new Set(['valid', 'findings', 'summary', 'statuses', 'metadata', 'claim_diff']);

function responseLines(response: ResponseShape, ctx: TextContext): string[] {
  const { style } = ctx;
  const warnings = response.metadata?.warnings ?? [];
  const all = [...response.findings, ...warnings];
  const mark = !response.valid ? style.red('✖') : all.length > 0 ? style.yellow('!') : style.green('✔');
  const lines = [`${mark} ${clean(response.summary, 300)}`];
  if (all.length > 0) lines.push('');
  for (const f of all) lines.push(...findingLines(f, style));
  lines.push('');
  for (const [member, value] of Object.entries(response as object)) {
    if (!SHOWN_ELSEWHERE.has(member) && typeof value === 'string') lines.push(row(style, member, clean(value)));
  }
  if (response.statuses !== undefined) {
    const checks = Object.entries(response.statuses).map(([name, status]) => `${name} ${status === 'pass' ? style.green('✔') : style.red('✖')}`);
    lines.push(row(style, 'checks', checks.join('  ')));
  }
  const meta = response.metadata;
  if (meta?.key_source !== undefined) {
    const parts = [meta.key_source, meta.kid !== undefined ? `kid ${clean(meta.kid)}` : '', meta.jwks_cache !== undefined ? `cache ${meta.jwks_cache}` : ''];
    lines.push(row(style, 'key', parts.filter((p) => p !== '').join(', ')));
  }
  if (ctx.token !== undefined) lines.push(...tokenLines(ctx.token, ctx));
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The claims shown with their values; any other claim is listed by name only. */
const SHOWN_CLAIMS = ['iss', 'sub', 'aud', 'azp', 'scope', 'scp', 'jti', 'iat', 'nbf', 'exp'];
const TIME_CLAIMS = new Set(['iat', 'nbf', 'exp']);

function tokenLines(token: string, ctx: TextContext): string[] {
  const [headerPart, payloadPart] = token.split('.');
  const header = decodePart(headerPart);
  const claims = decodePart(payloadPart);
  if (header === undefined || claims === undefined) return [];
  const { style } = ctx;
  const lines: string[] = [];
  const head = ['alg', 'typ', 'kid'].filter((k) => header[k] !== undefined).map((k) => `${k} ${describe(header[k])}`);
  lines.push(row(style, 'header', head.join(', ')));
  for (const name of SHOWN_CLAIMS) {
    if (!(name in claims)) continue;
    const value = claims[name];
    lines.push(row(style, name, TIME_CLAIMS.has(name) && typeof value === 'number' ? describeTime(value, ctx.at) : describe(value)));
  }
  const others = Object.keys(claims).filter((k) => !SHOWN_CLAIMS.includes(k));
  if (others.length > 0) lines.push(row(style, 'other', others.slice(0, 20).map((k) => clean(k, 40)).join(', ') + (others.length > 20 ? `, and ${others.length - 20} more` : '')));
  lines.push(row(style, 'judged at', new Date(ctx.at).toISOString().replace(/\.\d{3}Z$/, 'Z')));
  return lines;
}

function decodePart(part: string | undefined): Record<string, unknown> | undefined {
  if (part === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
  } catch {
    return undefined;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return clean(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', '));
  return clean(JSON.stringify(value) ?? String(value));
}

/** A NumericDate as a date, and how far it is from the instant the token was judged at. */
function describeTime(seconds: number, at: number): string {
  const ms = seconds * 1000;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(seconds);
  const date = new Date(ms).toISOString().replace('.000Z', 'Z');
  const delta = Math.round((ms - at) / 1000);
  const span = duration(Math.abs(delta));
  return `${date} (${delta === 0 ? 'at the judging instant' : delta > 0 ? `in ${span}` : `${span} ago`})`;
}

function duration(s: number): string {
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172800) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}
