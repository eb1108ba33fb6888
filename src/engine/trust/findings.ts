import { defineFinding, type FindingDefinition, type FindingExample } from '../findings.ts';

/** The issuer of GitHub Actions ID tokens: the default of a trust policy entry. */
export const GITHUB_ACTIONS_ISSUER = 'https://token.actions.githubusercontent.com';

/**
 * A config file for a trust-policy example: the deploy role of acme/app, trusting GitHub's tokens for
 * sts.amazonaws.com, with `lines` added to its entry (claim_patterns, cases, …).
 */
function deployRole(lines: readonly string[], audiences = true): string {
  return [
    'trust_policies:',
    '  - name: deploy-prod-role',
    ...(audiences ? ['    audiences: [sts.amazonaws.com]'] : []),
    ...lines.map((line) => `    ${line}`),
    '',
  ].join('\n');
}

function example(scenario: string, lines: readonly string[], audiences = true): FindingExample {
  return { scenario, config: deployRole(lines, audiences), offline: true };
}

/** The deploy role's IAM trust policy for GitHub's tokens, with this Condition block. */
function awsDeployRole(condition: Record<string, unknown>): Record<string, unknown> {
  return {
    Version: '2012-10-17',
    Statement: [{
      Effect: 'Allow',
      Principal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/token.actions.githubusercontent.com' },
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: condition,
    }],
  };
}

/** A subject pinned to the main branch of acme/app by names and immutable IDs: no finding on it. */
const PINNED_SUB = 'repo:acme@1001/app@2002:ref:refs/heads/main';

/**
 * Findings of the trust-policy lint (POST /v1/lint/trust-policy and `trust_policies:` entries): what a
 * cloud role's conditions on CI tokens admit, and whether stated cases come out as expected. Every
 * finding's evidence.field is a JSON Pointer into the request, the AWS policy document included.
 */
