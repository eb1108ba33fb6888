/** Issuer profiles with Entra ID's multi-tenant template issuer and a `tenants:` allowlist. */
import { beforeAll, describe, expect, it } from 'vitest';
import { KeyObjectCache } from '../../src/engine/jws/keys.ts';
import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { IssuerProfileError, loadIssuerProfiles } from '../../src/engine/profiles/index.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { AUDIENCE, claims, makeKey, signJwt, T0, testContext, type TestKey } from '../jwks/helpers.ts';

const TEMPLATE = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const CONTOSO = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const FABRIKAM = 'aaaabbbb-0000-cccc-1111-dddd2222eeee';
const iss = (tid: string) => `https://login.microsoftonline.com/${tid}/v2.0`;

let key: TestKey;
beforeAll(() => {
  key = makeKey('k1');
});

function load(profiles: unknown[]) {
  return loadIssuerProfiles({ json: JSON.stringify(profiles), env: {}, fetcher: createOfflineFetcher(), now: () => T0, keyCache: new KeyObjectCache() });
}

function loadError(profiles: unknown[]): IssuerProfileError {
  try {
    load(profiles);
  } catch (err) {
    if (err instanceof IssuerProfileError) return err;
    throw err;
  }
  throw new Error('expected IssuerProfileError');
}

describe('issuer profile with the Entra template', () => {
  it('accepts a listed tenant and refuses an unlisted one', async () => {
    const profiles = load([{ id: 'entra', issuer: TEMPLATE, audiences: [AUDIENCE], allowed_algs: ['ES256'], jwks: { keys: [key.jwk] }, tenants: [CONTOSO] }]);
    const ctx = { ...testContext({ now: T0 }), profiles };
    const token = (tid: string) => signJwt(key, claims(T0, { iss: iss(tid), tid }));
    expect((await validateJwt({ token: token(CONTOSO), issuer_profile_id: 'entra' }, ctx)).valid).toBe(true);
    const other = await validateJwt({ token: token(FABRIKAM), issuer_profile_id: 'entra' }, ctx);
    expect(other.findings.map((f) => f.code)).toEqual(['ISSUER_MISMATCH']);
    expect(other.findings[0]?.message).toContain(`tenant ${FABRIKAM}`);
  });

  it('tenants without the template issuer stops the start, naming the field', () => {
    const err = loadError([{ id: 'plain', issuer: 'https://idp.example.com', audiences: [AUDIENCE], allowed_algs: ['ES256'], public_key: key.publicPem, tenants: [CONTOSO] }]);
    expect(err.problems).toEqual([{ profile: '"plain" (#0)', pointer: '/0/tenants', message: expect.stringContaining('applies only with the multi-tenant issuer') }]);
  });

  it('tenants entries must be lower-case GUIDs', () => {
    const err = loadError([{ id: 'entra', issuer: TEMPLATE, audiences: [AUDIENCE], allowed_algs: ['ES256'], public_key: key.publicPem, tenants: ['Contoso'] }]);
    expect(err.problems.map((p) => p.pointer)).toEqual(['/0/tenants/0']);
  });
});
