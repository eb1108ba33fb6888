/**
 * Trust policies the checker once read more narrowly than AWS does: each would have been called safe
 * (cases denied, no breadth finding) while AWS lets a stranger's token in.
 */
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { lintTrustPolicy } from '../../src/engine/trust/lint.ts';
import { awsPolicy, ISSUER_HOST, PINNED, PROVIDER_ARN } from './trust-tester.ts';

const SUB = `${ISSUER_HOST}:sub`;
const AUD = `${ISSUER_HOST}:aud`;
const AUD_OK = { StringEquals: { [AUD]: 'sts.amazonaws.com' } };
const STRANGER = { aud: 'sts.amazonaws.com', sub: 'repo:evil/app:ref:refs/heads/main', event_name: 'push' };
const PINNED_STATEMENT = (awsPolicy({ ...AUD_OK, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[])[0];

async function lintPolicy(policy: Record<string, unknown>, claims: Record<string, unknown> = STRANGER) {
  return lintTrustPolicy({ aws_trust_policy: policy, cases: [{ name: 'stranger', claims, expect: 'deny' }] }, createEngineContext());
}

describe('statements AWS applies to the issuer\'s tokens', () => {
  it('an Allow statement with NotAction grants sts:AssumeRoleWithWebIdentity unless NotAction names it', async () => {
    const open = await lintPolicy({ Statement: [PINNED_STATEMENT, { Effect: 'Allow', Principal: { Federated: PROVIDER_ARN }, NotAction: 'sts:TagSession', Condition: AUD_OK }] });
    expect(open.metadata.cases[0]?.outcome).toBe('allow');
    expect(open.findings.map((f) => f.code)).toContain('TRUST_SUBJECT_UNBOUNDED');
    const closed = await lintPolicy({ Statement: [PINNED_STATEMENT, { Effect: 'Allow', Principal: { Federated: PROVIDER_ARN }, NotAction: 'sts:AssumeRoleWith*', Condition: AUD_OK }] });
    expect(closed.metadata.cases[0]?.outcome).toBe('deny');
    expect(closed.findings).toEqual([]);
  });

  it('an Allow statement with a wildcard principal is evaluated as one for the issuer, with a warning', async () => {
    for (const principal of [{ Principal: '*' }, { Principal: { Federated: '*' } }, { Principal: { AWS: '*' } }]) {
      const res = await lintPolicy({ Statement: [PINNED_STATEMENT, { Effect: 'Allow', ...principal, Action: 'sts:AssumeRoleWithWebIdentity', Condition: AUD_OK }] });
      expect(res.metadata.cases[0]?.outcome, JSON.stringify(principal)).toBe('allow');
      expect(res.findings.map((f) => f.code), JSON.stringify(principal)).toEqual(expect.arrayContaining(['TRUST_CONDITION_UNSUPPORTED', 'TRUST_SUBJECT_UNBOUNDED']));
    }
  });

  it('an Allow statement with a NotPrincipal that does not name the provider admits it and every other principal: unbounded', async () => {
    const res = await lintPolicy({ Statement: [PINNED_STATEMENT, { Effect: 'Allow', NotPrincipal: { AWS: 'arn:aws:iam::123456789012:root' }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: AUD_OK }] });
    expect(res.metadata.cases[0]?.outcome).toBe('allow');
    expect(res.findings.filter((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED').map((f) => f.evidence?.field)).toContain('/aws_trust_policy/Statement/1/NotPrincipal');
  });

  it('a Deny is credited only for the provider ARN an Allow names, or every principal, and not with a member it does not read', async () => {
    const deny = (principal: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ Effect: 'Deny', ...principal, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringNotLike: { [SUB]: 'repo:acme/app:*' } }, ...extra });
    const open = (awsPolicy(AUD_OK).Statement as unknown[])[0];
    const stranger = async (d: Record<string, unknown>) => (await lintPolicy({ Statement: [open, d] })).metadata.cases[0]?.outcome;
    expect(await stranger(deny({ Principal: { Federated: PROVIDER_ARN } }))).toBe('deny');
    expect(await stranger(deny({ Principal: '*' }))).toBe('deny');
    expect(await stranger(deny({ Principal: { Federated: PROVIDER_ARN.replace('123456789012', '999999999999') } }))).toBe('allow');
    expect(await stranger(deny({ Principal: { AWS: '*' } }))).toBe('allow');
    expect(await stranger(deny({ Principal: '*' }, { Resource: '*' }))).toBe('allow');
    const unconditional = { Effect: 'Deny', Principal: '*', Action: 'sts:AssumeRoleWithWebIdentity', condition: { StringLike: { [SUB]: 'x' } } };
    const res = await lintPolicy({ Statement: [open, unconditional] });
    expect(res.metadata.cases[0]?.outcome).toBe('allow');
    expect(res.findings.map((f) => f.code)).not.toContain('TRUST_CONDITION_NEVER_HOLDS');
  });

  it('a NotPrincipal that names the issuer\'s provider excludes it', async () => {
    const res = await lintPolicy({ Statement: [PINNED_STATEMENT, { Effect: 'Allow', NotPrincipal: { Federated: PROVIDER_ARN }, Action: 'sts:AssumeRoleWithWebIdentity' }] });
    expect(res.metadata.cases[0]?.outcome).toBe('deny');
  });

  it('a statement with a member the checker does not know is still evaluated, with a warning', async () => {
    const res = await lintPolicy({ Statement: [PINNED_STATEMENT, { Effect: 'Allow', Principal: { Federated: PROVIDER_ARN }, Action: 'sts:AssumeRoleWithWebIdentity', Resource: '*', Condition: AUD_OK }] });
    expect(res.metadata.cases[0]?.outcome).toBe('allow');
    expect(res.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['TRUST_CONDITION_UNSUPPORTED', 'TRUST_SUBJECT_UNBOUNDED']));
  });
});

describe('claims AWS puts in the request context for GitHub\'s tokens', () => {
  it('a ForAllValues condition on a claim AWS does not supply always holds, so it is reported and not evaluated', async () => {
    const policy = awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/app:*' }, 'ForAllValues:StringEquals': { [`${ISSUER_HOST}:event_name`]: 'push' } });
    const res = await lintPolicy(policy, { aud: 'sts.amazonaws.com', sub: 'repo:acme/app:pull_request', event_name: 'pull_request' });
    expect(res.metadata.cases[0]?.outcome).toBe('allow');
    expect(res.findings.filter((f) => f.code === 'TRUST_CONDITION_UNSUPPORTED')).toEqual([expect.objectContaining({
      message: expect.stringContaining('AWS does not put'),
      evidence: expect.objectContaining({ field: `/aws_trust_policy/Statement/0/Condition/ForAllValues:StringEquals/${ISSUER_HOST}:event_name`, key: `${ISSUER_HOST}:event_name` }),
    })]);
  });

  it('the claims AWS documents for GitHub are evaluated, ForAllValues on a missing one holding', async () => {
    const keys = ['actor', 'actor_id', 'job_workflow_ref', 'repository', 'repository_id', 'workflow', 'ref', 'environment', 'enterprise_id', 'sub', 'aud'];
    const res = await lintPolicy(awsPolicy({ ...AUD_OK, StringEquals: Object.fromEntries(keys.map((k) => [`${ISSUER_HOST}:${k}`, 'x'])) }));
    expect(res.findings.filter((f) => f.code === 'TRUST_CONDITION_UNSUPPORTED')).toEqual([]);
    const env = await lintPolicy(awsPolicy({ ...AUD_OK, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, 'ForAllValues:StringEquals': { [`${ISSUER_HOST}:environment`]: 'production' } }), { aud: 'sts.amazonaws.com', sub: PINNED });
    expect(env.metadata.cases[0]?.outcome).toBe('allow');
  });
});

describe('sub values that admit every context of the repository', () => {
  it('a context of wildcards only (?*, ??*) is TRUST_ANY_REF like *', async () => {
    for (const value of ['repo:acme/app:?*', 'repo:acme/app:??*', 'repo:acme/app:*e*']) {
      const res = await lintTrustPolicy({ audiences: ['sts.amazonaws.com'], claim_patterns: { sub: value } }, createEngineContext());
      expect(res.findings.map((f) => f.code), value).toContain('TRUST_ANY_REF');
    }
    const narrow = await lintTrustPolicy({ audiences: ['sts.amazonaws.com'], claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/release-*' } }, createEngineContext());
    expect(narrow.findings.map((f) => f.code)).not.toContain('TRUST_ANY_REF');
  });
});

describe('a door with several sub conditions admits what all of them admit', () => {
  async function codes(claimPattern: string, policyPattern: string | string[]): Promise<string[]> {
    const res = await lintTrustPolicy({ aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: claimPattern }, StringLikeIfExists: { [SUB]: policyPattern } }) }, createEngineContext());
    return res.findings.map((f) => f.code);
  }

  it('repo:acme/* and repo:acme/app:* together admit every run of acme/app: TRUST_ANY_REF', async () => {
    expect(await codes('repo:acme/*', 'repo:acme/app:*')).toContain('TRUST_ANY_REF');
    expect(await codes('repo:acme/*', 'repo:acme/app:pull_*')).toContain('TRUST_PULL_REQUEST_ALLOWED');
  });

  it('a narrower second condition still silences them', async () => {
    expect(await codes('repo:acme/app:*', 'repo:acme/app:ref:refs/heads/main')).not.toContain('TRUST_ANY_REF');
    expect(await codes('repo:acme/app:*', 'repo:acme/app:ref:refs/heads/main')).not.toContain('TRUST_PULL_REQUEST_ALLOWED');
    expect(await codes('repo:acme/app:pull_request', 'repo:acme/app:ref:*')).not.toContain('TRUST_PULL_REQUEST_ALLOWED');
  });
});
