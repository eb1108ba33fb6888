/**
 * HTTPS servers on 127.0.0.1 whose certificates expire when a test says (3 days, 60 days), serving
 * JSON documents by path, and the real guarded fetcher trusting their CA.
 */
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createEngineContext, type EngineContext } from '../../src/engine/context.ts';
import { createGuardedFetcher } from '../../src/engine/net/fetcher.ts';
import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { expiringIn, makeTlsPki, type TlsPki } from './certs.ts';

export interface AuditServer {
  origin: string;
  /** The certificate's notAfter, ISO 8601 (whole seconds, as the certificate holds it). */
  notAfter: string;
  /** Serve `body` as JSON at path; a string body starting with "redirect:" answers 302 to the rest. */
  set(path: string, body: unknown): void;
  url(path: string): string;
  close(): Promise<void>;
}

let shared: TlsPki | undefined;
/** One CA per test process; each server gets its own certificate from it. */
export function auditPki(): TlsPki {
  shared ??= makeTlsPki();
  return shared;
}

export async function startAuditServer(daysLeft: number): Promise<AuditServer> {
  const { cert, key, notAfter } = auditPki().serverCertificate(expiringIn(daysLeft));
  const routes = new Map<string, unknown>();
  const sockets = new Set<Socket>();
  const server = https.createServer({ cert, key }, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    const body = routes.get(path);
    if (typeof body === 'string' && body.startsWith('redirect:')) {
      res.writeHead(302, { location: body.slice('redirect:'.length) });
      res.end();
      return;
    }
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': body === undefined ? 'text/plain' : 'application/json' });
    res.end(body === undefined ? 'not found' : JSON.stringify(body));
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    notAfter,
    set: (path, body) => routes.set(path, body),
    url: (path) => `${origin}${path}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

/** The real guarded fetcher, trusting the audit CA and exempting loopback; `now` is the engine clock. */
export function auditContext(now?: number): EngineContext {
  const fetcher = createGuardedFetcher({ allow: ['127.0.0.1'], ca: auditPki().caPem, timeoutMs: 3000 });
  return createEngineContext(now === undefined ? { fetcher } : { fetcher, now: () => now });
}

export function offlineContext(): EngineContext {
  return createEngineContext({ fetcher: createOfflineFetcher() });
}
