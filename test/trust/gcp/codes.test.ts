/**
 * Each finding code that applies to a Google Cloud workload identity provider, through the whole lint
 * (lintTrustPolicy): a case where it appears and one where it does not. The breadth codes come from the
 * shared checks, judging the doors the format reads (condition alternative × binding member).
 */
import { describe, expect, it } from 'vitest';
import { anyRef } from '../../../src/engine/trust/checks/any-ref.ts';
import { audienceMissing } from '../../../src/engine/trust/checks/audience-missing.ts';
import { conditionNeverHolds } from '../../../src/engine/trust/checks/condition-never-holds.ts';
import { pullRequestAllowed } from '../../../src/engine/trust/checks/pull-request-allowed.ts';
import { refWildcard } from '../../../src/engine/trust/checks/ref-wildcard.ts';
import { subjectMutable } from '../../../src/engine/trust/checks/subject-mutable.ts';
import { subjectUnbounded } from '../../../src/engine/trust/checks/subject-unbounded.ts';
import { TRUST_FINDINGS } from '../../../src/engine/trust/findings.ts';
import { runTrustCheck } from '../trust-tester.ts';
import { AT, claims, CONDITION, GITHUB, inPool, OWNER_ONLY, provider, request } from './gcp-tester.ts';

const REPO_BINDING = inPool('attribute.repository/acme/app');
const MAIN = 'repo:acme/app:ref:refs/heads/main';
/** Bound to acme/app by its immutable ID, and to its main branch: the breadth checks have nothing to say. */
const PINNED = 'assertion.repository_owner_id == \'1001\' && assertion.repository_id == \'2002\' && assertion.ref == \'refs/heads/main\'';

runTrustCheck(subjectUnbounded, {
  valid: [
    { name: 'owner-only condition and a binding to one repository (google-github-actions/auth\'s setup)', request: request(provider(OWNER_ONLY), [REPO_BINDING]) },
    { name: 'a condition pinning the repository, no bindings', request: request(provider('assertion.repository == \'acme/app\'')) },
    { name: 'matches anchored at both ends', request: request(provider('assertion.repository.matches(\'^acme/app$\')')) },
    { name: 'a principal:// member of one subject', request: request(provider(OWNER_ONLY), [inPool(`subject/${MAIN}`)]) },
    { name: 'the REST API\'s camelCase shape', request: { gcp_workload_identity: { provider: { name: 'projects/1/locations/global/workloadIdentityPools/github/providers/p', attributeMapping: { 'google.subject': 'assertion.sub' }, attributeCondition: `assertion.sub == '${MAIN}'`, oidc: { issuerUri: GITHUB, allowedAudiences: ['my-audience'] } } } } },
    { name: 'members that are not federated identities grant no token', request: request(provider(PINNED), ['serviceAccount:deploy@p.iam.gserviceaccount.com', 'user:alice@example.com', REPO_BINDING]) },
  ],
  invalid: [
    { name: 'no condition and no bindings', request: request(provider(undefined)), findings: [{ evidence: { field: `${AT}/provider` } }] },
    { name: 'owner-only condition and the whole pool bound', request: request(provider(OWNER_ONLY), [inPool('*')]), findings: [{ evidence: { field: CONDITION } }] },
    { name: 'owner-only condition and no bindings given', request: request(provider(OWNER_ONLY)), findings: [{ evidence: { field: CONDITION } }] },
    { name: 'matches() unanchored at the start admits evilacme/app', request: request(provider('assertion.repository.matches(\'acme/app\')')), findings: [{ evidence: { field: CONDITION } }] },
    { name: 'startsWith on an owner prefix of sub', request: request(provider('assertion.sub.startsWith(\'repo:acme/\')')), findings: [{ evidence: { field: CONDITION, value: 'repo:acme/*' } }] },
    { name: 'one alternative of the condition binds nothing', request: request(provider('assertion.repository == \'acme/app\' || assertion.environment == \'production\'')), findings: [{ evidence: { field: CONDITION } }] },
    { name: 'allUsers takes in the whole pool', request: request(provider(OWNER_ONLY), ['allUsers']), findings: [{ evidence: { field: CONDITION } }] },
  ],
});

