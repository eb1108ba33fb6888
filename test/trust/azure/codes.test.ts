/**
 * Every code the azure_federated_credential format can give, each with a credential that makes it appear
 * and one that keeps it away, through the whole trust-policy lint (lintTrustPolicy). The breadth codes
 * come from the checks every format shares; NEVER_HOLDS and UNSUPPORTED also from the format itself.
 */
import { TRUST_FINDINGS as F } from '../../../src/engine/trust/findings.ts';
import { runTrustCheck } from '../trust-tester.ts';
import { AT, AUDIENCES, classic, claims, flexible, GITHUB, ISSUER, PINNED, request, SUBJECT, VALUE } from './azure-tester.ts';

const sound = request(classic(PINNED));
const soundFlexible = request(flexible("claims['sub'] matches 'repo:acme@1001/app@2002:environment:production' and claims['repository_id'] eq '2002'"));

runTrustCheck(F.TRUST_SUBJECT_UNBOUNDED, {
  valid: [
    { name: 'azure: a classic credential pinned to one repository and environment', request: sound },
    { name: 'azure: an owner-wide sub with the repository_id pinned', request: request(flexible("claims['sub'] matches 'repo:acme/*' and claims['repository_id'] eq '2002'")) },
    { name: 'azure: a customised subject of both immutable IDs', request: request(classic('repository_owner_id:1001:repository_id:2002:environment:production')) },
  ],
  invalid: [
    { name: 'azure: matches repo:acme/* (every repository of acme)', request: request(flexible("claims['sub'] matches 'repo:acme/*'")), findings: [{ severity: 'error', evidence: { field: VALUE, operator: 'matches', value: 'repo:acme/*' } }] },
    { name: 'azure: a wildcard in the owner name', request: request(flexible("claims['sub'] matches 'repo:acme*'")), findings: [{ evidence: { field: VALUE, value: 'repo:acme*' } }] },
    { name: 'azure: repository_owner_id pinned, any repository of the owner', request: request(flexible("claims['sub'] matches 'repo:acme/*' and claims['repository_owner_id'] eq '1001'")), findings: [{ evidence: { field: VALUE, value: 'repo:acme/*' } }] },
    { name: 'azure: no sub clause at all', request: request(flexible("claims['job_workflow_ref'] eq 'acme/automation/.github/workflows/deploy.yml@refs/heads/main'")), findings: [{ evidence: { field: VALUE } }] },
    { name: 'azure: an expression the checker cannot read binds nothing', request: request(flexible("claims['sub'] eq 'repo:acme/app:ref:refs/heads/main' or claims['sub'] eq 'x'")), findings: [{ evidence: { field: VALUE } }] },
    { name: 'azure: a classic customised subject without a repository', request: request(classic('environment:production')), findings: [{ evidence: { field: SUBJECT, operator: 'equals', value: 'environment:production' } }] },
  ],
});

runTrustCheck(F.TRUST_AUDIENCE_MISSING, {
  valid: [
    { name: 'azure: the recommended audience', request: sound },
    { name: 'azure: another audience is matched exactly, not a finding', request: request(classic(PINNED, { audiences: ['api://contoso-exchange'] })) },
  ],
  invalid: [
    { name: 'azure: no audiences', request: request(classic(PINNED, { audiences: undefined })), findings: [{ severity: 'warning', evidence: { field: AUDIENCES } }] },
    { name: 'azure: an empty list of audiences', request: request(flexible("claims['sub'] eq 'repo:acme@1001/app@2002:environment:production'", { audiences: [] })), findings: [{ evidence: { field: AUDIENCES } }] },
  ],
});

