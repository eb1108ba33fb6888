import {
  curveWeakness, RSA_MAX_MODULUS_BITS, rsaExponentWeakness, rsaModulusWeakness, type KeyWeakness,
} from '../jws/key-strength.ts';
import { importJwk, importPublicMembers, jwkFits, PRIVATE_JWK_MEMBERS, type ParsedJwk, type PublicMembersImport } from '../jwks/jwk.ts';
import { JWS_ALGORITHMS, type JwsAlgorithm } from '../types.ts';
import { readX5c, type X5cLeaf } from './x5c.ts';

/**
 * One reading of a fetched JWK Set shared by every JWKS rule. It records member NAMES, sizes and kids
 * only; nothing here is ever copied into a finding except those.
 */
export interface JwkInfo {
  index: number;
  kid?: string;
  kty?: string;
  crv?: string;
  /** Required members (RFC 7518 §6) that are absent. */
  missing: string[];
  /** Why present members are unusable (wrong type, not base64url, not a valid key, a broken x5c). */
  malformed: string[];
  /**
   * Key members written in standard base64 (+, / or = padding) instead of base64url. They are read
   * as the validator reads them (Node's JWK import accepts both alphabets), so the key stays usable.
   */
  nonstandardEncoding: string[];
  /** The first certificate of the key's x5c, when the key has an x5c that parses. */
  x5c?: X5cLeaf;
  /** Private or symmetric members present (d, p, q, dp, dq, qi, oth, k). */
  privateMembers: string[];
  /** RSA modulus or EC field size in bits, when known. */
  bits?: number;
  /** RSA public exponent size in bits, when known. */
  exponentBits?: number;
  /**
   * Where the key is outside the key-strength bounds in a way JWKS_KEY_UNSAFE reports: the RSA exponent,
   * an RSA modulus over the maximum, an EC curve that is not P-256/P-384/P-521. A modulus or EC field
   * under the minimum is JWKS_KEY_TOO_SMALL's; a point off its curve makes the key JWKS_INVALID.
   */
  unsafe: KeyWeakness[];
  /** The key as the validator's JWKS import reads it; absent when the validator would skip the key. */
  validatorKey?: ParsedJwk;
  use?: unknown;
  alg?: unknown;
}

export interface JwksAnalysis {
  /** Set when the document is not a JWK Set at all. */
  notASet?: string;
  keys: JwkInfo[];
}

export const MIN_EC_BITS = 224;

// Maps, not object literals: kty and crv come from a fetched document, and a kty of "constructor"
// or "__proto__" must find nothing rather than a member of Object.prototype.
const REQUIRED = new Map<string, readonly string[]>([['RSA', ['n', 'e']], ['EC', ['crv', 'x', 'y']], ['OKP', ['crv', 'x']], ['oct', ['k']]]);
const BINARY = new Set(['n', 'e', 'x', 'y', 'k', 'd', 'p', 'q', 'dp', 'dq', 'qi']);
const EC_BITS = new Map([['P-192', 192], ['P-224', 224], ['P-256', 256], ['P-384', 384], ['P-521', 521], ['secp256k1', 256]]);
/** Curves Node can import from a JWK; other curves are sized from the table but not imported. */
const IMPORTABLE = new Map<string, readonly string[]>([['EC', ['P-256', 'P-384', 'P-521', 'secp256k1']], ['OKP', ['Ed25519', 'Ed448', 'X25519', 'X448']]]);
const B64URL = /^[A-Za-z0-9_-]*$/;
/** Standard base64 (RFC 4648 §4), padded or not: what Battle.net and PayPal publish instead of base64url. */
const STANDARD_B64 = /^[A-Za-z0-9+/]+={0,2}$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function analyseJwks(document: unknown): JwksAnalysis {
  if (!isObject(document)) return { notASet: 'the document is not a JSON object', keys: [] };
  if (!('keys' in document)) return { notASet: 'the document has no "keys" member', keys: [] };
  if (!Array.isArray(document.keys)) return { notASet: '"keys" is not an array', keys: [] };
  return { keys: document.keys.map((k: unknown, i: number) => analyseJwk(k, i)) };
}

/**
 * One key, read member by member. The key is imported once: this analysis imports the public members
 * of every key whose members are well formed (to tell a broken key apart), and hands that import to
 * the validator's importJwk, which decides whether validation would use the key.
 */