runTrustCheck(audienceMissing, {
  valid: [
    { name: 'allowed_audiences listed', request: request(provider(PINNED, { oidc: { issuer_uri: GITHUB, allowed_audiences: ['https://github.com/acme'] } })) },
    { name: 'no allowed_audiences: Google requires the provider\'s own resource name', request: request(provider(PINNED)) },
    { name: 'no allowed_audiences and no name: still a name nobody else\'s token carries', request: request(provider(PINNED, { name: undefined })) },
  ],
  invalid: [
    { name: 'allowed_audiences that cannot be read leave the audience unevaluated', request: request(provider(PINNED, { oidc: { issuer_uri: GITHUB, allowed_audiences: [42] } })), findings: [{ evidence: { field: `${AT}/provider/oidc/allowed_audiences` } }] },
  ],
});

runTrustCheck(anyRef, {
  valid: [
    { name: 'the ref pinned', request: request(provider(PINNED)) },
    { name: 'a principal:// member of the main branch', request: request(provider(OWNER_ONLY), [inPool(`subject/${MAIN}`)]) },
  ],
  invalid: [
    { name: 'a binding to the repository attribute admits every run of it', request: request(provider(OWNER_ONLY), [REPO_BINDING]), findings: [{ evidence: { field: `${AT}/bindings/0/members/0` } }] },
    { name: 'a sub prefix ending after the repository', request: request(provider('assertion.sub.startsWith(\'repo:acme/app:\')')), findings: [{ evidence: { field: CONDITION, value: 'repo:acme/app:*' } }] },
  ],
});

runTrustCheck(refWildcard, {
  valid: [
    { name: 'matches() anchored at both ends', request: request(provider(`assertion.sub.matches('^${MAIN}$')`)) },
    { name: 'a sub equal to the main branch', request: request(provider(`assertion.sub == '${MAIN}'`)) },
  ],
  invalid: [
    { name: 'matches() open at the end of the ref admits main-evil', request: request(provider(`assertion.sub.matches('^${MAIN}')`)), findings: [{ evidence: { field: CONDITION, admits: 'ref:refs/heads/main-evil' } }] },
    { name: 'startsWith a branch prefix', request: request(provider('assertion.sub.startsWith(\'repo:acme/app:ref:refs/heads/release-\')')), findings: [{ evidence: { field: CONDITION, admits: 'ref:refs/heads/release--evil' } }] },
  ],
});

runTrustCheck(pullRequestAllowed, {
  valid: [{ name: 'main only', request: request(provider(`assertion.sub == '${MAIN}'`)) }],
  invalid: [{
    name: 'main or pull requests',
    request: request(provider(`assertion.sub in ['${MAIN}', 'repo:acme/app:pull_request']`)),
    findings: [{ evidence: { field: CONDITION, value: 'repo:acme/app:pull_request' } }],
  }],
});

runTrustCheck(subjectMutable, {
  valid: [{ name: 'the repository pinned by its ID', request: request(provider(PINNED)) }],
  invalid: [{ name: 'the repository attribute binds a name', request: request(provider(OWNER_ONLY), [REPO_BINDING]), findings: [{ evidence: { field: `${AT}/bindings/0/members/0` } }] }],
});

runTrustCheck(conditionNeverHolds, {
  valid: [{ name: 'the recommended setup', request: request(provider(OWNER_ONLY), [REPO_BINDING]) }],
  invalid: [
    { name: 'a condition of false', request: request(provider('false')), findings: [{ evidence: { field: CONDITION } }] },
    { name: 'a binding to an attribute the mapping does not define', request: request(provider(PINNED), [inPool('attribute.workflow/deploy')]), findings: [{ evidence: { field: `${AT}/bindings/0/members/0`, attribute: 'attribute.workflow' } }] },
    { name: 'the condition and the binding name different repositories', request: request(provider('assertion.repository == \'acme/app\''), [inPool('attribute.repository/acme/lib')]), findings: [{ evidence: { field: CONDITION } }] },
    { name: 'bindings of users and service accounts only', request: request(provider(PINNED), ['user:alice@example.com']), findings: [{ evidence: { field: `${AT}/bindings` } }] },
    { name: 'a member of another pool', request: request(provider(PINNED), ['principalSet://iam.googleapis.com/projects/123456789/locations/global/workloadIdentityPools/other/*']), findings: [{ evidence: { field: `${AT}/bindings` } }] },
  ],
});

