import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { curveWeakness, describeWeakness, keyWeakness, pointNotOnCurve, type KeyWeakness } from '../jws/key-strength.ts';
import { keyAlgMismatch } from '../jws/keys.ts';
import type { JwsAlgorithm } from '../types.ts';
import type { JoseHeader, VerificationKey } from '../validate/trust-source.ts';

/** Members that only a private or symmetric JWK carries (RFC 7518 §6.2.2, §6.3.2, §6.4). */
export const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** A JWKS never holds more keys than this for validation; the rest are ignored (bounded memory). */
const MAX_JWKS_KEYS = 100;

/** A public JWK imported once, when the set was fetched, so validations never parse keys. */
export interface ParsedJwk {
  key: KeyObject;
  kid?: string;
  use?: string;
  alg?: string;
  keyOps?: string[];
  /** The issuer the key is scoped to, when the key set says (Microsoft's tenant-independent keys do). */
  issuer?: string;
}

/** A JWK refused because it is outside the key-strength bounds; kept (without the key) so a token naming it learns why. */
export interface RefusedJwk {
  kid?: string;
  weakness: KeyWeakness;
}

export type JwkImport =
  | { ok: true; jwk: ParsedJwk }
  | { ok: false; reason: string; private?: string[]; refused?: RefusedJwk };

/** The members that make up each key type's public key (RFC 7518 §6.2.1, §6.3.1; RFC 8037 §2). */
const PUBLIC_MEMBERS = new Map<string, readonly string[]>([['RSA', ['n', 'e']], ['EC', ['crv', 'x', 'y']], ['OKP', ['crv', 'x']]]);
/** Coordinate length in bytes of each allowed curve (RFC 7518 §6.2.1.2): x and y must be exactly this long. */
const EC_COORDINATE_BYTES: Record<string, number> = { 'P-256': 32, 'P-384': 48, 'P-521': 66 };

function refuse(jwk: Record<string, unknown>, weakness: KeyWeakness): JwkImport {
  const refused: RefusedJwk = { weakness };
  if (typeof jwk.kid === 'string') refused.kid = jwk.kid;
  return { ok: false, reason: describeWeakness(weakness), refused };
}

/**
 * An EC JWK on an allowed curve with coordinates of the right length that OpenSSL still refused:
 * the point is not on the curve (OpenSSL checks this on import).
 */
function isOffCurve(jwk: Record<string, unknown>): boolean {
  const size = typeof jwk.crv === 'string' ? EC_COORDINATE_BYTES[jwk.crv] : undefined;
  const coordinate = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === size;
  return size !== undefined && coordinate(jwk.x) && coordinate(jwk.y);
}

/** The public members of a JWK as a KeyObject, or not ok when OpenSSL refuses them. */
export type PublicMembersImport = { ok: true; key: KeyObject } | { ok: false };

/**
 * Import only the public members of an RSA, EC or OKP JWK, so unknown extras (x5c, ext, ...) cannot
 * change the import and a leaked private part can never become a private KeyObject. The one import
 * of a JWK: the validator's importJwk and the linter's analysis both go through it.
 */
export function importPublicMembers(jwk: Record<string, unknown>, kty: string): PublicMembersImport {
  const material: Record<string, unknown> = { kty };
  for (const m of PUBLIC_MEMBERS.get(kty) ?? []) if (jwk[m] !== undefined) material[m] = jwk[m];
  try {
    return { ok: true, key: createPublicKey({ key: material as JsonWebKey, format: 'jwk' }) };
  } catch {
    return { ok: false };
  }
}

/**
 * JWK -> public KeyObject. A key carrying private members is refused outright rather than having the
 * members stripped: a provider that publishes them has leaked its key and must not be trusted.
 * Reasons name members, never values. `publicMembers` is importPublicMembers' answer for this JWK
 * when the caller already has it (the linter imports every key it can), so no key is imported twice.
 */
