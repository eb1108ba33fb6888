import { execFile } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetcher, type GuardedFetcherOptions } from '../../src/engine/net/fetcher.ts';
import type { FetchJsonResult } from '../../src/engine/net/types.ts';
import { json, startServer, testPki, type TestServer } from './servers.ts';

const LOOPBACK = ['127.0.0.0/8', '::1'];
const servers: TestServer[] = [];

async function server(tls: boolean, handler?: Parameters<typeof startServer>[0]['handler'], host?: string): Promise<TestServer> {
  const s = await startServer({ tls, handler, host });
  servers.push(s);
  return s;
}

function fetcher(opts: GuardedFetcherOptions = {}) {
  return createGuardedFetcher({ ca: testPki().caPem, ...opts });
}

function failure(r: FetchJsonResult): Extract<FetchJsonResult, { ok: false }> {
  if (r.ok) throw new Error(`expected a failure, got HTTP ${r.status}`);
  return r;
}

/** A resolver that answers made-up names from a table, so no real DNS is consulted. */
function fakeDns(table: Record<string, string[]>): GuardedFetcherOptions['resolve'] {
  return async (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

beforeAll(() => {
  testPki();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('successful fetch', () => {
  it('returns parsed JSON, status and lower-cased headers over https with the test CA', async () => {
    const s = await server(true, json({ keys: [] }, 200, { 'Cache-Control': 'max-age=120' }));
    const r = await fetcher({ allow: LOOPBACK }).getJson(`${s.origin}/jwks`);
    expect(r).toMatchObject({ ok: true, status: 200, url: `${s.origin}/jwks`, json: { keys: [] } });
    expect(r.ok && r.headers['cache-control']).toBe('max-age=120');
  });

  it('accepts application/jwk-set+json and a body without content type, and strips a BOM', async () => {
    const s = await server(true, (req, res) => {
      if (req.url === '/typed') res.writeHead(200, { 'content-type': 'application/jwk-set+json' });
      res.end(req.url === '/bom' ? '\ufeff{"a":1}' : '{"a":2}');
    });
    const f = fetcher({ allow: LOOPBACK });
    expect(await f.getJson(`${s.origin}/typed`)).toMatchObject({ ok: true, json: { a: 2 } });
    expect(await f.getJson(`${s.origin}/bom`)).toMatchObject({ ok: true, json: { a: 1 } });
  });
});

describe('failure reasons', () => {
  it('http_status for a 500, with the status', async () => {
    const s = await server(true, json({ error: 'boom' }, 500));
    const r = failure(await fetcher({ allow: LOOPBACK }).getJson(s.origin));
    expect(r.reason).toBe('http_status');
    expect(r.status).toBe(500);
  });

  it('not_json for an HTML page served with 200, even one that happens to parse', async () => {
    const s = await server(true, (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.url === '/parses' ? '{}' : '<html><body>Login</body></html>');
    });
    const f = fetcher({ allow: LOOPBACK });
    expect(failure(await f.getJson(s.origin)).reason).toBe('not_json');
    expect(failure(await f.getJson(`${s.origin}/parses`)).reason).toBe('not_json');
  });

  it('not_json for an unparsable body labelled application/json', async () => {
    const s = await server(true, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"keys": [');
    });
    expect(failure(await fetcher({ allow: LOOPBACK }).getJson(s.origin)).reason).toBe('not_json');
  });

  it('too_large for a 4 MB body, declared or streamed without a length', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 0x20);
    const s = await server(true, (req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(big.length) });
        res.end(big);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      // Chunked: the cap has to be enforced while streaming.
      let sent = 0;
      const push = (): void => {
        while (sent < big.length) {
          const chunk = big.subarray(sent, sent + 65536);
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      res.on('error', () => undefined);
      push();
    });
    const f = fetcher({ allow: LOOPBACK });
    expect(failure(await f.getJson(`${s.origin}/declared`)).reason).toBe('too_large');
    const streamed = failure(await f.getJson(`${s.origin}/chunked`));
    expect(streamed.reason).toBe('too_large');
    expect(streamed.detail).toMatch(/524288-byte cap/);
  });

  it('respects a smaller maxBytes', async () => {
    const s = await server(true, json({ pad: 'x'.repeat(2000) }));
    expect(failure(await fetcher({ allow: LOOPBACK, maxBytes: 1000 }).getJson(s.origin)).reason).toBe('too_large');
    expect((await fetcher({ allow: LOOPBACK, maxBytes: 4000 }).getJson(s.origin)).ok).toBe(true);
  });

  it('timeout when the server never answers', async () => {
    const s = await server(true, () => undefined);
    const r = failure(await fetcher({ allow: LOOPBACK, timeoutMs: 300 }).getJson(s.origin));
    expect(r.reason).toBe('timeout');
  });

  it('timeout covers the body: a server that drips bytes forever is cut off', async () => {
    const timers: NodeJS.Timeout[] = [];
    const s = await server(true, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const t = setInterval(() => res.write('1,'), 50);
      timers.push(t);
      res.on('close', () => clearInterval(t));
    });
    const r = failure(await fetcher({ allow: LOOPBACK, timeoutMs: 400 }).getJson(s.origin));
    timers.forEach(clearInterval);
    expect(r.reason).toBe('timeout');
  });

  it('timeout reason when the caller aborts', async () => {
    const s = await server(true, () => undefined);
    const controller = new AbortController();
    const pending = fetcher({ allow: LOOPBACK }).getJson(s.origin, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(failure(await pending).reason).toBe('timeout');
  });

  it('refused when nothing listens on the port', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    expect(failure(await fetcher({ allow: LOOPBACK }).getJson(`https://127.0.0.1:${port}/`)).reason).toBe('refused');
  });

  it('tls when the server certificate is not trusted (no test CA given)', async () => {
    const s = await server(true, json({}));
    const r = failure(await createGuardedFetcher({ allow: LOOPBACK }).getJson(s.origin));
    expect(r.reason).toBe('tls');
    expect(s.requests()).toBe(0);
  });

  it('tls when the certificate does not name the host', async () => {
    const s = await server(true, json({}));
    const f = fetcher({ allow: ['other.test', ...LOOPBACK], resolve: fakeDns({ 'other.test': ['127.0.0.1'] }) });
    expect(failure(await f.getJson(`https://other.test:${s.port}/`)).reason).toBe('tls');
  });

  it('dns when the name does not resolve', async () => {
    const r = failure(await fetcher({ resolve: fakeDns({}) }).getJson('https://missing.test/jwks'));
    expect(r.reason).toBe('dns');
  });

  it('blocked for http:// unless allowHttp, and for other schemes', async () => {
    const s = await server(false, json({ ok: 1 }));
    const strict = fetcher({ allow: LOOPBACK });
    expect(failure(await strict.getJson(s.origin)).reason).toBe('blocked');
    expect(s.connections()).toBe(0);
    expect(failure(await strict.getJson('file:///etc/passwd')).reason).toBe('blocked');
    expect(failure(await strict.getJson('not a url')).reason).toBe('blocked');
    expect(await fetcher({ allow: LOOPBACK, allowHttp: true }).getJson(s.origin)).toMatchObject({ ok: true, json: { ok: 1 } });
  });

  it('blocked for URLs with user info, which are never echoed', async () => {
    const r = failure(await fetcher({ allow: LOOPBACK }).getJson('https://user:hunter2@127.0.0.1/'));
    expect(r.reason).toBe('blocked');
    expect(JSON.stringify(r)).not.toContain('hunter2');
  });
});

