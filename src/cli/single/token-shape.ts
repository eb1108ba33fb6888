/** Telling a token from a file name or a command, so that no message ever repeats one. */

/**
 * A compact JWS: its header is a JSON object, so its base64url starts with "ey" (or "ew" after a line
 * break), and two more parts follow. Padding and + / are let through, so a token spoiled in copying is
 * still taken for a token (and refused as one), never echoed back as a file that does not exist.
 */
const TOKEN_SHAPE = /^e[wy][A-Za-z0-9_+=-]{2,}(?:\.[A-Za-z0-9_+/=-]*){2,}$/;

export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value.trim());
}

/**
 * Text holding what may be (part of) a token: the base64url of `{"`, `{ "` or `{` and a line break,
 * which is how every JWS header starts, and more of it.
 */
const TOKEN_INSIDE = /e(?:y[IJA]|w[ok0])[A-Za-z0-9_-]{8,}/;

/** Text no message may repeat: it may hold a token, however spoiled or wrapped. */
export function mayHoldToken(value: string): boolean {
  return TOKEN_INSIDE.test(value) || looksLikeToken(value);
}
