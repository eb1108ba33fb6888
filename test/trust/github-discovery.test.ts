/**
 * GitHub's issuer publishes a discovery document for workflows only: no authorization_endpoint, no
 * token_endpoint, response types id_token only. Discovery reports the missing authorization endpoint as
 * a warning, and a `discovery: true` profile finds its keys from issuer and jwks_uri alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverProvider } from '../../src/engine/discovery/discover.ts';
import { compileIssuerProfiles } from '../../src/engine/index.ts';
import { KeyObjectCache } from '../../src/engine/jws/keys.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { netContext, startDocServer, type DocServer } from '../lint/helpers/fixtures.ts';
import { claims, jwt, NOW, testKeys } from '../helpers/tokens.ts';

let srv: DocServer;
let n = 0;
beforeAll(async () => {
  srv = await startDocServer();
});
afterAll(() => srv.close());

const keys = testKeys();

/** A document shaped like https://token.actions.githubusercontent.com/.well-known/openid-configuration, for `issuer`. */
function githubLike(issuer: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks`,
    subject_types_supported: ['public', 'pairwise'],
    response_types_supported: ['id_token'],
    claims_supported: ['sub', 'aud', 'exp', 'iat', 'iss', 'jti', 'nbf', 'ref', 'repository', 'repository_id', 'repository_owner', 'repository_owner_id', 'run_id', 'job_workflow_ref', 'environment'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid'],
    ...changes,
  };
}

/** Serves the document (and the test RSA key as its JWKS) under a fresh path; returns the issuer. */
function serve(changes: Record<string, unknown> = {}): string {
  const base = `/gh${++n}`;
  const issuer = srv.url(base);
  srv.set(`${base}/.well-known/openid-configuration`, githubLike(issuer, changes));
  srv.set(`${base}/.well-known/jwks`, { keys: [{ ...keys.rsa.publicKey.export({ format: 'jwk' }), kid: 'gh-1', use: 'sig', alg: 'RS256' }] });
  return issuer;
}

describe('discovery of an issuer that offers no code flow', () => {
  it('reports the missing authorization_endpoint as a warning, so the document passes', async () => {
    const res = await discoverProvider({ issuer: serve() }, netContext());
    const missing = res.findings.filter((f) => f.code === 'METADATA_MISSING');
    expect(missing).toEqual([expect.objectContaining({ severity: 'warning', evidence: expect.objectContaining({ member: 'authorization_endpoint' }) })]);
    expect(missing[0]?.message).toContain('offers no code flow');
    expect(res.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(res.valid).toBe(true);
  });

  it('keeps it an error when the issuer offers the code flow', async () => {
    const res = await discoverProvider({ issuer: serve({ response_types_supported: ['code', 'id_token'], token_endpoint: 'https://x.example/token' }) }, netContext());
    expect(res.findings.filter((f) => f.code === 'METADATA_MISSING')).toEqual([expect.objectContaining({ severity: 'error', evidence: expect.objectContaining({ member: 'authorization_endpoint' }) })]);
    expect(res.valid).toBe(false);
  });
});

describe('a discovery: true profile for such an issuer', () => {
  it('finds the keys from issuer and jwks_uri alone and validates a workflow token with its claim patterns', async () => {
    const issuer = serve();
    const ctx = netContext({ now: () => NOW * 1000 });
    const profiles = compileIssuerProfiles([{
      id: 'github-actions', issuer, audiences: ['sts.amazonaws.com'], allowed_algs: ['RS256'], discovery: true,
      required_claim_patterns: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/main' },
    }], { env: {}, fetcher: ctx.fetcher, now: ctx.now, keyCache: new KeyObjectCache() });
    const token = (sub: string) => jwt('RS256', { header: { alg: 'RS256', kid: 'gh-1', typ: 'JWT' }, payload: claims({ iss: issuer, aud: 'sts.amazonaws.com', sub }), key: keys.rsa.privateKey });
    const ok = await validateJwt({ token: token('repo:acme@1001/app@2002:ref:refs/heads/main'), issuer_profile_id: 'github-actions' }, { ...ctx, profiles });
    expect(ok.findings).toEqual([]);
    expect(ok.valid).toBe(true);
    const pr = await validateJwt({ token: token('repo:acme@1001/app@2002:pull_request'), issuer_profile_id: 'github-actions' }, { ...ctx, profiles });
    expect(pr.findings.map((f) => f.code)).toEqual(['CLAIM_PATTERN_MISMATCH']);
  });
});
