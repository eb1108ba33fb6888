import { X509Certificate, type KeyObject } from 'node:crypto';
import { certificateNotAfter } from '../net/certificate.ts';

/**
 * Reading a JWK's x5c member (RFC 7517 §4.7): an array of standard-base64 DER certificates, the first
 * holding the key itself. Some clients take the key from the certificate rather than from n/e or x/y,
 * so a certificate that expires, or that carries another key, breaks them while the JWK still works.
 */

/** What the lint rules need from the first certificate; nothing from it ever reaches a finding but these. */
export interface X5cLeaf {
  /** The certificate's notAfter, ISO 8601 UTC. */
  notAfter: string;
  /** Whether its public key is the JWK's; undefined when the JWK's own key could not be read. */
  matchesKey?: boolean;
  /** "RSA 2048", "EC P-256", …: the certificate's key, described without its material. */
  keyDescription: string;
}

export type X5cReading = { ok: true; leaf: X5cLeaf } | { ok: false; problem: string };

/** At most this many certificates are parsed per key: a chain longer than this is no real chain. */
const MAX_CERTIFICATES = 10;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The x5c of one JWK, checked entry by entry (each must be base64 of a DER certificate), and its first
 * certificate compared with `jwkKey`, the key the JWK's own members give.
 */
export function readX5c(value: unknown, jwkKey: KeyObject | undefined): X5cReading {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, problem: '"x5c" is not a non-empty array of certificates' };
  if (value.length > MAX_CERTIFICATES) return { ok: false, problem: `"x5c" holds ${value.length} certificates, more than the ${MAX_CERTIFICATES} a chain needs` };
  let leaf: X509Certificate | undefined;
  for (const [i, entry] of value.entries()) {
    const certificate = parseCertificate(entry);
    if (typeof certificate === 'string') return { ok: false, problem: `"x5c[${i}]" ${certificate}` };
    leaf ??= certificate;
  }
  const first = leaf as X509Certificate;
  const reading: X5cLeaf = { notAfter: (certificateNotAfter(first) as Date).toISOString(), keyDescription: describePublicKey(first.publicKey) };
  if (jwkKey !== undefined) reading.matchesKey = sameKey(first.publicKey, jwkKey);
  return { ok: true, leaf: reading };
}

/** The certificate, or why the entry is none (a phrase naming no content of the entry). */
function parseCertificate(entry: unknown): X509Certificate | string {
  if (typeof entry !== 'string') return 'is not a string';
  if (!BASE64.test(entry)) return 'is not base64 (x5c entries are standard base64, not base64url)';
  const der = Buffer.from(entry, 'base64');
  // A DER certificate is a SEQUENCE; without this check X509Certificate would also try to read PEM text.
  if (der[0] !== 0x30) return 'is not a DER X.509 certificate';
  try {
    const certificate = new X509Certificate(der);
    return certificateNotAfter(certificate) === undefined ? 'has no readable expiry date' : certificate;
  } catch {
    return 'is not a DER X.509 certificate';
  }
}

/** Same key type, parameters and value (Node compares the keys, not their encodings). */
function sameKey(a: KeyObject, b: KeyObject): boolean {
  try {
    return a.equals(b);
  } catch {
    return false;
  }
}

function describePublicKey(key: KeyObject): string {
  const details = key.asymmetricKeyDetails ?? {};
  const type = key.asymmetricKeyType ?? 'unknown';
  if (type === 'rsa' || type === 'rsa-pss') return details.modulusLength !== undefined ? `RSA ${details.modulusLength}` : 'RSA';
  if (type === 'ec') return details.namedCurve !== undefined ? `EC ${namedCurveName(details.namedCurve)}` : 'EC';
  return type === 'ed25519' || type === 'ed448' || type === 'x25519' || type === 'x448' ? `OKP ${type[0]?.toUpperCase() ?? ''}${type.slice(1)}` : type;
}

/** OpenSSL's curve names as JWK names them. */
function namedCurveName(name: string): string {
  switch (name) {
    case 'prime256v1': return 'P-256';
    case 'secp384r1': return 'P-384';
    case 'secp521r1': return 'P-521';
    default: return name;
  }
}
