import { readFileSync } from 'node:fs';
import { IssuerProfileError, type ProfileProblem, type RequestProblem } from '../errors.ts';
import type { ProfileRegistry, TrustSource } from '../validate/trust-source.ts';
import { compileProfile, type ProfileCompileOptions } from './compile.ts';
import { parseProfileDocument } from './document.ts';
import type { IssuerProfile } from './schema.ts';

/**
 * The two ways in: the service reads its settings (loadIssuerProfiles), the action and CLI hand over
 * entries they already parsed from their config files (compileIssuerProfiles). Both end in one
 * registry, and every problem of every profile is thrown together as one IssuerProfileError, so one
 * start-up run shows the whole list.
 */

export interface LoadIssuerProfilesOptions extends ProfileCompileOptions {
  /** ISSUER_PROFILES_JSON text. Defaults to env.ISSUER_PROFILES_JSON. */
  json?: string;
  /** ISSUER_PROFILES_FILE path (JSON or YAML). Defaults to env.ISSUER_PROFILES_FILE. */
  file?: string;
}

/** The service's profiles, from ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE (given, or read from env). */
export function loadIssuerProfiles(options: LoadIssuerProfilesOptions): ProfileRegistry {
  const json = options.json ?? options.env.ISSUER_PROFILES_JSON;
  const file = options.file ?? options.env.ISSUER_PROFILES_FILE;
  if (json !== undefined && json.trim() !== '' && file !== undefined && file !== '') {
    throw new IssuerProfileError('issuer profiles', [{ profile: '', pointer: '', message: 'set only one of ISSUER_PROFILES_JSON and ISSUER_PROFILES_FILE' }]);
  }
  let source: string;
  let text: string;
  if (json !== undefined && json.trim() !== '') {
    source = 'ISSUER_PROFILES_JSON';
    text = json;
  } else if (file !== undefined && file !== '') {
    source = `ISSUER_PROFILES_FILE ${file}`;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: `could not be read (${typeof code === 'string' ? code : 'error'})` }]);
    }
  } else {
    return registryOf(new Map());
  }
  return compileIssuerProfiles(parseProfileDocument(source, text), { ...options, source });
}

/** Already-parsed profile entries -> registry. Ids must be unique; the first profile keeps its id. */
export function compileIssuerProfiles(entries: readonly unknown[], options: ProfileCompileOptions & { source?: string }): ProfileRegistry {
  const source = options.source ?? 'issuer profiles';
  const problems: ProfileProblem[] = [];
  const profiles = new Map<string, TrustSource>();
  entries.forEach((entry, index) => {
    const label = profileLabel(entry, index);
    const local: RequestProblem[] = [];
    const trust = compileProfile(entry, options, local);
    for (const p of local) problems.push({ profile: label, pointer: `/${index}${p.pointer}`, message: p.message });
    if (trust === undefined) return;
    const id = (entry as IssuerProfile).id;
    if (profiles.has(id)) {
      problems.push({ profile: label, pointer: `/${index}/id`, message: 'duplicates the id of an earlier profile' });
      return;
    }
    profiles.set(id, trust);
  });
  if (problems.length > 0) throw new IssuerProfileError(source, problems);
  return registryOf(profiles);
}

function profileLabel(entry: unknown, index: number): string {
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' && id.length <= 200 ? `"${id}" (#${index})` : `#${index}`;
}

/** A Map lookup, so an id such as "__proto__" or "toString" finds nothing. */
function registryOf(profiles: ReadonlyMap<string, TrustSource>): ProfileRegistry {
  return { get: (id: string) => profiles.get(id) };
}
