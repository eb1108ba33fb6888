import { finding } from '../findings.ts';
import { VALIDATION_FINDINGS as F } from '../validate/findings.ts';
import type { Fetcher, FetchFailureReason } from '../net/types.ts';
import type { Finding, JwksCacheState, JwsAlgorithm } from '../types.ts';
import type { JoseHeader, KeyResolution } from '../validate/trust-source.ts';
import type { KeyWeakness } from '../jws/key-strength.ts';
import { parseJwks, selectKeys, type ParsedJwk, type RefusedJwk } from './jwk.ts';

/**
 * How long a fetched JWKS is fresh: the provider's Cache-Control max-age, clamped so that a provider
 * saying no-store is not fetched on every token and one saying a year still gets key rotations within
 * a day; 10 minutes when it says nothing.
 */
export const MIN_TTL_MS = 60_000;
export const MAX_TTL_MS = 24 * 3600_000;
export const DEFAULT_TTL_MS = 10 * 60_000;
/** An unknown kid refetches at most once per this long (measured from the last fetch of any kind). */
export const UNKNOWN_KID_COOLDOWN_MS = 30_000;
/**
 * A failed refresh serves the last good set for at most this long after it expired, so a provider outage
 * does not stop every validation, yet a key the provider withdrew is not trusted forever.
 */
const MAX_STALE_MS = 24 * 3600_000;
/**
 * After a failed fetch, how long before the next attempt. Without it every validation during an
 * outage would wait for a fetch to fail. Shorter when nothing is cached, since then nothing verifies.
 */
export const RETRY_AFTER_FAILURE_MS = 30_000;
export const RETRY_AFTER_COLD_FAILURE_MS = 5_000;

const REFUSED_KEY_REMEDIATION = 'Ask the issuer to sign with a key inside the bounds: RSA of 2048 to 8192 bits with public exponent 65537, EC P-256, P-384 or P-521, or Ed25519/Ed448.';

/** Why a fetch failed: the fetcher's reasons plus a document that is not a JWK Set. */
export type JwksFailureReason = FetchFailureReason | 'invalid_jwks';

export interface JwksFailure {
  reason: JwksFailureReason;
  detail: string;
  status?: number;
}

/** Cache-Control max-age in ms, clamped to 1 min…24 h; no-store / no-cache mean the minimum. */
export function cacheLifetimeMs(cacheControl: string | undefined): number {
  if (cacheControl === undefined) return DEFAULT_TTL_MS;
  const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim());
  if (directives.some((d) => d === 'no-store' || d === 'no-cache')) return MIN_TTL_MS;
  for (const d of directives) {
    const m = /^max-age\s*=\s*"?(\d+)"?$/.exec(d);
    if (m !== null) return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(m[1]) * 1000));
  }
  return DEFAULT_TTL_MS;
}

interface CachedSet {
  keys: ParsedJwk[];
  /** Keys outside the key-strength bounds: never used, remembered so a token naming one learns why. */
  refused: RefusedJwk[];
  fetchedAt: number;
  expiresAt: number;
}

type Refresh = { ok: true } | { ok: false; failure: JwksFailure };

export interface JwksCacheOptions {
  uri: string;
  /** The offline fetcher fetches nothing: every lookup is then JWKS_UNAVAILABLE. */
  fetcher: Fetcher;
  /** Milliseconds since the epoch; the engine context's clock, so tests can move time. */
  now: () => number;
}

/**
 * The keys of one jwks_uri. A cached lookup is synchronous work on already-imported keys: no fetch,
 * no key parsing. Concurrent callers that need a fetch all wait on the same one.
 */
export class JwksCache {
  readonly uri: string;
  readonly #fetcher: Fetcher;
  readonly #now: () => number;
  #set: CachedSet | undefined;
  #inflight: Promise<Refresh> | undefined;
  #lastAttemptAt = Number.NEGATIVE_INFINITY;
  #retryAt = Number.NEGATIVE_INFINITY;
  #lastFailure: JwksFailure | undefined;

  constructor(options: JwksCacheOptions) {
    this.uri = options.uri;
    this.#fetcher = options.fetcher;
    this.#now = options.now;
  }