function analyseJwk(value: unknown, index: number): JwkInfo {
  const info: JwkInfo = { index, missing: [], malformed: [], nonstandardEncoding: [], privateMembers: [], unsafe: [] };
  if (!isObject(value)) {
    info.malformed.push('the key is not a JSON object');
    return info;
  }
  if (typeof value.kid === 'string') info.kid = value.kid;
  else if (value.kid !== undefined) info.malformed.push('"kid" is not a string');
  info.use = value.use;
  info.alg = value.alg;
  info.privateMembers = PRIVATE_JWK_MEMBERS.filter((m) => m in value);
  const publicMembers = readMembers(value, info);
  const imported = importJwk(value, publicMembers);
  if (imported.ok) info.validatorKey = imported.jwk;
  if (publicMembers?.ok === false) {
    // The validator's import tells an EC point off its curve apart from other damage.
    const offCurve = imported.ok === false && imported.refused?.weakness.reason === 'point_not_on_curve';
    info.malformed.push(offCurve
      ? `the point (x, y) is not on ${info.crv as string} (point_not_on_curve)`
      : `the public members do not form a valid ${info.kty as string}${info.crv !== undefined ? ` ${info.crv}` : ''} key`);
  }
  if ('x5c' in value) {
    const publicKey = publicMembers?.ok === true ? publicMembers.key : imported.ok ? imported.jwk.key : undefined;
    const x5c = readX5c(value.x5c, publicKey);
    if (x5c.ok) info.x5c = x5c.leaf;
    else info.malformed.push(x5c.problem);
  }
  return info;
}

/**
 * Fills in kty, crv, missing and malformed members, sizes and unsafe bounds. Returns the import of
 * the public members when they are all present and well formed and Node can import the key type,
 * else undefined (nothing was imported).
 */
function readMembers(value: Record<string, unknown>, info: JwkInfo): PublicMembersImport | undefined {
  if (typeof value.kty !== 'string') {
    if (value.kty === undefined) info.missing.push('kty');
    else info.malformed.push('"kty" is not a string');
    return undefined;
  }
  const kty = value.kty;
  info.kty = kty;
  for (const m of REQUIRED.get(kty) ?? []) {
    const v = value[m];
    if (v === undefined) info.missing.push(m);
    else if (typeof v !== 'string') info.malformed.push(`"${m}" is not a string`);
    else if (BINARY.has(m) && (v.length === 0 || !B64URL.test(v))) {
      if (STANDARD_B64.test(v)) info.nonstandardEncoding.push(m);
      else info.malformed.push(`"${m}" is not base64url`);
    }
  }
  if (typeof value.crv === 'string') info.crv = value.crv;
  if (info.missing.length > 0 || info.malformed.length > 0) return undefined;

  if (kty === 'RSA') {
    info.bits = bitLength(Buffer.from(value.n as string, 'base64url'));
    const e = Buffer.from(value.e as string, 'base64url');
    info.exponentBits = bitLength(e);
    const exponent = rsaExponentWeakness(e.length === 0 ? 0n : BigInt(`0x${e.toString('hex')}`));
    if (exponent !== undefined) info.unsafe.push(exponent);
    const modulus = info.bits > RSA_MAX_MODULUS_BITS ? rsaModulusWeakness(info.bits) : undefined;
    if (modulus !== undefined) info.unsafe.push(modulus);
  }
  if (kty === 'EC' && info.crv !== undefined) {
    info.bits = EC_BITS.get(info.crv);
    const curve = info.bits !== undefined && info.bits < MIN_EC_BITS ? undefined : curveWeakness('EC', info.crv);
    if (curve !== undefined) info.unsafe.push(curve);
  }
  const importable = kty === 'RSA' || (IMPORTABLE.get(kty)?.includes(info.crv ?? '') ?? false);
  return importable ? importPublicMembers(value, kty) : undefined;
}

/** Bit length of a big-endian unsigned integer; leading zero bytes (seen in real moduli) do not count. */
function bitLength(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i] as number));
}

export function isJwsAlgorithm(alg: string): alg is JwsAlgorithm {
  return (JWS_ALGORITHMS as readonly string[]).includes(alg);
}

/**
 * Whether this key could verify a token signed with alg, decided by the validator's own JWKS import
 * and key selection (importJwk, jwkFits), so lint and validation never disagree about a key: a key
 * with private members is refused, `use` must be "sig" when present (RFC 7517 §4.2 makes it
 * optional), `key_ops` must include "verify" and `alg` must equal the algorithm when present.
 */
export function keyFitsAlg(key: JwkInfo, alg: string): boolean {
  return isJwsAlgorithm(alg) && key.validatorKey !== undefined && jwkFits(key.validatorKey, alg);
}

/** "RSA 2048", "EC P-256", "OKP X25519": a description without key material. */
export function describeKey(key: JwkInfo): string {
  if (key.kty === 'RSA') return key.bits !== undefined ? `RSA ${key.bits}` : 'RSA';
  if (key.kty === undefined) return 'unknown';
  return key.crv !== undefined ? `${key.kty} ${key.crv}` : key.kty;
}

/** Evidence naming a key without its material. */
export function keyRef(key: JwkInfo): Record<string, unknown> {
  const ref: Record<string, unknown> = { key_index: key.index };
  if (key.kid !== undefined) ref.kid = key.kid;
  return ref;
}