export const TRUST_FINDINGS = {
  TRUST_SUBJECT_UNBOUNDED: defineFinding({
    code: 'TRUST_SUBJECT_UNBOUNDED', severity: 'error', area: 'trust',
    title: 'No condition on sub, or a sub pattern with a wildcard in the owner or repository part',
    docs: 'GitHub\'s sub is repo:OWNER/REPO:… (repo:OWNER@ID/REPO@ID:… in the immutable form). A pattern with * or ? before the repository name ends (repo:*, repo:acme/*, repo:acme*, *) admits repositories other than the one meant; a role with no sub condition admits every repository on GitHub.',
    why: 'Any repository whose workflow can request an ID token for the role\'s audience can then assume the role: with repo:acme/* every repository of the organisation (and every pull request in them), with no sub condition any repository of anyone. This is the most common way CI gets production cloud access it should not have.',
    remediation: 'Pin the owner and the repository (and, better, the branch or environment): repo:acme/app:ref:refs/heads/main or repo:acme/app:environment:production.',
    securitySeverity: 9.1,
    example: example('The deploy role admits every repository of the acme organisation.', ['claim_patterns: { sub: "repo:acme/*" }']),
  }),
  TRUST_AUDIENCE_MISSING: defineFinding({
    code: 'TRUST_AUDIENCE_MISSING', severity: 'error', area: 'trust',
    title: 'No condition on aud',
    docs: 'Every trusted token should be required to carry the audience the role is for (sts.amazonaws.com for AWS\'s own action).',
    why: 'Without an audience condition, a token a workflow requested for any other service (a package registry, another cloud, a third-party API that may log or forward it) is accepted by the role too.',
    remediation: 'Add a StringEquals condition on <issuer host>:aud (audiences: in the entry) naming the one audience the workflow requests for this role.',
    securitySeverity: 7.5,
    example: example('The deploy role checks the subject but not the audience.', [`claim_patterns: { sub: "${PINNED_SUB}" }`], false),
  }),
  TRUST_ANY_REF: defineFinding({
    code: 'TRUST_ANY_REF', severity: 'warning', area: 'trust',
    title: 'A sub pattern admits every branch, tag, environment and pull request of the repository (repo:OWNER/REPO:*)',
    docs: 'After the repository, GitHub\'s sub names what the job runs for: :ref:refs/heads/BRANCH, :ref:refs/tags/TAG, :environment:NAME or :pull_request. A * there admits all of them, and so does any pattern that matches a branch, a tag, an environment and a pull request alike (repo:acme/app:?*, repo:acme/app:*e*).',
    why: 'Anyone who can push a branch or open a pull request from a branch of the repository can run a workflow that assumes the role, without review and without the protection rules of the environment the deploy is meant to run in.',
    remediation: 'Pin what the job runs for: repo:acme/app:environment:production (with the environment\'s protection rules) or repo:acme/app:ref:refs/heads/main.',
    securitySeverity: 6.5,
    example: example('The deploy role admits any workflow run of acme/app.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:*" }']),
  }),
  TRUST_PULL_REQUEST_ALLOWED: defineFinding({
    code: 'TRUST_PULL_REQUEST_ALLOWED', severity: 'warning', area: 'trust',
    title: 'A sub condition admits pull_request runs (repo:OWNER/REPO:pull_request)',
    docs: 'A workflow triggered by a pull request gets the sub repo:OWNER/REPO:pull_request, whatever branch the pull request comes from.',
    why: 'The code a pull request runs has not been reviewed yet. A role that trusts pull_request runs lets whoever can open one from a branch of the repository act with the role\'s permissions.',
    remediation: 'Trust a protected branch or environment for deploys, and give pull request workflows a separate role with read-only permissions if they need one.',
    securitySeverity: 6.5,
    example: example('The deploy role admits the main branch and, through a loose pattern, pull requests.', ['claim_patterns: { sub: ["repo:acme@1001/app@2002:ref:refs/heads/main", "repo:acme@1001/app@2002:pull*"] }']),
  }),
  TRUST_SUBJECT_MUTABLE: defineFinding({
    code: 'TRUST_SUBJECT_MUTABLE', severity: 'warning', area: 'trust',
    title: 'A sub condition pins the owner and repository by name only, not by their immutable IDs',
    docs: 'GitHub issues an immutable sub, repo:OWNER@OWNER_ID/REPO@REPO_ID:…, for repositories created, renamed or transferred from 2026-06-18 and for those that opt in. A condition written in the older form, repo:OWNER/REPO:…, matches whoever holds those names.',
    why: 'Names are recycled: when an organisation or repository is renamed or deleted, someone else can take the name, and tokens of their workflows carry the same name-only sub, which the role still trusts.',
    remediation: 'Opt the repository in to immutable subject claims and write the condition with both IDs: repo:acme@1001/app@2002:ref:refs/heads/main.',
    securitySeverity: 4.3,
    example: example('The deploy role pins acme/app\'s main branch by name only.', ['claim_patterns: { sub: "repo:acme/app:ref:refs/heads/main" }']),
  }),
  TRUST_CONDITION_UNSUPPORTED: defineFinding({
    code: 'TRUST_CONDITION_UNSUPPORTED', severity: 'warning', area: 'trust',
    title: 'A part of the AWS trust policy the checker cannot evaluate (an operator, a key, a statement)',
    docs: 'The checker evaluates Allow statements for sts:AssumeRoleWithWebIdentity (Action, or a NotAction that does not name it) whose Federated principal is the issuer\'s OIDC provider, with StringEquals and StringLike conditions (also with ForAnyValue: and ForAllValues:) on <issuer host>:<claim> keys. Anything else (StringNotEquals, Null, …IfExists, Deny statements, a wildcard Principal or a NotPrincipal, keys of other providers, policy variables, and for GitHub\'s issuer a claim AWS does not offer as a condition key: only aud, sub, amr, actor, actor_id, job_workflow_ref, repository, repository_id, workflow, ref, environment and enterprise_id are) is named in a finding, never skipped silently. What is named errs towards letting tokens in: an unsupported condition is taken to hold, and a statement with a wildcard principal or an unknown member is still read as a way in, so no case is denied on something nobody checked.',
    why: 'A condition the checker cannot read may narrow or widen what the role admits. Its findings and its cases are only as complete as what it could evaluate.',
    remediation: 'Write the condition with StringEquals or StringLike on the issuer\'s claim keys, or check what it does by hand: the other findings and the cases do not account for it.',
    securitySeverity: 3.1,
    example: {
      scenario: 'The deploy role\'s trust policy also excludes a bot account with StringNotEquals, which the checker cannot evaluate.',
      config: deployRole(['aws_trust_policy: ../../infra/deploy-role-trust.json'], false),
      files: { 'infra/deploy-role-trust.json': `${JSON.stringify(awsDeployRole({
        StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': PINNED_SUB },
        StringNotEquals: { 'token.actions.githubusercontent.com:actor': 'release-bot' },
      }), null, 2)}\n` },
      offline: true,
    },
  }),
  TRUST_CASE_FAILED: defineFinding({
    code: 'TRUST_CASE_FAILED', severity: 'error', area: 'trust',
    title: 'A case\'s claims are allowed where the case expects deny, or denied where it expects allow',
    docs: 'Each case is evaluated as AWS does: the role is assumed when one Allow statement has every condition block holding; within a key, any listed value may match; ForAnyValue needs one of a list claim\'s values to match, ForAllValues all of them (and holds for a missing claim); a missing claim fails StringEquals and StringLike. The evidence names the case and the condition that decided it.',
    why: 'Cases state what must be allowed (the deploy job) and what must be denied (a fork, another branch, a pull request). A failed case is a trust policy that does not do what its owners believe, found before it is applied.',
    remediation: 'Change the condition the evidence names (decided_by) so that the case comes out as expected, or correct the case.',
    securitySeverity: 7.5,
    example: example('A case states that pull requests must be denied; the role admits them.', [
      'claim_patterns: { sub: "repo:acme@1001/app@2002:*" }',
      'cases:',
      '  - name: pull request',
      '    claims: { sub: "repo:acme@1001/app@2002:pull_request", aud: sts.amazonaws.com }',
      '    expect: deny',
    ]),
  }),
} as const satisfies Record<string, FindingDefinition>;
