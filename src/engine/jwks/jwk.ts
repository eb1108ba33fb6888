import { createPublicKey, type KeyObject } from 'node:crypto';
import { keyAlgMismatch } from '../jws/keys.ts';
import type { JwsAlgorithm } from '../types.ts';
import type { JoseHeader, VerificationKey } from '../validate/trust.ts';

/** Members that only a private or symmetric JWK carries (RFC 7518 §6.2.2, §6.3.2, §6.4). */
export const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** A JWKS never holds more keys than this for validation; the rest are ignored (bounded memory). */
export const MAX_JWKS_KEYS = 100;

/** A public JWK imported once, when the set was fetched, so validations never parse keys. */
export interface ParsedJwk {
  key: KeyObject;
  kid?: string;
  use?: string;
  alg?: string;
  keyOps?: string[];
}

export type JwkImport = { ok: true; jwk: ParsedJwk } | { ok: false; reason: string; private?: string[] };

const KTY = new Set(['RSA', 'EC', 'OKP']);

/**
 * JWK -> public KeyObject. A key carrying private members is refused outright rather than having the
 * members stripped: a provider that publishes them has leaked its key and must not be trusted.
 * Reasons name members, never values.
 */
export function importJwk(value: unknown): JwkImport {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'is not a JSON object' };
  const jwk = value as Record<string, unknown>;
  const leaked = PRIVATE_JWK_MEMBERS.filter((m) => m in jwk);
  if (leaked.length > 0) return { ok: false, reason: `carries private or symmetric key members (${leaked.join(', ')})`, private: [...leaked] };
  const kty = jwk.kty;
  if (typeof kty !== 'string') return { ok: false, reason: 'has no kty' };
  if (!KTY.has(kty)) return { ok: false, reason: `has unsupported kty "${kty.slice(0, 20)}"` };
  for (const member of ['kid', 'use', 'alg'] as const) {
    if (jwk[member] !== undefined && typeof jwk[member] !== 'string') return { ok: false, reason: `has a non-string ${member}` };
  }
  const keyOps = jwk.key_ops;
  if (keyOps !== undefined && (!Array.isArray(keyOps) || !keyOps.every((op) => typeof op === 'string'))) {
    return { ok: false, reason: 'has a key_ops that is not an array of strings' };
  }
  let key: KeyObject;
  try {
    // Only the members createPublicKey needs, so unknown extras (x5c, ext, ...) cannot change the import.
    const material: Record<string, unknown> = { kty };
    for (const m of ['n', 'e', 'crv', 'x', 'y']) if (jwk[m] !== undefined) material[m] = jwk[m];
    key = createPublicKey({ key: material as unknown as import('node:crypto').JsonWebKey, format: 'jwk' });
  } catch {
    return { ok: false, reason: `is not a valid ${kty} public key` };
  }
  const parsed: ParsedJwk = { key };
  if (typeof jwk.kid === 'string') parsed.kid = jwk.kid;
  if (typeof jwk.use === 'string') parsed.use = jwk.use;
  if (typeof jwk.alg === 'string') parsed.alg = jwk.alg;
  if (Array.isArray(keyOps)) parsed.keyOps = keyOps as string[];
  return { ok: true, jwk: parsed };
}

export interface JwksParse {
  keys: ParsedJwk[];
  /** Keys left out, by index in the document, with why (no key material). */
  skipped: Array<{ index: number; reason: string; private?: string[] }>;
}

/** A JWK Set document -> importable keys. Undefined when the document is not a JWK Set at all. */
export function parseJwks(doc: unknown): JwksParse | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
  const list = (doc as { keys?: unknown }).keys;
  if (!Array.isArray(list)) return undefined;
  const result: JwksParse = { keys: [], skipped: [] };
  list.forEach((entry, index) => {
    if (result.keys.length >= MAX_JWKS_KEYS) {
      result.skipped.push({ index, reason: `is beyond the first ${MAX_JWKS_KEYS} usable keys` });
      return;
    }
    const imported = importJwk(entry);
    if (imported.ok) result.keys.push(imported.jwk);
    else result.skipped.push(imported.private === undefined ? { index, reason: imported.reason } : { index, reason: imported.reason, private: imported.private });
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
}

/**
 * Select by kid first, then by fit to alg. Without a kid every fitting key is a candidate. A
 * non-string kid matches nothing and is not worth a refetch (a JWK kid is always a string).
 */
export function selectKeys(keys: readonly ParsedJwk[], header: JoseHeader, alg: JwsAlgorithm): KeySelection {
  if (header.kid !== undefined && typeof header.kid !== 'string') return { keys: [], unknownKid: false };
  const kid = header.kid;
  const named = kid === undefined ? keys : keys.filter((k) => k.kid === kid);
  const fitting = named.filter((k) => jwkFits(k, alg)).map((k): VerificationKey => (k.kid === undefined ? { type: 'public', key: k.key } : { type: 'public', key: k.key, kid: k.kid }));
  const selection: KeySelection = { keys: fitting, unknownKid: kid === undefined ? fitting.length === 0 : named.length === 0 };
  if (kid !== undefined) selection.kid = kid;
  return selection;
}