runTrustCheck(TRUST_FINDINGS.TRUST_CONDITION_UNSUPPORTED, {
  valid: [
    { name: 'the recommended setup', request: request(provider(OWNER_ONLY), [REPO_BINDING]) },
    { name: 'members that cannot change who gets in', request: request(provider(PINNED, { display_name: 'GitHub', description: 'CI', disabled: false, state: 'ACTIVE', oidc: { issuer_uri: GITHUB, jwks_json: '{}' } })) },
  ],
  invalid: [
    {
      name: 'a function the checker does not evaluate, named with its offset',
      request: request(provider(`${PINNED} && assertion.sub.size() < 100`)),
      findings: [{ evidence: { field: CONDITION, expression: 'assertion.sub.size() < 100', offset: PINNED.length + 4 } }],
    },
    { name: 'a condition that is not CEL', request: request(provider('assertion.sub = \'x\'')), findings: [{ evidence: { field: CONDITION, offset: 14 } }] },
    {
      name: 'a binding to an attribute mapped from a computed expression',
      request: request(provider(OWNER_ONLY, { attribute_mapping: { 'google.subject': 'assertion.sub', 'attribute.repo': 'assertion.repository.lowerAscii()' } }), [inPool('attribute.repo/acme/app')]),
      findings: [{ evidence: { field: `${AT}/bindings/0/members/0`, attribute: 'attribute.repo' } }],
    },
    { name: 'a group member', request: request(provider(PINNED), [inPool('group/deployers')]), findings: [{ evidence: { field: `${AT}/bindings/0/members/0` } }] },
    { name: 'a pattern outside the RE2 subset', request: request(provider('assertion.repository.matches(\'^acme/[a-z]{3}$\')')), findings: [{ evidence: { field: CONDITION, expression: 'assertion.repository.matches(\'^acme/[a-z]{3}$\')' } }] },
    { name: 'a SAML block', request: request(provider(PINNED, { saml: { idp_metadata_xml: '<x/>' } })), findings: [{ evidence: { field: `${AT}/provider/saml`, key: 'saml' } }] },
    { name: 'an IAM condition on the binding', request: { gcp_workload_identity: { provider: provider(OWNER_ONLY), bindings: [{ role: 'r', members: [REPO_BINDING], condition: { expression: 'request.time < timestamp("2030-01-01T00:00:00Z")' } }] } }, findings: [{ evidence: { field: `${AT}/bindings/0/condition` } }] },
  ],
});

runTrustCheck(TRUST_FINDINGS.TRUST_CASE_FAILED, {
  valid: [{
    name: 'the cases come out as Google decides them',
    request: request(provider(OWNER_ONLY), [REPO_BINDING], { cases: [
      { name: 'acme/app', claims: claims(), expect: 'allow' },
      { name: 'evil/app', claims: claims('evil/app'), expect: 'deny' },
      { name: 'acme/other', claims: claims('acme/other'), expect: 'deny' },
      { name: 'another audience', claims: claims('acme/app', 'refs/heads/main', { aud: 'sts.amazonaws.com' }), expect: 'deny' },
      { name: 'the audience without https:', claims: claims('acme/app', 'refs/heads/main', { aud: '//iam.googleapis.com/projects/123456789/locations/global/workloadIdentityPools/github/providers/my-repo' }), expect: 'allow' },
    ] }),
  }],
  invalid: [{
    name: 'a pull request expected to be denied',
    request: request(provider(OWNER_ONLY), [REPO_BINDING], { cases: [{ name: 'pull request', claims: claims('acme/app', 'refs/pull/1/merge', { sub: 'repo:acme/app:pull_request' }), expect: 'deny' }] }),
    findings: [{ message: expect.stringContaining('the binding of principalSet://…/attribute.repository/acme/app') as unknown, evidence: { field: '/cases/0', outcome: 'allow' } }],
  }],
});

