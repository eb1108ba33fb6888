import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test PKI: a CA and a server certificate for localhost, 127.0.0.1, ::1 and idp.test, made with the
 * machine's openssl at first use and kept for the process. Nothing is written outside a temp dir.
 * Valid for 90 days: well past the 14 days within which ENDPOINT_CERT_EXPIRING warns, so only the
 * tests that make short-lived certificates on purpose see that warning.
 */
export interface TestPki {
  caPem: string;
  caFile: string;
  certPem: string;
  keyPem: string;
}

let pki: TestPki | undefined;

export function testPki(): TestPki {
  if (pki !== undefined) return pki;
  const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-pki-'));
  const run = (args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  };
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
    '-days', '90', '-subj', '/CN=oidc-gate test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=localhost']);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:localhost,DNS:idp.test,IP:127.0.0.1,IP:::1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  run(['x509', '-req', '-in', 'srv.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.pem', '-days', '90', '-extfile', 'ext.cnf']);
  const caFile = join(mkdtempSync(join(tmpdir(), 'oidc-gate-ca-')), 'ca.pem');
  const caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
  writeFileSync(caFile, caPem);
  pki = { caPem, caFile, certPem: readFileSync(join(dir, 'srv.pem'), 'utf8'), keyPem: readFileSync(join(dir, 'srv.key'), 'utf8') };
  rmSync(dir, { recursive: true, force: true });
  return pki;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface TestServer {
  /** Origin such as https://127.0.0.1:12345 (or http://). */
  origin: string;
  port: number;
  /** TCP connections accepted so far: the proof that a refused target was never dialled. */
  connections(): number;
  /** HTTP requests handled so far. */
  requests(): number;
  handler: Handler;
  close(): Promise<void>;
}

export async function startServer(opts: { tls: boolean; host?: string; handler?: Handler }): Promise<TestServer> {
  const host = opts.host ?? '127.0.0.1';
  let connections = 0;
  let requests = 0;
  const sockets = new Set<Socket>();
  const state: TestServer = {
    origin: '',
    port: 0,
    connections: () => connections,
    requests: () => requests,
    handler: opts.handler ?? ((_req, res) => res.end('{}')),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    requests++;
    state.handler(req, res);
  };
  const server = opts.tls
    ? https.createServer({ cert: testPki().certPem, key: testPki().keyPem }, onRequest)
    : http.createServer(onRequest);
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  state.port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  state.origin = `${opts.tls ? 'https' : 'http'}://${shownHost}:${state.port}`;
  return state;
}

/** A handler that answers JSON with the given status and headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}