describe('targets that are not public unicast are never dialled', () => {
  let v4: TestServer;
  let v6: TestServer;
  beforeAll(async () => {
    v4 = await startServer({ tls: false, handler: json({}) });
    v6 = await startServer({ tls: false, host: '::1', handler: json({}) });
  });
  afterAll(async () => {
    await v4.close();
    await v6.close();
  });

  // Every one of these spellings reaches a loopback listener when unguarded (the control run proves it).
  const cases: Array<{ name: string; host: string; family: 4 | 6; dns?: Record<string, string[]> }> = [
    { name: 'IPv4 loopback', host: '127.0.0.1', family: 4 },
    { name: 'short IPv4 loopback', host: '127.1', family: 4 },
    { name: 'decimal IPv4 loopback', host: '2130706433', family: 4 },
    { name: 'hex IPv4 loopback', host: '0x7f000001', family: 4 },
    { name: 'octal IPv4 loopback', host: '017700000001', family: 4 },
    { name: 'unspecified 0.0.0.0', host: '0.0.0.0', family: 4 },
    { name: 'IPv4-mapped IPv6 loopback', host: '[::ffff:127.0.0.1]', family: 4 },
    { name: 'localhost via the system resolver', host: 'localhost', family: 4 },
    { name: 'a public-looking name resolving to loopback (rebinding)', host: 'idp.test', family: 4, dns: { 'idp.test': ['127.0.0.1'] } },
    { name: 'IPv6 loopback', host: '[::1]', family: 6 },
    { name: 'IPv6 unspecified', host: '[::]', family: 6 },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.host}`, async () => {
      const target = c.family === 4 ? v4 : v6;
      const url = `http://${c.host}:${target.port}/jwks`;
      const resolve = c.dns === undefined ? undefined : fakeDns(c.dns);
      const before = target.connections();
      const r = failure(await createGuardedFetcher({ allowHttp: true, resolve }).getJson(url));
      expect(r.reason).toBe('blocked');
      expect(target.connections()).toBe(before);
      // Control: the same URL with everything allowed does reach the listener.
      const control = await createGuardedFetcher({ allowHttp: true, resolve, allow: ['0.0.0.0/0', '::/0'] }).getJson(url);
      expect(control.ok).toBe(true);
      expect(target.connections()).toBe(before + 1);
    });
  }

  it('a name with one public and one loopback answer is refused before any connection', async () => {
    const before = v4.connections();
    const resolve = fakeDns({ 'mixed.test': ['93.184.216.34', '127.0.0.1'] });
    const r = failure(await createGuardedFetcher({ allowHttp: true, resolve }).getJson(`http://mixed.test:${v4.port}/`));
    expect(r.reason).toBe('blocked');
    expect(r.detail).toContain('127.0.0.1');
    expect(v4.connections()).toBe(before);
  });

  const remote: Array<[string, RegExp]> = [
    ['10.1.2.3', /private/], ['172.16.0.1', /private/], ['192.168.1.1', /private/],
    ['169.254.169.254', /metadata/], ['100.100.100.200', /metadata/], ['[fd00:ec2::254]', /metadata/],
    ['169.254.10.1', /link-local/], ['100.64.0.1', /carrier-grade NAT/], ['224.0.0.1', /multicast/],
    ['255.255.255.255', /broadcast/], ['240.0.0.1', /reserved/], ['198.18.0.1', /benchmarking/],
    ['[fc00::1]', /unique local/], ['[fe80::1]', /link-local/], ['[ff02::1]', /multicast/],
    ['[::ffff:10.0.0.1]', /private/], ['[::ffff:169.254.169.254]', /metadata/], ['[::10.0.0.1]', /private/],
    ['[64:ff9b::a9fe:a9fe]', /NAT64 of cloud metadata/], ['[64:ff9b::7f00:1]', /NAT64 of loopback/],
    ['[2002:7f00:1::]', /6to4 of loopback/], ['[2001:db8::1]', /documentation|IETF/],
  ];
  for (const [host, why] of remote) {
    it(`${host} is refused without dialling (${String(why)})`, async () => {
      const r = failure(await createGuardedFetcher({ timeoutMs: 60_000 }).getJson(`https://${host}/jwks`));
      expect(r.reason).toBe('blocked');
      expect(r.detail).toMatch(why);
    });
  }

  it('a name resolving to the metadata address is refused', async () => {
    const r = failure(await createGuardedFetcher({ resolve: fakeDns({ 'meta.test': ['169.254.169.254'] }) }).getJson('https://meta.test/'));
    expect(r.reason).toBe('blocked');
    expect(r.detail).toMatch(/metadata/);
  });
});

