import { Ajv2020 } from 'ajv/dist/2020.js';
import { RequestInvalidError, type RequestProblem } from '../errors.ts';
import { finding } from '../findings.ts';
import { VALIDATION_FINDINGS as F } from '../validate/findings.ts';
import { JwksCache } from '../jwks/cache.ts';
import { parseJwks, selectKeys, type ParsedJwk } from '../jwks/jwk.ts';
import type { KeyObjectCache } from '../jws/keys.ts';
import type { Fetcher } from '../net/types.ts';
import { toProblems } from '../schema/ajv.ts';
import { MAX_TOKEN_LENGTH } from '../schema/limits.ts';
import type { JwsAlgorithm, KeySource, VerifyPolicy } from '../types.ts';
import { isHttpsUri } from '../uri.ts';
import { patternBudgetProblem } from '../validate/claim-patterns.ts';
import { inlineTrustSource, tenantsWithoutTemplate } from '../validate/inline.ts';
import type { JoseHeader, KeyResolution, TrustSource } from '../validate/trust-source.ts';
import { DiscoveredJwks } from './discovery.ts';
import { issuerProfileSchema, PROFILE_KEY_SOURCES, type IssuerProfile, type ProfileKeySourceField } from './schema.ts';

/** What compiling a profile needs from the engine and its environment. */
export interface ProfileCompileOptions {
  /** Source of secret_env values. */
  env: Record<string, string | undefined>;
  /** The engine's fetcher for jwks_uri and discovery profiles (the offline fetcher fetches nothing). */
  fetcher: Fetcher;
  now: () => number;
  keyCache: KeyObjectCache;
}

// A dedicated instance: the shared one in schema/ajv.ts throws RequestInvalidError, and profile
// problems need the profile named, which only the registry knows.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const checkProfileShape = ajv.compile(issuerProfileSchema);

/**
 * One profile entry -> the trust source that validates its tokens, or undefined with the problems
 * (pointers relative to the entry) added to `problems`. Keys are parsed here, so a bad key stops the
 * start; JWKS and discovery documents are fetched lazily, at first use.
 */
export function compileProfile(entry: unknown, options: ProfileCompileOptions, problems: RequestProblem[]): TrustSource | undefined {
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
  const tenantsProblem = tenantsWithoutTemplate(profile);
  if (tenantsProblem !== undefined) {
    problems.push({ pointer: '/tenants', message: tenantsProblem });
    return undefined;
  }
  // A profile serves every token, so its patterns must be affordable for the longest one accepted.
  if (profile.required_claim_patterns !== undefined) {
    const tooCostly = patternBudgetProblem(profile.required_claim_patterns, MAX_TOKEN_LENGTH);
    if (tooCostly !== undefined) {
      problems.push({ pointer: '/required_claim_patterns', message: tooCostly });
      return undefined;
    }
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
      return { policy, keySource, resolveKeys: async (header, alg) => resolveStatic(keys, header, alg) };
    }
    case 'jwks_uri': {
      if (!isHttpsUri(profile.jwks_uri as string, { userInfo: false })) {
        problems.push({ pointer: '/jwks_uri', message: 'must be an absolute https:// URL without user info' });
        return undefined;
      }
      const cache = new JwksCache({ uri: profile.jwks_uri as string, fetcher: options.fetcher, now: options.now });
      return { policy, keySource, resolveKeys: (header, alg) => cache.resolveKeys(header, alg) };
    }
    case 'discovery': {
      if (!isHttpsUri(profile.issuer, { userInfo: false })) {
        problems.push({ pointer: '/issuer', message: 'must be an absolute https:// URL when discovery is true' });
        return undefined;
      }
      const discovered = new DiscoveredJwks({ issuer: profile.issuer, fetcher: options.fetcher, now: options.now });
      return { policy, keySource, resolveKeys: (header, alg) => discovered.resolveKeys(header, alg) };
    }
  }
}

function claimPolicy(profile: IssuerProfile): VerifyPolicy {
  const policy: VerifyPolicy = { issuer: profile.issuer, audiences: profile.audiences, allowed_algs: profile.allowed_algs };
  if (profile.required_claims !== undefined) policy.required_claims = profile.required_claims;
  if (profile.required_scopes !== undefined) policy.required_scopes = profile.required_scopes;
  if (profile.required_custom_claims !== undefined) policy.required_custom_claims = profile.required_custom_claims;
  if (profile.required_claim_patterns !== undefined) policy.required_claim_patterns = profile.required_claim_patterns;
  if (profile.max_ttl_seconds !== undefined) policy.max_ttl_seconds = profile.max_ttl_seconds;
  if (profile.clock_skew_seconds !== undefined) policy.clock_skew_seconds = profile.clock_skew_seconds;
  if (profile.token_type !== undefined) policy.token_type = profile.token_type;
  if (profile.tenants !== undefined) policy.tenants = profile.tenants;
  return policy;
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