  async resolveKeys(header: JoseHeader, alg: JwsAlgorithm): Promise<KeyResolution> {
    const t = this.#now();
    const warnings: Finding[] = [];
    let cache: JwksCacheState;
    let set = this.#set;

    if (set !== undefined && t - set.expiresAt > MAX_STALE_MS) {
      // Stale for more than 24 h: forget it, so a set is never served stale for longer than that.
      this.#set = undefined;
      set = undefined;
    }
    if (set === undefined) {
      cache = 'miss';
      const refresh = await this.#refreshUnlessBackingOff(t);
      if (!refresh.ok) return { keys: [], cache, failure: this.#unavailable(refresh.failure) };
      set = this.#set as CachedSet;
    } else if (t >= set.expiresAt) {
      const refresh = await this.#refreshUnlessBackingOff(t);
      if (refresh.ok) {
        cache = 'refreshed';
        set = this.#set as CachedSet;
      } else {
        cache = 'stale';
        warnings.push(this.#stale(set, refresh.failure, t));
      }
    } else {
      cache = 'hit';
    }

    let selection = selectKeys(set.keys, header, alg, set.refused);
    if (selection.keys.length === 0 && selection.unknownKid && cache !== 'stale') {
      // A rotation shows up as a kid we have not seen. Join a fetch already under way; otherwise
      // refetch only when the cool-down has passed, so a forged kid cannot drive fetches.
      const joinable = this.#inflight;
      const mayFetch = joinable !== undefined || this.#now() - this.#lastAttemptAt >= UNKNOWN_KID_COOLDOWN_MS;
      if (mayFetch) {
        const refresh = await (joinable ?? this.#refresh());
        if (refresh.ok && this.#set !== undefined) {
          cache = cache === 'miss' ? 'miss' : 'refreshed';
          set = this.#set;
          selection = selectKeys(set.keys, header, alg, set.refused);
        }
      }
    }

    const resolution: KeyResolution = { keys: selection.keys, cache };
    if (warnings.length > 0) resolution.warnings = warnings;
    if (selection.keys.length === 0) {
      resolution.failure = selection.refused !== undefined && selection.kid !== undefined
        ? this.#refused(selection.kid, selection.refused, alg)
        : this.#notFound(selection.kid, header.kid, alg, set.keys.length);
    }
    return resolution;
  }

  #refreshUnlessBackingOff(t: number): Promise<Refresh> {
    if (this.#inflight !== undefined) return this.#inflight;
    if (t < this.#retryAt && this.#lastFailure !== undefined) return Promise.resolve({ ok: false, failure: this.#lastFailure });
    return this.#refresh();
  }

  #refresh(): Promise<Refresh> {
    if (this.#inflight !== undefined) return this.#inflight;
    const run = this.#fetch().finally(() => {
      this.#inflight = undefined;
    });
    this.#inflight = run;
    return run;
  }

  async #fetch(): Promise<Refresh> {
    const started = this.#now();
    this.#lastAttemptAt = started;
    const fail = (failure: JwksFailure): Refresh => {
      this.#lastFailure = failure;
      this.#retryAt = this.#now() + (this.#set === undefined ? RETRY_AFTER_COLD_FAILURE_MS : RETRY_AFTER_FAILURE_MS);
      return { ok: false, failure };
    };
    if (!this.#fetcher.online) return fail({ reason: 'offline', detail: 'offline mode: the JWKS is not fetched' });
    const result = await this.#fetcher.getJson(this.uri);
    if (!result.ok) {
      const failure: JwksFailure = { reason: result.reason, detail: result.detail };
      if (result.status !== undefined) failure.status = result.status;
      return fail(failure);
    }
    const parsed = parseJwks(result.json);
    if (parsed === undefined) return fail({ reason: 'invalid_jwks', detail: 'the document is not a JWK Set (no "keys" array)' });
    const fetchedAt = this.#now();
    this.#set = { keys: parsed.keys, refused: parsed.refused, fetchedAt, expiresAt: fetchedAt + cacheLifetimeMs(result.headers['cache-control']) };
    this.#lastFailure = undefined;
    this.#retryAt = Number.NEGATIVE_INFINITY;
    return { ok: true };
  }

  #unavailable(failure: JwksFailure): Finding {
    const evidence: Record<string, unknown> = { jwks_uri: this.uri, reason: failure.reason, detail: failure.detail };
    if (failure.status !== undefined) evidence.status = failure.status;
    return finding(F.JWKS_UNAVAILABLE, `The JWKS at ${this.uri} could not be fetched (${failure.reason}) and no keys are cached.`, evidence);
  }

  #stale(set: CachedSet, failure: JwksFailure, t: number): Finding {
    const age = Math.round((t - set.fetchedAt) / 1000);
    return finding(F.JWKS_STALE, `The JWKS at ${this.uri} could not be refreshed (${failure.reason}); keys fetched ${age} s ago were used.`, {
      jwks_uri: this.uri, reason: failure.reason, age_seconds: age,
    });
  }

  /** The token names a key that the set holds but that is outside the key-strength bounds. */
  #refused(kid: string, weakness: KeyWeakness, alg: JwsAlgorithm): Finding {
    const shown = kid.length > 128 ? `${kid.slice(0, 128)}…` : kid;
    return finding(F.KEY_MISMATCH, `The key with kid "${shown}" in the JWKS at ${this.uri} is never used: it ${weakness.message}.`, {
      jwks_uri: this.uri, alg, kid: shown, reason: weakness.reason,
    }, REFUSED_KEY_REMEDIATION);
  }

  #notFound(kid: string | undefined, rawKid: unknown, alg: JwsAlgorithm, size: number): Finding {
    const evidence: Record<string, unknown> = { jwks_uri: this.uri, alg, keys_in_set: size };
    if (kid !== undefined) evidence.kid = kid.length > 128 ? `${kid.slice(0, 128)}…` : kid;
    const what = kid !== undefined ? `with kid "${String(evidence.kid)}" that fits ${alg}` : rawKid !== undefined ? 'for a kid that is not a string' : `that fits ${alg}`;
    return finding(F.KEY_NOT_FOUND, `No key in the JWKS at ${this.uri} ${what}.`, evidence);
  }
}
