import { hash, randomBytes } from 'node:crypto';
import { looksLikeJwt } from './settings.ts';

export type AuthResult =
  | { ok: true; fingerprint: string }
  | { ok: false; detail: string };

/**
 * Whether the presented key equals a configured one, in time that depends only on the presented key's
 * length: every character is compared, with no early exit, and a length difference is folded into the
 * same result rather than returned early, so neither the configured key's length nor where the two
 * differ shows. Plain JavaScript on purpose: hashing the presented key first (to compare digests) goes
 * through OpenSSL, which cost several µs on every request.
 */
export function keysEqual(presented: string, key: string): boolean {
  let difference = presented.length ^ key.length;
  const keyLength = key.length;
  for (let i = 0; i < presented.length; i++) difference |= presented.charCodeAt(i) ^ key.charCodeAt(i % keyLength);
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
 * Bearer API keys. The presented key is compared with every configured key in constant time
 * (keysEqual), without stopping at a match, so neither a key's length nor which key matched shows in
 * the response time.
 */
export class ApiKeyAuthenticator {
  readonly #keys: string[];
  readonly #fingerprints: string[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('at least one API key is required');
    if (keys.some((key) => key.length === 0)) throw new Error('an API key is never empty');
    this.#keys = [...keys];
    this.#fingerprints = keys.map(keyFingerprint);
  }

  check(header: string | undefined): AuthResult {
    if (header === undefined || header === '') return { ok: false, detail: 'Send an API key in the Authorization header: "Authorization: Bearer <key>".' };
    const match = BEARER.exec(header);
    if (match === null) return { ok: false, detail: 'The Authorization header must use the Bearer scheme: "Authorization: Bearer <key>".' };
    const presented = match[1] as string;
    let found = -1;
    for (let i = 0; i < this.#keys.length; i++) {
      if (keysEqual(presented, this.#keys[i] as string) && found < 0) found = i;
    }
    if (found >= 0) return { ok: true, fingerprint: this.#fingerprints[found] as string };
    if (looksLikeJwt(presented)) {
      return { ok: false, detail: 'The bearer credential is a JWT, not an API key. Send the token to validate in the request body and an API key in the Authorization header.' };
    }
    return { ok: false, detail: 'The API key is not valid.' };
  }
}