export function importJwk(value: unknown, publicMembers?: PublicMembersImport): JwkImport {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'is not a JSON object' };
  const jwk = value as Record<string, unknown>;
  const leaked = PRIVATE_JWK_MEMBERS.filter((m) => m in jwk);
  if (leaked.length > 0) return { ok: false, reason: `carries private or symmetric key members (${leaked.join(', ')})`, private: [...leaked] };
  const kty = jwk.kty;
  if (typeof kty !== 'string') return { ok: false, reason: 'has no kty' };
  if (!PUBLIC_MEMBERS.has(kty)) return { ok: false, reason: `has unsupported kty "${kty.slice(0, 20)}"` };
  for (const member of ['kid', 'use', 'alg', 'issuer'] as const) {
    if (jwk[member] !== undefined && typeof jwk[member] !== 'string') return { ok: false, reason: `has a non-string ${member}` };
  }
  const keyOps = jwk.key_ops;
  if (keyOps !== undefined && (!Array.isArray(keyOps) || !keyOps.every((op) => typeof op === 'string'))) {
    return { ok: false, reason: 'has a key_ops that is not an array of strings' };
  }
  // The curve is judged before the import: Node cannot import some curves at all (P-224, brainpool).
  if ((kty === 'EC' || kty === 'OKP') && typeof jwk.crv === 'string') {
    const weakness = curveWeakness(kty, jwk.crv);
    if (weakness !== undefined) return refuse(jwk, weakness);
  }
  const imported = publicMembers ?? importPublicMembers(jwk, kty);
  if (!imported.ok) {
    if (kty === 'EC' && isOffCurve(jwk)) return refuse(jwk, pointNotOnCurve(jwk.crv as string));
    return { ok: false, reason: `is not a valid ${kty} public key` };
  }
  const key = imported.key;
  const weakness = keyWeakness(key);
  if (weakness !== undefined) return refuse(jwk, weakness);
  const parsed: ParsedJwk = { key };
  if (typeof jwk.kid === 'string') parsed.kid = jwk.kid;
  if (typeof jwk.use === 'string') parsed.use = jwk.use;
  if (typeof jwk.alg === 'string') parsed.alg = jwk.alg;
  if (typeof jwk.issuer === 'string') parsed.issuer = jwk.issuer;
  if (Array.isArray(keyOps)) parsed.keyOps = keyOps as string[];
  return { ok: true, jwk: parsed };
}

export interface JwksParse {
  keys: ParsedJwk[];
  /** Keys left out, by index in the document, with why (no key material). */
  skipped: Array<{ index: number; reason: string; private?: string[] }>;
  /** The skipped keys that are outside the key-strength bounds, so a token naming one is told why. */
  refused: RefusedJwk[];
}

/** A JWK Set document -> importable keys. Undefined when the document is not a JWK Set at all. */
export function parseJwks(doc: unknown): JwksParse | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const list = (doc as { keys?: unknown }).keys;
  if (!Array.isArray(list)) return undefined;
  const result: JwksParse = { keys: [], skipped: [], refused: [] };
  list.forEach((entry, index) => {
    if (result.keys.length >= MAX_JWKS_KEYS) {
      result.skipped.push({ index, reason: `is beyond the first ${MAX_JWKS_KEYS} usable keys` });
      return;
    }
    const imported = importJwk(entry);
    if (imported.ok) {
      result.keys.push(imported.jwk);
      return;
    }
    result.skipped.push(imported.private === undefined ? { index, reason: imported.reason } : { index, reason: imported.reason, private: imported.private });
    if (imported.refused !== undefined && result.refused.length < MAX_JWKS_KEYS) result.refused.push(imported.refused);
  });
  return result;
}

/** Whether a JWK may verify a token signed with alg: use, alg, key_ops, then key type/curve/size. */
export function jwkFits(jwk: ParsedJwk, alg: JwsAlgorithm): boolean {
  if (jwk.use !== undefined && jwk.use !== 'sig') return false;
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  if (jwk.keyOps !== undefined && !jwk.keyOps.includes('verify')) return false;
  return keyAlgMismatch({ type: 'public', key: jwk.key }, alg) === undefined;
}

export interface KeySelection {
  keys: VerificationKey[];
  /** The token named a kid that the set does not hold (or named none and nothing fits): a refetch may help. */
  unknownKid: boolean;
  /** The token kid, when it is a string. */
  kid?: string;
  /** No usable key fits, and the kid the token names belongs to a key refused as unsafe: why it was refused. */
  refused?: KeyWeakness;
}

/**
 * Select by kid first, then by fit to alg. Without a kid every fitting key is a candidate. A
 * non-string kid matches nothing and is not worth a refetch (a JWK kid is always a string). A kid
 * that names a refused key is not unknown either: refetching would serve the same key.
 */
export function selectKeys(keys: readonly ParsedJwk[], header: JoseHeader, alg: JwsAlgorithm, refused: readonly RefusedJwk[] = []): KeySelection {
  if (header.kid !== undefined && typeof header.kid !== 'string') return { keys: [], unknownKid: false };
  const kid = header.kid;
  const named = kid === undefined ? keys : keys.filter((k) => k.kid === kid);
  const fitting = named.filter((k) => jwkFits(k, alg)).map((k): VerificationKey => ({
    type: 'public', key: k.key, ...(k.kid !== undefined ? { kid: k.kid } : {}), ...(k.issuer !== undefined ? { issuer: k.issuer } : {}),
  }));
  const refusedKey = kid === undefined || fitting.length > 0 ? undefined : refused.find((r) => r.kid === kid);
  const selection: KeySelection = { keys: fitting, unknownKid: kid === undefined ? fitting.length === 0 : named.length === 0 && refusedKey === undefined };
  if (kid !== undefined) selection.kid = kid;
  if (refusedKey !== undefined) selection.refused = refusedKey.weakness;
  return selection;
}
