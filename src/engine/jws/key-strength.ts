import type { KeyObject } from 'node:crypto';

/**
 * The only public keys oidc-gate verifies with. Outside these bounds a key is refused wherever it
 * comes from (inline PEM, certificate, JWKS, issuer profile), and lint reports it:
 * - RSA: a modulus of 2048 to 8192 bits and an odd public exponent with 65537 ≤ e < 2^256
 *   (NIST SP 800-56B rev. 2, §6.2.1). With e = 1 the signature is its own padded digest, so anyone can
 *   forge one; small exponents invite padding attacks; huge moduli or exponents make each verification
 *   tens of times slower, which lets any caller slow the service down.
 * - EC: P-256, P-384 and P-521 only, with the point on the curve.
 * - OKP: Ed25519 and Ed448 (X25519 and X448 are key-agreement keys and never sign).
 */
export const RSA_MIN_MODULUS_BITS = 2048;
export const RSA_MAX_MODULUS_BITS = 8192;
const RSA_MIN_EXPONENT = 65537n;
const RSA_EXPONENT_LIMIT_BITS = 256;
const RSA_EXPONENT_LIMIT = 1n << BigInt(RSA_EXPONENT_LIMIT_BITS);

/** JOSE curve names (RFC 7518 §6.2.1.1, RFC 8037 §2) of the curves keys may be on. */
const SIGNING_EC_CURVES: readonly string[] = ['P-256', 'P-384', 'P-521'];
const SIGNING_OKP_CURVES: readonly string[] = ['Ed25519', 'Ed448'];

/**
 * Why a key is refused: a stable short code, shown in `evidence.reason` and at the end of messages.
 * - weak_exponent: RSA public exponent below 65537 (1 and 3 included)
 * - even_exponent: RSA public exponent even (no valid RSA key has one)
 * - exponent_too_large: RSA public exponent of 2^256 or more
 * - key_too_small: RSA modulus under 2048 bits
 * - key_too_large: RSA modulus over 8192 bits
 * - unsupported_curve: EC curve other than P-256/P-384/P-521, or OKP curve other than Ed25519/Ed448
 * - point_not_on_curve: the EC point (x, y) is not on the named curve
 * - unsupported_key_type: a key that is neither RSA, EC nor OKP (DSA, DH, ...)
 */
export type KeyWeaknessReason =
  | 'weak_exponent'
  | 'even_exponent'
  | 'exponent_too_large'
  | 'key_too_small'
  | 'key_too_large'
  | 'unsupported_curve'
  | 'point_not_on_curve'
  | 'unsupported_key_type';

export interface KeyWeakness {
  reason: KeyWeaknessReason;
  /** Reads after "the key": "is an RSA key with ...". Sizes only, never key material. */
  message: string;
}

const BOUNDS = 'oidc-gate verifies only with RSA keys of 2048 to 8192 bits with an odd public exponent from 65537 up to 2^256, EC keys on P-256, P-384 or P-521, and Ed25519 or Ed448 keys';

/** "message (reason)": how a refusal reads where there is no field for the code (a 422, a start-up error). */
export function describeWeakness(weakness: KeyWeakness): string {
  return `${weakness.message} (${weakness.reason})`;
}

function bitLength(value: bigint): number {
  return value <= 0n ? 0 : value.toString(2).length;
}

/** The modulus size bound, on its own: lint reports a small modulus under its own code. */
export function rsaModulusWeakness(modulusBits: number): KeyWeakness | undefined {
  if (modulusBits < RSA_MIN_MODULUS_BITS) {
    return { reason: 'key_too_small', message: `is an RSA key with a ${modulusBits}-bit modulus, under the ${RSA_MIN_MODULUS_BITS}-bit minimum; ${BOUNDS}` };
  }
  if (modulusBits > RSA_MAX_MODULUS_BITS) {
    return { reason: 'key_too_large', message: `is an RSA key with a ${modulusBits}-bit modulus, over the ${RSA_MAX_MODULUS_BITS}-bit maximum (it would make every verification slow); ${BOUNDS}` };
  }
  return undefined;
}

