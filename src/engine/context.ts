import { KeyObjectCache } from './jws/keys.ts';
import type { Fetcher } from './net/types.ts';
import type { ProfileRegistry } from './validate/trust.ts';

/**
 * Everything the engine needs from the outside world, passed in: no hidden global state.
 * Faces build one context at start and reuse it for every request.
 */
export interface EngineContext {
  /** Milliseconds since the epoch. Tests and `at:` samples pass a fixed clock. */
  now: () => number;
  /** Parsed keys, keyed by a hash of the key material, so a PEM sent with every request is parsed once. */
  keyCache: KeyObjectCache;
  /** Registered issuer profiles (ISSUER_PROFILES_JSON / _FILE). */
  profiles?: ProfileRegistry;
  /** The guarded outbound fetcher (JWKS, discovery). Required unless offline. */
  fetcher?: Fetcher;
  /** Offline mode: network checks are not run and report CHECK_SKIPPED. */
  offline?: boolean;
}

export function createEngineContext(overrides: Partial<EngineContext> = {}): EngineContext {
  return {
    ...overrides,
    now: overrides.now ?? Date.now,
    keyCache: overrides.keyCache ?? new KeyObjectCache(),
  };
}
