import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { RequestInvalidError } from '../../src/engine/errors.ts';
import { lintTrustPolicy } from '../../src/engine/trust/lint.ts';
import { awsPolicy, ISSUER_HOST, PINNED, PROVIDER_ARN } from './trust-tester.ts';

const SUB = `${ISSUER_HOST}:sub`;
const AUD = `${ISSUER_HOST}:aud`;

/** The outcome of each claim set under the policy, as AWS would decide it. */
async function outcomes(policy: Record<string, unknown>, claimSets: Record<string, unknown>[]): Promise<string[]> {
  const res = await lintTrustPolicy({ issuer: 'https://token.actions.githubusercontent.com', aws_trust_policy: policy, cases: claimSets.map((claims) => ({ claims, expect: 'allow' })) }, createEngineContext());
  return res.metadata.cases.map((c) => c.outcome);
}

/** The problems of a request the lint refuses (422). */
async function refused(body: unknown) {
  try {
    await lintTrustPolicy(body, createEngineContext());
  } catch (err) {
    if (err instanceof RequestInvalidError) return err.errors;
    throw err;
  }
  throw new Error('not refused');
}

describe('case evaluation as AWS evaluates conditions', () => {
  it('every condition block must hold; within a key any value matches', async () => {
    const policy = awsPolicy({ StringEquals: { [AUD]: ['sts.amazonaws.com', 'other'] }, StringLike: { [SUB]: ['repo:acme/app:ref:refs/heads/main', 'repo:acme/app:environment:*'] } });
    expect(await outcomes(policy, [
      { aud: 'sts.amazonaws.com', sub: 'repo:acme/app:ref:refs/heads/main' },
      { aud: 'other', sub: 'repo:acme/app:environment:prod' },
      { aud: 'sts.amazonaws.com', sub: 'repo:acme/app:pull_request' },
      { aud: 'nope', sub: 'repo:acme/app:ref:refs/heads/main' },
    ])).toEqual(['allow', 'allow', 'deny', 'deny']);
  });

  it('a missing claim fails StringEquals and StringLike; a list aud holds when one member matches', async () => {
    const policy = awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringLike: { [SUB]: '*' } });
    expect(await outcomes(policy, [{ aud: 'sts.amazonaws.com' }, { sub: 'x' }, { aud: ['x', 'sts.amazonaws.com'], sub: 'x' }, { aud: 5, sub: 'x' }]))
      .toEqual(['deny', 'deny', 'allow', 'deny']);
  });

  it('ForAnyValue needs one member to match and fails for a missing claim; ForAllValues needs every member and holds for a missing one', async () => {
    const any = awsPolicy({ 'ForAnyValue:StringEquals': { [AUD]: 'sts.amazonaws.com' } });
    expect(await outcomes(any, [{ aud: ['a', 'sts.amazonaws.com'] }, { aud: ['a', 'b'] }, {}])).toEqual(['allow', 'deny', 'deny']);
    const all = awsPolicy({ 'ForAllValues:StringLike': { [AUD]: 'sts.*' } });
    expect(await outcomes(all, [{ aud: ['sts.a', 'sts.b'] }, { aud: ['sts.a', 'b'] }, {}, { aud: [] }])).toEqual(['allow', 'deny', 'allow', 'allow']);
  });

  it('one Allow statement that holds is enough; statements of other principals and actions do not count', async () => {
    const policy = { Statement: [
      (awsPolicy({ StringEquals: { [SUB]: 'repo:acme/app:ref:refs/heads/main' } }).Statement as unknown[])[0],
      (awsPolicy({ StringEquals: { [SUB]: 'repo:acme/app:environment:prod' } }).Statement as unknown[])[0],
      { Effect: 'Allow', Principal: { Federated: PROVIDER_ARN }, Action: 'sts:TagSession' },
      { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::1:oidc-provider/gitlab.com' }, Action: 'sts:AssumeRoleWithWebIdentity' },
    ] };
    // The cases are GitHub's tokens: with no issuer named, the open GitLab statement would let them in.
    expect(await outcomes(policy, [{ sub: 'repo:acme/app:ref:refs/heads/main' }, { sub: 'repo:acme/app:environment:prod' }, { sub: 'repo:acme/app:pull_request' }]))
      .toEqual(['allow', 'allow', 'deny']);
  });

  it('reads condition key names and the provider without regard to letter case, and sts:* as the action', async () => {
    const policy = { Statement: { Effect: 'Allow', Principal: { Federated: [PROVIDER_ARN.toUpperCase().replace('ARN:AWS:IAM', 'arn:aws:iam')] }, Action: ['sts:*'], Condition: { StringEquals: { 'Token.Actions.GitHubUserContent.com:sub': PINNED } } } };
    const res = await lintTrustPolicy({ aws_trust_policy: policy, cases: [{ claims: { sub: PINNED }, expect: 'allow' }] }, createEngineContext());
    expect(res.metadata.cases).toEqual([{ name: 'case 0', expect: 'allow', outcome: 'allow' }]);
    expect(res.metadata.conditions).toEqual([{ field: '/aws_trust_policy/Statement/Condition/StringEquals/Token.Actions.GitHubUserContent.com:sub', effect: 'Allow', claim: 'sub', operator: 'StringEquals', values: [PINNED] }]);
  });

  it('with a trust document, the entry\'s audiences are no condition: the document alone decides', async () => {
    const res = await lintTrustPolicy({
      audiences: ['sts.amazonaws.com'],
      aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' } }),
      cases: [{ claims: { sub: 'repo:acme/x:ref:refs/heads/main', aud: 'other' }, expect: 'deny' }],
    }, createEngineContext());
    expect(res.metadata.cases[0]?.outcome).toBe('allow');
    expect(res.findings.map((f) => f.code)).toEqual(['TRUST_AUDIENCE_MISSING', 'TRUST_SUBJECT_UNBOUNDED', 'TRUST_CASE_FAILED']);
    expect(res.findings.find((f) => f.code === 'TRUST_CASE_FAILED')?.message).toBe('The case "case 0" expects deny, but it is allowed: the conditions of the Allow statement Statement[0] all hold.');
  });

  it('refuses claim_patterns beside a trust document, pointing at claim_patterns', async () => {
    await expect(lintTrustPolicy({ claim_patterns: { sub: 'repo:acme@1/app@2:ref:refs/heads/main' }, aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' } }) }, createEngineContext()))
      .rejects.toMatchObject({ errors: [{ pointer: '/claim_patterns', message: expect.stringContaining('cases') }] });
  });

  it('the denied case names the condition of the request\'s own that failed', async () => {
    const res = await lintTrustPolicy({ audiences: ['sts.amazonaws.com'], claim_patterns: { sub: 'repo:acme/*' }, cases: [{ claims: { sub: 'repo:acme/x:ref:refs/heads/main', aud: 'other' }, expect: 'allow' }] }, createEngineContext());
    expect(res.findings.find((f) => f.code === 'TRUST_CASE_FAILED')?.evidence?.decided_by).toMatchObject({ field: '/audiences', claim: 'aud' });
    expect(res.findings.find((f) => f.code === 'TRUST_CASE_FAILED')?.message).toBe('The case "case 0" expects allow, but it is denied: the StringEquals condition on aud (/audiences) does not hold.');
  });

  it('uses the issuer given: its host and path prefix the condition keys', async () => {
    const issuer = 'https://oidc.eks.eu-west-1.amazonaws.com/id/ABC';
    const policy = { Statement: { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::1:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC' }, Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: { StringEquals: { 'oidc.eks.eu-west-1.amazonaws.com/id/ABC:aud': 'sts.amazonaws.com', 'oidc.eks.eu-west-1.amazonaws.com/id/ABC:sub': 'system:serviceaccount:ns:sa' } } } };
    const res = await lintTrustPolicy({ issuer, aws_trust_policy: policy }, createEngineContext());
    expect(res.metadata.issuer).toBe(issuer);
    expect(res.metadata.conditions.map((c) => c.claim)).toEqual(['aud', 'sub']);
    expect(res.findings).toEqual([]);
    expect(res.valid).toBe(true);
  });

  it('a sound policy answers valid with every condition listed', async () => {
    const res = await lintTrustPolicy({ aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringLike: { [SUB]: PINNED } }) }, createEngineContext());
    expect(res).toEqual({
      valid: true, findings: [], summary: 'Trust policy is valid.',
      metadata: { issuer: 'https://token.actions.githubusercontent.com', conditions: expect.any(Array), cases: [] },
    });
  });
});

describe('trust-policy request schema', () => {

  it('refuses unknown members, wrong types and bad cases with one problem each, pointing at the field', async () => {
    expect(await refused({ audience: ['x'] })).toEqual([{ pointer: '/audience', message: expect.any(String) }]);
    expect(await refused({ audiences: [] })).toEqual([{ pointer: '/audiences', message: expect.any(String) }]);
    expect(await refused({ claim_patterns: { sub: 3 } })).toEqual([expect.objectContaining({ pointer: '/claim_patterns/sub' })]);
    expect(await refused({ aws_trust_policy: '{}' })).toEqual([expect.objectContaining({ pointer: '/aws_trust_policy' })]);
    expect(await refused({ cases: [{ claims: {}, expect: 'maybe' }] })).toEqual([expect.objectContaining({ pointer: '/cases/0/expect' })]);
    expect(await refused({ cases: [{ claims: {} }] })).toEqual([{ pointer: '/cases/0/expect', message: 'is required' }]);
    expect(await refused({ cases: [{ claims: { sub: 'x'.repeat(1025) }, expect: 'deny' }] })).toEqual([expect.objectContaining({ pointer: '/cases/0/claims/sub' })]);
  });

  it('takes an empty body: what is missing is reported as findings', async () => {
    const res = await lintTrustPolicy({}, createEngineContext());
    expect(res.findings.map((f) => f.code)).toEqual(['TRUST_AUDIENCE_MISSING', 'TRUST_SUBJECT_UNBOUNDED']);
  });
});

describe('limits on what one request may make the checker read', () => {
  const statement = (federated: unknown, condition: Record<string, unknown> = {}) => ({ Effect: 'Allow', Principal: { Federated: federated }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: condition });

  it('refuses more than 100 statements, 100 providers in one statement, or 10 providers in all', async () => {
    expect(await refused({ aws_trust_policy: { Statement: Array.from({ length: 101 }, () => statement(PROVIDER_ARN)) } })).toEqual([{ pointer: '/aws_trust_policy/Statement', message: expect.stringContaining('101 statements') }]);
    expect(await refused({ aws_trust_policy: { Statement: [statement(Array.from({ length: 101 }, (_, i) => `${PROVIDER_ARN}/e${i}`))] } })).toEqual([
      { pointer: '/aws_trust_policy/Statement/0/Principal/Federated', message: expect.stringContaining('101 identity providers') },
      { pointer: '/aws_trust_policy/Statement', message: expect.stringContaining('name 101 identity providers') },
    ]);
    expect(await refused({ aws_trust_policy: { Statement: [statement(Array.from({ length: 11 }, (_, i) => `${PROVIDER_ARN}/e${i}`))] } })).toEqual([{ pointer: '/aws_trust_policy/Statement', message: expect.stringContaining('at most 10 are') }]);
  });

  it('refuses a document whose conditions, read once per provider, are more than 3,000 readings', async () => {
    const keys = (n: number) => ({ StringNotLike: Object.fromEntries(Array.from({ length: n }, (_, i) => [`o.x:${i}`, 'x'])) });
    // Two readings (the provider named, and none other): 1,499 keys and their operator fit, 1,500 do not.
    await expect(lintTrustPolicy({ aws_trust_policy: { Statement: [statement(PROVIDER_ARN, keys(1499))] } }, createEngineContext())).resolves.toMatchObject({ metadata: { issuer: 'https://token.actions.githubusercontent.com' } });
    expect(await refused({ aws_trust_policy: { Statement: [statement(PROVIDER_ARN, keys(1500))] } })).toEqual([{ pointer: '/aws_trust_policy/Statement', message: expect.stringContaining('1,501 condition operators and keys') }]);
  });

  it('lists at most 50 parts it cannot evaluate, and counts the rest in one more finding', async () => {
    const res = await lintTrustPolicy({ aws_trust_policy: { Statement: [statement(PROVIDER_ARN, Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`Op${i}`, {}])))] } }, createEngineContext());
    const unsupported = res.findings.filter((f) => f.code === 'TRUST_CONDITION_UNSUPPORTED');
    expect(unsupported).toHaveLength(51);
    expect(unsupported[50]?.message).toMatch(/^30 more parts of the policy are not evaluated either/);
  });
});

describe('the work budget and real policies', () => {
  it('accepts a policy as large as AWS lets a trust policy be (4,096 characters): 60 repositories, with cases', async () => {
    const subs = Array.from({ length: 60 }, (_, i) => `repo:acme@1001/service-${i}@${2000 + i}:environment:production`);
    const policy = awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringLike: { [SUB]: subs } });
    expect(JSON.stringify(policy).length).toBeLessThan(4096);
    const res = await lintTrustPolicy({ aws_trust_policy: policy, cases: subs.slice(0, 10).map((sub) => ({ claims: { sub, aud: 'sts.amazonaws.com' }, expect: 'allow' })) }, createEngineContext());
    expect(res.valid).toBe(true);
    expect(res.findings).toEqual([]);
  });
});
