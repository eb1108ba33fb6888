/**
 * npm run bench: validations per second of the engine with an inline policy (the key string passed
 * in every call, as the service receives it), beside baselines run in the same process, interleaved
 * round by round so machine drift hits every contender alike. Figures are ratios to the raw baseline.
 * The engine runs twice: without the verification cache (every call verifies, as for distinct tokens)
 * and with it, presented the same token again and again (every call after the first is a cache hit,
 * and from the third on its parsed header and claims come from the cache too; claims and times are
 * still judged each time).
 */
import { createHmac, createPublicKey, createSecretKey, generateKeyPairSync, randomBytes, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { createVerifier } from 'fast-jwt';
import { jwtVerify } from 'jose';
import { createEngineContext } from '../src/engine/context.ts';
import { validateJwt } from '../src/engine/validate/validate.ts';
import { VerifyCache } from '../src/engine/jws/verify-cache.ts';

const CACHED = 'oidc-gate engine, repeated token (verification cache)';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 250);
const NOW = 1_800_000_000;
const ISSUER = 'https://issuer.example.com/';
const AUDIENCE = 'api://bench';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

interface Case {
  alg: 'RS256' | 'ES256' | 'EdDSA' | 'HS256';
  token: string;
  policyKey: { public_key: string } | { secret: string };
  keyObject: KeyObject;
  hashName: string | null;
}

function makeCase(alg: Case['alg']): Case {
  const header = b64({ alg, typ: 'JWT', kid: 'bench-1' });
  const payload = b64({ iss: ISSUER, sub: 'user-1', aud: AUDIENCE, iat: NOW - 60, nbf: NOW - 60, exp: NOW + 3600, scope: 'read write' });
  const input = `${header}.${payload}`;
  if (alg === 'HS256') {
    const secret = randomBytes(32).toString('base64url');
    const keyObject = createSecretKey(Buffer.from(secret, 'utf8'));
    return { alg, token: `${input}.${createHmac('sha256', keyObject).update(input).digest('base64url')}`, policyKey: { secret }, keyObject, hashName: 'sha256' };
  }
  const pair = alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : generateKeyPairSync('ed25519');
  const hashName = alg === 'EdDSA' ? null : 'sha256';
  const signature = sign(hashName, Buffer.from(input), alg === 'ES256' ? { key: pair.privateKey, dsaEncoding: 'ieee-p1363' } : pair.privateKey);
  const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }) as string;
  return { alg, token: `${input}.${signature.toString('base64url')}`, policyKey: { public_key: pem }, keyObject: createPublicKey(pem), hashName };
}

/** The floor: decode and JSON.parse header and payload, verify with a cached KeyObject. Nothing else. */
function rawBaseline(c: Case): () => boolean {
  return () => {
    const [h, p, s] = c.token.split('.') as [string, string, string];
    JSON.parse(Buffer.from(h, 'base64url').toString());
    JSON.parse(Buffer.from(p, 'base64url').toString());
    const data = Buffer.from(`${h}.${p}`);
    const sig = Buffer.from(s, 'base64url');
    if (c.alg === 'HS256') {
      const mac = createHmac('sha256', c.keyObject).update(data).digest();
      return mac.length === sig.length && timingSafeEqual(mac, sig);
    }
    return verify(c.hashName, data, c.alg === 'ES256' ? { key: c.keyObject, dsaEncoding: 'ieee-p1363' } : c.keyObject, sig);
  };
}

type Op = () => unknown;

