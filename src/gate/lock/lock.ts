/**
 * `oidc-gate lock`: fetch the keys every provider and profile of the config files serves now, and
 * write them (kid and thumbprint) to the lock file the audit compares with. Config problems and keys
 * that cannot be fetched write nothing: a lock missing an entry would leave that entry unchecked
 * without anyone noticing.
 */
import { createEngine, OutboundAllowError, parseOutboundAllow, redactUri } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { loadConfigFile, type ConfigFile } from '../config/config.ts';
import { configFinding } from '../config/config-finding.ts';
import { findConfigFiles } from '../config/files.ts';
import { serializeLock, type LockEntry } from './lock-file.ts';
import { servedKeys } from './lock-keys.ts';
import { lockSources, type LockSource } from './lock-sources.ts';
import { positionOf } from '../config/yaml.ts';
import { pool } from '../run/pool.ts';
import type { GateFinding } from '../types.ts';
import { writeInsideRoot, type OutputTarget } from '../outputs/write.ts';

const CONCURRENCY = 8;

export interface LockOptions {
  root: string;
  boundary: string;
  patterns: string[];
  env: NodeJS.ProcessEnv;
  target: OutputTarget;
  /** Fetch nothing and write nothing: check the config files and say what would be pinned (`planned`). */
  offline?: boolean;
}

/** A provider or profile whose keys lock pins, where its jwks_uri (or discovery) is written. */
export interface LockPlace {
  kind: LockEntry['kind'];
  name: string;
  file: string;
  line: number;
  column: number;
  /** Where the keys are fetched from: the jwks_uri (redacted), or the issuer whose discovery names it. */
  from: string;
}

export type LockOutcome =
  /** Written: how many entries and keys. */
  | { ok: true; offline?: false; entries: LockEntry[] }
  /** Offline: the config files are fine, and these are the entries lock would pin; nothing fetched or written. */
  | { ok: true; offline: true; planned: LockPlace[] }
  /** Config problems (exit 2), or entries whose keys could not be fetched (exit 1); nothing written. */
  | { ok: false; problems: GateFinding[]; failures: string[] };

export async function writeLock(options: LockOptions): Promise<LockOutcome> {
  const problems: GateFinding[] = [];
  const { files, missing } = await findConfigFiles(options.root, options.patterns, options.boundary);
  for (const m of missing) problems.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `Config path ${m} does not exist.`, undefined, undefined, { kind: 'config' }));
  if (files.length === 0 && missing.length === 0) {
    problems.push(configFinding(GATE_CODES.CONFIG_NOT_FOUND, `No config file matched ${options.patterns.join(', ')}.`, undefined, undefined, { kind: 'config' }));
  }
  const configs: ConfigFile[] = await Promise.all(files.map((f) => loadConfigFile(f, { root: options.root, boundary: options.boundary })));
  for (const c of configs) problems.push(...c.findings.filter((f) => f.config === true));
  let outboundAllow: string[] = [];
  try {
    outboundAllow = parseOutboundAllow(options.env.OUTBOUND_ALLOW);
  } catch (err) {
    if (!(err instanceof OutboundAllowError)) throw err;
    problems.push(configFinding(GATE_CODES.CONFIG_INVALID, `OUTBOUND_ALLOW is invalid: ${err.message}`, undefined, undefined, { kind: 'config' }));
  }
  if (problems.length > 0) return { ok: false, problems, failures: [] };

  const engine = createEngine({ network: { online: true, outboundAllow }, verifyCacheSize: 0 });
  const sources = lockSources(configs, options.boundary);
  if (options.offline === true) return { ok: true, offline: true, planned: sources.map(placeOf) };
  const failures: string[] = [];
  const entries: LockEntry[] = [];
  const served = await pool(sources.map((s) => () => servedKeys(s, engine)), CONCURRENCY);
  sources.forEach((source, i) => {
    const keys = served[i];
    if (keys === undefined) return;
    if (!keys.ok) {
      const at = placeOf(source);
      failures.push(`${at.file}:${at.line}:${at.column}: ${source.kind} "${source.name}": ${keys.why}.`);
      return;
    }
    entries.push({ kind: source.kind, file: source.lockFile, name: source.name, jwks_uri: keys.jwksUri, keys: keys.keys });
  });
  if (failures.length > 0) return { ok: false, problems: [], failures };
  await writeInsideRoot(options.target, serializeLock(entries));
  return { ok: true, entries };
}

/** Where a source's keys are named in its config file: its jwks_uri line (or discovery). */
function placeOf(source: LockSource): LockPlace {
  const at = source.yaml !== undefined ? positionOf(source.yaml, source.at) : { line: 1, column: 1 };
  const from = 'jwksUri' in source.fetch ? redactUri(source.fetch.jwksUri) : `the discovery document of ${redactUri(source.fetch.issuer)}`;
  return { kind: source.kind, name: source.name, file: source.file, line: at.line, column: at.column, from };
}
