/**
 * Issuer profiles for a single request: the service's (ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE)
 * and, with --config, the profiles: of a config file, read under the rules `check` applies to it
 * (inside the repository, secret_env naming OIDC_GATE_ variables only).
 */
import path from 'node:path';
import { loadIssuerProfiles, type EngineServices, type ProfileRegistry } from '../engine/index.ts';
import { findRepositoryRoot, type GateFinding, loadConfigFile, loadProfiles, TOP_KEYS } from '../gate/index.ts';

export interface CliProfiles {
  registry: ProfileRegistry;
  /** Where the profiles were looked for, as messages name them. */
  places: string[];
  /** The ids of the config file's profiles (the service's cannot be listed without reading them twice). */
  configIds: string[];
  /** The config file, as messages name it. */
  configFile?: string;
}

/** The config file's problems: each is one line at its place, and the request is not run. */
export class ConfigProblems extends Error {
  readonly findings: GateFinding[];

  constructor(findings: GateFinding[]) {
    super(`${findings.length} problem${findings.length === 1 ? '' : 's'} in the config file`);
    this.name = 'ConfigProblems';
    this.findings = findings;
  }
}

export interface ProfileInputs {
  env: NodeJS.ProcessEnv;
  cwd: string;
  config?: string;
  services: EngineServices;
}

/** Throws IssuerProfileError for an invalid ISSUER_PROFILES_JSON / _FILE, ConfigProblems for the config file. */
export async function loadCliProfiles(inputs: ProfileInputs): Promise<CliProfiles> {
  const service = loadIssuerProfiles({ env: inputs.env, ...inputs.services });
  const places: string[] = [];
  if (inputs.config === undefined) {
    places.push(serviceSource(inputs.env));
    return { registry: service, places, configIds: [] };
  }
  const boundary = findRepositoryRoot(inputs.cwd);
  const config = await loadConfigFile(path.resolve(inputs.cwd, inputs.config), { root: inputs.cwd, boundary });
  const loaded = await loadProfiles({
    root: inputs.cwd,
    boundary,
    sources: [{ file: config.file, yaml: config.yaml, entries: config.profiles }],
    env: inputs.env,
    services: inputs.services,
    onSecret: undefined,
  });
  // The providers and samples of the file are not this request's business; its profiles and its
  // shape (syntax, unknown top-level keys) are.
  const problems = [...config.findings, ...loaded.findings].filter((f) => f.severity === 'error' && !inOtherSection(f.pointer));
  if (problems.length > 0) throw new ConfigProblems(problems);
  places.push(config.file, serviceSource(inputs.env));
  const fromConfig = loaded.registry;
  return {
    // The config file first: it is the one named on this command line.
    registry: { get: (id) => fromConfig.get(id) ?? service.get(id) },
    places,
    configIds: config.profiles.map((p) => p.id),
    configFile: config.file,
  };
}

function serviceSource(env: NodeJS.ProcessEnv): string {
  if (env.ISSUER_PROFILES_JSON !== undefined && env.ISSUER_PROFILES_JSON.trim() !== '') return 'ISSUER_PROFILES_JSON';
  if (env.ISSUER_PROFILES_FILE !== undefined && env.ISSUER_PROFILES_FILE !== '') return 'ISSUER_PROFILES_FILE';
  return 'ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE (neither is set)';
}

function inOtherSection(pointer: string | undefined): boolean {
  const section = pointer?.split('/')[1];
  return section !== undefined && section !== 'profiles' && TOP_KEYS.includes(section);
}
