/**
 * A password written into the user info of a URI (`https://user:password@host`) never comes back:
 * not in the discover response the service sends (which the report records byte for byte), not in
 * the lint and discover requests the gate records, and not when the password itself holds an `@`.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUri } from '../../src/engine/index.ts';
import { redactRequest, requestValuesToMask } from '../../src/gate/outputs/redact.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { tempParent } from '../fixtures/harness.ts';
import { call, start, type Harness } from '../server/harness.ts';
import { repoWith } from './outputs.ts';

const PASSWORD = 'Pa55w0rd-issuer-5t6y7u';
// Loopback: the guarded fetcher refuses it without dialling, so the answer comes at once.
const ISSUER = `https://admin:${PASSWORD}@127.0.0.1:9/realms/a`;

const parent = tempParent('oidc-gate-userinfo-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('the discover response over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(async () => h.close());

  it('echoes the issuer with its user info replaced by ***, and holds the password nowhere', async () => {
    const r = await call(`${h.url}/v1/providers/discover`, { body: { issuer: ISSUER } });
    expect(r.status).toBe(200);
    expect((r.json as { issuer: string }).issuer).toBe('https://***@127.0.0.1:9/realms/a');
    expect(r.text).not.toContain(PASSWORD);
    expect(r.text).not.toContain('admin');
  });

  it('leaves an issuer without user info as it was', async () => {
    const r = await call(`${h.url}/v1/providers/discover`, { body: { issuer: 'https://127.0.0.1:9/realms/a' } });
    expect((r.json as { issuer: string }).issuer).toBe('https://127.0.0.1:9/realms/a');
  });
});

describe('the gate, with the network on', () => {
  it('records neither the discover request nor its response with the password', async () => {
    const root = repoWith(parent, {
      'cfg/p.yml': [
        'providers:',
        '  - name: with-password',
        `    issuer: ${ISSUER}`,
        '    client_id: c',
        '    audiences: [api://x]',
        '    jwks_uri: https://reader:Pa55w0rd-jwks-9f3k2m@127.0.0.1:9/jwks',
        "    redirect_uris: ['https://deploy:Pa55w0rd-redirect-7x1q@app.example/cb', https://app.example/cb]",
        '    alg_policy: { allowed_algs: [RS256] }',
        '    discover: true',
        '',
      ].join('\n'),
    });
    const masked: string[] = [];
    const run = await runGate({ root, patterns: ['cfg'], network: true, env: {}, onSecret: (v) => masked.push(v) });
    const text = JSON.stringify(run);
    for (const password of [PASSWORD, 'Pa55w0rd-jwks-9f3k2m', 'Pa55w0rd-redirect-7x1q']) expect(text).not.toContain(password);
    const [discover, lint] = run.report.results;
    expect(discover?.request.issuer).toBe('https://***@127.0.0.1:9/realms/a');
    expect(discover?.response).toMatchObject({ issuer: 'https://***@127.0.0.1:9/realms/a' });
    expect(lint?.request).toMatchObject({
      issuer: 'https://***@127.0.0.1:9/realms/a',
      jwks_uri: 'https://***@127.0.0.1:9/jwks',
      redirect_uris: ['https://***@app.example/cb', 'https://app.example/cb'],
    });
    expect(masked).toEqual(expect.arrayContaining([PASSWORD, `admin:${PASSWORD}`, 'Pa55w0rd-jwks-9f3k2m', 'Pa55w0rd-redirect-7x1q']));
  });
});

describe('user info up to the last @ of the authority', () => {
  it('a password holding an @ is replaced whole, as the URL parser reads it', () => {
    expect(redactUri('https://u:p@ss-w0rd@host.example/x?a=b@c')).toBe('https://***@host.example/x?a=b@c');
    expect(new URL('https://u:p@ss-w0rd@host.example/x').hostname).toBe('host.example');
    expect(redactRequest({ issuer: 'https://u:p@ss-w0rd@host.example' }, 'discover')).toEqual({ issuer: 'https://***@host.example' });
    expect(requestValuesToMask({ jwks_uri: 'https://u:p@ss-w0rd@host.example/keys' }, 'lint')).toEqual(['u:p@ss-w0rd', 'p@ss-w0rd']);
  });

  it('an @ in the path or query is no user info', () => {
    expect(redactUri('https://host.example/users/@me?x=a@b')).toBe('https://host.example/users/@me?x=a@b');
    expect(redactRequest({ jwks_uri: 'https://host.example/@keys' }, 'lint')).toEqual({ jwks_uri: 'https://host.example/@keys' });
  });
});

describe('the validate request', () => {
  it('keeps policy.issuer as written: it is the exact iss a token must carry, not an address', () => {
    const request = { token: 'a.b.c', policy: { issuer: 'https://u:pw@id.example', audiences: ['a'], allowed_algs: ['RS256'] } };
    expect((redactRequest(request, 'validate').policy as { issuer: string }).issuer).toBe('https://u:pw@id.example');
  });
});
