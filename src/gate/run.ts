/**
 * The gate: find config files, turn entries into engine requests, run them, and judge the outcome.
 * Shared by the action and `oidc-gate check`, so both produce the same report from the same files.
 */
import { createGuardedFetcher, KeyObjectCache, parseOutboundAllow, type Finding } from '../engine/index.ts';
import type { Fetcher } from '../engine/net/types.ts';
import { GATE_CODES } from './codes.ts';
import { configFinding, loadConfigFile, type ConfigFile, type ProviderEntry, type TokenEntry } from './config.ts';
import { tokenFingerprint } from '../engine/fingerprint.ts';
import { callEngine, createEngineContext, type EngineContext, type EngineOutcome } from './engine.ts';
import { EntryBudget } from './budget.ts';
import { findConfigFiles } from './files.ts';
import { loadProfiles, type ProfileSource } from './profiles.ts';
import { redactRequest } from './redact.ts';
import { buildReport } from './report.ts';
import type {
  Expectation, FileStatus, GateFinding, GateOptions, GateResult, GateRun, RequestProblemRecord, ResultKind,
} from './types.ts';
import { parsePointer, positionOf, toPointer, type Path } from './yaml.ts';

/** Entries run this many at a time: network checks wait on timeouts, offline work is CPU-bound anyway. */
const CONCURRENCY = 8;

export { redactRequest, tokenFingerprint };

/**
 * What the gate reaches the outside world through. Left out, the gate builds its own (the guarded
 * fetcher when the network is on); tests pass their own to make a fetch answer or fail on cue.
 */
export interface GateServices {
  fetcher?: Fetcher;
}

export async function runGate(options: GateOptions, services: GateServices = {}): Promise<GateRun> {
  const startedAt = Date.now();
  const findings: GateFinding[] = [];
  const boundary = options.boundary ?? options.root;
  const { files, missing } = await findConfigFiles(options.root, options.patterns, boundary);
  for (const m of missing) {
    findings.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `Config path ${m} does not exist.`, undefined, undefined, { kind: 'config' }));
  }
  if (files.length === 0 && missing.length === 0) {
    findings.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND,
      `No config file matched ${options.patterns.join(', ')}.`, undefined, undefined, { kind: 'config' }));
  }

  const loadCtx = { root: options.root, boundary, ...(options.onSecret !== undefined ? { onSecret: options.onSecret } : {}) };
  // Files load concurrently; the entry budget answers them in file order (the issuer-profiles file last).
  const budget = new EntryBudget();
  const configs: ConfigFile[] = await Promise.all(files.map((f, i) =>
    loadConfigFile(f, { ...loadCtx, admitEntries: (count) => budget.admit(i, count) }).finally(() => budget.pass(i))));

  let fetcher: Fetcher | undefined;
  if (options.network && services.fetcher !== undefined) fetcher = services.fetcher;
  else if (options.network) {
    try {
      fetcher = createGuardedFetcher({ allow: parseOutboundAllow(options.env.OUTBOUND_ALLOW) });
    } catch (err) {
      findings.push(configFinding(GATE_CODES.CONFIG_INVALID, `OUTBOUND_ALLOW is invalid: ${(err as Error).message}`, undefined, undefined, { kind: 'config' }));
    }
  }
  const keyCache = new KeyObjectCache();
  const profileSources: ProfileSource[] = configs.map((c) => ({ file: c.file, yaml: c.yaml, entries: c.profiles }));
  const profiles = await loadProfiles({
    root: options.root,
    boundary,
    admitEntries: (count) => budget.admit(files.length, count),
    ...(options.issuerProfilesFile !== undefined ? { issuerProfilesFile: options.issuerProfilesFile } : {}),
    sources: profileSources,
    env: options.env,
    fetcher,
    keyCache,
    onSecret: options.onSecret,
    now: () => startedAt,
  });
  const baseCtx = createEngineContext({ now: () => startedAt, keyCache, profiles: profiles.registry, offline: !options.network, ...(fetcher !== undefined ? { fetcher } : {}) });

  // Tasks keep their slot so the report order is the file order, whatever finishes first.
  const tasks: (() => Promise<Outcome>)[] = [];
  for (const config of configs) {
    for (const provider of config.providers) tasks.push(isolated(config, provider, 'lint', () => runProvider(config, provider, baseCtx)));
    for (const token of config.tokens) tasks.push(isolated(config, token, 'validate', () => runToken(config, token, baseCtx, startedAt)));
  }
  const outcomes = await pool(tasks, CONCURRENCY);

  // Per file: config problems, then profile problems, then entry findings, in entry order.
  const results: GateResult[] = [];
  const byFile = new Map<string, GateFinding[]>();
  for (const c of configs) byFile.set(c.file, [...c.findings]);
  for (const f of profiles.findings) {
    const list = f.file !== undefined ? byFile.get(f.file) : undefined;
    if (list !== undefined) list.push(f);
    else findings.push(f);
  }
  for (const o of outcomes) {
    results.push(...o.results);
    byFile.get(o.file)?.push(...o.findings);
  }
  const fileStatus: FileStatus[] = [];
  for (const c of configs) {
    const list = byFile.get(c.file) ?? [];
    findings.push(...list);
    fileStatus.push({
      file: c.file,
      errors: list.filter((f) => f.severity === 'error').length,
      warnings: list.filter((f) => f.severity === 'warning').length,
      providers: c.providers.length,
      profiles: c.profiles.length,
      tokens: c.tokens.length,
    });
  }
  const report = buildReport(results, findings, fileStatus);
  return { report, findings, files: fileStatus };
}

