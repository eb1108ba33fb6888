/**
 * Strict URI reading for lint, discovery and issuer profiles. WHATWG `new URL` is deliberately
 * forgiving (it trims spaces, accepts `https:host`, percent-encodes `{`), but an issuer is later
 * compared byte for byte with a token's `iss`, so a URI is judged as written, against RFC 3986.
 */

export type UriParse =
  | { ok: true; url: URL; scheme: string; illegalChars: string[] }
  | { ok: false; reason: string };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// RFC 3986 unreserved + reserved characters; '%' is checked separately for a following hex pair.
const URI_CHAR = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/;
const PCT = /^%[0-9A-Fa-f]{2}/;

export function parseAbsoluteUri(raw: string): UriParse {
  if (raw.length === 0) return { ok: false, reason: 'is empty' };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return { ok: false, reason: 'contains whitespace or control characters' };
  const m = SCHEME.exec(raw);
  if (m === null) return { ok: false, reason: 'is not an absolute URI (it has no scheme)' };
  const scheme = (m[1] ?? '').toLowerCase();
  if ((scheme === 'http' || scheme === 'https') && !raw.slice(m[0].length).startsWith('//')) {
    return { ok: false, reason: `must start with ${scheme}://` };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'is not a parseable URI' };
  }
  if ((scheme === 'http' || scheme === 'https') && url.hostname === '') return { ok: false, reason: 'has no host' };
  return { ok: true, url, scheme, illegalChars: illegalUriChars(raw) };
}

/** Characters RFC 3986 does not allow anywhere in a URI, each listed once, in order of appearance. */
function illegalUriChars(raw: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '%') {
      if (PCT.test(raw.slice(i))) continue;
    } else if (URI_CHAR.test(c)) {
      continue;
    }
    if (!found.includes(c)) found.push(c);
  }
  return found;
}

/**
 * Whether raw is an absolute https:// URI as written: the one https test of the engine, so a URI that
 * lint reports as INSECURE_URI is also one an issuer profile refuses. `userInfo: false` refuses user
 * info too (an issuer profile's jwks_uri and issuer: a URL with a password is a secret in the
 * configuration, and the fetcher refuses it anyway). Lint leaves user info to ISSUER_INVALID and
 * REDIRECT_URI_INVALID, so that one mistake is one finding.
 */
export function isHttpsUri(raw: string, options: { userInfo?: boolean } = {}): boolean {
  const p = parseAbsoluteUri(raw);
  if (!p.ok || p.scheme !== 'https') return false;
  return options.userInfo !== false || (p.url.username === '' && p.url.password === '');
}

/** RFC 6901 pointer from path segments. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A hint for two strings that differ only by a trailing slash or letter case (exact comparisons). */
export function nearMiss(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const strip = (s: string) => s.replace(/\/+$/, '');
  if (strip(expected) === strip(actual)) return 'they differ only by a trailing slash, and the comparison is exact';
  if (expected.toLowerCase() === actual.toLowerCase()) return 'they differ only in letter case, and the comparison is exact';
  return undefined;
}

/**
 * The URI for evidence: user info (which may hold a password) is replaced by "***". It runs to the
 * last @ of the authority, as the URL parser reads it, so a password holding an @ goes too.
 */
export function redactUri(raw: string): string {
  return raw.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1***@');
}
