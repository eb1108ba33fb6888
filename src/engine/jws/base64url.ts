const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/**
 * The three segments of a compact JWS, each of the base64url alphabet only (no padding, no whitespace),
 * checked in one native pass; the per-segment length and trailing-bit rules are hasCanonicalEnd.
 */
export const COMPACT_JWS_ALPHABET = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

/**
 * For a segment already known to be of the base64url alphabet: a length that decodes to whole bytes,
 * and zero unused low bits in the last character, so each byte string has exactly one encoding.
 */
export function hasCanonicalEnd(s: string, start: number, end: number): boolean {
  const n = end - start;
  if (n % 4 === 1) return false;
  if (n === 0 || n % 4 === 0) return true;
  const last = VALUE[s.charCodeAt(end - 1)] as number;
  return n % 4 === 2 ? (last & 0x0f) === 0 : (last & 0x03) === 0;
}

/**
 * Strict base64url (RFC 7515 §2): the URL-safe alphabet only, no padding, no whitespace, and the unused
 * low bits of the last character zero, so each byte string has exactly one encoding.
 */
export function isStrictBase64url(s: string): boolean {
  const n = s.length;
  if (n % 4 === 1) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || VALUE[c] === -1) return false;
  }
  if (n === 0) return true;
  const last = VALUE[s.charCodeAt(n - 1)] as number;
  if (n % 4 === 2) return (last & 0x0f) === 0;
  if (n % 4 === 3) return (last & 0x03) === 0;
  return true;
}

export function decodeStrictBase64url(s: string): Buffer | undefined {
  return isStrictBase64url(s) ? Buffer.from(s, 'base64url') : undefined;
}
