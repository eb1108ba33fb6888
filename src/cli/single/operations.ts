/**
 * What a single-request subcommand (one per engine operation, named as the operation) accepts beyond
 * its request body follows from its request schema, so a new operation needs nothing here.
 */
import type { Operation } from '../../engine/index.ts';

function requestMembers(operation: Operation): string[] {
  const properties = (operation.request.schema as { properties?: object }).properties;
  return properties !== undefined ? Object.keys(properties) : [];
}

/** A request that carries a token: the token may be given raw, and `--at` sets the instant its time claims are judged at. */
export function takesToken(operation: Operation): boolean {
  return requestMembers(operation).includes('token');
}

/** A request that can name an issuer profile reads ISSUER_PROFILES_JSON / _FILE, as the service does, and `--config`. */
export function readsProfiles(operation: Operation): boolean {
  return requestMembers(operation).includes('issuer_profile_id');
}

/** A raw token is judged by an issuer profile, so it needs both. */
export function takesRawToken(operation: Operation): boolean {
  return takesToken(operation) && readsProfiles(operation);
}
