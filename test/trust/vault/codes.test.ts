/**
 * Each trust code a Vault JWT role can bring, through the whole lint (lintTrustPolicy): a role where it
 * appears and roles where it does not. The breadth codes come from the shared checks reading the role's
 * door; TRUST_CONDITION_NEVER_HOLDS and TRUST_CONDITION_UNSUPPORTED partly from reading the role itself.
 *
 * TRUST_AUDIENCE_MISSING cannot appear for a role Vault could hold: bound_audiences is compared exactly,
 * and a role without it refuses every token that carries an aud (TRUST_CONDITION_NEVER_HOLDS instead). It
 * appears only when bound_audiences is not a list the checker can read.
 */
import { expect } from 'vitest';
import { TRUST_FINDINGS as F } from '../../../src/engine/trust/findings.ts';
import { runTrustCheck } from '../trust-tester.ts';
import { AT, githubClaims, IMMUTABLE_MAIN, request, role, VAULT_AUDIENCE } from './vault-tester.ts';

const glob = (claims: Record<string, unknown>, more: Record<string, unknown> = {}): Record<string, unknown> =>
  request(role({ bound_subject: '', bound_claims_type: 'glob', bound_claims: claims, ...more }));

runTrustCheck(F.TRUST_SUBJECT_UNBOUNDED, {
  valid: [
    { name: 'a pinned bound_subject', request: request(role()) },
    { name: 'the repository bound by a string bound claim', request: request(role({ bound_subject: '', bound_claims: { repository: 'acme/app' } })) },
    { name: 'the repository bound by repository_id', request: request(role({ bound_subject: '', bound_claims: { repository_id: '2002' } })) },
    { name: 'a glob without a star is the value itself (? is no wildcard)', request: glob({ sub: 'repo:acme/ap?:ref:refs/heads/main' }) },
    { name: 'the repository named by a JSON Pointer', request: request(role({ bound_subject: '', bound_claims: { '/repository': 'acme/app' } })) },
    { name: 'the whole output of vault read', request: request({ request_id: 'r', lease_id: '', renewable: false, data: role(), warnings: null }) },
  ],
  invalid: [
    { name: 'an audience-only role admits any workflow on github.com', request: request(role({ bound_subject: '' })), findings: [{ severity: 'error', evidence: { field: `${AT}/bound_subject` } }] },
    // Reported where sub is missing, or (as the shared checks learn to) at the bound claim itself.
    { name: 'repository acme/* as a glob', request: glob({ repository: 'acme/*' }), findings: [{ evidence: expect.objectContaining({ field: expect.stringMatching(/^\/vault_jwt_role\/(bound_subject|bound_claims\/repository)$/) }) }] },
    { name: 'sub repo:acme/* as a glob', request: glob({ sub: 'repo:acme/*' }), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/sub`, value: 'repo:acme/*' }) }] },
    { name: 'only the owner bound', request: request(role({ bound_subject: '', bound_claims: { repository_owner: 'acme' } })), findings: [{ evidence: expect.objectContaining({ field: expect.stringMatching(/^\/vault_jwt_role\/(bound_subject|bound_claims\/repository_owner)$/) }) }] },
    { name: 'a customised subject without a repository', request: request(role({ bound_subject: 'environment:production' })), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_subject` }) }] },
    { name: 'the whole output of vault read, pointers under data', request: request({ data: role({ bound_subject: '' }) }), findings: [{ evidence: { field: `${AT}/data/bound_subject` } }] },
  ],
});

