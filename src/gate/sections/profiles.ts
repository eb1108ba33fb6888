/**
 * Issuer profiles from config files (`profiles:`) and the issuer-profiles file, loaded one by one
 * through the engine's loader so that a refused profile is an error at its own line and the other
 * profiles still register.
 */
import path from 'node:path';
import { compileIssuerProfiles, IssuerProfileError, type EngineServices, type ProfileRegistry, type TrustSource } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { overBudgetMessage, type Admission } from '../run/budget.ts';
import { relativeFile } from '../config/files.ts';
import { configFinding, type ReportProblem } from '../config/config-finding.ts';
import { readYamlInput } from '../config/input-file.ts';
import { parseProfileEntry, SECRET_ENV_PREFIX, secretEnvProblem, type ProfileEntry, type RefusedProfile } from './profile-entry.ts';
import type { RefusedAt } from './section.ts';
import type { GateFinding } from '../types.ts';
import { clip, isRecord } from '../config/values.ts';
import { parsePointer, positionOf, toPointer, type LoadedYaml, type Path } from '../config/yaml.ts';

export interface ProfileSource {
  file: string;
  yaml: LoadedYaml | undefined;
  entries: ProfileEntry[];
  /** Profiles refused while the file was read (an unknown key, no id). */
  refused?: RefusedProfile[];
}

export interface LoadProfilesOptions {
  /** Where the issuer-profiles path is relative to, and file names in findings. */
  root: string;
  /** The directory the issuer-profiles file must resolve inside of, outside .git; default root. */
  boundary?: string;
  issuerProfilesFile?: string;
  /** Asks the run for room for the issuer-profiles file's entries. */
  admitEntries?: (count: number) => Promise<Admission>;
  sources: ProfileSource[];
  env: NodeJS.ProcessEnv;
  /** The run engine's fetcher, key cache and clock: profiles share them with every other check. */
  services: EngineServices;
  onSecret: ((value: string) => void) | undefined;
}

export interface LoadedProfiles {
  registry: ProfileRegistry;
  findings: GateFinding[];
  /** Every profile id written anywhere, registered or refused: what a misspelt id is compared with. */
  ids: string[];
  /** Ids of profiles refused for a mistake of their own, and none registered under them. */
  refused: Map<string, RefusedAt>;
}

export async function loadProfiles(options: LoadProfilesOptions): Promise<LoadedProfiles> {
  const findings: GateFinding[] = [];
  const sources = [...options.sources];
  if (options.issuerProfilesFile !== undefined) {
    const source = await readProfilesFile(options, options.issuerProfilesFile, findings);
    // The workflow's own profiles file comes first: a config file cannot shadow one of its ids.
    if (source !== undefined) sources.unshift(source);
  }
  const byId = new Map<string, TrustSource>();
  const seen = new Map<string, string>();
  const refused = new Map<string, RefusedAt>();
  const refuse = (id: string, at: RefusedAt): void => {
    if (!refused.has(id)) refused.set(id, at);
  };
  const env = repositoryEnv(options.env);
  for (const source of sources) {
    for (const r of source.refused ?? []) refuse(r.id, { file: source.file, line: r.line });
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
      seen.set(entry.id, `${source.file}:${entry.line}`);
      const secretEnv = entry.profile.secret_env;
      const secretEnvWhy = typeof secretEnv === 'string' ? secretEnvProblem(secretEnv) : undefined;
      if (typeof secretEnv === 'string' && secretEnvWhy !== undefined) {
        const at = place(['secret_env']);
        findings.push(configFinding(GATE_CODES.PROFILE_INVALID,
          `Issuer profile "${entry.id}": /secret_env names ${clip(secretEnv)}, but ${secretEnvWhy}; the variable was not read.`,
          undefined, undefined, { ...at, remediation: `Name a variable such as ${SECRET_ENV_PREFIX}ORDERS_SECRET, and set it in the gate step's env: (or as an OIDC_GATE_NAME=value line of the oidc-gate-env secret).` }));
        refuse(entry.id, { file: source.file, line: at.line ?? entry.line });
        continue;
      }
      const fromEnv = typeof secretEnv === 'string' ? env[secretEnv] : undefined;
      if (fromEnv !== undefined && fromEnv !== '') options.onSecret?.(fromEnv);
      try {
        // One profile per call: a refused profile must not keep the others from registering.
        const { fetcher, keyCache, now } = options.services;
        const registry = compileIssuerProfiles([entry.profile], { env, fetcher, keyCache, now });
        const trust = registry.get(entry.id);
        if (trust !== undefined) byId.set(entry.id, trust);
      } catch (err) {
        if (!(err instanceof IssuerProfileError)) throw err;
        for (const problem of err.problems) {
          // Pointers are into the one-element list we passed: drop its index.
          const rel = parsePointer(problem.pointer.replace(/^\/0(?=\/|$)/, ''));
          const field = problem.pointer.replace(/^\/0(?=\/|$)/, '') || '/';
          const at = place(rel);
          findings.push(configFinding(GATE_CODES.PROFILE_INVALID, `Issuer profile "${entry.id}": ${field} ${problem.message}.`, undefined, undefined, at));
          refuse(entry.id, { file: source.file, line: at.line ?? entry.line });
        }
      }
    }
  }
  for (const id of byId.keys()) refused.delete(id);
  const ids = [...new Set([...seen.keys(), ...refused.keys()])];
  return { registry: { get: (id) => byId.get(id) }, findings, ids, refused };
}


function repositoryEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith(SECRET_ENV_PREFIX)));
}

async function readProfilesFile(options: LoadProfilesOptions, file: string, findings: GateFinding[]): Promise<ProfileSource | undefined> {
  const abs = path.resolve(options.root, file);
  const rel = relativeFile(options.root, abs);
  const input = await readYamlInput(options.boundary ?? options.root, abs, `The issuer-profiles file ${rel}`);
  if (!input.ok) {
    findings.push(configFinding(input.code, input.message, rel, { line: 1, column: 1 }, {
      kind: 'profile', ...(input.remediation !== undefined ? { remediation: input.remediation } : {}),
    }));
    return undefined;
  }
  const yaml = input.yaml;
  for (const e of yaml.errors) {
    findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `Syntax error in the issuer-profiles file: ${e.message}`, rel, e.position, {
      kind: 'profile', ...(e.remediation !== undefined ? { remediation: e.remediation } : {}),
    }));
  }
  if (yaml.errors.length > 0) return undefined;
  // The file holds a list of profiles, as ISSUER_PROFILES_JSON does; `{ profiles: [...] }` is accepted too, like a config file.
  const data = isRecord(yaml.data) && Array.isArray(yaml.data.profiles) ? yaml.data.profiles : yaml.data;
  const base: Path = isRecord(yaml.data) ? ['profiles'] : [];
  if (!Array.isArray(data)) {
    findings.push(configFinding(GATE_CODES.PROFILE_INVALID, 'The issuer-profiles file must hold a list of profiles.', rel, { line: 1, column: 1 }, {
      kind: 'profile', remediation: 'Write the profiles as a YAML or JSON list (each item starting with "- id: …"), or under a profiles: key.',
    }));
    return undefined;
  }
  if (options.admitEntries !== undefined) {
    const admission = await options.admitEntries(data.length);
    if (!admission.ok) {
      findings.push(configFinding(GATE_CODES.CONFIG_TOO_LARGE, overBudgetMessage(`The issuer-profiles file ${rel}`, data.length, admission), rel, { line: 1, column: 1 }, { kind: 'profile' }));
      return undefined;
    }
  }
  const entries: ProfileEntry[] = [];
  const refused: RefusedProfile[] = [];
  const problem: ReportProblem = (def, message, at, extra = {}) => {
    findings.push(configFinding(def, message, rel, positionOf(yaml, at), { kind: 'profile', pointer: toPointer(at), ...extra }));
  };
  data.forEach((raw, index) => {
    const parsed = parseProfileEntry(raw, [...base, index], yaml, problem, options.onSecret);
    if (parsed.ok) entries.push(parsed.entry);
    else if (parsed.refused !== undefined) refused.push(parsed.refused);
  });
  return { file: rel, yaml, entries, refused };
}
