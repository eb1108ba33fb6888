/**
 * Keys outside the key-strength bounds, and a token forged for an RSA key with public exponent 1.
 * Everything is made in memory with node:crypto; the unsafe RSA keys reuse a real 2048-bit modulus
 * (or a random odd one, when only the size matters: such a key can never verify anything).
 */
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type JsonWebKey, type KeyObject } from 'node:crypto';

export const b64u = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export function toBase64url(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return Buffer.from(hex, 'hex').toString('base64url');
}

/** A random odd integer of exactly `bits` bits (top bit set). */
export function randomOdd(bits: number): bigint {
  const bytes = randomBytes(Math.ceil(bits / 8));
  let value = BigInt(`0x${bytes.toString('hex')}`);
  value &= (1n << BigInt(bits)) - 1n;
  return value | (1n << BigInt(bits - 1)) | 1n;
}

export interface RsaMaterial {
  /** The public JWK members only. */
  jwk: { kty: 'RSA'; n: string; e: string };
  key: KeyObject;
  /** SPKI PEM, as a policy's public_key. */
  pem: string;
}

export function rsaKey(n: string, e: bigint): RsaMaterial {
  const jwk = { kty: 'RSA' as const, n, e: toBase64url(e) };
  const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  return { jwk, key, pem: key.export({ type: 'spki', format: 'pem' }).toString() };
}

let realModulus: string | undefined;
/** The modulus of a freshly generated 2048-bit key, made once per test file. */
export function modulus2048(): string {
  realModulus ??= (generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }).n as string);
  return realModulus;
}

/** A random odd modulus of the given size, with e = 65537 unless told: a key only its size makes unsafe. */
export function rsaOfSize(bits: number, e = 65537n): RsaMaterial {
  return rsaKey(toBase64url(randomOdd(bits)), e);
}

/** The unsafe RSA keys of the brief, each with the reason the engine must give. */
export function unsafeRsaKeys(): Array<{ name: string; reason: string; key: RsaMaterial }> {
  return [
    { name: 'e = 1', reason: 'weak_exponent', key: rsaKey(modulus2048(), 1n) },
    { name: 'e = 3', reason: 'weak_exponent', key: rsaKey(modulus2048(), 3n) },
    { name: 'e = 65536 (even)', reason: 'even_exponent', key: rsaKey(modulus2048(), 65536n) },
    { name: 'e = 2^256 + 1', reason: 'exponent_too_large', key: rsaKey(modulus2048(), (1n << 256n) + 1n) },
    { name: 'a 3071-bit exponent', reason: 'exponent_too_large', key: rsaOfSize(3072, randomOdd(3071)) },
    { name: 'a 16384-bit modulus', reason: 'key_too_large', key: rsaOfSize(16384) },
  ];
}

/** DigestInfo prefixes of RFC 8017 §9.2, note 1. */
const DIGEST_INFO: Record<string, string> = {
  sha256: '3031300d060960864801650304020105000420',
  sha384: '3041300d060960864801650304020205000430',
  sha512: '3051300d060960864801650304020305000440',
};

/**
 * EM = 0x00 || 0x01 || PS (0xff...) || 0x00 || DigestInfo || H (RFC 8017 §9.2), k bytes long. With e = 1
 * the signature s must satisfy s^1 mod n = EM, so EM itself is a valid "signature" that anyone can compute.
 */
export function pkcs1v15Em(message: string, k: number, hash: 'sha256' | 'sha384' | 'sha512' = 'sha256'): Buffer {
  const t = Buffer.concat([Buffer.from(DIGEST_INFO[hash] as string, 'hex'), createHash(hash).update(message).digest()]);
  return Buffer.concat([Buffer.from([0x00, 0x01]), Buffer.alloc(k - t.length - 3, 0xff), Buffer.from([0x00]), t]);
}

/** A compact RS256 JWS whose signature is the padded digest: accepted by a verifier that trusts an e = 1 key. */
export function forgeForExponentOne(n: string, header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const input = `${b64u(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...header }))}.${b64u(JSON.stringify(payload))}`;
  const k = Math.ceil(BigInt(`0x${Buffer.from(n, 'base64url').toString('hex')}`).toString(2).length / 8);
  return `${input}.${b64u(pkcs1v15Em(input, k))}`;
}

/** A P-256 public JWK whose y is changed by one bit: the point is no longer on the curve. */
export function offCurveP256(): { jwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string }; pem: string } {
  const pub = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
  const jwk = pub.export({ format: 'jwk' });
  const y = Buffer.from(jwk.y as string, 'base64url');
  y[31] = (y[31] as number) ^ 1;
  const der = Buffer.from(pub.export({ type: 'spki', format: 'der' }));
  der[der.length - 1] = (der[der.length - 1] as number) ^ 1;
  return { jwk: { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: b64u(y) }, pem: spkiPem(der) };
}

export function secp256k1(): { jwk: JsonWebKey; pem: string; privateKey: KeyObject } {
  const pair = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return { jwk: pair.publicKey.export({ format: 'jwk' }), pem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey: pair.privateKey };
}

export function spkiPem(der: Buffer): string {
  return `-----BEGIN PUBLIC KEY-----\n${(der.toString('base64').match(/.{1,64}/g) as string[]).join('\n')}\n-----END PUBLIC KEY-----\n`;
}

function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length: number[] = [];
  if (body.length < 0x80) length.push(body.length);
  else {
    for (let n = body.length; n > 0; n >>= 8) length.unshift(n & 0xff);
    length.unshift(0x80 | length.length);
  }
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

/**
 * A self-signed-looking X.509 v3 certificate (RFC 5280 §4.1) carrying any SPKI, signed by `signer`.
 * Built by hand because no tool issues a certificate for an e = 1 key on request.
 */
export function certificateFor(spki: Buffer, signer: KeyObject): string {
  const seq = (...p: Buffer[]) => der(0x30, ...p);
  const name = seq(der(0x31, seq(der(0x06, Buffer.from('550403', 'hex')), der(0x0c, Buffer.from('oidc-gate test')))));
  const sha256WithRsa = seq(der(0x06, Buffer.from('2a864886f70d01010b', 'hex')), Buffer.from('0500', 'hex'));
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), der(0x02, Buffer.from([1])), sha256WithRsa, name,
    seq(der(0x17, Buffer.from('250101000000Z')), der(0x17, Buffer.from('450101000000Z'))), name, spki,
  );
  const certificate = seq(tbs, sha256WithRsa, der(0x03, Buffer.from([0]), sign('sha256', tbs, signer)));
  return `-----BEGIN CERTIFICATE-----\n${(certificate.toString('base64').match(/.{1,64}/g) as string[]).join('\n')}\n-----END CERTIFICATE-----\n`;
}
