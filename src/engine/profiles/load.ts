import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parseDocument } from 'yaml';
import { RequestInvalidError, type RequestProblem } from '../errors.ts';
import { VALIDATION_FINDINGS as F, finding } from '../findings.ts';
import { JwksCache } from '../jwks/cache.ts';
import { parseJwks, selectKeys, type ParsedJwk } from '../jwks/jwk.ts';
import type { KeyObjectCache } from '../jws/keys.ts';
import type { Fetcher } from '../net/types.ts';
import { toProblems } from '../schema/ajv.ts';
import type { JwsAlgorithm, KeySource, VerifyPolicy } from '../types.ts';
import { inlineTrustSource } from '../validate/inline.ts';
import type { JoseHeader, KeyResolution, ProfileRegistry, TrustSource } from '../validate/trust.ts';
import { DiscoveredJwks } from './discovery.ts';
import { issuerProfileSchema, PROFILE_KEY_SOURCES, type ProfileKeySourceField } from './schema.ts';

/** One problem in the profile configuration: which profile, which field (JSON Pointer), what is wrong. */
export interface ProfileProblem {
  /** The profile id when it has a usable one, else `#<index>`; '' for the document as a whole. */
  profile: string;
  pointer: string;
  message: string;
}

/**
 * The profile configuration is invalid; the service must not start. Messages name the profile and
 * the field, never a secret, key or any other configured value.
 */
export class IssuerProfileError extends Error {
  readonly code = 'ISSUER_PROFILES_INVALID';
  readonly problems: ProfileProblem[];
  constructor(source: string, problems: ProfileProblem[]) {
    super(`${source}: ${problems.map((p) => `${p.profile === '' ? '' : `profile ${p.profile}: `}${p.pointer || '/'} ${p.message}`).join('; ')}`);
    this.name = 'IssuerProfileError';
    this.problems = problems;
  }
}

/** A profile as configured (after schema validation). */
export interface IssuerProfile extends VerifyPolicy {
  id: string;
  secret_env?: string;
  jwks?: Record<string, unknown>;
  jwks_uri?: string;
  discovery?: boolean;
}

export interface IssuerProfileRegistry extends ProfileRegistry {
  ids(): string[];
  readonly size: number;
}

export interface LoadIssuerProfilesOptions {
  /** ISSUER_PROFILES_JSON text. Defaults to env.ISSUER_PROFILES_JSON. */
  json?: string;
  /** ISSUER_PROFILES_FILE path (JSON or YAML). Defaults to env.ISSUER_PROFILES_FILE. */
  file?: string;
  /** Source of secret_env values (and of the two settings above when not given). */
  env: Record<string, string | undefined>;
  /** The guarded fetcher for jwks_uri and discovery profiles; absent means offline. */
  fetcher?: Fetcher;
  now: () => number;
  keyCache: KeyObjectCache;
}

// A dedicated instance: the shared one in schema/ajv.ts throws RequestInvalidError, and profile
// problems need the profile named, which only this loader knows.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const checkProfileShape = ajv.compile(issuerProfileSchema);

/**
 * Read, check and compile the issuer profiles. Every problem in every profile is collected and
 * thrown together as one IssuerProfileError, so one start-up run shows the whole list. Keys are
 * parsed here; JWKS and discovery documents are fetched lazily, at first use.
 */
export function loadIssuerProfiles(options: LoadIssuerProfilesOptions): IssuerProfileRegistry {
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
    return buildRegistry(new Map());
  }
  return compileIssuerProfiles(parseProfileDocument(source, text), { ...options, source });
}

/**
 * JSON or YAML text -> the profile list. Parser messages quote the offending line, which could hold
 * a secret, so only the error code and position are reported.
 */