runTrustCheck(F.TRUST_ANY_REF, {
  valid: [
    { name: 'one branch', request: request(role()) },
    { name: 'repository and one ref', request: request(role({ bound_subject: '', bound_claims: { repository_id: '2002', ref: 'refs/heads/main' } })) },
    { name: 'a string bound claim takes * literally', request: request(role({ bound_subject: '', bound_claims: { sub: 'repo:acme@1001/app@2002:*' } })) },
  ],
  invalid: [
    { name: 'sub repo:acme/app:* as a glob', request: glob({ sub: 'repo:acme@1001/app@2002:*' }), findings: [{ severity: 'warning', evidence: expect.objectContaining({ field: `${AT}/bound_claims/sub` }) }] },
    { name: 'the repository by ID and nothing about the run', request: request(role({ bound_subject: '', bound_claims: { repository_id: '2002' } })), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/repository_id` }) }] },
  ],
});

runTrustCheck(F.TRUST_REF_WILDCARD, {
  valid: [
    { name: 'one branch', request: request(role()) },
    { name: 'a string bound claim takes * literally', request: request(role({ bound_subject: '', bound_claims: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/*' } })) },
    { name: 'a glob without a star: ? is a plain character', request: glob({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/mai?' }) },
  ],
  invalid: [
    { name: 'refs/heads/* in a glob sub', request: glob({ sub: 'repo:acme@1001/app@2002:ref:refs/heads/*' }), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/sub` }) }] },
    { name: 'environment:prod* in a glob sub', request: glob({ sub: ['repo:acme@1001/app@2002:environment:prod*'] }), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/sub/0` }) }] },
  ],
});

runTrustCheck(F.TRUST_PULL_REQUEST_ALLOWED, {
  valid: [{ name: 'one branch', request: request(role()) }],
  invalid: [
    { name: 'bound_subject names pull requests', request: request(role({ bound_subject: 'repo:acme@1001/app@2002:pull_request' })), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_subject` }) }] },
    { name: 'a glob sub that matches pull requests', request: glob({ sub: ['repo:acme@1001/app@2002:ref:refs/heads/main', 'repo:acme@1001/app@2002:pull*'] }), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/sub/1` }) }] },
  ],
});

runTrustCheck(F.TRUST_SUBJECT_MUTABLE, {
  valid: [
    { name: 'the immutable sub', request: request(role()) },
    { name: 'repository_id pinned', request: request(role({ bound_subject: '', bound_claims: { repository: 'acme/app', repository_id: '2002', ref: 'refs/heads/main' } })) },
  ],
  invalid: [
    { name: 'bound_subject by name', request: request(role({ bound_subject: 'repo:acme/app:ref:refs/heads/main' })), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_subject` }) }] },
    { name: 'GitHub\'s example: the repository by name', request: request(role({ bound_subject: '', bound_claims: { repository: 'acme/app' } })), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/repository` }) }] },
  ],
});

runTrustCheck(F.TRUST_CONDITION_NEVER_HOLDS, {
  valid: [
    { name: 'a sound role', request: request(role()) },
    { name: 'bound_audiences as a comma-separated string', request: request(role({ bound_audiences: `${VAULT_AUDIENCE}, https://other.example.com` })) },
    { name: 'a role without role_type (read as jwt)', request: request(role({ role_type: undefined })) },
  ],
  invalid: [
    { name: 'no bound_audiences: refused since Vault 1.17', request: request(role({ bound_audiences: [] })), findings: [{ severity: 'warning', evidence: { field: `${AT}/bound_audiences` } }] },
    { name: 'bound_audiences absent', request: request(role({ bound_audiences: undefined })), findings: [{ evidence: { field: `${AT}/bound_audiences` } }] },
    { name: 'a role for the browser login', request: request(role({ role_type: 'oidc' })), findings: [{ evidence: { field: `${AT}/role_type` } }] },
    { name: 'a bound claim with no value', request: request(role({ bound_claims: { environment: [] } })), findings: [{ evidence: expect.objectContaining({ field: `${AT}/bound_claims/environment` }) }] },
    { name: 'bound_subject and a bound sub claim that disagree', request: request(role({ bound_claims: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/dev' } })), findings: [{ evidence: expect.objectContaining({ claim: 'sub' }) }] },
  ],
});

runTrustCheck(F.TRUST_CONDITION_UNSUPPORTED, {
  valid: [
    { name: 'a sound role', request: request(role()) },
    {
      name: 'members that do not decide who logs in',
      request: request(role({ claim_mappings: { actor: 'actor' }, token_bound_cidrs: ['10.0.0.0/8'], expiration_leeway: 0, not_before_leeway: 0, clock_skew_leeway: 0, allowed_redirect_uris: [], oidc_scopes: null, verbose_oidc_logging: false, max_age: 0, token_type: 'default' })),
    },
  ],
  invalid: [
    { name: 'a JSON Pointer into a claim', request: request(role({ bound_claims: { '/a/b': 'x' } })), findings: [{ evidence: { field: `${AT}/bound_claims/~1a~1b`, key: '/a/b' } }] },
    { name: 'a number in bound_claims', request: request(role({ bound_claims: { repository_id: 2002 } })), findings: [{ message: expect.stringContaining('by type as well as by value'), evidence: { field: `${AT}/bound_claims/repository_id` } }] },
    { name: 'an unknown bound_claims_type', request: request(role({ bound_claims_type: 'regex', bound_claims: { repository: 'acme/app' } })), findings: [{ evidence: { field: `${AT}/bound_claims_type`, key: 'bound_claims_type' } }] },
    { name: 'groups_claim', request: request(role({ groups_claim: 'groups' })), findings: [{ evidence: { field: `${AT}/groups_claim` } }] },
    { name: 'a member no Vault role has', request: request(role({ bound_repository: 'acme/app' })), findings: [{ evidence: { field: `${AT}/bound_repository`, key: 'bound_repository' } }] },
    {
      name: 'the first 50 parts not evaluated, then one finding counting the rest',
      request: request(role(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`unknown_${i}`, 1])))),
      findings: [...Array.from({ length: 50 }, (_, i) => ({ evidence: { field: `${AT}/unknown_${i}` } })), { message: expect.stringContaining('10 more parts'), evidence: { field: AT } }],
    },
  ],
});

