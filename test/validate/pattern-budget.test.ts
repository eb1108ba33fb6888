/**
 * required_claim_patterns cost bounded up front (§17, bounded cost): the worst case of an inline
 * policy's patterns for the request's token (a claim is never longer than its token) must fit
 * MATCH_WORK_BUDGET, else 422 at /policy/required_claim_patterns; an issuer profile's patterns must
 * fit it for the longest token the schema accepts, else the profiles do not load. No timing here: the
 * costs are counted, and bench/patterns.bench.ts measures what they take.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/engine.ts';
import { KeyObjectCache } from '../../src/engine/jws/keys.ts';
import { createOfflineFetcher } from '../../src/engine/net/types.ts';
import { compileIssuerProfiles, IssuerProfileError } from '../../src/engine/profiles/index.ts';
import { MATCH_WORK_BUDGET, MAX_TOKEN_LENGTH } from '../../src/engine/schema/limits.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { compileStringLike, matchCost } from '../../src/engine/trust/string-like.ts';
import { claimPatternsWork } from '../../src/engine/validate/claim-patterns.ts';
import { validateJwt } from '../../src/engine/validate/validate.ts';
import { expectRequestInvalid } from '../helpers/response.ts';
import { body, claims, fixedContext, goodToken, NOW, policyFor } from '../helpers/tokens.ts';

const ctx = fixedContext();
const POINTER = '/policy/required_claim_patterns';

/** An HS256 token whose sub is `a` repeated `length` times. */
function tokenWithSub(length: number): string {
  return goodToken('HS256', { payload: claims({ sub: 'a'.repeat(length) }) });
}

/** The longest `sub` of `a`s that keeps the token within `limit` characters, and that token. */
function longestToken(limit: number = MAX_TOKEN_LENGTH): string {
  let length = Math.floor((limit * 3) / 4);
  while (tokenWithSub(length).length > limit) length -= 1 + Math.floor((tokenWithSub(length).length - limit) / 2);
  return tokenWithSub(length);
}

/** The most costly shape: a `?` segment between stars, 32 words of Shift-And, never matching `aaaa…`. */
const costly = (length = 1020): string => `*?${'a'.repeat(length)}b*`;

function request(token: string, patterns: Record<string, string | string[]>): Record<string, unknown> {
  return body(token, policyFor('HS256', { required_claim_patterns: patterns }));
}

/** The pattern list on `sub` that fills the budget for `token` as far as `costly()` patterns go, plus one more. */
function overBudget(token: string): string[] {
  const one = matchCost(token.length, compileStringLike(costly()));
  return Array.from({ length: Math.floor(MATCH_WORK_BUDGET / one) + 1 }, () => costly());
}

