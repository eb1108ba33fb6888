/**
 * What the Vault format refuses (422, never judged in part), where the role sits in the request, and
 * which issuer it is judged for.
 */
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../../src/engine/context.ts';
import { RequestInvalidError } from '../../../src/engine/errors.ts';
import { lintTrustPolicy, trustRequestRefusals } from '../../../src/engine/trust/lint.ts';
import { MAX_BOUND_CLAIMS, MAX_ROLE_BYTES, MAX_ROLE_VALUE_LENGTH, MAX_ROLE_VALUES } from '../../../src/engine/trust/vault/role.ts';
import { AT, githubClaims, request, role } from './vault-tester.ts';

async function refusedAt(body: Record<string, unknown>): Promise<string[]> {
  try {
    await lintTrustPolicy(structuredClone(body), createEngineContext());
  } catch (err) {
    if (err instanceof RequestInvalidError) return err.errors.map((p) => p.pointer);
    throw err;
  }
  return [];
}

describe('Vault role limits', () => {
  it('a role over 64 KiB as JSON is refused at the member', async () => {
    const big = role({ bound_claims: { repository: 'acme/app' }, token_policies: Array.from({ length: 4000 }, (_, i) => `policy-number-${i}`) });
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(MAX_ROLE_BYTES);
    expect(await refusedAt(request(big))).toEqual([AT]);
  });

  it(`more than ${MAX_BOUND_CLAIMS} bound claims are refused; ${MAX_BOUND_CLAIMS} are judged`, async () => {
    const claims = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`claim_${i}`, 'x']));
    expect(await refusedAt(request(role({ bound_claims: claims(MAX_BOUND_CLAIMS + 1) })))).toEqual([`${AT}/bound_claims`]);
    expect(await refusedAt(request(role({ bound_claims: claims(MAX_BOUND_CLAIMS) })))).toEqual([]);
  });

  it(`more than ${MAX_ROLE_VALUES} values of one bound claim, or audiences, are refused`, async () => {
    const values = Array.from({ length: MAX_ROLE_VALUES + 1 }, (_, i) => `refs/heads/b${i}`);
    expect(await refusedAt(request(role({ bound_claims: { ref: values } })))).toEqual([`${AT}/bound_claims/ref`]);
    expect(await refusedAt(request(role({ bound_audiences: values })))).toEqual([`${AT}/bound_audiences`]);
    expect(await refusedAt(request(role({ bound_audiences: values.join(',') })))).toEqual([`${AT}/bound_audiences`]);
  });

  it(`a value longer than ${MAX_ROLE_VALUE_LENGTH} characters is refused where it is`, async () => {
    const long = `acme/${'a'.repeat(MAX_ROLE_VALUE_LENGTH)}`;
    expect(await refusedAt(request(role({ bound_claims: { repository: long } })))).toEqual([`${AT}/bound_claims/repository`]);
    expect(await refusedAt(request(role({ bound_claims: { repository: ['acme/app', long] } })))).toEqual([`${AT}/bound_claims/repository/1`]);
    expect(await refusedAt(request(role({ bound_subject: long })))).toEqual([`${AT}/bound_subject`]);
    expect(await refusedAt(request(role({ bound_audiences: ['x', long] })))).toEqual([`${AT}/bound_audiences/1`]);
    expect(await refusedAt(request(role({ bound_claims: { [long]: 'x' } })))).toEqual([`${AT}/bound_claims`]);
  });

  it('the limits hold for the whole output of vault read too, at data', async () => {
    const claims = Object.fromEntries(Array.from({ length: MAX_BOUND_CLAIMS + 1 }, (_, i) => [`c${i}`, 'x']));
    expect(await refusedAt(request({ request_id: 'r', data: role({ bound_claims: claims }) }))).toEqual([`${AT}/data/bound_claims`]);
  });

  it('a role beside claim_patterns is refused: the role alone decides', async () => {
    expect(await refusedAt({ ...request(role()), claim_patterns: { sub: 'repo:acme/app:*' } })).toEqual(['/claim_patterns']);
  });

  it('cases whose matching would exceed the work budget are refused, not judged in part', () => {
    const globs = Array.from({ length: MAX_ROLE_VALUES }, (_, i) => `*a?${'b'.repeat(200)}*c${i}*`);
    const claims = githubClaims({ ref: 'a'.repeat(1000), sub: 'x'.repeat(1000) });
    const cases = Array.from({ length: 100 }, (_, i) => ({ name: `c${i}`, claims, expect: 'deny' }));
    const refusals = trustRequestRefusals(request(role({ bound_claims_type: 'glob', bound_claims: { ref: globs } }), { cases }));
    expect(refusals.map((r) => r.pointer)).toEqual(['/cases']);
  });
});

describe('where the role is and whose tokens it is judged for', () => {
  it('the whole output of vault read is read at /data; a role with a member named data is the role itself', async () => {
    const wrapped = await lintTrustPolicy(request({ request_id: 'r', lease_duration: 0, data: role({ bound_subject: '' }) }), createEngineContext());
    expect(wrapped.findings.map((f) => f.evidence?.field)).toContain(`${AT}/data/bound_subject`);
    const own = await lintTrustPolicy(request(role({ bound_subject: '', data: { bound_subject: 'x' } })), createEngineContext());
    expect(own.findings.map((f) => f.evidence?.field)).toContain(`${AT}/bound_subject`);
    expect(own.findings.filter((f) => f.code === 'TRUST_CONDITION_UNSUPPORTED').map((f) => f.evidence?.field)).toEqual([`${AT}/data`]);
  });

  it('GitHub\'s issuer unless the request names one (the role names none: the mount\'s bound_issuer does)', async () => {
    const github = await lintTrustPolicy(request(role()), createEngineContext());
    expect(github.metadata.issuer).toBe('https://token.actions.githubusercontent.com');
    const gitlab = await lintTrustPolicy(request(role(), { issuer: 'https://gitlab.example.com/' }), createEngineContext());
    expect(gitlab.metadata.issuer).toBe('https://gitlab.example.com');
  });

  it('the conditions the response lists, each at its pointer', async () => {
    const res = await lintTrustPolicy(request(role({ bound_claims_type: 'glob', bound_claims: { ref: 'refs/heads/*' } })), createEngineContext());
    expect(res.metadata.conditions).toEqual([
      { field: `${AT}/bound_audiences`, effect: 'Allow', claim: 'aud', operator: 'bound_audiences', values: ['https://vault.example.com'] },
      { field: `${AT}/bound_subject`, effect: 'Allow', claim: 'sub', operator: 'bound_subject', values: ['repo:acme@1001/app@2002:ref:refs/heads/main'] },
      { field: `${AT}/bound_claims/ref`, effect: 'Allow', claim: 'ref', operator: 'bound_claims glob', values: ['refs/heads/*'] },
      { field: `${AT}/user_claim`, effect: 'Allow', claim: 'sub', operator: 'user_claim', values: ['false'] },
    ]);
  });
});
