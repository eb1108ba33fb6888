/**
 * The gate: find config files, load their entries and issuer profiles, check every entry with one
 * engine, and gather the outcome per file into the report. Shared by the action and `oidc-gate check`,
 * so both produce the same report from the same files.
 */
import path from 'node:path';
import { createEngine, OutboundAllowError, parseOutboundAllow, type Fetcher, type NetworkOptions } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { readBaseline } from '../suppress/baseline.ts';
import { EntryBudget } from './budget.ts';
import { entriesOf, loadConfigFile, profilesOf, type ConfigFile } from '../config/config.ts';
import { configFinding } from '../config/config-finding.ts';
import type { EntryOutcome } from './entry-result.ts';
import { findConfigFiles } from '../config/files.ts';
import { Fingerprints } from '../suppress/fingerprint.ts';
import { Placer } from './place.ts';
import { pool } from './pool.ts';
import { checkLock } from '../lock/lock-check.ts';
import { loadProfiles, type ProfileSource } from '../sections/profiles.ts';
import { buildReport } from '../outputs/report.ts';
import type { IdTokenSource } from '../sections/id-token-source.ts';
import type { AnySection, SectionEntry, SectionRun } from '../sections/section.ts';
import { CONFIG_SECTIONS } from '../sections/table.ts';
import { Suppressor } from '../suppress/suppress.ts';
import type { FileStatus, GateFinding, GateOptions, GateResult, GateRun } from '../types.ts';

/** Entries run this many at a time: network checks wait on timeouts, offline work is CPU-bound anyway. */
const CONCURRENCY = 8;

/**
 * What the gate reaches the outside world through. Left out, the engine uses the guarded fetcher
 * when the network is on; tests pass their own to make a fetch answer or fail on cue.
 */
export interface GateServices {
  fetcher?: Fetcher;
  /** The job's own ID token, for `id_token: true` (the action's runner only; the CLI has none). */
  idToken?: IdTokenSource;
  /** The config sections files may hold (default: the sections table); a test passes its own. */
  sections?: readonly AnySection[];
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

  // A baseline that cannot be read is one config error, and suppresses nothing.
  const baseline = options.baselineFile !== undefined ? await readBaseline(options.root, boundary, options.baselineFile) : undefined;
  if (baseline?.ok === false) findings.push(baseline.finding);

  const sections = services.sections ?? CONFIG_SECTIONS;
  const loadCtx = { root: options.root, boundary, sections, ...(options.onSecret !== undefined ? { onSecret: options.onSecret } : {}) };
  // Files load concurrently; the entry budget answers them in file order (the issuer-profiles file last).
  const budget = new EntryBudget();
  const configs: ConfigFile[] = await Promise.all(files.map((f, i) =>
    loadConfigFile(f, { ...loadCtx, admitEntries: (count) => budget.admit(i, count) }).finally(() => budget.pass(i))));

  const network = networkFor(options, services, findings);
  // Every sample without `at` is judged at the instant the run started, whichever runs first. No
  // verification cache: a run checks each token about once, and a report must not depend on which
  // sample happened to present a token first (metadata.signature_cache would say hit or miss).
  const engine = createEngine({ network, clock: () => startedAt, verifyCacheSize: 0 });
  const profileSources: ProfileSource[] = configs.map((c) => ({ file: c.file, yaml: c.yaml, ...profilesOf(c) }));
  const profiles = await loadProfiles({
    root: options.root,
    boundary,
    admitEntries: (count) => budget.admit(files.length, count),
    ...(options.issuerProfilesFile !== undefined ? { issuerProfilesFile: options.issuerProfilesFile } : {}),
    sources: profileSources,
    env: options.env,
    services: engine.services,
    onSecret: options.onSecret,
  });
  const checker = engine.withProfiles(profiles.registry);

