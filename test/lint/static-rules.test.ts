import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOidcConfig } from '../../src/engine/lint/lint.ts';
import type { Finding, LintRequest } from '../../src/engine/types.ts';
import { goodRequest, jwk, keys, netContext, only, startDocServer, type DocServer } from './helpers/fixtures.ts';

let srv: DocServer;
let jwksUri: string;
beforeAll(async () => {
  srv = await startDocServer();
  srv.set('/jwks', { keys: [jwk(keys.rsa2048, { kid: 'r1', use: 'sig' }), jwk(keys.p256, { kid: 'e1' })] });
  jwksUri = srv.url('/jwks');
});
afterAll(() => srv.close());

async function lint(overrides: Partial<LintRequest>): Promise<Finding[]> {
  return (await lintOidcConfig(goodRequest(jwksUri, overrides), netContext())).findings;
}
const fields = (fs: Finding[]) => fs.map((f) => f.evidence?.field);

describe('ISSUER_INVALID', () => {
  it.each([
    ['idp.example.com', 'is not an absolute URI (it has no scheme)'],
    ['https:idp.example.com', 'must start with https://'],
    [' https://idp.example.com', 'contains whitespace or control characters'],
    ['https://idp.example.com/?tenant=1', 'has a query'],
    ['https://idp.example.com/#x', 'has a fragment'],
    ['https://admin:hunter2@idp.example.com', 'carries user info'],
    ['https://login.microsoftonline.com/{tenantid}/v2.0', 'contains characters not allowed in a URL ({ }), probably an unfilled template'],
  ])('fires for %s', async (issuer, problem) => {
    const fs = only(await lint({ issuer }), 'ISSUER_INVALID');
    expect(fs).toHaveLength(1);
    expect(fs[0]?.severity).toBe('error');
    expect(fs[0]?.evidence?.field).toBe('/issuer');
    expect(fs[0]?.evidence?.problems).toEqual([problem]);
  });

  it('never puts a password from user info in the finding', async () => {
    const fs = await lint({ issuer: 'https://admin:hunter2@idp.example.com' });
    expect(JSON.stringify(fs)).not.toContain('hunter2');
    expect(only(fs, 'ISSUER_INVALID')[0]?.evidence?.uri).toBe('https://***@idp.example.com');
  });

  it.each(['https://idp.example.com', 'https://idp.example.com/', 'https://idp.example.com/tenants/a%20b/v2.0', 'HTTPS://IDP.example.com:8443/x'])(
    'is silent for %s',
    async (issuer) => {
      expect(only(await lint({ issuer }), 'ISSUER_INVALID')).toEqual([]);
    },
  );
});

describe('INSECURE_URI', () => {
  it('fires for each non-https URI field, with uri, field and a remediation', async () => {
    const fs = only(
      await lint({
        issuer: 'http://idp.example.com',
        redirect_uris: ['https://app.example.com/cb', 'http://app.example.com/cb', 'com.example.app:/cb'],
        discovered_jwks_uri: 'http://idp.example.com/jwks',
      }),
      'INSECURE_URI',
    );
    expect(fs.map((f) => [f.evidence?.field, f.evidence?.uri])).toEqual([
      ['/issuer', 'http://idp.example.com'],
      ['/redirect_uris/1', 'http://app.example.com/cb'],
      ['/redirect_uris/2', 'com.example.app:/cb'],
      ['/discovered_jwks_uri', 'http://idp.example.com/jwks'],
    ]);
    expect(fs.every((f) => f.severity === 'error' && typeof f.remediation === 'string')).toBe(true);
  });

  it('fires for a non-https jwks_uri (and the fetcher refuses plain http)', async () => {
    const fs = await lint({ jwks_uri: srv.url('/jwks').replace('https:', 'http:') });
    expect(fields(only(fs, 'INSECURE_URI'))).toEqual(['/jwks_uri']);
  });

  it('is silent when https_required is false', async () => {
    expect(only(await lint({ issuer: 'http://idp.example.com', https_required: false }), 'INSECURE_URI')).toEqual([]);
  });

  it('is silent for https URIs, whatever the letter case of the scheme', async () => {
    expect(only(await lint({ issuer: 'HTTPS://idp.example.com', discovered_jwks_uri: jwksUri }), 'INSECURE_URI')).toEqual([]);
  });
});

describe('REDIRECT_URI_INVALID', () => {
  it('fires for relative, fragment, user info and script/data/file schemes', async () => {
    const fs = only(
      await lint({
        redirect_uris: [
          '/callback',
          'https://app.example.com/cb#frag',
          'https://user:pw@app.example.com/cb',
          'javascript:alert(1)',
          'data:text/html,hi',
          'FILE:///etc/passwd',
          'https://app.example.com/ok',
        ],
        https_required: false,
      }),
      'REDIRECT_URI_INVALID',
    );
    expect(fs.map((f) => [f.evidence?.field, f.evidence?.problems])).toEqual([
      ['/redirect_uris/0', ['is not an absolute URI (it has no scheme)']],
      ['/redirect_uris/1', ['has a fragment']],
      ['/redirect_uris/2', ['carries user info']],
      ['/redirect_uris/3', ['uses the javascript: scheme']],
      ['/redirect_uris/4', ['uses the data: scheme']],
      ['/redirect_uris/5', ['uses the file: scheme']],
    ]);
    expect(JSON.stringify(fs)).not.toContain('pw@');
  });

  it('is silent for https, loopback and private-use scheme redirect URIs', async () => {
    const fs = await lint({ redirect_uris: ['https://app.example.com/cb?x=1', 'http://127.0.0.1:8400/cb', 'com.example.app:/oauth2redirect'], https_required: false });
    expect(only(fs, 'REDIRECT_URI_INVALID')).toEqual([]);
  });
});

