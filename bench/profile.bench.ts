/**
 * Validation through an issuer profile whose JWKS is cached, against the same token validated with
 * an inline public_key, in one process, rounds interleaved (order alternating) so machine drift hits
 * both alike. Issue 3 target: the profile path within 10% of the inline path.
 *
 * The JWKS is served once from a loopback HTTPS server, then the server is closed: every timed
 * validation must report jwks_cache "hit", which proves no network work is on the cached path.
 *
 *   npx node bench/profile.bench.ts        (BENCH_ROUNDS, BENCH_ROUND_MS to tune)
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { createEngineContext } from '../src/engine/context.ts';
import { createGuardedFetcher } from '../src/engine/net/fetcher.ts';
import { compileIssuerProfiles } from '../src/engine/profiles/load.ts';
import type { ValidateResponse } from '../src/engine/types.ts';
import { validateJwt } from '../src/engine/validate/validate.ts';
import { startServer, testPki } from '../test/net/servers.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 300);
const NOW_MS = 1_800_000_000_000;
const ISSUER = 'https://issuer.example.com/';
const AUDIENCE = 'api://bench';
const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');

type Alg = 'RS256' | 'ES256' | 'EdDSA';

async function benchAlg(alg: Alg): Promise<{ alg: Alg; inline: number; profile: number }> {
  const pair = alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : generateKeyPairSync('ed25519');
  const kid = `bench-${alg}`;
  const input = `${b64({ alg, typ: 'JWT', kid })}.${b64({ iss: ISSUER, sub: 'user-1', aud: AUDIENCE, iat: NOW_MS / 1000 - 60, exp: NOW_MS / 1000 + 3600 })}`;
  const signature = sign(alg === 'EdDSA' ? null : 'sha256', Buffer.from(input), alg === 'ES256' ? { key: pair.privateKey, dsaEncoding: 'ieee-p1363' } : pair.privateKey);
  const token = `${input}.${signature.toString('base64url')}`;
  const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  // A realistic set: the signing key among a few others of mixed types.
  const decoys = [generateKeyPairSync('rsa', { modulusLength: 2048 }), generateKeyPairSync('ec', { namedCurve: 'P-256' })]
    .map((p, i) => ({ ...p.publicKey.export({ format: 'jwk' }), kid: `decoy-${i}`, use: 'sig' }));
  const jwks = { keys: [...decoys, { ...pair.publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg }] };
  const server = await startServer({
    tls: true,
    handler: (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=86400' }).end(JSON.stringify(jwks)),
  });

  const fetcher = createGuardedFetcher({ allow: ['127.0.0.1'], ca: testPki().caPem });
  const base = createEngineContext({ now: () => NOW_MS, fetcher });
  const ctx = createEngineContext({
    ...base,
    profiles: compileIssuerProfiles(
      [{ id: 'bench', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: [alg], jwks_uri: `${server.origin}/jwks` }],
      { env: {}, fetcher, now: base.now, keyCache: base.keyCache },
    ),
  });
  const inlineBody = { token, policy: { issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: [alg], public_key: publicPem } };
  const profileBody = { token, issuer_profile_id: 'bench' };

  const warm = await validateJwt(profileBody, ctx);
  if (!warm.valid || warm.metadata.jwks_cache !== 'miss') throw new Error(`warm-up failed: ${JSON.stringify(warm.findings)}`);
  await server.close();
  const check = (r: ValidateResponse, cached: boolean): void => {
    if (!r.valid || (cached && r.metadata.jwks_cache !== 'hit')) throw new Error(`unexpected result: ${r.summary} ${r.metadata.jwks_cache ?? ''}`);
  };
  for (let i = 0; i < 200; i++) {
    check(await validateJwt(inlineBody, ctx), false);
    check(await validateJwt(profileBody, ctx), true);
  }

  const run = async (body: object, cached: boolean): Promise<number> => {
    let ops = 0;
    const start = process.hrtime.bigint();
    const end = start + BigInt(ROUND_MS) * 1_000_000n;
    let t = start;
    while (t < end) {
      for (let i = 0; i < 16; i++) check(await validateJwt(body, ctx), cached);
      ops += 16;
      t = process.hrtime.bigint();
    }
    return ops / (Number(t - start) / 1e9);
  };
  const inline: number[] = [];
  const profile: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      inline.push(await run(inlineBody, false));
      profile.push(await run(profileBody, true));
    } else {
      profile.push(await run(profileBody, true));
      inline.push(await run(inlineBody, false));
    }
  }
  if (server.connections() !== 1) throw new Error(`expected exactly one JWKS connection, saw ${server.connections()}`);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { alg, inline: median(inline), profile: median(profile) };
}

const rows = [];
for (const alg of ['RS256', 'ES256', 'EdDSA'] as const) rows.push(await benchAlg(alg));
console.log(`profile (cached JWKS) vs inline public_key, median of ${ROUNDS} interleaved rounds of ${ROUND_MS} ms`);
console.log('alg     inline ops/s   profile ops/s   profile/inline');
let worst = Infinity;
for (const r of rows) {
  const ratio = r.profile / r.inline;
  worst = Math.min(worst, ratio);
  console.log(`${r.alg.padEnd(7)} ${r.inline.toFixed(0).padStart(12)}   ${r.profile.toFixed(0).padStart(13)}   ${ratio.toFixed(3).padStart(14)}`);
}
console.log(`worst ratio ${worst.toFixed(3)} (target >= 0.90): ${worst >= 0.9 ? 'within target' : 'OUTSIDE target'}`);