describe('OUTBOUND_ALLOW exemptions', () => {
  it('an allowed IP is dialled; a CIDR covering it works too', async () => {
    const s = await server(true, json({ a: 1 }));
    expect((await fetcher({ allow: ['127.0.0.1'] }).getJson(s.origin)).ok).toBe(true);
    expect((await fetcher({ allow: ['127.0.0.0/8'] }).getJson(`https://localhost:${s.port}/`)).ok).toBe(true);
  });

  it('an unrelated CIDR exempts nothing', async () => {
    const s = await server(true, json({ a: 1 }));
    expect(failure(await fetcher({ allow: ['10.0.0.0/8', '192.168.0.0/16'] }).getJson(s.origin)).reason).toBe('blocked');
    expect(s.connections()).toBe(0);
  });

  it('an allowed host name exempts that name only, not its address spelled as a literal', async () => {
    const s = await server(true, json({ a: 1 }));
    const f = fetcher({ allow: ['idp.test'], resolve: fakeDns({ 'idp.test': ['127.0.0.1'] }) });
    expect((await f.getJson(`https://idp.test:${s.port}/`)).ok).toBe(true);
    expect(s.connections()).toBe(1);
    expect(failure(await f.getJson(`https://127.0.0.1:${s.port}/`)).reason).toBe('blocked');
    expect(s.connections()).toBe(1);
  });
});

