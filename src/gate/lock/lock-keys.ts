/**
 * The keys a provider or profile serves now, as the lock records them: `kid` and RFC 7638 thumbprint.
 * Fetched through the run engine's guarded fetcher (and its discovery operation), so the lock obeys
 * the same outbound rules as every other fetch: public addresses only unless OUTBOUND_ALLOW says
 * otherwise, size and time limits, no https→http redirects.
 */
import { calculateJwkThumbprint, type JWK } from 'jose';
import { redactUri, type DiscoverResponse, type Engine } from '../../engine/index.ts';
import { compareKeys, type LockedKey } from './lock-file.ts';
import type { LockSource } from './lock-sources.ts';

export type ServedKeys =
  | { ok: true; jwksUri: string; keys: LockedKey[] }
  /** `offline`: the network is off; otherwise why the keys could not be had, in a user's words. */
  | { ok: false; offline: boolean; why: string };

/** Only public-key types: a thumbprint of an `oct` key would be a hash of a shared secret. */
const PUBLIC_KEY_TYPES = new Set(['RSA', 'EC', 'OKP', 'AKP']);

export async function servedKeys(source: LockSource, engine: Engine): Promise<ServedKeys> {
  const { fetcher } = engine.services;
  if (!fetcher.online) return { ok: false, offline: true, why: 'offline mode: nothing is fetched' };
  let jwksUri: string;
  if ('jwksUri' in source.fetch) {
    jwksUri = source.fetch.jwksUri;
  } else {
    const outcome = await engine.run('discover', { issuer: source.fetch.issuer });
    const found = (outcome.response as DiscoverResponse | undefined)?.jwks_uri;
    if (typeof found !== 'string' || found === '') {
      return { ok: false, offline: false, why: `the discovery document of ${redactUri(source.fetch.issuer)} could not be read or names no jwks_uri` };
    }
    jwksUri = found;
  }
  const fetched = await fetcher.getJson(jwksUri, source.allowHttp ? { allowHttp: true } : {});
  if (!fetched.ok) return { ok: false, offline: false, why: `${redactUri(jwksUri)} could not be fetched (${fetched.reason})` };
  const set = fetched.json as { keys?: unknown } | null;
  if (typeof set !== 'object' || set === null || !Array.isArray(set.keys)) {
    return { ok: false, offline: false, why: `${redactUri(jwksUri)} is not a JWK Set (no keys list)` };
  }
  const keys: LockedKey[] = [];
  for (const jwk of set.keys as unknown[]) {
    const locked = await lockedKey(jwk);
    if (locked !== undefined) keys.push(locked);
  }
  return { ok: true, jwksUri: redactUri(jwksUri), keys: keys.sort(compareKeys) };
}

/**
 * A served key as the lock keeps it, or undefined for one that has no thumbprint (a malformed key,
 * which lint reports as JWKS_INVALID) or must not get one (a symmetric key).
 */
async function lockedKey(jwk: unknown): Promise<LockedKey | undefined> {
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return undefined;
  const { kty, kid } = jwk as { kty?: unknown; kid?: unknown };
  if (typeof kty !== 'string' || !PUBLIC_KEY_TYPES.has(kty)) return undefined;
  try {
    // Only the required public members enter the thumbprint (RFC 7638 §3.2), private ones never.
    const thumbprint = await calculateJwkThumbprint(jwk as JWK, 'sha256');
    return { kid: typeof kid === 'string' ? kid : null, thumbprint };
  } catch {
    return undefined;
  }
}
