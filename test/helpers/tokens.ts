/**
 * Token and key factories for the validation tests. Keys are generated with node:crypto (never
 * checked in); tokens are signed here with node:crypto directly, independent of the engine, so a
 * bug in the engine's verification cannot be masked by the same bug in the signer.
 */
import {
  constants, createHmac, generateKeyPairSync, sign, type KeyObject,
} from 'node:crypto';
import { createEngineContext, type EngineContext } from '../../src/engine/context.ts';
import type { VerifyPolicy } from '../../src/engine/types.ts';

/** Fixed clock for every test: 2023-11-14T22:13:20Z, in seconds. */
export const NOW = 1_700_000_000;

export const ISSUER = 'https://issuer.example.com';
export const AUDIENCE = 'api://orders';

export function fixedContext(nowSeconds: number = NOW, overrides: Partial<EngineContext> = {}): EngineContext {
  return createEngineContext({ ...overrides, now: () => nowSeconds * 1000 });
}

export function b64u(data: Buffer | Uint8Array | string): string {
  return Buffer.from(data).toString('base64url');
}

/** Encodes a header or payload: an object is JSON-serialised; a string is taken as the exact JSON text. */
export function segment(value: unknown): string {
  return b64u(typeof value === 'string' ? value : JSON.stringify(value));
}

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM of the public key. */
  pem: string;
}

function pair(kp: { privateKey: KeyObject; publicKey: KeyObject }): KeyPair {
  return { ...kp, pem: kp.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export interface TestKeys {
  rsa: KeyPair;
  rsaOther: KeyPair;
  rsa1024: KeyPair;
  p256: KeyPair;
  p256Other: KeyPair;
  p384: KeyPair;
  p521: KeyPair;
  ed25519: KeyPair;
  ed25519Other: KeyPair;
  ed448: KeyPair;
  /** A random 64-byte HMAC secret, as a UTF-8-safe string (hex, 64 chars). */
  secret: string;
}

let cached: TestKeys | undefined;

/** Every key the tests need, generated once per test file (module instance). */
export function testKeys(): TestKeys {
  cached ??= {
    rsa: pair(generateKeyPairSync('rsa', { modulusLength: 2048 })),
    rsaOther: pair(generateKeyPairSync('rsa', { modulusLength: 2048 })),
    rsa1024: pair(generateKeyPairSync('rsa', { modulusLength: 1024 })),
    p256: pair(generateKeyPairSync('ec', { namedCurve: 'P-256' })),
    p256Other: pair(generateKeyPairSync('ec', { namedCurve: 'P-256' })),
    p384: pair(generateKeyPairSync('ec', { namedCurve: 'P-384' })),
    p521: pair(generateKeyPairSync('ec', { namedCurve: 'P-521' })),
    ed25519: pair(generateKeyPairSync('ed25519')),
    ed25519Other: pair(generateKeyPairSync('ed25519')),
    ed448: pair(generateKeyPairSync('ed448')),
    secret: 'k3y-'.padEnd(64, '0123456789abcdef'),
  };
  return cached;
}

const HASH: Record<string, string> = { '256': 'sha256', '384': 'sha384', '512': 'sha512' };

export interface SignOptions {
  /** PS* only: override the salt length (RFC 7518 requires the hash length). */
  saltLength?: number;
  /** ES* only: 'der' to produce a DER signature instead of raw R‖S. */
  dsaEncoding?: 'der' | 'ieee-p1363';
}

/** Signs `signingInput` with `alg`, the way a conforming issuer would. */
export function signRaw(alg: string, signingInput: string, key: KeyObject | Buffer | string, options: SignOptions = {}): Buffer {
  const data = Buffer.from(signingInput, 'latin1');
  const family = alg.slice(0, 2);
  if (family === 'HS') {
    return createHmac(HASH[alg.slice(2)] as string, key as Buffer | string).update(data).digest();
  }
  const k = key as KeyObject;
  if (family === 'RS') return sign(HASH[alg.slice(2)] as string, data, k);
  if (family === 'PS') {
    const bits = Number(alg.slice(2));
    return sign(HASH[alg.slice(2)] as string, data, {
      key: k, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: options.saltLength ?? bits / 8,
    });
  }
  if (family === 'ES') {
    return sign(HASH[alg.slice(2)] as string, data, { key: k, dsaEncoding: options.dsaEncoding ?? 'ieee-p1363' });
  }
  if (alg === 'EdDSA' || alg === 'Ed25519' || alg === 'Ed448') return sign(null, data, k);
  throw new Error(`signRaw: no signer for ${alg}`);
}

export interface TokenSpec {
  /** Header object, or exact header JSON text. Defaults to { alg, typ: 'JWT' }. */
  header?: Record<string, unknown> | string;
  /** Extra header members merged into the default header (ignored when header is given). */
  headerExtra?: Record<string, unknown>;
  /** Payload object, or exact payload JSON text. Defaults to claims(). */
  payload?: unknown;
  /** The alg used to sign (defaults to header.alg). */
  signAlg?: string;
  /** Key used to sign. Omit for an empty signature. */
  key?: KeyObject | Buffer | string;
  options?: SignOptions;
}

/** Standard valid claims at NOW, with overrides; an override of `undefined` removes the claim. */
export function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    iss: ISSUER, sub: 'user-1', aud: AUDIENCE, iat: NOW - 10, nbf: NOW - 10, exp: NOW + 600,
  };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete base[k];
    else base[k] = v;
  }
  return base;
}