describe('redirects', () => {
  it('follows a relative redirect and reports the final URL', async () => {
    const s = await server(true, (req, res) => {
      if (req.url === '/start') {
        res.writeHead(301, { location: '/keys' });
        res.end();
        return;
      }
      json({ at: req.url })(req, res);
    });
    const r = await fetcher({ allow: LOOPBACK }).getJson(`${s.origin}/start`);
    expect(r).toMatchObject({ ok: true, url: `${s.origin}/keys`, json: { at: '/keys' } });
  });

  it('re-checks every hop: an allowed host redirecting to a refused address is blocked before dialling it', async () => {
    const inner = await server(true, json({ secret: 'internal' }));
    const outer = await server(true, (_req, res) => {
      res.writeHead(302, { location: `https://127.0.0.1:${inner.port}/` });
      res.end();
    });
    const f = fetcher({ allow: ['idp.test'], resolve: fakeDns({ 'idp.test': ['127.0.0.1'] }) });
    const r = failure(await f.getJson(`https://idp.test:${outer.port}/`));
    expect(r.reason).toBe('blocked');
    expect(outer.requests()).toBe(1);
    expect(inner.connections()).toBe(0);
  });

  it('refuses https -> http even when http is allowed', async () => {
    const plain = await server(false, json({ a: 1 }));
    const secure = await server(true, (_req, res) => {
      res.writeHead(307, { location: `${plain.origin}/` });
      res.end();
    });
    const r = failure(await fetcher({ allow: LOOPBACK, allowHttp: true }).getJson(secure.origin));
    expect(r.reason).toBe('blocked');
    expect(r.detail).toMatch(/https to http/);
    expect(plain.connections()).toBe(0);
  });

  it('follows at most maxRedirects hops', async () => {
    const s = await server(true, (req, res) => {
      const n = Number(req.url?.slice(1) ?? 0);
      if (n < 3) {
        res.writeHead(302, { location: `/${n + 1}` });
        res.end();
        return;
      }
      json({ n })(req, res);
    });
    expect(await fetcher({ allow: LOOPBACK }).getJson(`${s.origin}/0`)).toMatchObject({ ok: true, json: { n: 3 } });
    const before = s.requests();
    const r = failure(await fetcher({ allow: LOOPBACK, maxRedirects: 2 }).getJson(`${s.origin}/0`));
    expect(r.reason).toBe('http_status');
    expect(s.requests() - before).toBe(3);
  });

  it('a redirect loop stops after 3 redirects (4 requests)', async () => {
    const s = await server(true, (_req, res) => {
      res.writeHead(302, { location: '/again' });
      res.end();
    });
    const r = failure(await fetcher({ allow: LOOPBACK }).getJson(s.origin));
    expect(r.reason).toBe('http_status');
    expect(s.requests()).toBe(4);
  });
});

describe('CA handling', () => {
  it('honours NODE_EXTRA_CA_CERTS when no ca option is given', async () => {
    const s = await server(true, json({ via: 'extra-ca' }));
    const fetcherModule = fileURLToPath(new URL('../../src/engine/net/fetcher.ts', import.meta.url));
    const script = `
      const { createGuardedFetcher } = await import(${JSON.stringify(fetcherModule)});
      const r = await createGuardedFetcher({ allow: ['127.0.0.1'] }).getJson(${JSON.stringify(s.origin)});
      process.stdout.write(JSON.stringify(r));
    `;
    const run = (extra: string | undefined): Promise<FetchJsonResult> =>
      new Promise((resolve, reject) => {
        const env = { ...process.env };
        delete env.NODE_EXTRA_CA_CERTS;
        if (extra !== undefined) env.NODE_EXTRA_CA_CERTS = extra;
        execFile(process.execPath, ['--input-type=module', '-e', script], { env }, (err, stdout) => {
          if (err) reject(err);
          else resolve(JSON.parse(stdout) as FetchJsonResult);
        });
      });
    expect(await run(testPki().caFile)).toMatchObject({ ok: true, json: { via: 'extra-ca' } });
    expect(await run(undefined)).toMatchObject({ ok: false, reason: 'tls' });
  });
});