runTrustCheck(F.TRUST_AUDIENCE_MISSING, {
  valid: [
    { name: 'bound_audiences', request: request(role()) },
  ],
  invalid: [
    { name: 'no bound_audiences (unusable since Vault 1.17; before it, any single audience got in)', request: request(role({ bound_audiences: [] })), findings: [{ evidence: { field: `${AT}/bound_audiences` } }] },
    { name: 'bound_audiences the checker cannot read', request: request(role({ bound_audiences: [42] })), findings: [{ evidence: { field: `${AT}/bound_audiences` } }] },
  ],
});

runTrustCheck(F.TRUST_CASE_FAILED, {
  valid: [
    {
      name: 'cases that come out as Vault decides',
      request: request(role({ bound_subject: '', bound_claims_type: 'glob', bound_claims: { repository: 'acme/app', ref: 'refs/heads/release-*' } }), {
        cases: [
          { name: 'release branch', claims: githubClaims({ ref: 'refs/heads/release-1' }), expect: 'allow' },
          { name: 'main', claims: githubClaims(), expect: 'deny' },
          { name: 'another repository', claims: githubClaims({ ref: 'refs/heads/release-1' }, 'evil/app'), expect: 'deny' },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a glob admits another repository of the owner',
      request: request(role({ bound_subject: '', bound_claims_type: 'glob', bound_claims: { repository: 'acme/*' } }), {
        cases: [{ name: 'acme/other', claims: githubClaims({}, 'acme/other'), expect: 'deny' }],
      }),
      findings: [{ severity: 'error', message: expect.stringContaining('of the Vault role all hold'), evidence: expect.objectContaining({ field: '/cases/0', outcome: 'allow' }) }],
    },
    {
      name: 'no bound_audiences: a Vault before 1.17 lets the deploy job in, so a case expecting deny fails',
      request: request(role({ bound_audiences: [] }), { cases: [{ name: 'deploy', claims: githubClaims({ sub: IMMUTABLE_MAIN }), expect: 'deny' }] }),
      findings: [{ message: expect.stringContaining('of the Vault role all hold'), evidence: expect.objectContaining({ outcome: 'allow' }) }],
    },
  ],
});
