import { checkDefinition } from '../check.ts';
import { defineFinding, type FindingDefinition } from '../findings.ts';
import { anyRef } from './checks/any-ref.ts';
import { audienceMissing } from './checks/audience-missing.ts';
import { conditionNeverHolds } from './checks/condition-never-holds.ts';
import { pullRequestAllowed } from './checks/pull-request-allowed.ts';
import { refWildcard } from './checks/ref-wildcard.ts';
import { subjectMutable } from './checks/subject-mutable.ts';
import { subjectUnbounded } from './checks/subject-unbounded.ts';
import { awsDeployRole, deployRole, PINNED_SUB, SOURCES, trustExample } from './examples.ts';

/** The issuer of GitHub Actions ID tokens: the default of a trust policy entry. */
export { GITHUB_ACTIONS_ISSUER } from './issuers/github-issuer.ts';

/**
 * Findings of the trust-policy lint (POST /v1/lint/trust-policy and `trust_policies:` entries): what a
 * cloud role's conditions on CI tokens admit, and whether stated cases come out as expected. Every
 * finding's evidence.field is a JSON Pointer into the request, the trust document included.
 *
 * Listed in the order of the catalogue and the docs. What a statement admits is judged by the checks in
 * checks/ (in the order of checks/registry.ts, which is the order of their findings); the two codes
 * defined here come from the evaluation itself: reading the document (a part it cannot evaluate) and
 * deciding the stated cases.
 */
export const TRUST_FINDINGS = {
  TRUST_SUBJECT_UNBOUNDED: checkDefinition(subjectUnbounded, 'trust'),
  TRUST_AUDIENCE_MISSING: checkDefinition(audienceMissing, 'trust'),
  TRUST_ANY_REF: checkDefinition(anyRef, 'trust'),
  TRUST_REF_WILDCARD: checkDefinition(refWildcard, 'trust'),
  TRUST_PULL_REQUEST_ALLOWED: checkDefinition(pullRequestAllowed, 'trust'),
  TRUST_SUBJECT_MUTABLE: checkDefinition(subjectMutable, 'trust'),
  TRUST_CONDITION_NEVER_HOLDS: checkDefinition(conditionNeverHolds, 'trust'),
  TRUST_CONDITION_UNSUPPORTED: defineFinding({
    code: 'TRUST_CONDITION_UNSUPPORTED', severity: 'warning', area: 'trust',
    title: 'A part of the trust document the checker cannot evaluate (an operator, a key, a member)',
    docs: 'The checker evaluates every statement of an AWS trust policy for sts:AssumeRoleWithWebIdentity (Action or NotAction; Principal "*", AWS "*", Federated as a string or list, NotPrincipal), Allow and Deny, with the operators StringEquals, StringNotEquals, StringEqualsIgnoreCase, StringNotEqualsIgnoreCase, StringLike and StringNotLike (each also with IfExists, ForAnyValue: or ForAllValues:) and Null, on <issuer host>:<claim> keys compared ignoring case. Anything else (Bool, Date, IP and ARN operators, aws: and sts: keys, policy variables, and for GitHub\'s issuer a claim AWS does not put in the request context: only aud, sub, amr, actor, actor_id, job_workflow_ref, repository, repository_id, workflow, ref, environment and enterprise_id are) is named in a finding, never skipped silently. What is named admits: it is taken to hold in an Allow statement and not to hold in a Deny statement, so no case is denied on something nobody checked. The other formats name what they do not read the same way: a Google Cloud attribute condition outside the CEL subset or a computed attribute mapping (docs/trust/gcp.md), an Azure claims matching expression with an operator or claim Entra does not list (docs/trust/azure.md), a Vault role\'s nested claim pointer, non-string bound value or groups claim (docs/trust/vault.md).',
    why: 'A condition the checker cannot read may narrow or widen what the role admits. Its findings and its cases are only as complete as what it could evaluate.',
    remediation: 'Write the condition with the operators above on the issuer\'s claim keys (in another format, with what its page lists as read), or check what it does by hand: the other findings and the cases do not account for it.',
    securitySeverity: 3.1,
    example: {
      scenario: 'The deploy role\'s trust policy also checks repository_owner, a claim AWS does not put in the request context.',
      config: deployRole(['aws_trust_policy: ../../infra/deploy-role-trust.json'], false),
      files: { 'infra/deploy-role-trust.json': `${JSON.stringify(awsDeployRole({
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': PINNED_SUB,
          'token.actions.githubusercontent.com:repository_owner': 'acme',
        },
      }), null, 2)}\n` },
      offline: true,
    },
    sources: [SOURCES.awsOidcKeys, SOURCES.awsOperators],
  }),
  TRUST_CASE_FAILED: defineFinding({
    code: 'TRUST_CASE_FAILED', severity: 'error', area: 'trust',
    title: 'A case\'s claims are allowed where the case expects deny, or denied where it expects allow',
    docs: 'Each case is evaluated as the system that holds the document does (Google Cloud, Entra and Vault as their pages say); for an AWS policy, as AWS does: a Deny statement whose conditions all hold keeps the token out; otherwise the role is assumed when one Allow statement has every condition holding. Within a key any listed value may match, and for a negated operator none may; a missing claim fails the positive operators and satisfies the negated ones, …IfExists and ForAllValues; ForAnyValue needs one of a list claim\'s values to satisfy the operator, ForAllValues all of them. Conditions the checker cannot evaluate admit. The evidence names the case and the statement or condition that decided it.',
    why: 'Cases state what must be allowed (the deploy job) and what must be denied (a fork, another branch, a pull request). A failed case is a trust policy that does not do what its owners believe, found before it is applied.',
    remediation: 'Change the condition the evidence names (decided_by) so that the case comes out as expected, or correct the case.',
    securitySeverity: 7.5,
    example: trustExample('A case states that pull requests must be denied; the role admits them.', [
      'claim_patterns: { sub: "repo:acme@1001/app@2002:*" }',
      'cases:',
      '  - name: pull request',
      '    claims: { sub: "repo:acme@1001/app@2002:pull_request", aud: sts.amazonaws.com }',
      '    expect: deny',
    ]),
    sources: [SOURCES.awsEvaluation, SOURCES.awsOperators, SOURCES.awsMultiValued],
  }),
} as const satisfies Record<string, FindingDefinition>;