describe('REDIRECT_URI_WILDCARD', () => {
  it('fires for * anywhere', async () => {
    const fs = only(await lint({ redirect_uris: ['https://*.example.com/cb', 'https://app.example.com/cb', 'https://app.example.com/*'] }), 'REDIRECT_URI_WILDCARD');
    expect(fields(fs)).toEqual(['/redirect_uris/0', '/redirect_uris/2']);
    expect(fs[0]?.severity).toBe('error');
  });

  it('is silent without *', async () => {
    expect(only(await lint({ redirect_uris: ['https://app.example.com/cb'] }), 'REDIRECT_URI_WILDCARD')).toEqual([]);
  });
});

describe('REDIRECT_URI_LOCALHOST', () => {
  it('fires as a warning for localhost and *.localhost', async () => {
    const fs = only(await lint({ redirect_uris: ['http://localhost:3000/cb', 'http://LOCALHOST./cb', 'http://app.localhost/cb'], https_required: false }), 'REDIRECT_URI_LOCALHOST');
    expect(fields(fs)).toEqual(['/redirect_uris/0', '/redirect_uris/1', '/redirect_uris/2']);
    expect(fs.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('is silent for 127.0.0.1, [::1] and names that merely contain localhost', async () => {
    const fs = await lint({ redirect_uris: ['http://127.0.0.1:3000/cb', 'http://[::1]:3000/cb', 'https://localhost.example.com/cb'], https_required: false });
    expect(only(fs, 'REDIRECT_URI_LOCALHOST')).toEqual([]);
  });
});

describe('WEAK_ALGORITHM', () => {
  it('fires for none in any case, HS*, RS1 and HS1', async () => {
    const algs = ['RS256', 'none', 'NoNe', 'HS256', 'HS384', 'HS512', 'RS1', 'HS1'];
    const fs = only(await lint({ alg_policy: { allowed_algs: algs } }), 'WEAK_ALGORITHM');
    expect(fs.map((f) => f.evidence)).toEqual(algs.slice(1).map((alg, i) => ({ field: `/alg_policy/allowed_algs/${i + 1}`, alg })));
    expect(fs.every((f) => f.severity === 'error')).toBe(true);
  });

  it('is silent for RS256, PS256, ES256 and EdDSA', async () => {
    expect(only(await lint({ alg_policy: { allowed_algs: ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'] } }), 'WEAK_ALGORITHM')).toEqual([]);
  });
});

describe('UNKNOWN_ALGORITHM', () => {
  it('fires for names that are not JWS algorithms, case-sensitively, with a did-you-mean', async () => {
    const fs = only(await lint({ alg_policy: { allowed_algs: ['RS256', 'rs256', 'RSA-OAEP', ''] } }), 'UNKNOWN_ALGORITHM');
    expect(fs.map((f) => f.evidence)).toEqual([
      { field: '/alg_policy/allowed_algs/1', alg: 'rs256' },
      { field: '/alg_policy/allowed_algs/2', alg: 'RSA-OAEP' },
      { field: '/alg_policy/allowed_algs/3', alg: '' },
    ]);
    expect(fs[0]?.remediation).toBe('Write it as RS256.');
  });

  it('is silent for registered names, and leaves weak names to WEAK_ALGORITHM', async () => {
    expect(only(await lint({ alg_policy: { allowed_algs: ['ES384', 'PS512', 'Ed448', 'NONE', 'RS1'] } }), 'UNKNOWN_ALGORITHM')).toEqual([]);
    // Registered in the IANA JWS registry though the validator does not implement them (product-decisions §3).
    expect(only(await lint({ alg_policy: { allowed_algs: ['ES256K', 'ESP256', 'ESB512'] } }), 'UNKNOWN_ALGORITHM')).toEqual([]);
  });
});

describe('JWKS_URI_MISMATCH', () => {
  it('fires when discovered_jwks_uri differs, naming a trailing-slash near miss', async () => {
    const fs = only(await lint({ discovered_jwks_uri: `${jwksUri}/` }), 'JWKS_URI_MISMATCH');
    expect(fs).toHaveLength(1);
    expect(fs[0]?.evidence).toEqual({ field: '/jwks_uri', configured: jwksUri, discovered: `${jwksUri}/` });
    expect(fs[0]?.message).toContain('trailing slash');
  });

  it('compares exactly: letter case counts', async () => {
    expect(only(await lint({ discovered_jwks_uri: jwksUri.replace('/jwks', '/JWKS') }), 'JWKS_URI_MISMATCH')).toHaveLength(1);
  });

  it('is silent when equal or not supplied', async () => {
    expect(only(await lint({ discovered_jwks_uri: jwksUri }), 'JWKS_URI_MISMATCH')).toEqual([]);
    expect(only(await lint({}), 'JWKS_URI_MISMATCH')).toEqual([]);
  });
});