interface Outcome {
  file: string;
  results: GateResult[];
  findings: GateFinding[];
}

/**
 * One entry's check, fenced: a fault inside it (a bug, not a refused request, which the engine
 * reports as a problem) becomes INTERNAL_ERROR on that entry, and the other entries still run.
 * The exception's message is not shown: it may quote the entry's input, secrets included.
 */
function isolated(
  config: ConfigFile, entry: { name: string; path: Path }, kind: ResultKind, check: () => Promise<Outcome>,
): () => Promise<Outcome> {
  return async () => {
    try {
      return await check();
    } catch {
      const placer = new Placer(config, entry.path, entry.name, kind);
      const what = kind === 'validate' ? 'sample token' : 'provider';
      placer.add({
        code: GATE_CODES.INTERNAL_ERROR.code,
        severity: 'error',
        message: `oidc-gate failed unexpectedly while checking the ${what} "${entry.name}", so it was not checked. This is a bug in oidc-gate: please report it.`,
        remediation: GATE_CODES.INTERNAL_ERROR.remediation,
      }, []);
      return { file: config.file, results: [], findings: placer.findings };
    }
  };
}

async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return out;
}

/** Place a response's findings (and a problem's errors) on the YAML lines of the fields they name. */
class Placer {
  readonly config: ConfigFile;
  readonly entryPath: Path;
  readonly name: string;
  readonly kind: ResultKind;
  readonly findings: GateFinding[] = [];

  constructor(config: ConfigFile, entryPath: Path, name: string, kind: ResultKind) {
    this.config = config;
    this.entryPath = entryPath;
    this.name = name;
    this.kind = kind;
  }

  add(f: { code: string; severity: 'error' | 'warning'; message: string; remediation?: string }, rel: Path, config = false): void {
    const path = [...this.entryPath, ...rel];
    const yaml = this.config.yaml;
    const pos = yaml !== undefined ? positionOf(yaml, path) : { line: 1, column: 1 };
    const out: GateFinding = {
      code: f.code,
      severity: f.severity,
      message: f.message,
      file: this.config.file,
      line: pos.line,
      column: pos.column,
      pointer: toPointer(path),
      stablePointer: toPointer([String(this.entryPath[0]), this.name, ...rel]),
      kind: this.kind,
      name: this.name,
    };
    if (f.remediation !== undefined) out.remediation = f.remediation;
    if (config) out.config = true;
    this.findings.push(out);
  }

  /** A 422: one config error per refused field. (A 400 is a sample outcome, judged by runToken.) */
  problem(problem: RequestProblemRecord, map: (pointer: string) => Path): void {
    for (const e of problem.errors ?? [{ pointer: '', message: problem.detail }]) {
      const where = e.pointer === '' ? '' : ` at ${e.pointer}`;
      this.add({
        code: GATE_CODES.REQUEST_INVALID.code,
        severity: 'error',
        message: `The ${this.kind} request for "${this.name}" is invalid${where}: ${e.message}`,
        remediation: GATE_CODES.REQUEST_INVALID.remediation,
      }, map(e.pointer), true);
    }
  }
}

function fieldOf(f: Finding): string | undefined {
  const field = f.evidence?.field;
  return typeof field === 'string' ? field : undefined;
}

