import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import { createGuardedFetcher } from '../../src/engine/net/fetcher.ts';
import type { Finding, LintRequest } from '../../src/engine/types.ts';
import { startServer, testPki } from '../net/servers.ts';
import { codes, goodRequest, jwk, keys, netContext, only, startDocServer, type DocServer } from './helpers/fixtures.ts';

let srv: DocServer;
let n = 0;
beforeAll(async () => {
  srv = await startDocServer();
});
afterAll(() => srv.close());

/** Serves `jwks` at a fresh path and lints a request pointing at it. */
async function lintJwks(jwks: unknown, overrides: Partial<LintRequest> = {}): Promise<Finding[]> {
  const path = `/jwks-${++n}`;
  srv.set(path, jwks);
  return (await lintOidcConfig(goodRequest(srv.url(path), overrides), netContext())).findings;
}

const goodSet = { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig', alg: 'RS256' }), jwk(keys.p256, { kid: 'e1', use: 'sig' })] };

describe('JWKS_UNREACHABLE', () => {
  it('fires with reason http_status for a 404', async () => {
    const fs = only((await lintOidcConfig(goodRequest(srv.url('/missing')), netContext())).findings, 'JWKS_UNREACHABLE');
    expect(fs).toHaveLength(1);
    expect(fs[0]?.evidence).toMatchObject({ field: '/jwks_uri', reason: 'http_status', status: 404 });
  });

  it('fires with reason not_json for an HTML page', async () => {
    srv.set('/html', (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login</html>');
    });
    const r = await lintOidcConfig(goodRequest(srv.url('/html')), netContext());
    expect(only(r.findings, 'JWKS_UNREACHABLE')[0]?.evidence?.reason).toBe('not_json');
    expect(r.valid).toBe(false);
  });

  it('fires with reason refused when nothing listens', async () => {
    const closed = await startServer({ tls: true });
    const uri = `${closed.origin}/jwks`;
    await closed.close();
    const fs = only((await lintOidcConfig(goodRequest(uri), netContext())).findings, 'JWKS_UNREACHABLE');
    expect(fs[0]?.evidence?.reason).toBe('refused');
  });

  it('fires with reason blocked for loopback when OUTBOUND_ALLOW does not name it, without dialling', async () => {
    const guarded = createEngineContext({ fetcher: createGuardedFetcher({ ca: testPki().caPem }) });
    const before = srv.server.connections();
    const fs = only((await lintOidcConfig(goodRequest(srv.url('/jwks-any')), guarded)).findings, 'JWKS_UNREACHABLE');
    expect(fs[0]?.evidence?.reason).toBe('blocked');
    expect(srv.server.connections()).toBe(before);
  });

  it('fires with reason blocked, without fetching, for a jwks_uri that is no http(s) URL', async () => {
    const fs = only((await lintOidcConfig(goodRequest('file:///etc/passwd'), netContext())).findings, 'JWKS_UNREACHABLE');
    expect(fs[0]?.evidence).toMatchObject({ reason: 'blocked', uri: 'file:///etc/passwd' });
  });

  it('is silent, and the JWKS is fetched exactly once, when it answers', async () => {
    let hits = 0;
    srv.set('/counted', (_req: unknown, res: import('node:http').ServerResponse) => {
      hits++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(goodSet));
    });
    const r = await lintOidcConfig(goodRequest(srv.url('/counted')), netContext());
    expect(r.findings).toEqual([]);
    expect(hits).toBe(1);
  });
});