runTrustCheck(F.TRUST_ANY_REF, {
  valid: [
    { name: 'azure: one environment', request: sound },
    { name: 'azure: one branch, by eq', request: request(flexible("claims['sub'] eq 'repo:acme@1001/app@2002:ref:refs/heads/main'")) },
  ],
  invalid: [
    { name: 'azure: matches repo:acme/app:*', request: request(flexible("claims['sub'] matches 'repo:acme/app:*'")), findings: [{ evidence: { field: VALUE, value: 'repo:acme/app:*' } }] },
    { name: 'azure: an owner-wide sub, bound to one repository by repository_id only', request: request(flexible("claims['sub'] matches 'repo:acme/*' and claims['repository_id'] eq '2002'")), findings: [{ evidence: { field: VALUE, operator: 'eq' } }] },
    { name: 'azure: a classic customised subject without a context part', request: request(classic('repository_owner_id:1001:repository_id:2002')), findings: [{ evidence: { field: SUBJECT } }] },
  ],
});

runTrustCheck(F.TRUST_REF_WILDCARD, {
  valid: [
    { name: 'azure: one environment, exactly', request: sound },
    { name: 'azure: one branch by matches without wildcards', request: request(flexible("claims['sub'] matches 'repo:acme@1001/app@2002:ref:refs/heads/main'")) },
  ],
  invalid: [
    { name: 'azure: any branch', request: request(flexible("claims['sub'] matches 'repo:acme@1001/app@2002:ref:refs/heads/*'")), findings: [{ evidence: { field: VALUE, admits: 'ref:refs/heads/-evil' } }] },
    { name: 'azure: any environment named prod-?', request: request(flexible("claims['sub'] matches 'repo:acme@1001/app@2002:environment:prod-?'")), findings: [{ evidence: { field: VALUE, admits: 'environment:prod-x' } }] },
  ],
});

runTrustCheck(F.TRUST_PULL_REQUEST_ALLOWED, {
  valid: [
    { name: 'azure: one environment', request: sound },
    { name: 'azure: the main branch', request: request(classic('repo:acme@1001/app@2002:ref:refs/heads/main')) },
  ],
  invalid: [
    { name: 'azure: a classic pull_request subject', request: request(classic('repo:acme@1001/app@2002:pull_request')), findings: [{ evidence: { field: SUBJECT, value: 'repo:acme@1001/app@2002:pull_request' } }] },
    { name: 'azure: a pattern that admits pull requests', request: request(flexible("claims['sub'] matches 'repo:acme@1001/app@2002:pull*'")), findings: [{ evidence: { field: VALUE } }] },
  ],
});

runTrustCheck(F.TRUST_SUBJECT_MUTABLE, {
  valid: [
    { name: 'azure: the immutable subject', request: sound },
    { name: 'azure: a name subject with repository_id pinned', request: request(flexible("claims['sub'] eq 'repo:acme/app:environment:production' and claims['repository_id'] eq '2002'")) },
  ],
  invalid: [
    { name: 'azure: a classic name-only subject', request: request(classic('repo:acme/app:environment:production')), findings: [{ evidence: { field: SUBJECT } }] },
    { name: 'azure: a flexible name-only subject', request: request(flexible("claims['sub'] eq 'repo:acme/app:ref:refs/heads/main'")), findings: [{ evidence: { field: VALUE } }] },
  ],
});