  // Tasks keep their slot so the report order is the file order, whatever finishes first.
  const tasks: (() => Promise<EntryOutcome>)[] = [];
  for (const config of configs) {
    const run: SectionRun = {
      config, engine: checker, startedAt, profiles: { ids: profiles.ids, refused: profiles.refused }, idToken: services.idToken, online: network.online,
    };
    for (const section of sections) {
      const check = section.run;
      if (check === undefined) continue;
      for (const entry of entriesOf(config, section)) {
        tasks.push(isolated(config, entry as SectionEntry, section, () => check(entry, run)));
      }
    }
  }
  // The key lock is compared while the entries run: it fetches through the same engine.
  const lockFindings = options.lockFile !== undefined
    ? checkLock({ root: options.root, boundary, lockFile: options.lockFile, configs, engine: checker })
    : Promise.resolve([]);
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
  for (const f of await lockFindings) {
    const list = f.file !== undefined ? byFile.get(f.file) : undefined;
    if (list !== undefined) list.push(f);
    else findings.push(f);
  }
  // Suppressions hide findings of their own file; the baseline, any finding it recorded.
  const fingerprintBase = fingerprintBaseOf(boundary, options.root);
  // Fingerprints bind each finding's value, read from the config file it is in.
  const fingerprints = new Fingerprints(fingerprintBase, configs, sections);
  const suppressor = new Suppressor(baseline?.ok === true ? baseline.baseline : undefined, startedAt, fingerprints);
  findings.splice(0, findings.length, ...suppressor.other(findings));
  const fileStatus: FileStatus[] = [];
  for (const c of configs) {
    const list = suppressor.file(c.suppressions, byFile.get(c.file) ?? []);
    findings.push(...list);
    fileStatus.push(fileStatusOf(c, list, sections));
  }
  const report = buildReport(results, findings, fileStatus, options.failOn, {
    suppressed: suppressor.suppressed,
    ...(baseline?.ok === true ? { baseline: { file: baseline.baseline.file, entries: baseline.baseline.fingerprints.size, matched: suppressor.baselineMatched } } : {}),
  });
  return { report, findings, suppressed: suppressor.suppressed, files: fileStatus, fingerprintBase, fingerprints };
}

/** A file's line in the report: its error and warning counts, and how many entries each section held. */
function fileStatusOf(config: ConfigFile, findings: readonly GateFinding[], sections: readonly AnySection[]): FileStatus {
  const status: FileStatus = {
    file: config.file,
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
  };
  for (const section of sections) {
    if (!section.entries) continue;
    const entries = entriesOf(config, section);
    status[section.key] = section.count !== undefined ? section.count(entries) : entries.length;
  }
  return status;
}

/** The run's root relative to the repository root, with forward slashes; '' when it is not inside it. */
function fingerprintBaseOf(boundary: string, root: string): string {
  const rel = path.relative(boundary, root);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? '' : rel.split(path.sep).join('/');
}

/**
 * The run's network: off, or on through the guarded fetcher with OUTBOUND_ALLOW's exemptions (or the
 * fetcher a test passes). An OUTBOUND_ALLOW that cannot be parsed is one config error, and the run goes
 * on offline: its network checks report CHECK_SKIPPED rather than fetching without the exemptions the
 * workflow meant to give.
 */
function networkFor(options: GateOptions, services: GateServices, findings: GateFinding[]): NetworkOptions {
  if (!options.network) return { online: false };
  let outboundAllow: string[];
  try {
    outboundAllow = parseOutboundAllow(options.env.OUTBOUND_ALLOW);
  } catch (err) {
    if (!(err instanceof OutboundAllowError)) throw err;
    findings.push(configFinding(GATE_CODES.CONFIG_INVALID, `OUTBOUND_ALLOW is invalid: ${err.message}`, undefined, undefined, {
      kind: 'config',
      remediation: 'Set OUTBOUND_ALLOW (the step\'s env:) to host names, IP addresses or CIDR ranges separated by commas, such as idp.internal, 10.0.0.0/8.',
    }));
    return { online: false };
  }
  return services.fetcher !== undefined ? { online: true, outboundAllow, fetcher: services.fetcher } : { online: true, outboundAllow };
}

/**
 * One entry's check, fenced: a fault inside it (a bug, not a refused request, which the engine
 * reports as a problem) becomes INTERNAL_ERROR on that entry, and the other entries still run.
 * The exception's message is not shown: it may quote the entry's input, secrets included.
 */
function isolated(
  config: ConfigFile, entry: SectionEntry, section: AnySection, check: () => Promise<EntryOutcome>,
): () => Promise<EntryOutcome> {
  return async () => {
    try {
      return await check();
    } catch {
      const placer = new Placer(config, entry.path, entry.name, section.kind ?? 'lint');
      placer.add({
        code: GATE_CODES.INTERNAL_ERROR.code,
        severity: 'error',
        message: `oidc-gate failed unexpectedly while checking the ${section.what} "${entry.name}", so it was not checked. This is a bug in oidc-gate: please report it.`,
        remediation: GATE_CODES.INTERNAL_ERROR.remediation,
      }, []);
      return { file: config.file, results: [], findings: placer.findings };
    }
  };
}
