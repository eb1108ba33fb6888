import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { createEngineContext, type EngineContext } from '../../../src/engine/context.ts';
import { createGuardedFetcher } from '../../../src/engine/net/fetcher.ts';
import type { Finding, LintRequest } from '../../../src/engine/types.ts';
import { startServer, testPki, type Handler, type TestServer } from '../../net/servers.ts';

/** Public JWKs made once per test process; private halves are kept only where a test needs them. */
function rsa(bits: number): { pub: JsonWebKey; priv: JsonWebKey } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return { pub: publicKey.export({ format: 'jwk' }), priv: privateKey.export({ format: 'jwk' }) };
}
function ec(namedCurve: string): JsonWebKey {
  return generateKeyPairSync('ec', { namedCurve }).publicKey.export({ format: 'jwk' });
}

const rsa2048 = rsa(2048);
const rsa1024 = rsa(1024);
export const keys = {
  rsa2048: rsa2048.pub,
  rsa2048Private: rsa2048.priv,
  rsa1024: rsa1024.pub,
  p256: ec('P-256'),
  p384: ec('P-384'),
  ed25519: generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }),
};

export function jwk(base: JsonWebKey, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...base, ...extra };
}

/**
 * A JWKS server on 127.0.0.1 with the test CA; `documents` maps a path to the JSON it serves (or to a
 * handler). Unknown paths answer 404.
 */
export interface DocServer {
  server: TestServer;
  origin: string;
  url(path: string): string;
  set(path: string, body: unknown | Handler): void;
  close(): Promise<void>;
}

export async function startDocServer(): Promise<DocServer> {
  const routes = new Map<string, unknown>();
  const server = await startServer({
    tls: true,
    handler: (req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname);
      if (!routes.has(path)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      const body = routes.get(path);
      if (typeof body === 'function') {
        (body as Handler)(req, res);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    },
  });
  return {
    server,
    origin: server.origin,
    url: (path) => `${server.origin}${path}`,
    set: (path, body) => routes.set(path, body),
    close: () => server.close(),
  };
}

/** The real guarded fetcher, trusting the test CA and exempting loopback (as OUTBOUND_ALLOW would). */
export function netContext(overrides: Partial<EngineContext> = {}): EngineContext {
  return createEngineContext({ fetcher: createGuardedFetcher({ allow: ['127.0.0.1'], ca: testPki().caPem, timeoutMs: 3000 }), ...overrides });
}

/** A request that lints clean against a server serving a good JWKS at jwksUri. */
export function goodRequest(jwksUri: string, overrides: Partial<LintRequest> = {}): LintRequest {
  return {
    issuer: 'https://idp.example.com/tenant-1',
    client_id: 'client-1',
    audiences: ['api://default'],
    jwks_uri: jwksUri,
    redirect_uris: ['https://app.example.com/callback', 'https://app.example.com/silent-renew'],
    alg_policy: { allowed_algs: ['RS256', 'ES256'] },
    ...overrides,
  };
}

export function codes(findings: readonly Finding[]): string[] {
  return findings.map((f) => f.code);
}

export function only(findings: readonly Finding[], code: string): Finding[] {
  return findings.filter((f) => f.code === code);
}