async function measure(op: Op, isAsync: boolean): Promise<number> {
  const deadline = performance.now() + ROUND_MS;
  let n = 0;
  const t0 = performance.now();
  while (performance.now() < deadline) {
    for (let i = 0; i < 50; i++) {
      if (isAsync) await op();
      else op();
    }
    n += 50;
  }
  return n / ((performance.now() - t0) / 1000);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

async function benchCase(c: Case): Promise<Record<string, number>> {
  const ctx = createEngineContext({ now: () => NOW * 1000 });
  const policyBase = { issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: [c.alg] };
  const engine = async () => {
    // A fresh request object each call, as the service parses one per request.
    const r = await validateJwt({ token: c.token, policy: { ...c.policyKey, ...policyBase } }, ctx);
    if (!r.valid) throw new Error(`engine rejected the bench token: ${r.summary}`);
  };
  const cachedCtx = createEngineContext({ now: () => NOW * 1000, verifyCache: new VerifyCache() });
  const engineCached = async () => {
    const r = await validateJwt({ token: c.token, policy: { ...c.policyKey, ...policyBase } }, cachedCtx);
    if (!r.valid || r.metadata.signature_cache === undefined) throw new Error(`engine rejected the bench token: ${r.summary}`);
  };
  const joseAlg = c.alg;
  const joseOp = async () => {
    await jwtVerify(c.token, c.keyObject, { issuer: ISSUER, audience: AUDIENCE, algorithms: [joseAlg], currentDate: new Date(NOW * 1000) });
  };
  const fastJwtKey = 'public_key' in c.policyKey ? c.policyKey.public_key : c.policyKey.secret;
  const fastVerifier = createVerifier({ key: fastJwtKey, algorithms: [c.alg], allowedIss: ISSUER, allowedAud: AUDIENCE, cache: false, clockTimestamp: NOW * 1000 });
  const fastOp = () => {
    fastVerifier(c.token);
  };
  const raw = rawBaseline(c);
  if (!raw()) throw new Error('baseline rejected the bench token');
  await engine();
  await engineCached();
  await joseOp();
  fastOp();
  const contenders: [string, Op, boolean][] = [
    ['raw baseline', raw, false],
    ['oidc-gate engine', engine, true],
    [CACHED, engineCached, true],
    ['jose jwtVerify', joseOp, true],
    ['fast-jwt (cache off)', fastOp, false],
  ];
  const samples: Record<string, number[]> = Object.fromEntries(contenders.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, op, isAsync] of round % 2 === 0 ? contenders : [...contenders].reverse()) {
      (samples[name] as number[]).push(await measure(op, isAsync));
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, median(xs)]));
}

const TARGET: Record<Case['alg'], number> = { RS256: 0.9, ES256: 0.9, EdDSA: 0.9, HS256: 0.75 };
/** A repeated RS256 token through the verification cache: at least this many times the raw baseline. */
const CACHED_TARGET_RS256 = 5;

console.log(`oidc-gate validation benchmark: Node ${process.version}, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms, medians\n`);
console.log('| alg | contender | validations/s | × raw baseline |');
console.log('|---|---|---:|---:|');
const verdicts: string[] = [];
for (const alg of ['RS256', 'ES256', 'EdDSA', 'HS256'] as const) {
  const c = makeCase(alg);
  const result = await benchCase(c);
  const base = result['raw baseline'] as number;
  for (const [name, ops] of Object.entries(result)) {
    console.log(`| ${alg} | ${name} | ${Math.round(ops).toLocaleString('en-US')} | ${(ops / base).toFixed(2)} |`);
  }
  const engine = result['oidc-gate engine'] as number;
  const ahead = engine > (result['jose jwtVerify'] as number) && engine > (result['fast-jwt (cache off)'] as number);
  verdicts.push(`${alg}: engine ${(engine / base).toFixed(2)}× raw (target ≥ ${TARGET[alg]}) ${engine / base >= TARGET[alg] ? 'met' : 'MISSED'}; ahead of jose and fast-jwt: ${ahead ? 'yes' : 'NO'}`);
  const cached = (result[CACHED] as number) / base;
  verdicts.push(`${alg}: repeated token through the verification cache ${cached.toFixed(2)}× raw${alg === 'RS256' ? ` (target ≥ ${CACHED_TARGET_RS256}) ${cached >= CACHED_TARGET_RS256 ? 'met' : 'MISSED'}` : ''}`);
}
console.log(`\n${verdicts.join('\n')}`);