/** The public exponent bound: odd, 65537 ≤ e < 2^256. */
export function rsaExponentWeakness(exponent: bigint): KeyWeakness | undefined {
  if (exponent % 2n === 0n) {
    return { reason: 'even_exponent', message: `is an RSA key with an even public exponent, which no valid RSA key has; ${BOUNDS}` };
  }
  if (exponent < RSA_MIN_EXPONENT) {
    return { reason: 'weak_exponent', message: `is an RSA key with a public exponent below 65537 (with an exponent of 1 anyone can forge a signature); ${BOUNDS}` };
  }
  if (exponent >= RSA_EXPONENT_LIMIT) {
    return { reason: 'exponent_too_large', message: `is an RSA key with a ${bitLength(exponent)}-bit public exponent, not below 2^${RSA_EXPONENT_LIMIT_BITS} (it would make every verification slow); ${BOUNDS}` };
  }
  return undefined;
}

/** Size first, then exponent: the first bound an RSA key breaks. */
export function rsaWeakness(modulusBits: number, exponent: bigint): KeyWeakness | undefined {
  return rsaModulusWeakness(modulusBits) ?? rsaExponentWeakness(exponent);
}

/** A JWK curve name checked against the bounds, before any import (Node cannot import some curves at all). */
export function curveWeakness(kty: 'EC' | 'OKP', crv: string): KeyWeakness | undefined {
  const allowed = kty === 'EC' ? SIGNING_EC_CURVES : SIGNING_OKP_CURVES;
  if (allowed.includes(crv)) return undefined;
  const shown = crv.length > 40 ? `${crv.slice(0, 40)}…` : crv;
  return { reason: 'unsupported_curve', message: `is an ${kty} key on the curve "${shown}"; ${BOUNDS}` };
}

export function pointNotOnCurve(crv: string): KeyWeakness {
  return { reason: 'point_not_on_curve', message: `is an EC key whose point (x, y) is not on ${crv}; ${BOUNDS}` };
}

/** Node's (OpenSSL's) curve names -> JOSE names. */
const NODE_EC_CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
const NODE_OKP_TYPES: Record<string, string> = { ed25519: 'Ed25519', ed448: 'Ed448', x25519: 'X25519', x448: 'X448' };

function computeWeakness(key: KeyObject): KeyWeakness | undefined {
  const type = key.asymmetricKeyType;
  const details = key.asymmetricKeyDetails ?? {};
  if (type === 'rsa' || type === 'rsa-pss') return rsaWeakness(details.modulusLength ?? 0, details.publicExponent ?? 0n);
  if (type === 'ec') return curveWeakness('EC', NODE_EC_CURVES[details.namedCurve ?? ''] ?? details.namedCurve ?? 'unknown');
  if (type !== undefined && NODE_OKP_TYPES[type] !== undefined) return curveWeakness('OKP', NODE_OKP_TYPES[type] as string);
  return { reason: 'unsupported_key_type', message: `is a${type === undefined ? 'n unknown' : ` ${type}`} key; ${BOUNDS}` };
}

/**
 * Weakness verdicts per KeyObject: asymmetricKeyDetails builds a new object (and bigint) on every
 * read, and a key is judged once however many tokens it verifies.
 */
const verdicts = new WeakMap<KeyObject, KeyWeakness | null>();

/** Why this public key is outside the bounds, or undefined when oidc-gate may verify with it. */
export function keyWeakness(key: KeyObject): KeyWeakness | undefined {
  const cached = verdicts.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const verdict = key.type === 'public' ? computeWeakness(key) : { reason: 'unsupported_key_type' as const, message: `is not a public key; ${BOUNDS}` };
  verdicts.set(key, verdict ?? null);
  return verdict;
}