describe('JWKS_INVALID', () => {
  it.each([
    ['an array', [goodSet.keys[0]], 'the document is not a JSON object'],
    ['an object without keys', { issuer: 'https://idp.example.com' }, 'the document has no "keys" member'],
    ['keys that is not an array', { keys: goodSet.keys[0] }, '"keys" is not an array'],
  ])('fires once for %s, and no other JWKS rule runs on it', async (_name, doc, problem) => {
    const fs = await lintJwks(doc);
    expect(codes(fs)).toEqual(['JWKS_INVALID']);
    expect(fs[0]?.evidence).toEqual({ field: '/jwks_uri', problems: [problem] });
  });

  it('fires per key that lacks members or has broken ones, naming the key, never its values', async () => {
    const { n: _n, ...noModulus } = keys.rsa2048;
    const fs = only(
      await lintJwks({
        keys: [
          goodSet.keys[0],
          { ...noModulus, kid: 'no-n' },
          { kty: 'EC', crv: 'P-256', x: keys.p256.x, kid: 'no-y' },
          { ...keys.rsa2048, e: 65537, kid: 'num-e' },
          { ...keys.p256, x: 'not.base64url', kid: 'bad-x' },
          { ...keys.p256, y: keys.p384.y, kid: 'off-curve' },
          { n: keys.rsa2048.n, e: 'AQAB' },
          'not a key',
        ],
      }),
      'JWKS_INVALID',
    );
    expect(fs.map((f) => f.evidence)).toEqual([
      { field: '/jwks_uri', key_index: 1, kid: 'no-n', problems: ['missing n'], missing: ['n'] },
      { field: '/jwks_uri', key_index: 2, kid: 'no-y', problems: ['missing y'], missing: ['y'] },
      { field: '/jwks_uri', key_index: 3, kid: 'num-e', problems: ['"e" is not a string'] },
      { field: '/jwks_uri', key_index: 4, kid: 'bad-x', problems: ['"x" is not base64url'] },
      { field: '/jwks_uri', key_index: 5, kid: 'off-curve', problems: ['the public members do not form a valid EC P-256 key'] },
      { field: '/jwks_uri', key_index: 6, problems: ['missing kty'], missing: ['kty'] },
      { field: '/jwks_uri', key_index: 7, problems: ['the key is not a JSON object'] },
    ]);
    expect(JSON.stringify(fs)).not.toContain(keys.rsa2048.n as string);
  });

  it('fires for standard base64 (the Battle.net shape), though the key stays usable as the validator reads it', async () => {
    const n = Buffer.from(keys.rsa2048.n as string, 'base64url').toString('base64');
    const fs = await lintJwks({ keys: [{ ...keys.rsa2048, n, kid: 'b64' }] }, { alg_policy: { allowed_algs: ['RS256'] } });
    expect(fs.map((f) => [f.code, f.evidence?.problems])).toEqual([['JWKS_INVALID', ['"n" is standard base64 (+, / or = padding), not base64url']]]);
  });

  it('is silent for complete keys, including key types it does not use (X25519, oct-free)', async () => {
    const x25519 = (await import('node:crypto')).generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
    expect(only(await lintJwks({ keys: [...goodSet.keys, jwk(x25519, { use: 'enc' })] }), 'JWKS_INVALID')).toEqual([]);
  });
});

