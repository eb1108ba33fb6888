/**
 * Config files: read, parse with positions, and turn every entry into an engine request. Problems
 * become findings at their YAML line; a broken entry is dropped, the rest of the file still runs.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { getFindingDefinition } from '../engine/index.ts';
import { GATE_CODES, type GateCodeDefinition } from './codes.ts';
import { resolveInsideRoot } from './boundary.ts';
import { configEntryCount, overBudgetMessage, type Admission } from './budget.ts';
import { readYamlInput } from './input-file.ts';
import { INSTANT_FORMAT, parseInstant } from './instant.ts';
import { requestValuesToMask } from './redact.ts';
import type { Expectation, GateFinding, Position } from './types.ts';
import { positionOf, toPointer, type LoadedYaml, type Path } from './yaml.ts';

export const LINT_REQUEST_KEYS = [
  'issuer', 'client_id', 'audiences', 'jwks_uri', 'redirect_uris', 'alg_policy', 'discovered_jwks_uri', 'https_required',
] as const;
export const PROVIDER_KEYS: readonly string[] = [...LINT_REQUEST_KEYS, 'name', 'discover'];
export const VALIDATE_REQUEST_KEYS = ['token', 'policy', 'issuer_profile_id'] as const;
export const TOKEN_KEYS: readonly string[] = [...VALIDATE_REQUEST_KEYS, 'name', 'token_file', 'expect', 'at'];
export const PROFILE_KEYS: readonly string[] = [
  'id', 'issuer', 'audiences', 'allowed_algs', 'required_claims', 'required_scopes', 'required_custom_claims',
  'max_ttl_seconds', 'clock_skew_seconds', 'token_type',
  'secret', 'secret_encoding', 'secret_env', 'public_key', 'jwks', 'jwks_uri', 'discovery',
];
const TOP_KEYS: readonly string[] = ['providers', 'profiles', 'tokens'];

/** The engine refuses tokens over 16 KiB with a 422; reading more than this is pointless. */
const MAX_TOKEN_FILE_BYTES = 64 * 1024;

export interface ProviderEntry {
  index: number;
  name: string;
  path: Path;
  line: number;
  /** The lint request body: the entry without `name` and `discover`. */
  request: Record<string, unknown>;
  discover: boolean;
}

export interface ProfileEntry {
  index: number;
  id: string;
  path: Path;
  line: number;
  profile: Record<string, unknown>;
}

export interface TokenEntry {
  index: number;
  name: string;
  path: Path;
  line: number;
  /** The validate request body, with the token read from `token_file` when given. */
  request: Record<string, unknown>;
  tokenKey: 'token' | 'token_file';
  expect: Expectation;
  /** Where `expect` is written, or the entry when it is defaulted. */
  expectPath: Path;
  at?: string;
  atMs?: number;
}

export interface ConfigFile {
  /** Relative to the gate root, forward slashes. */
  file: string;
  abs: string;
  yaml?: LoadedYaml;
  providers: ProviderEntry[];
  profiles: ProfileEntry[];
  tokens: TokenEntry[];
  findings: GateFinding[];
}

export interface LoadContext {
  /** Where file names in findings are relative to. */
  root: string;
  /** The directory no file may be read from outside of (links followed); default root. */
  boundary?: string;
  onSecret?: (value: string) => void;
  /** Asks the run for room for this many entries; a file refused here is one CONFIG_TOO_LARGE. */
  admitEntries?: (count: number) => Promise<Admission>;
}

export function configFinding(
  def: GateCodeDefinition, message: string, file: string | undefined, position: Position | undefined,
  extra: Partial<GateFinding> = {},
): GateFinding {
  const f: GateFinding = { code: def.code, severity: 'error', message, remediation: def.remediation, config: def.config };
  if (file !== undefined) f.file = file;
  if (position !== undefined) {
    f.line = position.line;
    f.column = position.column;
  }
  return { ...f, ...extra };
}

