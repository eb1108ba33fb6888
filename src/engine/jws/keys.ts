import { createPublicKey, createSecretKey, hash, type KeyObject } from 'node:crypto';
import { decodeStrictBase64url } from './base64url.ts';
import { describeWeakness, keyWeakness, pointNotOnCurve, type KeyWeaknessReason } from './key-strength.ts';
import type { JwsAlgorithm } from '../types.ts';

/** A parsed public key, or why not; `weakness` is set when the key parsed but is outside the key-strength bounds. */
export type PublicKeyParse = { ok: true; key: KeyObject } | { ok: false; reason: string; weakness?: KeyWeaknessReason };

/** Text that is one public key or certificate PEM block and nothing else: public material only. */
const PUBLIC_PEM_ONLY = /^\s*-----BEGIN (PUBLIC KEY|CERTIFICATE)-----[A-Za-z0-9+/=\s]+-----END \1-----\s*$/;

/**
 * Bounded LRU of parsed keys. Keyed by a SHA-256 of the key material, so the map holds no PEM or
 * secret as a key and a PEM sent with every request is parsed once. A PEM that parsed as a public key
 * and holds nothing but its one block is also found by its text, which is public and costs less to
 * look up than a digest costs to compute.
 */
export class KeyObjectCache {
  readonly maxEntries: number;
  readonly #entries = new Map<string, PublicKeyParse | KeyObject>();
  readonly #publicByText = new Map<string, PublicKeyParse>();
  /** The PEM found by its text last, already the most recently used: sent again, it needs no lookup. */
  #lastText: string | undefined;
  #lastParse: PublicKeyParse | undefined;

  constructor(maxEntries = 512) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  publicKey(pem: string): PublicKeyParse {
    if (pem === this.#lastText) return this.#lastParse as PublicKeyParse;
    const known = this.#publicByText.get(pem);
    if (known !== undefined) {
      // Re-insert, so this map too drops its least recently used key first.
      this.#publicByText.delete(pem);
      this.#publicByText.set(pem, known);
      this.#lastText = pem;
      this.#lastParse = known;
      return known;
    }
    const id = hash('sha256', `pem\u0000${pem}`, 'base64');
    const hit = this.#entries.get(id) as PublicKeyParse | undefined;
    const parse = hit !== undefined ? this.#touch(id, hit) : this.#store(id, parsePublicKeyPem(pem));
    if (parse.ok && PUBLIC_PEM_ONLY.test(pem)) {
      this.#publicByText.set(pem, parse);
      if (this.#publicByText.size > this.maxEntries) this.#publicByText.delete(this.#publicByText.keys().next().value as string);
    }
    return parse;
  }

  /**
   * The HMAC key, or undefined when the encoding is wrong or the key is empty. A KeyObject, not a
   * Buffer: createHmac imports a Buffer key on every call, which costs more than the HMAC itself.
   */
  secret(secret: string, encoding: 'utf8' | 'base64url'): KeyObject | undefined {
    const id = hash('sha256', `secret\u0000${encoding}\u0000${secret}`, 'base64');
    const hit = this.#entries.get(id) as KeyObject | undefined;
    if (hit !== undefined) return this.#touch(id, hit);
    const bytes = encoding === 'base64url' ? decodeStrictBase64url(secret) : Buffer.from(secret, 'utf8');
    if (bytes === undefined || bytes.length === 0) return undefined;
    return this.#store(id, createSecretKey(bytes));
  }

  #touch<T extends PublicKeyParse | KeyObject>(id: string, value: T): T {
    // Re-insert so Map iteration order is least-recently-used first.
    this.#entries.delete(id);
    this.#entries.set(id, value);
    return value;
  }

  #store<T extends PublicKeyParse | KeyObject>(id: string, value: T): T {
    this.#entries.set(id, value);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return value;
  }
}

const PEM_LABELS = /-----BEGIN ([^-\r\n]*)-----/g;
const PRIVATE_PEM_LABEL = /-----BEGIN [^-\r\n]*PRIVATE[^-\r\n]*-----/;

/** Whether text holds a PEM block of private key material (PRIVATE KEY, RSA PRIVATE KEY, ENCRYPTED PRIVATE KEY…). */
export function containsPrivateKeyPem(text: string): boolean {
  return PRIVATE_PEM_LABEL.test(text);
}

/**
 * SPKI PEM or X.509 certificate PEM -> public KeyObject. Reasons never quote the key.
 * Every BEGIN line is read, not only the first: createPublicKey accepts a private key and derives
 * its public half, so a private key anywhere in the text must be refused before it gets there.
 */
export function parsePublicKeyPem(pem: string): PublicKeyParse {
  if (containsPrivateKeyPem(pem)) {
    return { ok: false, reason: 'contains a private key; give the public key (SPKI "PUBLIC KEY" PEM) or a certificate, and keep the private key secret' };
  }
  const labels = [...pem.matchAll(PEM_LABELS)].map((m) => (m[1] as string).trim());
  const label = labels[0];
  if (label === undefined) return { ok: false, reason: 'is not PEM (no -----BEGIN ...----- line)' };
  if (labels.length > 1) return { ok: false, reason: `holds ${labels.length} PEM blocks; give exactly one public key or certificate` };
  if (label !== 'PUBLIC KEY' && label !== 'CERTIFICATE') {
    return { ok: false, reason: `is a "${label}" PEM; expected "PUBLIC KEY" (SPKI) or "CERTIFICATE"` };
  }
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    const offCurve = label === 'PUBLIC KEY' ? offCurveSpkiCurve(pem) : undefined;
    if (offCurve !== undefined) {
      const weakness = pointNotOnCurve(offCurve);
      return { ok: false, reason: describeWeakness(weakness), weakness: weakness.reason };
    }
    return { ok: false, reason: `is not a parseable ${label === 'CERTIFICATE' ? 'X.509 certificate' : 'SPKI public key'} PEM` };
  }
  if (key.type !== 'public') return { ok: false, reason: 'is not a public key' };
  const weakness = keyWeakness(key);
  if (weakness !== undefined) return { ok: false, reason: describeWeakness(weakness), weakness: weakness.reason };
  return { ok: true, key };
}

