import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import { createEngineContext, type EngineContext } from '../../src/engine/context.ts';
import { createGuardedFetcher } from '../../src/engine/net/fetcher.ts';
import type { Fetcher } from '../../src/engine/net/types.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';

export interface TestKey {
  kid: string;
  alg: 'ES256' | 'ES384' | 'RS256' | 'EdDSA';
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Public JWK with kid/alg/use. */
  jwk: JsonWebKey & { kid: string; alg?: string; use?: string };
  publicPem: string;
}

export function makeKey(kid: string, alg: TestKey['alg'] = 'ES256', extra: Record<string, unknown> = { use: 'sig' }): TestKey {
  const pair = alg === 'RS256'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: alg === 'ES256' ? 'P-256' : 'P-384' });
  const jwk = { ...pair.publicKey.export({ format: 'jwk' }), kid, ...extra } as TestKey['jwk'];
  return { kid, alg, privateKey: pair.privateKey, publicKey: pair.publicKey, jwk, publicPem: pair.publicKey.export({ format: 'pem', type: 'spki' }).toString() };
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signJwt(key: TestKey, payload: Record<string, unknown>, header: Record<string, unknown> = { kid: key.kid }): string {
  const input = `${b64({ alg: key.alg, typ: 'JWT', ...header })}.${b64(payload)}`;
  const hashName = key.alg === 'EdDSA' ? null : key.alg === 'ES384' ? 'sha384' : 'sha256';
  const sig = sign(hashName, Buffer.from(input), key.alg.startsWith('ES') ? { key: key.privateKey, dsaEncoding: 'ieee-p1363' } : key.privateKey);
  return `${input}.${sig.toString('base64url')}`;
}

export const ISSUER = 'https://issuer.test';
export const AUDIENCE = 'api://oidc-gate-test';
export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

export function claims(nowMs: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(nowMs / 1000);
  return { iss: ISSUER, aud: AUDIENCE, sub: 'svc', iat: now - 10, exp: now + 48 * 3600, ...extra };
}

/** A JWKS endpoint on 127.0.0.1 over https whose behaviour the test switches. */
export interface JwksServer {
  server: TestServer;
  url: string;
  keys: Array<Record<string, unknown>>;
  cacheControl: string | undefined;
  mode: 'ok' | 'html' | '500' | 'slow' | 'huge' | 'not_jwks';
  jwksRequests(): number;
  close(): Promise<void>;
}

export async function startJwksServer(keys: Array<Record<string, unknown>>): Promise<JwksServer> {
  let count = 0;
  const state: JwksServer = {
    server: undefined as unknown as TestServer,
    url: '',
    keys,
    cacheControl: undefined,
    mode: 'ok',
    jwksRequests: () => count,
    close: () => state.server.close(),
  };
  state.server = await startServer({
    tls: true,
    handler: (req, res) => {
      if (req.url !== '/jwks') {
        res.writeHead(404).end();
        return;
      }
      count++;
      switch (state.mode) {
        case 'html':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
          return;
        case '500':
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}');
          return;
        case 'slow':
          setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys })), 2000).unref();
          return;
        case 'huge':
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys, pad: 'x'.repeat(4 * 1024 * 1024) }));
          return;
        case 'not_jwks':
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"issuer":"x"}');
          return;
        default: {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (state.cacheControl !== undefined) headers['cache-control'] = state.cacheControl;
          res.writeHead(200, headers).end(JSON.stringify({ keys: state.keys }));
        }
      }
    },
  });
  state.url = `${state.server.origin}/jwks`;
  return state;
}

export function loopbackFetcher(timeoutMs = 1000): Fetcher {
  return createGuardedFetcher({ allow: ['127.0.0.1'], ca: testPki().caPem, timeoutMs });
}

export function testContext(clock: { now: number }, extra: Partial<EngineContext> = {}): EngineContext {
  return createEngineContext({ now: () => clock.now, ...extra });
}