export function parseProfileDocument(source: string, text: string): unknown[] {
  const doc = parseDocument(text, { uniqueKeys: true });
  const first = doc.errors[0];
  if (first !== undefined) {
    const pos = first.linePos?.[0];
    const where = pos === undefined ? '' : ` at line ${pos.line}, column ${pos.col}`;
    throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: `is not valid JSON or YAML (${first.code}${where})` }]);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch {
    // The yaml package's message quotes the alias, which may be a secret written unquoted (*hunter2).
    throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: 'is not valid YAML: an alias cannot be resolved, or aliases expand to more than 100 nodes' }]);
  }
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && Array.isArray((value as { profiles?: unknown }).profiles)) return (value as { profiles: unknown[] }).profiles;
  throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: 'must be an array of issuer profiles (or an object with a "profiles" array)' }]);
}

/** Already-parsed profile entries -> registry (the action's config files use this directly). */
export function compileIssuerProfiles(
  entries: readonly unknown[],
  options: Omit<LoadIssuerProfilesOptions, 'json' | 'file'> & { source?: string },
): IssuerProfileRegistry {
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
  return buildRegistry(profiles);
}

function profileLabel(entry: unknown, index: number): string {
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' && id.length <= 200 ? `"${id}" (#${index})` : `#${index}`;
}

function buildRegistry(profiles: Map<string, TrustSource>): IssuerProfileRegistry {
  return {
    get: (id: string) => profiles.get(id),
    ids: () => [...profiles.keys()],
    get size() {
      return profiles.size;
    },
  };
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
  } catch {
    return false;
  }
}

function claimPolicy(profile: IssuerProfile): VerifyPolicy {
  const policy: VerifyPolicy = { issuer: profile.issuer, audiences: profile.audiences, allowed_algs: profile.allowed_algs };
  if (profile.required_claims !== undefined) policy.required_claims = profile.required_claims;
  if (profile.required_scopes !== undefined) policy.required_scopes = profile.required_scopes;
  if (profile.required_custom_claims !== undefined) policy.required_custom_claims = profile.required_custom_claims;
  if (profile.max_ttl_seconds !== undefined) policy.max_ttl_seconds = profile.max_ttl_seconds;
  if (profile.clock_skew_seconds !== undefined) policy.clock_skew_seconds = profile.clock_skew_seconds;
  if (profile.token_type !== undefined) policy.token_type = profile.token_type;
  return policy;
}

function compileProfile(entry: unknown, options: Omit<LoadIssuerProfilesOptions, 'json' | 'file'>, problems: RequestProblem[]): TrustSource | undefined {
  if (!checkProfileShape(entry)) {
    problems.push(...toProblems(checkProfileShape.errors ?? []));
    return undefined;
  }
  const profile = entry as unknown as IssuerProfile;
  const given = PROFILE_KEY_SOURCES.filter((f) => (f === 'discovery' ? profile.discovery === true : profile[f] !== undefined));
  if (given.length !== 1) {
    problems.push({
      pointer: '',
      message: given.length === 0
        ? `needs a key source: one of ${PROFILE_KEY_SOURCES.filter((f) => f !== 'discovery').join(', ')} or discovery: true`
        : `gives more than one key source (${given.join(', ')}); give exactly one`,
    });
    return undefined;
  }
  const field = given[0] as ProfileKeySourceField;
  if (profile.secret_encoding !== undefined && field !== 'secret' && field !== 'secret_env') {
    problems.push({ pointer: '/secret_encoding', message: 'applies only with secret or secret_env' });
    return undefined;
  }
  const keySource: KeySource = field === 'secret' || field === 'secret_env' ? 'secret' : field === 'public_key' ? 'public_key' : 'jwks';
  const algProblem = allowedAlgsFit(profile.allowed_algs, keySource);
  if (algProblem !== undefined) {
    problems.push({ pointer: '/allowed_algs', message: algProblem });
    return undefined;
  }
  const policy = claimPolicy(profile);

  switch (field) {
    case 'secret':
    case 'secret_env':
    case 'public_key': {
      let keyPolicy: VerifyPolicy;
      if (field === 'public_key') {
        keyPolicy = { ...policy, public_key: profile.public_key as string };
      } else {
        const secret = field === 'secret' ? profile.secret : options.env[profile.secret_env as string];
        if (secret === undefined || secret === '') {
          problems.push({ pointer: '/secret_env', message: `names the environment variable ${profile.secret_env as string}, which is not set or is empty` });
          return undefined;
        }
        keyPolicy = { ...policy, secret, secret_encoding: profile.secret_encoding ?? 'utf8' };
      }
      // The inline-policy trust source does the key parsing, so profiles and inline policies accept
      // exactly the same keys; its problems point into /policy and are re-pointed at this profile.
      try {
        const inline = inlineTrustSource(keyPolicy, options.keyCache);
        return { policy, keySource, resolveKeys: inline.resolveKeys };
      } catch (err) {
        if (!(err instanceof RequestInvalidError)) throw err;
        for (const p of err.errors) {
          const pointer = p.pointer === '/policy/secret' ? `/${field}` : p.pointer.replace(/^\/policy/, '');
          problems.push({ pointer, message: p.message });
        }
        return undefined;
      }
    }
    case 'jwks': {
      const keys = inlineJwks(profile.jwks, problems);
      if (keys === undefined) return undefined;
      return { policy, keySource, resolveKeys: (header, alg) => resolveStatic(keys, header, alg) };
    }
    case 'jwks_uri': {
      if (!isHttpsUrl(profile.jwks_uri as string)) {
        problems.push({ pointer: '/jwks_uri', message: 'must be an absolute https:// URL without user info' });
        return undefined;
      }
      const cache = new JwksCache({ uri: profile.jwks_uri as string, fetcher: options.fetcher, now: options.now });
      return { policy, keySource, resolveKeys: (header, alg) => cache.resolveKeys(header, alg) };
    }
    case 'discovery': {
      if (!isHttpsUrl(profile.issuer)) {
        problems.push({ pointer: '/issuer', message: 'must be an absolute https:// URL when discovery is true' });
        return undefined;
      }
      const discovered = new DiscoveredJwks({ issuer: profile.issuer, fetcher: options.fetcher, now: options.now });
      return { policy, keySource, resolveKeys: (header, alg) => discovered.resolveKeys(header, alg) };
    }
  }
}

