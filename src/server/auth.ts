import { hash, randomBytes } from 'node:crypto';
import { looksLikeJwt } from './settings.ts';

export type AuthResult =
  | { ok: true; fingerprint: string }
  | { ok: false; detail: string };

/**
 * SHA-256 as a 32-character "binary" (Latin-1) string, one character per byte. A string, not a Buffer: Node
 * makes a Buffer result in native code at a cost of several µs per call, which every request paid.
 */
function digest(value: string): string {
  return hash('sha256', value, 'binary');
}

/**
 * Whether two digests are equal, in time that does not depend on where they differ: every character
 * pair is compared, with no early exit. Both are always 32 characters long, so length shows nothing.
 */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
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
 * Bearer API keys. Only SHA-256 digests are kept, and the presented key's digest is compared with
 * every one of them in constant time, without stopping at a match, so neither the key length nor
 * which key matched shows in the response time.
 */
export class ApiKeyAuthenticator {
  readonly #digests: string[];
  readonly #fingerprints: string[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('at least one API key is required');
    this.#digests = keys.map(digest);
    this.#fingerprints = keys.map(keyFingerprint);
  }

  check(header: string | undefined): AuthResult {
    if (header === undefined || header === '') return { ok: false, detail: 'Send an API key in the Authorization header: "Authorization: Bearer <key>".' };
    const match = BEARER.exec(header);
    if (match === null) return { ok: false, detail: 'The Authorization header must use the Bearer scheme: "Authorization: Bearer <key>".' };
    const presented = match[1] as string;
    const d = digest(presented);
    let found = -1;
    for (let i = 0; i < this.#digests.length; i++) {
      if (digestsEqual(d, this.#digests[i] as string) && found < 0) found = i;
    }
    if (found >= 0) return { ok: true, fingerprint: this.#fingerprints[found] as string };
    if (looksLikeJwt(presented)) {
      return { ok: false, detail: 'The bearer credential is a JWT, not an API key. Send the token to validate in the request body and an API key in the Authorization header.' };
    }
    return { ok: false, detail: 'The API key is not valid.' };
  }
}
