import { describe, expect, it } from 'vitest';
import { RequestInvalidError } from '../../src/engine/errors.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { body, claims, fixedContext, goodToken, policyFor } from '../helpers/tokens.ts';

const SUB = 'repo:acme@1001/app@2002:ref:refs/heads/main';

async function validate(tokenClaims: Record<string, unknown>, patterns: unknown) {
  return validateJwt(body(goodToken('RS256', { payload: claims(tokenClaims) }), policyFor('RS256', { required_claim_patterns: patterns as Record<string, string> })), fixedContext());
}

describe('required_claim_patterns', () => {
  it('passes when the claim matches the pattern, or one of a list', async () => {
    const one = await validate({ sub: SUB }, { sub: 'repo:acme@1001/app@2002:ref:refs/heads/*' });
    expect(one.valid).toBe(true);
    expect(one.findings).toEqual([]);
    const list = await validate({ sub: SUB, job_workflow_ref: 'acme/app/.github/workflows/deploy.yml@refs/heads/main' }, {
      sub: ['repo:acme@1001/app@2002:environment:production', 'repo:acme@1001/app@2002:ref:refs/heads/main'],
      job_workflow_ref: 'acme/app/.github/workflows/deploy.yml@*',
    });
    expect(list.valid).toBe(true);
    expect(list.statuses.required_claims).toBe('pass');
  });

  it('fails required_claims with CLAIM_PATTERN_MISMATCH and a claim_diff entry when no pattern matches', async () => {
    const res = await validate({ sub: 'repo:acme@1001/app@2002:pull_request' }, { sub: ['repo:acme@1001/app@2002:ref:refs/heads/main', 'repo:acme@1001/app@2002:environment:*'] });
    expect(res.valid).toBe(false);
    expect(res.statuses.required_claims).toBe('fail');
    expect(res.findings).toEqual([{
      code: 'CLAIM_PATTERN_MISMATCH', severity: 'error',
      message: 'The claim "sub" matches none of its required patterns.',
      evidence: { claim: 'sub', expected: ['repo:acme@1001/app@2002:ref:refs/heads/main', 'repo:acme@1001/app@2002:environment:*'], actual: 'repo:acme@1001/app@2002:pull_request' },
    }]);
    expect(res.claim_diff).toEqual({ sub: { expected: ['repo:acme@1001/app@2002:ref:refs/heads/main', 'repo:acme@1001/app@2002:environment:*'], actual: 'repo:acme@1001/app@2002:pull_request' } });
  });

  it('a missing claim is a mismatch with actual null', async () => {
    const res = await validate({}, { environment: 'production' });
    expect(res.findings).toMatchObject([{ code: 'CLAIM_PATTERN_MISMATCH', message: 'The claim "environment" is absent.' }]);
    expect(res.claim_diff).toEqual({ environment: { expected: ['production'], actual: null } });
  });

  it('only a string claim can match: an array or a number is a mismatch that says so', async () => {
    const array = await validate({ groups: ['deploy'] }, { groups: '*' });
    expect(array.findings).toMatchObject([{ code: 'CLAIM_PATTERN_MISMATCH', message: 'The claim "groups" is not a string (an array), so no pattern can match it.' }]);
    const number = await validate({ run_attempt: 1 }, { run_attempt: '*' });
    expect(number.findings).toMatchObject([{ message: 'The claim "run_attempt" is not a string (a number), so no pattern can match it.' }]);
  });

  it('* and ? are the only wildcards: regular expression characters are literal', async () => {
    const res = await validate({ sub: 'repo:acmeXapp' }, { sub: 'repo:acme.app' });
    expect(res.findings.map((f) => f.code)).toEqual(['CLAIM_PATTERN_MISMATCH']);
  });

  it('is checked from an issuer profile too', async () => {
    const { compileIssuerProfiles } = await import('../../src/engine/index.ts');
    const { KeyObjectCache } = await import('../../src/engine/jws/keys.ts');
    const policy = policyFor('RS256');
    const registry = compileIssuerProfiles([{ id: 'gha', issuer: policy.issuer, audiences: policy.audiences, allowed_algs: ['RS256'], public_key: policy.public_key, required_claim_patterns: { sub: 'repo:acme/app:*' } }],
      { env: {}, fetcher: { online: false } as never, now: () => 0, keyCache: new KeyObjectCache() });
    const ctx = fixedContext(undefined, { profiles: registry });
    const ok = await validateJwt({ token: goodToken('RS256', { payload: claims({ sub: 'repo:acme/app:ref:refs/heads/main' }) }), issuer_profile_id: 'gha' }, ctx);
    expect(ok.valid).toBe(true);
    const other = await validateJwt({ token: goodToken('RS256', { payload: claims({ sub: 'repo:acme/other:ref:refs/heads/main' }) }), issuer_profile_id: 'gha' }, ctx);
    expect(other.findings.map((f) => f.code)).toEqual(['CLAIM_PATTERN_MISMATCH']);
  });

  it('refuses a pattern map of the wrong shape with 422 pointing at the member', async () => {
    const refused = async (patterns: unknown) => {
      try {
        await validate({}, patterns);
      } catch (err) {
        if (err instanceof RequestInvalidError) return err.errors;
        throw err;
      }
      throw new Error('not refused');
    };
    expect(await refused({ sub: 7 })).toEqual([expect.objectContaining({ pointer: '/policy/required_claim_patterns/sub' })]);
    expect(await refused({ sub: [] })).toEqual([expect.objectContaining({ pointer: '/policy/required_claim_patterns/sub' })]);
    expect(await refused({ sub: ['ok', 3] })).toEqual([expect.objectContaining({ pointer: '/policy/required_claim_patterns/sub/1' })]);
    expect(await refused({ sub: 'x'.repeat(1025) })).toEqual([expect.objectContaining({ pointer: '/policy/required_claim_patterns/sub' })]);
  });
});