export function jwt(alg: string, spec: TokenSpec = {}): string {
  const header = spec.header ?? { alg, typ: 'JWT', ...spec.headerExtra };
  const signingInput = `${segment(header)}.${segment(spec.payload ?? claims())}`;
  if (spec.key === undefined) return `${signingInput}.`;
  return `${signingInput}.${b64u(signRaw(spec.signAlg ?? alg, signingInput, spec.key, spec.options))}`;
}

/** Key that signs `alg` in the default key set, and the policy key field that verifies it. */
export function keyFor(alg: string, keys: TestKeys = testKeys()): { sign: KeyObject | string; policy: Pick<VerifyPolicy, 'secret' | 'public_key'> } {
  const family = alg.slice(0, 2);
  if (family === 'HS') return { sign: keys.secret, policy: { secret: keys.secret } };
  const kp = family === 'RS' || family === 'PS' ? keys.rsa
    : alg === 'ES256' ? keys.p256
      : alg === 'ES384' ? keys.p384
        : alg === 'ES512' ? keys.p521
          : alg === 'Ed448' ? keys.ed448
            : keys.ed25519;
  return { sign: kp.privateKey, policy: { public_key: kp.pem } };
}

/** A correctly signed token for `alg` with the default key set. */
export function goodToken(alg: string, spec: Omit<TokenSpec, 'key'> = {}): string {
  return jwt(alg, { ...spec, key: keyFor(alg).sign });
}

/** An inline policy that accepts goodToken(alg). */
export function policyFor(alg: string, overrides: Partial<VerifyPolicy> = {}): VerifyPolicy {
  return {
    ...keyFor(alg).policy,
    issuer: ISSUER,
    audiences: [AUDIENCE],
    allowed_algs: [alg],
    ...overrides,
  };
}

/** Request body for validateJwt. */
export function body(token: string, policy: VerifyPolicy | Record<string, unknown>): Record<string, unknown> {
  return { token, policy };
}

/** Replace the signature segment of a compact token. */
export function withSignature(token: string, signature: Buffer | string): string {
  const i = token.lastIndexOf('.');
  return `${token.slice(0, i + 1)}${typeof signature === 'string' ? signature : b64u(signature)}`;
}

/** DER-encode an ECDSA (r, s) pair given as big-endian unsigned byte strings. */
export function derSignature(r: Buffer, s: Buffer): Buffer {
  const int = (b: Buffer): Buffer => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    let v = b.subarray(i);
    if ((v[0] as number) & 0x80) v = Buffer.concat([Buffer.from([0]), v]);
    return Buffer.concat([Buffer.from([0x02, v.length]), v]);
  };
  const body = Buffer.concat([int(r), int(s)]);
  const len = body.length < 128 ? Buffer.from([body.length]) : Buffer.from([0x81, body.length]);
  return Buffer.concat([Buffer.from([0x30]), len, body]);
}
