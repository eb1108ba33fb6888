/**
 * Issuer profiles for a single request: the service's (ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE)
 * and, with --config, the profiles: of a config file, read under the rules `check` applies to it
 * (inside the repository, secret_env naming OIDC_GATE_ variables only).
 */
import path from 'node:path';
import { loadIssuerProfiles, type EngineServices, type ProfileRegistry } from '../../engine/index.ts';
import { findRepositoryRoot, loadConfigFile, loadProfiles, profilesOf, SECTION_KEYS } from '../../gate/index.ts';
import { ConfigProblems } from '../errors.ts';

export interface CliProfiles {
  registry: ProfileRegistry;
  /** Where the profiles were looked for, as messages name them. */
  places: string[];
  /** The ids of the config file's profiles (the service's cannot be listed without reading them twice). */
  configIds: string[];
  /** The config file, as messages name it. */
  configFile?: string;
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
  const profiles = profilesOf(config).entries;
  const loaded = await loadProfiles({
    root: inputs.cwd,
    boundary,
    sources: [{ file: config.file, yaml: config.yaml, entries: profiles }],
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
    configIds: profiles.map((p) => p.id),
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
  return section !== undefined && section !== 'profiles' && SECTION_KEYS.includes(section);
}
