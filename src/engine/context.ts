import { KeyObjectCache } from './jws/keys.ts';
import type { VerifyCache } from './jws/verify-cache.ts';
import { createOfflineFetcher, type Fetcher } from './net/types.ts';
import type { ProfileRegistry } from './validate/trust-source.ts';

/**
 * Everything an operation needs from the outside world, passed in: no hidden global state. Faces do
 * not build it by hand: `createEngine` does, once, for every face.
 */
export interface EngineContext {
  /** Milliseconds since the epoch. Tests and `at:` samples pass a fixed clock. */
  readonly now: () => number;
  /** Parsed keys, keyed by a hash of the key material, so a PEM sent with every request is parsed once. */
  readonly keyCache: KeyObjectCache;
  /** Outbound fetches (JWKS, discovery). With the network off this is the offline fetcher. */
  readonly fetcher: Fetcher;
  /** Registered issuer profiles, when the face has any. */
  readonly profiles?: ProfileRegistry;
  /** Signature checks that passed, so a token seen again skips the public-key operation. None: every check runs. */
  readonly verifyCache?: VerifyCache;
}

/**
 * A context with defaults for what is not given: the system clock, a fresh key cache, and the
 * offline fetcher, so a context built without a network can never reach one.
 */
export function createEngineContext(parts: Partial<EngineContext> = {}): EngineContext {
  return {
    ...parts,
    now: parts.now ?? Date.now,
    keyCache: parts.keyCache ?? new KeyObjectCache(),
    fetcher: parts.fetcher ?? createOfflineFetcher(),
  };
}
