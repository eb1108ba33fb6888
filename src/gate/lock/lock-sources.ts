/**
 * Which entries of the config files have keys worth pinning: providers (their `jwks_uri`) and
 * profiles that fetch a JWK Set (`jwks_uri`, or `discovery: true` through the issuer's discovery
 * document). An inline `jwks` or `public_key` is left out: the config file itself pins those keys,
 * and a change to them is already a change in review.
 */
import { entriesOf, profilesOf, type ConfigFile } from '../config/config.ts';
import { relativeFile } from '../config/files.ts';
import { providersSection } from '../sections/providers.ts';
import { isNonEmptyString } from '../config/values.ts';
import type { LoadedYaml, Path } from '../config/yaml.ts';
import type { LockKind } from './lock-file.ts';

export interface LockSource {
  kind: LockKind;
  /** The config file as findings name it (relative to the working directory or workspace). */
  file: string;
  /** The config file as the lock names it: relative to the repository root, wherever oidc-gate ran from. */
  lockFile: string;
  name: string;
  yaml?: LoadedYaml;
  /** The field a finding about the keys is placed at (`jwks_uri`, or `discovery`). */
  at: Path;
  /** Where the keys are fetched: a JWK Set URL, or an issuer whose discovery document names one. */
  fetch: { jwksUri: string } | { issuer: string };
  /** A provider with https_required: false may be served over plain http, as lint fetches it. */
  allowHttp: boolean;
}

export function lockSources(configs: readonly ConfigFile[], repositoryRoot: string): LockSource[] {
  const sources: LockSource[] = [];
  for (const config of configs) {
    const base = { file: config.file, lockFile: relativeFile(repositoryRoot, config.abs), ...(config.yaml !== undefined ? { yaml: config.yaml } : {}) };
    for (const provider of entriesOf(config, providersSection)) {
      const uri = provider.request.jwks_uri;
      if (!isNonEmptyString(uri)) continue;
      sources.push({
        ...base, kind: 'provider', name: provider.name, at: [...provider.path, 'jwks_uri'],
        fetch: { jwksUri: uri }, allowHttp: provider.request.https_required === false,
      });
    }
    for (const entry of profilesOf(config).entries) {
      const { jwks_uri: uri, discovery, issuer } = entry.profile;
      if (isNonEmptyString(uri)) {
        sources.push({ ...base, kind: 'profile', name: entry.id, at: [...entry.path, 'jwks_uri'], fetch: { jwksUri: uri }, allowHttp: false });
      } else if (discovery === true && isNonEmptyString(issuer)) {
        sources.push({ ...base, kind: 'profile', name: entry.id, at: [...entry.path, 'discovery'], fetch: { issuer }, allowHttp: false });
      }
    }
  }
  return sources;
}