describe('JWKS_PRIVATE_KEY_EXPOSED', () => {
  it('fires for a JWKS holding an RSA private key, naming the members and never a value', async () => {
    const fs = await lintJwks({ keys: [jwk(keys.rsa2048Private, { kid: 'leaked', use: 'sig', alg: 'RS256' })] });
    const exposed = only(fs, 'JWKS_PRIVATE_KEY_EXPOSED');
    expect(exposed).toHaveLength(1);
    expect(exposed[0]?.evidence).toEqual({ field: '/jwks_uri', key_index: 0, kid: 'leaked', members: ['d', 'p', 'q', 'dp', 'dq', 'qi'] });
    for (const m of ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const) {
      expect(JSON.stringify(fs)).not.toContain(keys.rsa2048Private[m] as string);
    }
  });

  it('fires for a symmetric key (k) in the set', async () => {
    const fs = only(await lintJwks({ keys: [goodSet.keys[0], { kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ', kid: 'hmac' }] }), 'JWKS_PRIVATE_KEY_EXPOSED');
    expect(fs.map((f) => f.evidence)).toEqual([{ field: '/jwks_uri', key_index: 1, kid: 'hmac', members: ['k'] }]);
    expect(JSON.stringify(fs)).not.toContain('c2VjcmV0');
  });

  it('counts a leaked key as unusable, as the validator refuses it', async () => {
    const fs = await lintJwks({ keys: [jwk(keys.rsa2048Private, { kid: 'leaked' })] }, { alg_policy: { allowed_algs: ['RS256'] } });
    expect(fs.map((f) => f.code)).toEqual(['JWKS_PRIVATE_KEY_EXPOSED', 'JWKS_NO_USABLE_KEY']);
  });

  it('is silent for public keys', async () => {
    expect(only(await lintJwks(goodSet), 'JWKS_PRIVATE_KEY_EXPOSED')).toEqual([]);
  });
});

describe('JWKS_KEY_TOO_SMALL', () => {
  it('fires for a 1024-bit RSA key next to good ones (the Yahoo shape)', async () => {
    const fs = await lintJwks({ keys: [jwk(keys.rsa1024, { kid: 'old', use: 'sig', alg: 'RS256' }), goodSet.keys[1]] }, { alg_policy: { allowed_algs: ['ES256', 'RS256'] } });
    expect(codes(fs)).toEqual(['JWKS_KEY_TOO_SMALL']);
    expect(fs[0]?.evidence).toEqual({ field: '/jwks_uri', key_index: 0, kid: 'old', kty: 'RSA', bits: 1024, minimum_bits: 2048 });
  });

  it('fires for an EC key on a curve under 224 bits', async () => {
    const fs = only(await lintJwks({ keys: [...goodSet.keys, { kty: 'EC', crv: 'P-192', x: 'AAAA', y: 'AAAA', kid: 'tiny' }] }), 'JWKS_KEY_TOO_SMALL');
    expect(fs.map((f) => f.evidence)).toEqual([{ field: '/jwks_uri', key_index: 2, kid: 'tiny', kty: 'EC', bits: 192, minimum_bits: 224 }]);
  });

  it('measures the modulus without a leading zero byte (seen in real provider moduli)', async () => {
    const pad = (n: unknown) => Buffer.concat([Buffer.from([0]), Buffer.from(n as string, 'base64url')]).toString('base64url');
    const fs = await lintJwks({ keys: [{ ...keys.rsa1024, n: pad(keys.rsa1024.n), kid: 'small' }, { ...keys.rsa2048, n: pad(keys.rsa2048.n), kid: 'ok' }] });
    expect(fs.map((f) => [f.code, f.evidence?.kid, f.evidence?.bits])).toEqual([['JWKS_KEY_TOO_SMALL', 'small', 1024]]);
  });

  it('is silent for 2048-bit RSA and P-256', async () => {
    expect(only(await lintJwks(goodSet), 'JWKS_KEY_TOO_SMALL')).toEqual([]);
  });
});

describe('JWKS_DUPLICATE_KID', () => {
  it('fires as a warning naming the kid and the keys that share it', async () => {
    const fs = await lintJwks({ keys: [jwk(keys.rsa2048, { kid: 'k' }), jwk(keys.p256, { kid: 'x' }), jwk(keys.p384, { kid: 'k' })] });
    expect(fs).toEqual([
      expect.objectContaining({ code: 'JWKS_DUPLICATE_KID', severity: 'warning', evidence: { field: '/jwks_uri', kid: 'k', key_indexes: [0, 2] } }),
    ]);
  });

  it('is silent when every kid differs, and for keys without kid', async () => {
    expect(only(await lintJwks({ keys: [jwk(keys.rsa2048), jwk(keys.p256), jwk(keys.p384, { kid: 'a' })] }), 'JWKS_DUPLICATE_KID')).toEqual([]);
  });
});

describe('JWKS_NO_USABLE_KEY', () => {
  it('fires for an EC-only JWKS and an RS256 allowlist', async () => {
    const fs = await lintJwks({ keys: [jwk(keys.p256, { kid: 'e1', use: 'sig', alg: 'ES256' })] }, { alg_policy: { allowed_algs: ['RS256'] } });
    expect(codes(fs)).toEqual(['JWKS_NO_USABLE_KEY']);
    expect(fs[0]?.evidence).toEqual({ field: '/jwks_uri', allowed_algs: ['RS256'], keys: [{ key_index: 0, type: 'EC P-256', kid: 'e1', alg: 'ES256', use: 'sig' }] });
  });

  it.each([
    ['the only RSA key is 1024 bits', [jwk(keys.rsa1024, { kid: 'small' })], ['RS256']],
    ['the key is for encryption', [jwk(keys.rsa2048, { use: 'enc' })], ['RS256']],
    ['the key names another alg', [jwk(keys.rsa2048, { alg: 'PS256' })], ['RS256']],
    ['key_ops lacks verify', [jwk(keys.rsa2048, { key_ops: ['encrypt'] })], ['RS256']],
    ['the curve does not fit', [jwk(keys.p384)], ['ES256']],
    ['the allowlist is HMAC only', [jwk(keys.rsa2048)], ['HS256']],
    ['the set is empty', [], ['RS256']],
  ])('fires when %s', async (_why, ks, algs) => {
    expect(only(await lintJwks({ keys: ks }, { alg_policy: { allowed_algs: algs } }), 'JWKS_NO_USABLE_KEY')).toHaveLength(1);
  });

  it.each([
    ['RSA for PS256', [jwk(keys.rsa2048)], ['PS256']],
    ['an EC key without use (the PayPal shape)', [jwk(keys.p256)], ['ES256']],
    ['Ed25519 for EdDSA', [jwk(keys.ed25519)], ['EdDSA']],
    ['one fitting key among unusable ones', [jwk(keys.rsa1024), jwk(keys.p384, { kid: 'p' })], ['RS256', 'ES384']],
  ])('is silent for %s', async (_why, ks, algs) => {
    expect(only(await lintJwks({ keys: ks }, { alg_policy: { allowed_algs: algs } }), 'JWKS_NO_USABLE_KEY')).toEqual([]);
  });
});

describe('CHECK_SKIPPED (offline)', () => {
  it('fetches nothing and reports one warning listing the skipped JWKS checks', async () => {
    const before = srv.server.connections();
    const r = await lintOidcConfig(goodRequest(srv.url('/never')), netContext({ offline: true }));
    expect(srv.server.connections()).toBe(before);
    expect(r.valid).toBe(true);
    expect(r.findings).toEqual([
      expect.objectContaining({
        code: 'CHECK_SKIPPED',
        severity: 'warning',
        evidence: {
          field: '/jwks_uri',
          uri: srv.url('/never'),
          checks: ['JWKS_UNREACHABLE', 'JWKS_INVALID', 'JWKS_PRIVATE_KEY_EXPOSED', 'JWKS_KEY_TOO_SMALL', 'JWKS_DUPLICATE_KID', 'JWKS_NO_USABLE_KEY'],
        },
      }),
    ]);
    expect(r.summary).toBe('Configuration is valid with 1 warning (CHECK_SKIPPED).');
  });

  it('works without a fetcher and still runs the static rules', async () => {
    const r = await lintOidcConfig(goodRequest('https://idp.example.com/jwks', { alg_policy: { allowed_algs: ['none'] } }), createEngineContext({ offline: true }));
    expect(codes(r.findings)).toEqual(['WEAK_ALGORITHM', 'CHECK_SKIPPED']);
  });

  it('is silent when online', async () => {
    expect(only(await lintJwks(goodSet), 'CHECK_SKIPPED')).toEqual([]);
  });
});
