/**
 * Runs the engine's signature layer over Google Wycheproof vectors read from a folder given at run
 * time (nothing is copied into the project): compact JWS cases, ECDSA P-256 raw R‖S, Ed25519.
 */
import { createPublicKey, createSecretKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MalformedTokenError } from '../src/engine/errors.ts';
import { parseCompactJws } from '../src/engine/jws/compact.ts';
import { decodeStrictBase64url } from '../src/engine/jws/base64url.ts';
import { keyAlgMismatch } from '../src/engine/jws/keys.ts';
import { verifySignature } from '../src/engine/jws/verify.ts';
import { JWS_ALGORITHMS, type JwsAlgorithm } from '../src/engine/types.ts';

type Result = 'valid' | 'invalid' | 'acceptable';
interface Outcome { accepted: boolean; why: string }
export interface FileReport { file: string; total: number; passed: number; failed: number; disagreements: { tcId: number; expected: Result; got: string; comment: string }[] }

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'];
type VerificationKey = { type: 'secret' | 'public'; key: KeyObject };

/** The JWK rules the engine applies to JWKS keys: use must be sig, key_ops must allow verify, alg must equal the token's. */
function jwkKey(jwk: Record<string, unknown>, alg: string): VerificationKey | string {
  if (jwk.use !== undefined && jwk.use !== 'sig') return `key use is ${String(jwk.use)}`;
  if (Array.isArray(jwk.key_ops) && !jwk.key_ops.includes('verify')) return 'key_ops lacks verify';
  if (jwk.alg !== undefined && jwk.alg !== alg) return `key alg ${String(jwk.alg)} is not the token alg ${alg}`;
  if (jwk.kty === 'oct') {
    const secret = typeof jwk.k === 'string' ? decodeStrictBase64url(jwk.k) : undefined;
    return secret && secret.length > 0 ? { type: 'secret', key: createSecretKey(secret) } : 'oct key without a valid k';
  }
  const pub = Object.fromEntries(Object.entries(jwk).filter(([k]) => !PRIVATE_MEMBERS.includes(k)));
  try {
    return { type: 'public', key: createPublicKey({ key: pub as JsonWebKey, format: 'jwk' }) };
  } catch {
    return 'key does not import';
  }
}

function verifyCompact(jws: string, jwk: Record<string, unknown>): Outcome {
  let parsed;
  try {
    parsed = parseCompactJws(jws);
  } catch (e) {
    if (e instanceof MalformedTokenError) return { accepted: false, why: `malformed: ${e.message}` };
    throw e;
  }
  const alg = parsed.header.alg;
  if (!(JWS_ALGORITHMS as readonly string[]).includes(alg)) return { accepted: false, why: `alg ${alg} refused` };
  if (parsed.header.crit !== undefined || parsed.header.b64 === false) return { accepted: false, why: 'crit/b64 refused' };
  const key = jwkKey(jwk, alg);
  if (typeof key === 'string') return { accepted: false, why: key };
  const mismatch = keyAlgMismatch(key, alg as JwsAlgorithm);
  if (mismatch) return { accepted: false, why: mismatch };
  const ok = verifySignature(alg as JwsAlgorithm, key, parsed.signingInput, parsed.signature);
  return { accepted: ok, why: ok ? 'verified' : 'signature does not verify' };
}

function agrees(expected: Result, accepted: boolean): boolean {
  return expected === 'acceptable' || (expected === 'valid') === accepted;
}

interface Group { tests: { tcId: number; comment: string; result: Result; jws?: string; msg?: string; sig?: string }[]; private?: Record<string, unknown>; public?: Record<string, unknown>; publicKeyPem?: string }

async function load(dir: string, file: string): Promise<{ testGroups: Group[] }> {
  return JSON.parse(await readFile(join(dir, file), 'utf8')) as { testGroups: Group[] };
}

function report(file: string, groups: Group[], run: (g: Group, t: Group['tests'][number]) => Outcome): FileReport {
  const r: FileReport = { file, total: 0, passed: 0, failed: 0, disagreements: [] };
  for (const g of groups) {
    for (const t of g.tests) {
      r.total++;
      const outcome = run(g, t);
      if (agrees(t.result, outcome.accepted)) r.passed++;
      else {
        r.failed++;
        r.disagreements.push({ tcId: t.tcId, expected: t.result, got: outcome.why, comment: t.comment });
      }
    }
  }
  return r;
}

export async function runWycheproof(dir: string): Promise<FileReport[]> {
  const reports: FileReport[] = [];
  const jws = await load(dir, 'json_web_signature_test.json');
  // The public key when the vector gives one: a verifier never needs the private half.
  reports.push(report('json_web_signature_test.json', jws.testGroups, (g, t) => verifyCompact(t.jws as string, (g.public ?? g.private) as Record<string, unknown>)));
  const rawCase = (alg: JwsAlgorithm) => (g: Group, t: Group['tests'][number]): Outcome => {
    const key: VerificationKey = { type: 'public', key: createPublicKey(g.publicKeyPem as string) };
    const mismatch = keyAlgMismatch(key, alg);
    if (mismatch) return { accepted: false, why: mismatch };
    const ok = verifySignature(alg, key, Buffer.from(t.msg as string, 'hex'), Buffer.from(t.sig as string, 'hex'));
    return { accepted: ok, why: ok ? 'verified' : 'signature does not verify' };
  };
  reports.push(report('ecdsa_secp256r1_sha256_p1363_test.json', (await load(dir, 'ecdsa_secp256r1_sha256_p1363_test.json')).testGroups, rawCase('ES256')));
  reports.push(report('ed25519_test.json', (await load(dir, 'ed25519_test.json')).testGroups, rawCase('Ed25519')));
  return reports;
}

export function printWycheproof(reports: FileReport[]): void {
  console.log('| Wycheproof file | cases | passed | failed |');
  console.log('|---|---:|---:|---:|');
  for (const r of reports) console.log(`| ${r.file} | ${r.total} | ${r.passed} | ${r.failed} |`);
  for (const r of reports) {
    for (const d of r.disagreements) console.log(`  ${r.file} tcId ${d.tcId} (${d.comment}): expected ${d.expected}, engine: ${d.got}`);
  }
}
