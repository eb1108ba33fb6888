import type { KeyObject } from 'node:crypto';
import type { Finding, JwksCacheState, JwsAlgorithm, KeySource, VerifyPolicy } from '../types.ts';

/** A key the signature may be checked with. */
export type VerificationKey =
  | { type: 'secret'; key: KeyObject; kid?: string }
  | { type: 'public'; key: KeyObject; kid?: string; issuer?: string };

/** What a trust source answers when asked for keys for one token. */
export interface KeyResolution {
  /** Candidate keys, already filtered to those whose type fits the alg (JWKS) or the one configured key (inline). */
  keys: VerificationKey[];
  /** JWKS only: how the cache served this lookup. */
  cache?: JwksCacheState;
  /** Non-fatal findings (JWKS_STALE, WEAK_SECRET). */
  warnings?: Finding[];
  /** A fatal finding (KEY_NOT_FOUND, JWKS_UNAVAILABLE): the signature fails with it. */
  failure?: Finding;
}

export interface JoseHeader {
  alg: string;
  kid?: unknown;
  typ?: unknown;
  crit?: unknown;
  b64?: unknown;
  [name: string]: unknown;
}

/**
 * A trust source: the claim policy plus a way to find keys. An inline policy and a registered
 * issuer profile are both trust sources; the validator does not know which it has.
 */
export interface TrustSource {
  /** Claim checks and the alg allowlist; the key fields of VerifyPolicy are not read through this. */
  policy: VerifyPolicy;
  keySource: KeySource;
  /** Called only after the alg passed the allowlist. Must never fetch anything named by the token header. */
  resolveKeys(header: JoseHeader, alg: JwsAlgorithm): Promise<KeyResolution>;
}

/** Registered issuer profiles, looked up by id. */
export interface ProfileRegistry {
  get(id: string): TrustSource | undefined;
}
