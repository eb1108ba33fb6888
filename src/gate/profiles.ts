/**
 * Issuer profiles from config files (`profiles:`) and the issuer-profiles file, loaded one by one
 * through the engine's loader so that a refused profile is an error at its own line and the other
 * profiles still register.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { KeyObjectCache } from '../engine/jws/keys.ts';
import type { Fetcher } from '../engine/net/types.ts';
import { compileIssuerProfiles, IssuerProfileError } from '../engine/profiles/index.ts';
import type { ProfileRegistry, TrustSource } from '../engine/validate/trust.ts';
import { GATE_CODES } from './codes.ts';
import { configFinding, describeIoError, isRecord, relativeFile, type ProfileEntry } from './config.ts';
import type { GateFinding } from './types.ts';
import { loadYaml, parsePointer, positionOf, toPointer, type LoadedYaml, type Path } from './yaml.ts';

export interface ProfileSource {
  file: string;
  yaml: LoadedYaml | undefined;
  entries: ProfileEntry[];
}

export interface LoadProfilesOptions {
  root: string;
  issuerProfilesFile?: string;
  sources: ProfileSource[];
  env: NodeJS.ProcessEnv;
  fetcher: Fetcher | undefined;
  keyCache: KeyObjectCache;
  onSecret: ((value: string) => void) | undefined;
  now: () => number;
}

export interface LoadedProfiles {
  registry: ProfileRegistry;
  findings: GateFinding[];
  ids: string[];
}

export async function loadProfiles(options: LoadProfilesOptions): Promise<LoadedProfiles> {
  const findings: GateFinding[] = [];
  const sources = [...options.sources];
  if (options.issuerProfilesFile !== undefined) {
    const source = await readProfilesFile(options.root, options.issuerProfilesFile, findings, options.onSecret);
    // The workflow's own profiles file comes first: a config file cannot shadow one of its ids.
    if (source !== undefined) sources.unshift(source);
  }
  const byId = new Map<string, TrustSource>();
  const seen = new Map<string, string>();
  for (const source of sources) {
    for (const entry of source.entries) {
      const place = (rel: Path): Partial<GateFinding> => {
        const p = source.yaml !== undefined ? positionOf(source.yaml, [...entry.path, ...rel]) : { line: 1, column: 1 };
        return { file: source.file, line: p.line, column: p.column, pointer: toPointer([...entry.path, ...rel]), kind: 'profile', name: entry.id };
      };
      const first = seen.get(entry.id);
      if (first !== undefined) {
        findings.push(configFinding(GATE_CODES.PROFILE_DUPLICATE, `Issuer profile "${entry.id}" is already defined in ${first}; ids must be unique.`, undefined, undefined, place(['id'])));
        continue;
      }
      seen.set(entry.id, `${source.file}:${positionOf(source.yaml as LoadedYaml, entry.path).line}`);
      try {
        // One profile per call: a refused profile must not keep the others from registering.
        const registry = compileIssuerProfiles([entry.profile], {
          env: options.env,
          ...(options.fetcher !== undefined ? { fetcher: options.fetcher } : {}),
          now: options.now,
          keyCache: options.keyCache,
        });
        const trust = registry.get(entry.id);
        if (trust !== undefined) byId.set(entry.id, trust);
      } catch (err) {
        if (!(err instanceof IssuerProfileError)) throw err;
        for (const problem of err.problems) {
          // Pointers are into the one-element list we passed: drop its index.
          const rel = parsePointer(problem.pointer.replace(/^\/0(?=\/|$)/, ''));
          const field = problem.pointer.replace(/^\/0(?=\/|$)/, '') || '/';
          findings.push(configFinding(GATE_CODES.PROFILE_INVALID, `Issuer profile "${entry.id}": ${field} ${problem.message}.`, undefined, undefined, place(rel)));
        }
      }
    }
  }
  return { registry: { get: (id) => byId.get(id) }, findings, ids: [...byId.keys()] };
}

async function readProfilesFile(
  root: string, file: string, findings: GateFinding[], onSecret: ((value: string) => void) | undefined,
): Promise<ProfileSource | undefined> {
  const abs = path.resolve(root, file);
  const rel = relativeFile(root, abs);
  let text: string;
  try {
    text = await fs.readFile(abs, 'utf8');
  } catch (err) {
    findings.push(configFinding(GATE_CODES.CONFIG_UNREADABLE, `Cannot read the issuer-profiles file ${rel}: ${describeIoError(err)}.`, rel, { line: 1, column: 1 }, { kind: 'profile' }));
    return undefined;
  }
  const yaml = loadYaml(text);
  for (const e of yaml.errors) {
    findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `Syntax error in the issuer-profiles file: ${e.message}`, rel, e.position, { kind: 'profile' }));
  }
  if (yaml.errors.length > 0) return undefined;
  // Decisions §2: the file holds an array of profiles. `{ profiles: [...] }` is accepted too, like a config file.
  const data = isRecord(yaml.data) && Array.isArray(yaml.data.profiles) ? yaml.data.profiles : yaml.data;
  const base: Path = isRecord(yaml.data) ? ['profiles'] : [];
  if (!Array.isArray(data)) {
    findings.push(configFinding(GATE_CODES.PROFILE_INVALID, 'The issuer-profiles file must hold a list of profiles.', rel, { line: 1, column: 1 }, { kind: 'profile' }));
    return undefined;
  }
  const entries: ProfileEntry[] = [];
  data.forEach((raw, index) => {
    const at: Path = [...base, index];
    const place = (p: Path) => positionOf(yaml, p);
    if (!isRecord(raw) || typeof raw.id !== 'string' || raw.id === '') {
      findings.push(configFinding(GATE_CODES.PROFILE_INVALID, 'A profile needs an id: a non-empty string.', rel, place(at), { kind: 'profile', pointer: toPointer(at) }));
      return;
    }
    if (typeof raw.secret === 'string' && raw.secret !== '') onSecret?.(raw.secret);
    entries.push({ index, id: raw.id, path: at, line: place(at).line, profile: raw });
  });
  return { file: rel, yaml, entries };
}
