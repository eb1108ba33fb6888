import { hash, randomBytes } from 'node:crypto';
import { looksLikeJwt, MAX_API_KEY_LENGTH, PRINTABLE_ASCII } from '../config/settings.ts';

export type AuthResult =
  | { ok: true; fingerprint: string }
  | { ok: false; detail: string };

/**
 * A configured key as the comparison reads it: its character codes repeated to MAX_API_KEY_LENGTH,
 * with its own length beside it, so a comparison reads the same positions whatever the key's length.
 */
export interface ComparableKey {
  readonly codes: Uint8Array;
  readonly length: number;
}

export function comparableKey(key: string): ComparableKey {
  if (key.length === 0 || key.length > MAX_API_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) {
    throw new Error(`an API key is 1 to ${MAX_API_KEY_LENGTH} printable ASCII characters`);
  }
  const codes = new Uint8Array(MAX_API_KEY_LENGTH);
  for (let i = 0; i < MAX_API_KEY_LENGTH; i++) codes[i] = key.charCodeAt(i % key.length);
  return { codes, length: key.length };
}

/**
 * Whether the presented key (at most MAX_API_KEY_LENGTH characters, checked by the caller) equals a
 * configured one. Every character the client sent is compared, with no early exit, and a length
 * difference is folded into the same result: the work and the time depend only on the presented key's
 * length, which the client chose, never on the configured key. Plain JavaScript on purpose: hashing the
 * presented key first (to compare digests) goes through OpenSSL, which cost several µs on every request.
 */
export function keysEqual(presented: string, key: ComparableKey): boolean {
  const length = presented.length;
  if (length === 0 || length > MAX_API_KEY_LENGTH) return false;
  const codes = key.codes;
  let difference = length ^ key.length;
  for (let i = 0; i < length; i++) difference |= presented.charCodeAt(i) ^ (codes[i] as number);
  return difference === 0;
}

/** Truncated SHA-256: enough to tell keys apart in the audit log, useless for recovering one. */
export function keyFingerprint(key: string): string {
  return hash('sha256', key, 'hex').slice(0, 12);
}

export function generateApiKey(): string {
  return `ogk_${randomBytes(32).toString('base64url')}`;
}

const BEARER = /^Bearer[ ]+([\x21-\x7e]+)[ ]*$/i;

/**
 * Bearer API keys. The presented key is compared with every configured key (keysEqual), without
 * stopping at a match, so neither a key's length nor which key matched shows in the response time. A
 * presented key longer than any key can be is refused uncompared.
 */
export class ApiKeyAuthenticator {
  readonly #keys: ComparableKey[];
  readonly #fingerprints: string[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('at least one API key is required');
    this.#keys = keys.map(comparableKey);
    this.#fingerprints = keys.map(keyFingerprint);
  }

  check(header: string | undefined): AuthResult {
    if (header === undefined || header === '') return { ok: false, detail: 'Send an API key in the Authorization header: "Authorization: Bearer <key>".' };
    const match = BEARER.exec(header);
    if (match === null) return { ok: false, detail: 'The Authorization header must use the Bearer scheme: "Authorization: Bearer <key>".' };
    const presented = match[1] as string;
    let found = -1;
    for (let i = 0; i < this.#keys.length; i++) {
      if (keysEqual(presented, this.#keys[i] as ComparableKey) && found < 0) found = i;
    }
    if (found >= 0) return { ok: true, fingerprint: this.#fingerprints[found] as string };
    if (looksLikeJwt(presented)) {
      return { ok: false, detail: 'The bearer credential is a JWT, not an API key. Send the token to validate in the request body and an API key in the Authorization header.' };
    }
    return { ok: false, detail: 'The API key is not valid.' };
  }
}