function hasKey(value: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

async function runProvider(config: ConfigFile, provider: ProviderEntry, ctx: EngineContext): Promise<Outcome> {
  const results: GateResult[] = [];
  const findings: GateFinding[] = [];
  const request: Record<string, unknown> = { ...provider.request };
  let discovered = false;

  if (provider.discover) {
    const body: Record<string, unknown> = { issuer: request.issuer };
    if (hasKey(request, 'https_required')) body.https_required = request.https_required;
    const placer = new Placer(config, provider.path, provider.name, 'discover');
    const outcome = await callEngine('discover', body, ctx);
    results.push(result('discover', config, provider, body, outcome));
    if (outcome.problem !== undefined) {
      placer.problem(outcome.problem, (p) => parsePointer(p));
    } else {
      const response = outcome.response as { jwks_uri?: unknown; findings: Finding[] };
      for (const f of response.findings) {
        const field = fieldOf(f);
        placer.add(f, field !== undefined ? parsePointer(field) : ['discover']);
      }
      // As the engine's withDiscoveredJwksUri: what discovery finds now replaces a pinned value.
      if (typeof response.jwks_uri === 'string') {
        request.discovered_jwks_uri = response.jwks_uri;
        discovered = true;
      }
    }
    findings.push(...placer.findings);
  }

  const placer = new Placer(config, provider.path, provider.name, 'lint');
  const map = (pointer: string): Path => {
    const rel = parsePointer(pointer);
    // Filled in from discovery, so the file has no such line: point at `discover: true` instead.
    if (rel[0] === 'discovered_jwks_uri' && discovered) return ['discover'];
    return rel;
  };
  const outcome = await callEngine('lint', request, ctx);
  results.push(result('lint', config, provider, request, outcome));
  if (outcome.problem !== undefined) {
    placer.problem(outcome.problem, map);
  } else {
    for (const f of (outcome.response as { findings: Finding[] }).findings) {
      const field = fieldOf(f);
      placer.add(f, field !== undefined ? map(field) : []);
    }
  }
  findings.push(...placer.findings);
  return { file: config.file, results, findings };
}

function result(kind: ResultKind, config: ConfigFile, entry: { name: string; line: number }, request: unknown, outcome: EngineOutcome): GateResult {
  const r: GateResult = { kind, file: config.file, name: entry.name, line: entry.line, request: redactRequest(request, kind) };
  if (outcome.problem !== undefined) r.problem = outcome.problem;
  else r.response = outcome.response;
  return r;
}

async function runToken(config: ConfigFile, token: TokenEntry, base: EngineContext, startedAt: number): Promise<Outcome> {
  const now = token.atMs ?? startedAt;
  const ctx: EngineContext = { ...base, now: () => now };
  const outcome = await callEngine('validate', token.request, ctx);
  const r = result('validate', config, token, token.request, outcome);
  r.at = token.at ?? new Date(now).toISOString();
  r.expect = token.expect;
  const placer = new Placer(config, token.path, token.name, 'validate');
  const map = (pointer: string): Path => {
    const rel = parsePointer(pointer);
    return rel[0] === 'token' ? [token.tokenKey, ...rel.slice(1)] : rel;
  };
  const expectRel = token.expectPath.slice(token.path.length);

  if (outcome.problem?.code === 'REQUEST_INVALID') {
    placer.problem(outcome.problem, map);
    r.passed = false;
    return { file: config.file, results: [r], findings: placer.findings };
  }

  let valid: boolean;
  let errors: Finding[];
  let warnings: Finding[];
  if (outcome.problem !== undefined) {
    valid = false;
    errors = [{ code: 'MALFORMED_TOKEN', severity: 'error', message: outcome.problem.detail, remediation: GATE_CODES.MALFORMED_TOKEN.remediation }];
    warnings = [];
  } else {
    const response = outcome.response as { valid: boolean; findings: Finding[]; metadata?: { warnings?: Finding[] } };
    valid = response.valid;
    errors = response.findings.filter((f) => f.severity === 'error');
    warnings = [...response.findings.filter((f) => f.severity === 'warning'), ...(response.metadata?.warnings ?? [])];
  }
  const verdict = judge(token.expect, valid, [...errors, ...warnings].map((f) => f.code));
  r.passed = verdict.passed;
  const expected = new Set(Array.isArray(token.expect) ? token.expect : []);
  // Outcome findings are about the sample as a whole: they point at the start of its entry.
  const at: Path = [];

  if (!verdict.passed) {
    if (token.expect === 'valid') {
      for (const f of errors) {
        placer.add({ ...f, message: `Sample "${token.name}" is expected to be valid: ${f.message}` }, f.code === 'MALFORMED_TOKEN' ? [token.tokenKey] : at);
      }
    } else {
      placer.add({
        code: GATE_CODES.EXPECTATION_FAILED.code, severity: 'error', message: verdict.message, remediation: GATE_CODES.EXPECTATION_FAILED.remediation,
      }, expectRel);
    }
  }
  for (const w of warnings) {
    if (!expected.has(w.code)) placer.add({ ...w, message: `Sample "${token.name}": ${w.message}` }, at);
  }
  return { file: config.file, results: [r], findings: placer.findings };
}

/** Does the outcome meet `expect`? Codes must all appear (among errors or warnings); others may too. */
export function judge(expect: Expectation, valid: boolean, codes: string[]): { passed: boolean; message: string } {
  if (expect === 'valid') return { passed: valid, message: valid ? 'valid as expected' : `expected valid, got ${codes.join(', ') || 'invalid'}` };
  const got = codes.length > 0 ? codes.join(', ') : 'no findings';
  if (expect === 'invalid') {
    return valid
      ? { passed: false, message: `The sample is expected to be invalid, but it is valid (${got}).` }
      : { passed: true, message: `invalid as expected (${got})` };
  }
  const missing = expect.filter((c) => !codes.includes(c));
  return missing.length === 0
    ? { passed: true, message: `produced ${expect.join(', ')} as expected` }
    : { passed: false, message: `The sample is expected to produce ${expect.join(', ')}, but ${missing.join(', ')} did not appear (got: ${got}).` };
}