describe('required_claim_patterns within the work budget', () => {
  const token = longestToken();

  it('an inline policy whose patterns are too costly for the token is refused with 422 naming the field', async () => {
    expect(token.length).toBeGreaterThan(MAX_TOKEN_LENGTH - 8);
    const patterns = { sub: overBudget(token) };
    expect(claimPatternsWork(patterns, token.length)).toBeGreaterThan(MATCH_WORK_BUDGET);

    const err = await expectRequestInvalid(validateJwt(request(token, patterns), ctx));
    expect(err.errors).toHaveLength(1);
    const [problem] = err.errors;
    expect(problem?.pointer).toBe(POINTER);
    expect(problem?.message).toContain(`too costly for a token of ${token.length} characters`);
    expect(problem?.message).toContain('fewer or shorter patterns');
    expect(problem?.message).toContain('fewer "?"');

    // The service's answer: 422 REQUEST_INVALID whose detail and errors name the field.
    const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
    const outcome = await engine.run('validate', request(token, patterns));
    expect(outcome.problem).toMatchObject({ status: 422, code: 'REQUEST_INVALID', errors: [{ pointer: POINTER }] });
    expect(outcome.problem?.detail).toMatch(new RegExp(`^${POINTER}: are too costly for a token of ${token.length} characters`));
  });

  it('is refused before the token is looked at: a malformed token with such patterns is still the 422', async () => {
    const garbage = `x${'.'.repeat(10)}${'a'.repeat(token.length - 11)}`;
    const err = await expectRequestInvalid(validateJwt(request(garbage, { sub: overBudget(garbage) }), ctx));
    expect(err.errors.map((e) => e.pointer)).toEqual([POINTER]);
  });

  it('the bound follows the token: the same patterns are evaluated for a short token', async () => {
    const patterns = { sub: overBudget(token) };
    const short = tokenWithSub(300);
    expect(claimPatternsWork(patterns, short.length)).toBeLessThanOrEqual(MATCH_WORK_BUDGET);
    const res = await validateJwt(request(short, patterns), ctx);
    expect(res.findings.map((f) => f.code)).toEqual(['CLAIM_PATTERN_MISMATCH']);
  });

  it('patterns just under the budget are accepted and evaluated; one more pattern is refused', async () => {
    // The costliest patterns while they fit, then a shorter one, then cheap ones: within one cheap pattern of the budget.
    const list: string[] = [];
    const add = (pattern: string): boolean => {
      list.push(pattern);
      if (claimPatternsWork({ sub: list }, token.length) <= MATCH_WORK_BUDGET) return true;
      list.pop();
      return false;
    };
    while (add(costly()));
    for (let length = 1019; length > 0 && !add(costly(length)); length--);
    while (add(`*${'a'.repeat(120)}*`));
    const work = claimPatternsWork({ sub: list }, token.length);
    expect(list.length).toBeLessThanOrEqual(100);
    expect(work).toBeLessThanOrEqual(MATCH_WORK_BUDGET);
    expect(work).toBeGreaterThan(MATCH_WORK_BUDGET - matchCost(token.length, compileStringLike('*a*')));

    // Evaluated: a response, whatever the patterns decide (the costly ones fail on `aaaa…`, cheap ones match).
    const res: ValidateResponse = await validateJwt(request(token, { sub: list }), ctx);
    expect(res.statuses.signature).toBe('pass');
    expect(res.valid).toBe(list.some((p) => !p.startsWith('*?')));

    const over = [...list, '*a*'];
    expect(claimPatternsWork({ sub: over }, token.length)).toBeGreaterThan(MATCH_WORK_BUDGET);
    const err = await expectRequestInvalid(validateJwt(request(token, { sub: over }), ctx));
    expect(err.errors.map((e) => e.pointer)).toEqual([POINTER]);
  });

  it('the patterns of issue 23 item 7 (40 × `*?aaaa…b*` against an 11,000-character claim, 1.2 s before) are refused', async () => {
    const old = tokenWithSub(11_000);
    const err = await expectRequestInvalid(validateJwt(request(old, { sub: Array.from({ length: 40 }, () => costly(1000)) }), ctx));
    expect(err.errors.map((e) => e.pointer)).toEqual([POINTER]);
  });

  it('typical patterns pass for the longest token: a handful under 200 characters, even with ? between stars', async () => {
    const typical = {
      sub: [
        'repo:acme@1001/app@2002:ref:refs/heads/main',
        'repo:acme/app:environment:prod-?',
        'repo:acme/*:ref:refs/heads/release-?.?.*',
        'repo:acme/app:ref:refs/tags/v?.*.*',
      ],
      job_workflow_ref: 'acme/automation/.github/workflows/*.yml@refs/heads/*',
    };
    expect(claimPatternsWork(typical, MAX_TOKEN_LENGTH)).toBeLessThan(MATCH_WORK_BUDGET / 10);
    // Five patterns of 199 characters, each a `?` segment of 197 between stars: 7 words of Shift-And each.
    const worstHandful = { sub: Array.from({ length: 5 }, () => costly(195)) };
    expect(worstHandful.sub[0]).toHaveLength(199);
    expect(claimPatternsWork(worstHandful, MAX_TOKEN_LENGTH)).toBeLessThanOrEqual(MATCH_WORK_BUDGET / 2);

    for (const patterns of [typical, worstHandful]) {
      const res = await validateJwt(request(token, patterns), ctx);
      expect(res.statuses.required_claims).toBe('fail');
      expect(res.findings.every((f) => f.code === 'CLAIM_PATTERN_MISMATCH')).toBe(true);
    }
  });

  it('a policy without patterns is not counted', async () => {
    const res = await validateJwt(body(token, policyFor('HS256')), ctx);
    expect(res.valid).toBe(true);
  });
});

describe('issuer profiles: patterns within the budget for the longest token', () => {
  const options = { env: {}, fetcher: createOfflineFetcher(), now: () => NOW * 1000, keyCache: new KeyObjectCache() };
  const profile = (patterns: Record<string, string | string[]>) => ({
    ...policyFor('HS256'),
    id: 'gha',
    required_claim_patterns: patterns,
  });

  it('a profile whose patterns are too costly for a 16 KiB token is refused at load, naming the field', () => {
    const patterns = { sub: overBudget('x'.repeat(MAX_TOKEN_LENGTH)) };
    let error: unknown;
    try {
      compileIssuerProfiles([profile(patterns)], options);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(IssuerProfileError);
    const problems = (error as IssuerProfileError).problems;
    expect(problems).toEqual([{ profile: expect.stringContaining('gha'), pointer: '/0/required_claim_patterns', message: expect.stringContaining(`too costly for a token of ${MAX_TOKEN_LENGTH} characters`) }]);
  });

  it('counts the longest token, not the one at hand: patterns a short token could afford still stop the profile', () => {
    // Affordable for a 2,000-character token, not for 16 KiB.
    const one = matchCost(MAX_TOKEN_LENGTH, compileStringLike(costly()));
    const patterns = { sub: Array.from({ length: Math.floor(MATCH_WORK_BUDGET / one) + 1 }, () => costly()) };
    expect(claimPatternsWork(patterns, 2000)).toBeLessThanOrEqual(MATCH_WORK_BUDGET);
    expect(() => compileIssuerProfiles([profile(patterns)], options)).toThrow(IssuerProfileError);
  });

  it('a profile with typical patterns loads and validates a token of the longest length', async () => {
    const registry = compileIssuerProfiles([profile({ sub: ['repo:acme/app:*', `*?${'a'.repeat(190)}*`] })], options);
    const token = longestToken();
    const res = await validateJwt({ token, issuer_profile_id: 'gha' }, fixedContext(undefined, { profiles: registry }));
    expect(res.statuses.required_claims).toBe('pass');
  });

  it('a profile is checked once, at load: a costly pattern that fits is matched for the longest token', async () => {
    const registry = compileIssuerProfiles([profile({ sub: costly() })], options);
    const res = await validateJwt({ token: longestToken(), issuer_profile_id: 'gha' }, fixedContext(undefined, { profiles: registry }));
    expect(res.findings.map((f) => f.code)).toEqual(['CLAIM_PATTERN_MISMATCH']);
  });
});
