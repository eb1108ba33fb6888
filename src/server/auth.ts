import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { looksLikeJwt } from './settings.ts';

export type AuthResult =
  | { ok: true; fingerprint: string }
  | { ok: false; detail: string };

function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** Truncated SHA-256: enough to tell keys apart in the audit log, useless for recovering one. */
export function keyFingerprint(key: string): string {
  return digest(key).toString('hex').slice(0, 12);
}

export function generateApiKey(): string {
  return `ogk_${randomBytes(32).toString('base64url')}`;
}

const BEARER = /^Bearer[ ]+([\x21-\x7e]+)[ ]*$/i;

/**
 * Bearer API keys. Only SHA-256 digests are kept, and every digest is compared with
 * timingSafeEqual without stopping at a match, so neither the key length nor which key matched
 * shows in the response time.
 */
export class ApiKeyAuthenticator {
  readonly #digests: Buffer[];
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
      if (timingSafeEqual(d, this.#digests[i] as Buffer) && found < 0) found = i;
    }
    if (found >= 0) return { ok: true, fingerprint: this.#fingerprints[found] as string };
    if (looksLikeJwt(presented)) {
      return { ok: false, detail: 'The bearer credential is a JWT, not an API key. Send the token to validate in the request body and an API key in the Authorization header.' };
    }
    return { ok: false, detail: 'The API key is not valid.' };
  }
}
