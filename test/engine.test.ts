/** The composition root and the operations table, as every face uses them. */
import { describe, expect, it } from 'vitest';
import { compileIssuerProfiles, createEngine, getOperation, OPERATIONS, OutboundAllowError, type Fetcher, type ValidateResponse } from '../src/engine/index.ts';
import { body, goodToken, NOW, policyFor } from './helpers/tokens.ts';

const lintBody = {
  issuer: 'https://idp.example.com', client_id: 'c', audiences: ['api://orders'], jwks_uri: 'https://idp.example.com/jwks',
  redirect_uris: ['https://app.example.com/cb'], alg_policy: { allowed_algs: ['RS256'] },
};

describe('the operations table', () => {
  it('holds each operation once, with a /v1 path, named request and response schemas, and a runner', () => {
    expect(OPERATIONS.map((o) => o.name)).toEqual(['validate', 'lint', 'discover', 'trust-policy']);
    expect(new Set(OPERATIONS.map((o) => o.path)).size).toBe(OPERATIONS.length);
    for (const o of OPERATIONS) {
      expect(o.path).toMatch(/^\/v1\//);
      expect(o.method).toBe('POST');
      expect(o.request.name).toMatch(/Request$/);
      expect(o.response.name).toMatch(/Response$/);
      expect(typeof o.run).toBe('function');
      expect(getOperation(o.name)).toBe(o);
    }
    expect(getOperation('nope')).toBeUndefined();
  });
});

describe('createEngine', () => {
  it('offline: nothing is fetched, and a lint reports CHECK_SKIPPED', async () => {
    const engine = createEngine({ network: { online: false } });
    expect(engine.services.fetcher.online).toBe(false);
    const outcome = await engine.run('lint', lintBody);
    expect(outcome.response?.findings.map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
  });

  it('answers every operation with a promise, typed by its name; an inline-key validation settles before the event loop turns', async () => {
    const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
    const order: string[] = [];
    setImmediate(() => order.push('next turn'));
    const valid = engine.run('validate', body(goodToken('RS256'), policyFor('RS256')));
    const refused = engine.run('validate', body('not-a-jwt', policyFor('HS256')));
    const lint = engine.run('lint', lintBody);
    for (const p of [valid, refused, lint]) expect(p).toBeInstanceOf(Promise);
    void valid.then(() => order.push('valid'));
    void refused.then(() => order.push('refused'));
    // Typed by the operation: the statuses of a validation, with no cast.
    const statuses: ValidateResponse['statuses'] | undefined = (await valid).response?.statuses;
    expect(statuses?.signature).toBe('pass');
    expect((await refused).problem).toMatchObject({ status: 400, code: 'MALFORMED_TOKEN' });
    expect((await lint).response?.findings.map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
    await new Promise((resolve) => setImmediate(resolve));
    // Both settled in the turn they were asked in: before the callback queued for the next one.
    expect(order.slice(0, 2).sort()).toEqual(['refused', 'valid']);
    expect(order[2]).toBe('next turn');
  });

  it('a refused request is the problem the service answers (422 with errors, 400 for a malformed token)', async () => {
    const engine = createEngine({ network: { online: false } });
    const invalid = await engine.run('validate', { token: 'x.y.z', policy: { audience: 'typo' } });
    expect(invalid.problem).toMatchObject({ status: 422, code: 'REQUEST_INVALID', type: 'urn:oidc-gate:problem:request-invalid' });
    expect(invalid.problem?.errors?.length).toBeGreaterThan(0);
    const malformed = await engine.run('validate', body('not-a-jwt', policyFor('HS256')));
    expect(malformed.problem).toMatchObject({ status: 400, code: 'MALFORMED_TOKEN' });
  });

  it('a fault is thrown, not dressed as a problem or a finding', async () => {
    const faulty: Fetcher = { online: true, getJson: () => Promise.reject(new Error('boom')) };
    const engine = createEngine({ network: { online: true, fetcher: faulty } });
    await expect(engine.run('lint', lintBody)).rejects.toThrow('boom');
  });

  it('evaluates time at the instant given per run, and at the clock otherwise', async () => {
    const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
    const token = goodToken('HS256');
    expect((await engine.run('validate', body(token, policyFor('HS256')))).response?.valid).toBe(true);
    const later = await engine.run('validate', body(token, policyFor('HS256')), { at: (NOW + 10 * 86_400) * 1000 });
    expect(later.response?.findings.map((f) => f.code)).toContain('TOKEN_EXPIRED');
  });

  it('withProfiles gives a new engine that shares the services; the first one still has no profiles', async () => {
    const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
    const policy = policyFor('HS256');
    const registry = compileIssuerProfiles([{ id: 'p', ...policy }], { env: {}, ...engine.services });
    const withProfiles = engine.withProfiles(registry);
    expect(withProfiles.services).toBe(engine.services);
    const request = { token: goodToken('HS256'), issuer_profile_id: 'p' };
    expect((await withProfiles.run('validate', request)).response?.valid).toBe(true);
    expect((await engine.run('validate', request)).response?.findings.map((f) => f.code)).toEqual(['PROFILE_NOT_FOUND']);
  });

  it('refuses an OUTBOUND_ALLOW it cannot parse, with the typed error', () => {
    expect(() => createEngine({ network: { online: true, outboundAllow: 'https://not-a-host/' } })).toThrow(OutboundAllowError);
  });
});