export async function loadConfigFile(abs: string, ctx: LoadContext): Promise<ConfigFile> {
  const file = relativeFile(ctx.root, abs);
  const out: ConfigFile = { file, abs, providers: [], profiles: [], tokens: [], findings: [] };
  const input = await readYamlInput(ctx.boundary ?? ctx.root, abs, file);
  if (!input.ok) {
    out.findings.push(configFinding(input.code, input.message, file, { line: 1, column: 1 }, { kind: 'config' }));
    return out;
  }
  const yaml = input.yaml;
  out.yaml = yaml;
  for (const e of yaml.errors) {
    out.findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `YAML syntax error: ${e.message}`, file, e.position, { kind: 'config' }));
  }
  if (yaml.errors.length > 0) return out;
  if (ctx.admitEntries !== undefined) {
    const count = configEntryCount(yaml.data);
    const admission = await ctx.admitEntries(count);
    if (!admission.ok) {
      out.findings.push(configFinding(GATE_CODES.CONFIG_TOO_LARGE, overBudgetMessage(file, count, admission), file, { line: 1, column: 1 }, { kind: 'config' }));
      return out;
    }
  }
  const problem = (def: GateCodeDefinition, message: string, at: Path, extra: Partial<GateFinding> = {}): void => {
    out.findings.push(configFinding(def, message, file, positionOf(yaml, at), { kind: 'config', pointer: toPointer(at), ...extra }));
  };

  const data = yaml.data;
  if (data === null || data === undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `${file} is empty: expected providers, profiles or tokens.`, []);
    return out;
  }
  if (!isRecord(data)) {
    problem(GATE_CODES.CONFIG_INVALID, `${file} must be a map with providers, profiles or tokens, not ${describeType(data)}.`, []);
    return out;
  }
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) {
      problem(GATE_CODES.CONFIG_UNKNOWN_KEY, `Unknown top-level key "${clip(key)}"; expected one of ${TOP_KEYS.join(', ')}.`, [key]);
    }
  }
  const list = (key: string): unknown[] => {
    const value = data[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      problem(GATE_CODES.CONFIG_INVALID, `${key} must be a list of entries, not ${describeType(value)}.`, [key]);
      return [];
    }
    return value;
  };

  list('providers').forEach((raw, index) => {
    const at: Path = ['providers', index];
    const entry = checkEntry(raw, at, 'provider', PROVIDER_KEYS, problem);
    if (entry === undefined) return;
    let ok = true;
    if (entry.name !== undefined && !isNonEmptyString(entry.name)) {
      problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name']);
      ok = false;
    }
    if (entry.discover !== undefined && typeof entry.discover !== 'boolean') {
      problem(GATE_CODES.CONFIG_INVALID, 'discover must be true or false.', [...at, 'discover']);
      ok = false;
    }
    if (!ok) return;
    const { name, discover, ...request } = entry;
    for (const value of requestValuesToMask(request, 'lint')) ctx.onSecret?.(value);
    out.providers.push({
      index,
      name: (name as string | undefined) ?? (isNonEmptyString(entry.issuer) ? entry.issuer : `providers[${index}]`),
      path: at,
      line: positionOf(yaml, at).line,
      request,
      discover: discover === true,
    });
  });

  list('profiles').forEach((raw, index) => {
    const at: Path = ['profiles', index];
    const entry = checkEntry(raw, at, 'profile', PROFILE_KEYS, problem, 'profile');
    if (entry === undefined) return;
    if (!isNonEmptyString(entry.id)) {
      problem(GATE_CODES.PROFILE_INVALID, 'A profile needs an id: a non-empty string.', entry.id === undefined ? at : [...at, 'id'], { kind: 'profile' });
      return;
    }
    if (typeof entry.secret === 'string' && entry.secret !== '') ctx.onSecret?.(entry.secret);
    out.profiles.push({ index, id: entry.id, path: at, line: positionOf(yaml, at).line, profile: entry });
  });

  const tokens = list('tokens');
  for (let index = 0; index < tokens.length; index++) {
    const at: Path = ['tokens', index];
    const entry = checkEntry(tokens[index], at, 'token', TOKEN_KEYS, problem);
    if (entry === undefined) continue;
    const token = await tokenEntry(entry, index, at, out, ctx, problem);
    if (token !== undefined) out.tokens.push(token);
  }
  return out;
}

type ProblemFn = (def: GateCodeDefinition, message: string, at: Path, extra?: Partial<GateFinding>) => void;

function checkEntry(
  raw: unknown, at: Path, what: string, allowed: readonly string[], problem: ProblemFn, kind: GateFinding['kind'] = 'config',
): Record<string, unknown> | undefined {
  if (!isRecord(raw)) {
    problem(GATE_CODES.CONFIG_INVALID, `Each ${what} entry must be a map of fields, not ${describeType(raw)}.`, at, { kind });
    return undefined;
  }
  let ok = true;
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) {
      const hint = nearest(key, allowed);
      problem(GATE_CODES.CONFIG_UNKNOWN_KEY,
        `Unknown key "${clip(key)}" in a ${what} entry${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; allowed: ${allowed.join(', ')}.`,
        [...at, key], { kind });
      ok = false;
    }
  }
  return ok ? raw : undefined;
}

