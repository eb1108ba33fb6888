const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

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