/**
 * The DER that opens an SPKI of each allowed curve with an uncompressed point (04 || x || y): the
 * encoding is fixed, so the prefix and total length identify the curve.
 */
const EC_SPKI_PREFIXES: ReadonlyArray<{ crv: string; prefix: Buffer; length: number }> = [
  { crv: 'P-256', prefix: Buffer.from('3059301306072a8648ce3d020106082a8648ce3d03010703420004', 'hex'), length: 91 },
  { crv: 'P-384', prefix: Buffer.from('3076301006072a8648ce3d020106052b8104002203620004', 'hex'), length: 120 },
  { crv: 'P-521', prefix: Buffer.from('30819b301006072a8648ce3d020106052b810400230381860004', 'hex'), length: 158 },
];

/**
 * OpenSSL refuses an EC point that is not on its curve when it imports the key, with a generic decode
 * error. When the PEM body is a well-formed SPKI of an allowed curve and its DER is refused on its
 * own too (so the PEM framing was not the problem), the point is the cause, and saying so helps more
 * than "not parseable".
 */
function offCurveSpkiCurve(pem: string): string | undefined {
  const body = /-----BEGIN PUBLIC KEY-----([\s\S]*?)-----END PUBLIC KEY-----/.exec(pem)?.[1];
  if (body === undefined) return undefined;
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  const curve = EC_SPKI_PREFIXES.find((c) => der.length === c.length && der.subarray(0, c.prefix.length).equals(c.prefix))?.crv;
  if (curve === undefined) return undefined;
  try {
    createPublicKey({ key: der, format: 'der', type: 'spki' });
    return undefined;
  } catch {
    return curve;
  }
}

const EC_CURVE: Partial<Record<JwsAlgorithm, string>> = { ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' };

/** HMAC output length in bytes, which is also the minimum secret length (RFC 7518 §3.2). */
export function hmacLength(alg: JwsAlgorithm): number {
  return alg === 'HS256' ? 32 : alg === 'HS384' ? 48 : 64;
}

/** Verdicts per key and alg: asymmetricKeyDetails builds a new object on every read. */
const mismatchVerdicts = new WeakMap<KeyObject, Map<JwsAlgorithm, string | undefined>>();

/**
 * Why this key cannot serve this alg, or undefined when it can. This is what stops key confusion:
 * a public key is never used as an HMAC secret, and a secret never stands in for a public key.
 * A key outside the key-strength bounds serves no alg, whatever path it came in by.
 */
export function keyAlgMismatch(key: { type: 'secret' } | { type: 'public'; key: KeyObject }, alg: JwsAlgorithm): string | undefined {
  if (key.type === 'secret') return alg.startsWith('HS') ? undefined : `${alg} needs a public key, but the key is a shared secret`;
  let verdicts = mismatchVerdicts.get(key.key);
  if (verdicts === undefined) {
    verdicts = new Map();
    mismatchVerdicts.set(key.key, verdicts);
  }
  if (verdicts.has(alg)) return verdicts.get(alg);
  const verdict = publicKeyAlgMismatch(key.key, alg);
  verdicts.set(alg, verdict);
  return verdict;
}

function publicKeyAlgMismatch(k: KeyObject, alg: JwsAlgorithm): string | undefined {
  const family = alg.slice(0, 2);
  if (family === 'HS') return `${alg} needs a shared secret, but the key is a public key`;
  const kty = k.asymmetricKeyType;
  const details = k.asymmetricKeyDetails ?? {};
  switch (family) {
    case 'RS':
    case 'PS': {
      const fits = kty === 'rsa' || (family === 'PS' && kty === 'rsa-pss');
      if (!fits) return `${alg} needs an RSA key, but the key is ${kty ?? 'unknown'}`;
      return strengthMismatch(k, alg);
    }
    case 'ES': {
      const curve = EC_CURVE[alg];
      if (kty !== 'ec') return `${alg} needs an EC key, but the key is ${kty ?? 'unknown'}`;
      if (details.namedCurve !== curve) return `${alg} needs an EC key on ${curve}, but the key is on ${details.namedCurve ?? 'an unknown curve'}`;
      return strengthMismatch(k, alg);
    }
    default: {
      const allowed = alg === 'EdDSA' ? ['ed25519', 'ed448'] : [alg.toLowerCase()];
      if (kty === undefined || !allowed.includes(kty)) return `${alg} needs an ${allowed.join(' or ')} key, but the key is ${kty ?? 'unknown'}`;
      return strengthMismatch(k, alg);
    }
  }
}

function strengthMismatch(k: KeyObject, alg: JwsAlgorithm): string | undefined {
  const weakness = keyWeakness(k);
  return weakness === undefined ? undefined : `${alg} is never verified with this key: it ${describeWeakness(weakness)}`;
}