describe('claims that are not strings, compared with their type as CEL does', () => {
  it('a list, a number or null never equals a string: == fails and != holds', async () => {
    const { lintTrustPolicy } = await import('../../../src/engine/trust/lint.ts');
    const { createEngineContext } = await import('../../../src/engine/context.ts');
    const provider = (condition: string) => ({
      gcp_workload_identity: {
        provider: { attribute_mapping: { 'google.subject': 'assertion.sub' }, attribute_condition: condition, oidc: { issuer_uri: 'https://token.actions.githubusercontent.com', allowed_audiences: ['a'] } },
        bindings: [{ role: 'roles/iam.workloadIdentityUser', members: ['principal://iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/subject/repo:acme/app:ref:refs/heads/main'] }],
      },
    });
    const outcomes = async (condition: string, flavor: unknown): Promise<string | undefined> => (await lintTrustPolicy({
      ...provider(condition),
      cases: [{ claims: { sub: 'repo:acme/app:ref:refs/heads/main', aud: 'a', flavor }, expect: 'allow' }],
    }, createEngineContext())).metadata.cases[0]?.outcome;
    for (const flavor of [['x'], 1, null]) {
      expect(await outcomes("assertion.flavor != 'x'", flavor), JSON.stringify(flavor)).toBe('allow');
      expect(await outcomes("assertion.flavor == 'x'", flavor), JSON.stringify(flavor)).toBe('deny');
    }
    expect(await outcomes("assertion.flavor != 'x'", 'x')).toBe('deny');
  });
});

describe('a binding the checker cannot read', () => {
  it('is taken to grant every identity of the pool: a case it would let in is allowed, and the provider is not valid', async () => {
    const { lintTrustPolicy } = await import('../../../src/engine/trust/lint.ts');
    const { createEngineContext } = await import('../../../src/engine/context.ts');
    const response = await lintTrustPolicy({
      gcp_workload_identity: {
        provider: { attribute_mapping: { 'google.subject': 'assertion.sub', 'attribute.repository': 'assertion.repository' }, attribute_condition: "assertion.repository_owner == 'acme'", oidc: { issuer_uri: 'https://token.actions.githubusercontent.com' } },
        bindings: [{ role: 'roles/iam.workloadIdentityUser', member: 'principalSet://iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/attribute.repository/acme/app' }, { role: 'roles/iam.workloadIdentityUser', members: [5] }],
      },
      cases: [{ claims: { sub: 'repo:acme/other:ref:refs/heads/main', repository: 'acme/other', repository_owner: 'acme', aud: 'https://iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/x' }, expect: 'allow' }],
    }, createEngineContext());
    expect(response.metadata.cases[0]?.outcome).toBe('allow');
    expect(response.valid).toBe(false);
    expect(response.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['TRUST_SUBJECT_UNBOUNDED', 'TRUST_CONDITION_UNSUPPORTED']));
    expect(response.findings.map((f) => f.code)).not.toContain('TRUST_CONDITION_NEVER_HOLDS');
  });
});

describe('a membership test on a claim that is a map', () => {
  it('is not evaluated (CEL tests the map\'s keys): it admits, so the case is not denied on it', async () => {
    const { lintTrustPolicy } = await import('../../../src/engine/trust/lint.ts');
    const { createEngineContext } = await import('../../../src/engine/context.ts');
    const response = await lintTrustPolicy({
      gcp_workload_identity: {
        provider: { attribute_mapping: { 'google.subject': 'assertion.sub' }, attribute_condition: "assertion.repository == 'acme/app' && 'main' in assertion.ctx", oidc: { issuer_uri: 'https://token.actions.githubusercontent.com', allowed_audiences: ['a'] } },
      },
      cases: [{ claims: { sub: 'repo:acme/app:ref:refs/heads/main', repository: 'acme/app', aud: 'a', ctx: { main: 1 } }, expect: 'allow' }, { claims: { sub: 'repo:acme/app:ref:refs/heads/main', repository: 'acme/app', aud: 'a', ctx: ['other'] }, expect: 'deny' }],
    }, createEngineContext());
    expect(response.metadata.cases.map((c) => c.outcome)).toEqual(['allow', 'deny']);
  });
});
