/**
 * Names read from a fetched document are data, never a way into Object.prototype. A JWK Set whose key
 * said `"kty": "constructor"` (or `__proto__`, `toString`) made the lint look the name up in an object
 * literal, find a prototype member and throw: the service answered 500 to a JWKS anyone can publish.
 * Such a key is an unknown key type like any other, over HTTP where the lint runs.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER } from '../helpers/tokens.ts';
import { startServer as startIdp, testPki, type TestServer } from '../net/servers.ts';
import { call, Contract, start, type Harness } from '../server/harness.ts';

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const good = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: 'good', use: 'sig' };
const documents: Record<string, unknown> = {
  '/prototype-kty': { keys: [good, ...PROTOTYPE_NAMES.map((kty) => ({ kty, kid: kty }))] },
  '/unknown-kty': { keys: [good, ...PROTOTYPE_NAMES.map((name) => ({ kty: 'XYZ', kid: name }))] },
  '/prototype-crv': { keys: [good, ...PROTOTYPE_NAMES.flatMap((crv) => [{ kty: 'EC', crv, x: 'AAAA', y: 'AAAA', kid: `ec-${crv}` }, { kty: 'OKP', crv, x: 'AAAA', kid: `okp-${crv}` }])] },
};

let idp: TestServer;
let h: Harness;
let contract: Contract;

beforeAll(async () => {
  idp = await startIdp({ tls: true });
  idp.handler = (req, res) => {
    const doc = Object.hasOwn(documents, req.url ?? '') ? documents[req.url as string] : undefined;
    if (doc === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
  };
  h = await start({ OUTBOUND_ALLOW: '127.0.0.1' }, { outboundCa: testPki().caPem });
  contract = await Contract.load(h.url);
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

interface Lint { valid: boolean; findings: Array<{ code: string; evidence?: Record<string, unknown> }> }

async function lint(path: string): Promise<Lint> {
  const r = await call(`${h.url}/v1/lint/oidc-config`, {
    body: { issuer: ISSUER, client_id: 'c', audiences: [AUDIENCE], jwks_uri: `${idp.origin}${path}`, redirect_uris: ['https://app.example.com/cb'], alg_policy: { allowed_algs: ['RS256'] } },
  });
  expect(r.status).toBe(200);
  contract.assert('LintResponse', r.json);
  return r.json as Lint;
}

describe('a JWK Set naming members of Object.prototype', () => {
  it('a kty such as "constructor" is an unknown key type, as "XYZ" is: a 200 with the same findings', async () => {
    const control = await lint('/unknown-kty');
    const prototype = await lint('/prototype-kty');
    expect(prototype.valid).toBe(true);
    expect(prototype.findings.map((f) => f.code)).toEqual(control.findings.map((f) => f.code));
  });

  it('a crv such as "constructor" is an unsupported curve: JWKS_KEY_UNSAFE for EC, nothing for OKP, never a 500', async () => {
    const r = await lint('/prototype-crv');
    const unsafe = r.findings.filter((f) => f.code === 'JWKS_KEY_UNSAFE').map((f) => [f.evidence?.kid, f.evidence?.reason]);
    expect(unsafe).toEqual(PROTOTYPE_NAMES.map((crv) => [`ec-${crv}`, 'unsupported_curve']));
  });
});