runTrustCheck(F.TRUST_CONDITION_NEVER_HOLDS, {
  valid: [
    { name: 'azure: a sound classic credential', request: sound },
    { name: 'azure: wildcards in a flexible credential are wildcards', request: request(flexible("claims['sub'] matches 'repo:acme@1001/app@2002:environment:*'")) },
    { name: 'azure: the request names the credential\'s own issuer', request: request(classic(PINNED), { issuer: `${GITHUB}/` }) },
  ],
  invalid: [
    { name: 'azure: a * in a classic subject is literal', request: request(classic('repo:acme/app:*')), findings: [{ severity: 'warning', evidence: { field: SUBJECT, value: 'repo:acme/app:*' } }] },
    { name: 'azure: a ? in a classic subject is literal', request: request(classic('repo:acme/app:ref:refs/heads/v?')), findings: [{ evidence: { field: SUBJECT } }] },
    { name: 'azure: a * in an eq clause on sub is literal', request: request(flexible("claims['sub'] eq 'repo:acme/app:*' and claims['repository_id'] eq '2002'")), findings: [{ evidence: { field: VALUE, value: 'repo:acme/app:*' } }] },
    { name: 'azure: GitHub\'s issuer with a trailing slash', request: request(classic(PINNED, { issuer: `${GITHUB}/` })), findings: [{ evidence: { field: ISSUER, expected: GITHUB } }] },
    { name: 'azure: GitHub\'s issuer in other letter case', request: request(classic(PINNED, { issuer: 'https://Token.Actions.GitHubUserContent.com' })), findings: [{ evidence: { field: ISSUER, expected: GITHUB } }] },
    { name: 'azure: the request names another issuer than the credential', request: request(classic(PINNED), { issuer: 'https://gitlab.com' }), findings: [{ evidence: { field: ISSUER, issuer: GITHUB } }] },
  ],
});

runTrustCheck(F.TRUST_CONDITION_UNSUPPORTED, {
  valid: [
    { name: 'azure: a sound classic credential', request: sound },
    { name: 'azure: a sound flexible credential', request: soundFlexible },
    { name: 'azure: a credential as Graph returns it, with id, description and annotations', request: request(classic(PINNED, { '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#x', id: '0f2b…', description: 'deploys', claimsMatchingExpression: null })) },
  ],
  invalid: [
    { name: 'azure: or is not in the language', request: request(flexible("claims['sub'] eq 'a' or claims['sub'] eq 'b'")), findings: [{ evidence: { field: VALUE } }] },
    { name: 'azure: a claim Entra does not evaluate for GitHub', request: request(flexible(`claims['sub'] eq '${PINNED}' and claims['repository'] eq 'acme/app'`)), findings: [{ evidence: { field: VALUE, clause: "claims['repository'] eq 'acme/app'" } }] },
    { name: 'azure: matches on a claim that takes eq only', request: request(flexible(`claims['sub'] eq '${PINNED}' and claims['repository_id'] matches '20*'`)), findings: [{ evidence: { field: VALUE } }] },
    { name: 'azure: an operator the language does not have', request: request(flexible("claims['sub'] startswith 'repo:acme/app:'")), findings: [{ evidence: { field: VALUE } }] },
    { name: 'azure: a backslash in a comparand', request: request(flexible("claims['sub'] matches 'repo:acme/app:\\*'")), findings: [{ evidence: { field: VALUE } }] },
    { name: 'azure: a language version other than 1', request: request(classic(undefined, { claimsMatchingExpression: { value: `claims['sub'] eq '${PINNED}'`, languageVersion: 2 } })), findings: [{ evidence: { field: `${AT}/claimsMatchingExpression/languageVersion` } }] },
    { name: 'azure: a subject that is not a string', request: request(classic(42)), findings: [{ evidence: { field: SUBJECT } }] },
    { name: 'azure: a member a credential does not have', request: request(classic(PINNED, { properties: {} })), findings: [{ evidence: { field: `${AT}/properties`, key: 'properties' } }] },
  ],
});

runTrustCheck(F.TRUST_CASE_FAILED, {
  valid: [
    { name: 'azure: the deploy job is allowed, a fork\'s token denied', request: request(classic(PINNED), { cases: [{ claims: claims(), expect: 'allow' }, { claims: claims({ sub: 'repo:evil@666/app@777:environment:production' }), expect: 'deny' }] }) },
  ],
  invalid: [
    { name: 'azure: a pull request expected denied is let in by matches repo:acme/app:*', request: request(flexible("claims['sub'] matches 'repo:acme/app:*'"), { cases: [{ name: 'pull request', claims: claims({ sub: 'repo:acme/app:pull_request' }), expect: 'deny' }] }), findings: [{ message: 'The case "pull request" expects deny, but it is allowed: the conditions of the credential deploy all hold.', evidence: { field: '/cases/0' } }] },
  ],
});