async function tokenEntry(
  entry: Record<string, unknown>, index: number, at: Path, out: ConfigFile, ctx: LoadContext, problem: ProblemFn,
): Promise<TokenEntry | undefined> {
  const { name, token_file: tokenFile, expect: rawExpect, at: rawAt, ...request } = entry;
  let ok = true;
  if (name !== undefined && !isNonEmptyString(name)) {
    problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name']);
    ok = false;
  }
  const expect = parseExpect(rawExpect);
  if (expect === undefined) {
    problem(GATE_CODES.CONFIG_INVALID, 'expect must be valid, invalid, or a non-empty list of finding codes.', [...at, 'expect']);
    ok = false;
  } else if (Array.isArray(expect)) {
    // A misspelt code could never appear, so the sample would fail for the wrong reason.
    expect.forEach((code, i) => {
      if (code === 'MALFORMED_TOKEN' || getFindingDefinition(code)?.area === 'validate') return;
      problem(GATE_CODES.CONFIG_INVALID, `expect lists "${clip(code)}", which is not a validation finding code.`, [...at, 'expect', i]);
      ok = false;
    });
  }
  let atMs: number | undefined;
  if (rawAt !== undefined) {
    const instant = parseInstant(rawAt);
    if (instant.ok) atMs = instant.ms;
    else {
      // The value is not quoted: the line is enough, and the reason names the part that is wrong.
      problem(GATE_CODES.CONFIG_INVALID, `at must be ${INSTANT_FORMAT}; the value ${instant.reason}.`, [...at, 'at']);
      ok = false;
    }
  }
  const hasToken = entry.token !== undefined;
  if (hasToken === (tokenFile !== undefined)) {
    problem(GATE_CODES.CONFIG_INVALID, hasToken ? 'Give token or token_file, not both.' : 'A sample needs token_file (or token).', at);
    ok = false;
  }
  if (typeof entry.token === 'string' && entry.token !== '') ctx.onSecret?.(entry.token);
  for (const value of requestValuesToMask(request, 'validate')) ctx.onSecret?.(value);
  if (tokenFile !== undefined) {
    const token = await readTokenFile(tokenFile, out, ctx, [...at, 'token_file'], problem);
    if (token === undefined) ok = false;
    else request.token = token;
  }
  if (!ok) return undefined;
  const result: TokenEntry = {
    index,
    name: (name as string | undefined) ?? `tokens[${index}]`,
    path: at,
    line: positionOf(out.yaml as LoadedYaml, at).line,
    request,
    tokenKey: hasToken ? 'token' : 'token_file',
    expect: expect as Expectation,
    expectPath: rawExpect === undefined ? at : [...at, 'expect'],
  };
  if (rawAt !== undefined) {
    result.at = rawAt as string;
    result.atMs = atMs;
  }
  return result;
}

function parseExpect(value: unknown): Expectation | undefined {
  if (value === undefined) return 'valid';
  if (value === 'valid' || value === 'invalid') return value;
  if (Array.isArray(value) && value.length > 0 && value.every(isNonEmptyString)) return value;
  return undefined;
}

async function readTokenFile(value: unknown, out: ConfigFile, ctx: LoadContext, at: Path, problem: ProblemFn): Promise<string | undefined> {
  if (!isNonEmptyString(value)) {
    problem(GATE_CODES.CONFIG_INVALID, 'token_file must be a path relative to the config file.', at);
    return undefined;
  }
  const abs = path.resolve(path.dirname(out.abs), value);
  // A pull request edits the config: it must not make the gate read files outside the repository.
  const place = await resolveInsideRoot(ctx.boundary ?? ctx.root, abs);
  if (!place.ok) {
    if (place.reason === 'missing') {
      problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} (relative to ${out.file}) cannot be read: ${describeIoError(place.error)}.`, at);
    } else {
      problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is ${place.reason === 'git' ? 'inside .git' : 'outside the repository root'}; refusing to read it.`, at);
    }
    return undefined;
  }
  const real = place.real;
  try {
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
    if (stat.size > MAX_TOKEN_FILE_BYTES) {
      problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is larger than ${MAX_TOKEN_FILE_BYTES} bytes.`, at);
      return undefined;
    }
    const token = (await fs.readFile(real, 'utf8')).trim();
    if (token === '') {
      problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is empty.`, at);
      return undefined;
    }
    ctx.onSecret?.(token);
    return token;
  } catch (err) {
    problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} cannot be read: ${describeIoError(err)}.`, at);
    return undefined;
  }
}

export function relativeFile(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  return (rel === '' ? path.basename(abs) : rel).split(path.sep).join('/');
}

export function describeIoError(err: unknown): string {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'not a regular file';
    default: return code ?? (err as Error).message ?? 'unknown error';
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a map' : `a ${typeof value}`;
}

/** Keys come from the user's file: keep them short in messages. */
function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** The allowed key closest to a typo (edit distance ≤ 2, or a prefix/suffix such as audience→audiences). */
function nearest(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = distance(key.toLowerCase(), candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? 3;
}