/**
 * A key source that can never verify any allowed alg is a configuration error, caught at start
 * rather than as a KEY_MISMATCH on every token.
 */
function allowedAlgsFit(algs: readonly string[], keySource: KeySource): string | undefined {
  const usable = algs.filter((a) => a !== 'none');
  const hmac = usable.filter((a) => a.startsWith('HS'));
  if (keySource === 'secret' && hmac.length === 0) return 'has no HS256/HS384/HS512 entry, so the secret can verify nothing';
  if (keySource !== 'secret' && hmac.length === usable.length) return `has only HMAC or none entries, which a ${keySource} key source cannot verify`;
  return undefined;
}

function inlineJwks(doc: Record<string, unknown> | undefined, problems: RequestProblem[]): ParsedJwk[] | undefined {
  const parsed = parseJwks(doc);
  if (parsed === undefined) {
    problems.push({ pointer: '/jwks', message: 'must be a JWK Set: an object with a "keys" array' });
    return undefined;
  }
  for (const s of parsed.skipped) problems.push({ pointer: `/jwks/keys/${s.index}`, message: s.reason });
  if (problems.length > 0) return undefined;
  if (parsed.keys.length === 0) {
    problems.push({ pointer: '/jwks/keys', message: 'holds no key' });
    return undefined;
  }
  return parsed.keys;
}

function resolveStatic(keys: readonly ParsedJwk[], header: JoseHeader, alg: JwsAlgorithm): KeyResolution {
  const selection = selectKeys(keys, header, alg);
  if (selection.keys.length > 0) return { keys: selection.keys };
  const evidence: Record<string, unknown> = { alg, keys_in_set: keys.length };
  if (selection.kid !== undefined) evidence.kid = selection.kid.length > 128 ? `${selection.kid.slice(0, 128)}…` : selection.kid;
  const what = selection.kid !== undefined ? `with kid "${String(evidence.kid)}" that fits ${alg}` : `that fits ${alg}`;
  return { keys: [], failure: finding(F.KEY_NOT_FOUND, `No key in the profile's inline JWKS ${what}.`, evidence) };
}
