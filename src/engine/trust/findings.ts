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
function awsDeployRole(condition: Record<string, unknown>, provider = 'token.actions.githubusercontent.com'): Record<string, unknown> {
  return {
    Version: '2012-10-17',
    Statement: [{
      Effect: 'Allow',
      Principal: { Federated: `arn:aws:iam::123456789012:oidc-provider/${provider}` },
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: condition,
    }],
  };
}

/** A subject pinned to the main branch of acme/app by names and immutable IDs: no finding on it. */
const PINNED_SUB = 'repo:acme@1001/app@2002:ref:refs/heads/main';

/** Primary sources the trust findings' pages cite. */
const SOURCES = {
  githubOidc: { title: 'GitHub Docs: OpenID Connect reference (subject formats, customised templates, claims)', url: 'https://docs.github.com/en/actions/reference/security/oidc' },
  githubAws: { title: 'GitHub Docs: Configuring OpenID Connect in Amazon Web Services', url: 'https://docs.github.com/en/actions/how-tos/secure-your-work/security-harden-deployments/oidc-in-aws' },
  awsOperators: { title: 'AWS IAM: Condition operators (…IfExists, Null, negated operators)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_condition_operators.html' },
  awsMultiValued: { title: 'AWS IAM: Single-valued and multivalued context keys (ForAnyValue, ForAllValues)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_condition-single-vs-multi-valued-context-keys.html' },
  awsEvaluation: { title: 'AWS IAM: Policy evaluation logic (an explicit Deny overrides any Allow)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html' },
  awsOidcKeys: { title: 'AWS IAM: Available keys for OIDC federation', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_iam-condition-keys.html#condition-keys-wif' },
  awsOidcRole: { title: 'AWS IAM: Create a role for OpenID Connect federation', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/id_roles_create_for-idp_oidc.html' },
  datadog: { title: 'Datadog Security Labs: Exploring GitHub-to-AWS keyless authentication flaws', url: 'https://securitylabs.datadoghq.com/articles/exploring-github-to-aws-keyless-authentication-flaws/' },
} as const;

/**
 * Findings of the trust-policy lint (POST /v1/lint/trust-policy and `trust_policies:` entries): what a
 * cloud role's conditions on CI tokens admit, and whether stated cases come out as expected. Every
 * finding's evidence.field is a JSON Pointer into the request, the trust document included.
 */
export const TRUST_FINDINGS = {
  TRUST_SUBJECT_UNBOUNDED: defineFinding({
    code: 'TRUST_SUBJECT_UNBOUNDED', severity: 'error', area: 'trust',
    title: 'The role admits repositories of more than one owner, or every repository of one owner',
    docs: 'A statement is bounded when its sub (or its repository or repository_id condition key) pins one repository, by name or by ID, or when an owner-wide sub goes with a job_workflow_ref pinned to one workflow at one ref (the central reusable-workflow pattern). Reported: no binding at all; *, repo:*, a wildcard in the owner or repository name (repo:acme/*, repo:acme*, repo:acme/app*) or a * in the owner\'s ID (repo:acme@*/app@2002: it matches any run of characters, the slash and another repository\'s name included); an owner-only customised subject (repository_owner:acme, repository_owner_id:123:*); any customised subject without a repository, such as environment:production; and a job_workflow_ref-only subject. A repository or organisation chooses its own subject template, so a stranger can give theirs one that writes environment:production and nothing else, and anyone who can call a public reusable workflow gets its job_workflow_ref. A statement\'s conditions all hold together, so its narrowest binding counts, and a Deny statement with one condition (Deny when sub is StringNotLike repo:acme/app:*) binds every Allow statement.',
    why: 'Any repository whose workflow can request an ID token for the role\'s audience can then assume the role: with repo:acme/* every repository of the organisation (and every pull request in them), with environment:production any repository on GitHub that names an environment so. This is the most common way CI gets production cloud access it should not have.',
    remediation: 'Pin the owner and the repository (and, better, the branch or environment): repo:acme@1001/app@2002:ref:refs/heads/main or repo:acme@1001/app@2002:environment:production. For a customised subject template, keep repo in it.',
    securitySeverity: 9.1,
    example: example('The deploy role admits every repository of the acme organisation.', ['claim_patterns: { sub: "repo:acme/*" }']),
    sources: [SOURCES.githubOidc, SOURCES.githubAws, SOURCES.datadog],
  }),
  TRUST_AUDIENCE_MISSING: defineFinding({
    code: 'TRUST_AUDIENCE_MISSING', severity: 'warning', area: 'trust',
    title: 'No condition binds aud, or one that any audience satisfies (*)',
    docs: 'Every trusted token should be required to carry the audience the role is for (sts.amazonaws.com for AWS\'s own action). A StringLike aud of * counts as missing. AWS STS already refuses a token whose audience is not a client ID registered on the IAM OIDC provider, so this is defence in depth, and a warning.',
    why: 'Without an audience condition, a token a workflow requested for another service registered on the same provider is accepted by the role too.',
    remediation: 'Add a StringEquals condition on <issuer host>:aud (audiences: in an entry without a trust document) naming the one audience the workflow requests for this role.',
    securitySeverity: 4.3,
    example: example('The deploy role checks the subject but not the audience.', [`claim_patterns: { sub: "${PINNED_SUB}" }`], false),
    sources: [SOURCES.awsOidcRole, SOURCES.githubAws],
  }),
  TRUST_ANY_REF: defineFinding({
    code: 'TRUST_ANY_REF', severity: 'warning', area: 'trust',
    title: 'The role admits every branch, tag, environment and pull request of a repository',
    docs: 'After the repository, GitHub\'s sub names what the job runs for: :ref:refs/heads/BRANCH, :ref:refs/tags/TAG, :environment:NAME or :pull_request. A * there admits all of them, and so does a pattern that matches a branch, a tag, an environment and a pull request alike (repo:acme/app:?*), and a customised subject template without a context part (repo:acme/app), whose sub is the same for every run. Conditions on the ref and environment keys and Deny statements with one condition are taken into account.',
    why: 'Anyone who can push a branch or open a pull request from a branch of the repository can run a workflow that assumes the role, without review and without the protection rules of the environment the deploy is meant to run in.',
    remediation: 'Pin what the job runs for: repo:acme/app:environment:production (with the environment\'s protection rules) or repo:acme/app:ref:refs/heads/main.',
    securitySeverity: 6.5,
    example: example('The deploy role admits any workflow run of acme/app.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:*" }']),
    sources: [SOURCES.githubOidc],
  }),
  TRUST_REF_WILDCARD: defineFinding({
    code: 'TRUST_REF_WILDCARD', severity: 'warning', area: 'trust',
    title: 'A wildcard inside the branch, tag or environment part of sub (refs/heads/*, main*, environment:*)',
    docs: 'Reported for a StringLike sub whose context has a * or ?, and which the statement lets through: ref:refs/heads/* (any branch), ref:refs/heads/main* (also main-evil), ref:refs/tags/* (any tag), environment:* and environment:prod-? (any environment so named); and for StringEqualsIgnoreCase on a context, which admits refs/heads/MAIN beside refs/heads/main (git ref names are case-sensitive, so that is another branch). The evidence says one subject it admits.',
    why: 'Anyone with write access can push a branch or tag of any name, and a workflow that names an environment creates it when it does not exist, without protection rules. A wildcard there admits runs that no reviewer or protection rule stands in front of.',
    remediation: 'Name the protected branch or environment exactly: repo:acme/app:ref:refs/heads/main, repo:acme/app:environment:production. Protect it (branch protection or rulesets, environment reviewers).',
    securitySeverity: 5.3,
    example: example('The deploy role admits any branch whose name starts with main.', ['claim_patterns: { sub: "repo:acme@1001/app@2002:ref:refs/heads/main*" }']),
    sources: [SOURCES.githubOidc, SOURCES.githubAws],
  }),
  TRUST_PULL_REQUEST_ALLOWED: defineFinding({
    code: 'TRUST_PULL_REQUEST_ALLOWED', severity: 'warning', area: 'trust',
    title: 'A sub condition admits pull_request runs (repo:OWNER/REPO:pull_request)',
    docs: 'A workflow triggered by a pull request gets the sub repo:OWNER/REPO:pull_request, whatever branch the pull request comes from.',
    why: 'The code a pull request runs has not been reviewed yet. A role that trusts pull_request runs lets whoever can open one from a branch of the repository act with the role\'s permissions.',
    remediation: 'Trust a protected branch or environment for deploys, and give pull request workflows a separate role with read-only permissions if they need one.',
    securitySeverity: 6.5,
    example: example('The deploy role admits the main branch and, through a loose pattern, pull requests.', ['claim_patterns: { sub: ["repo:acme@1001/app@2002:ref:refs/heads/main", "repo:acme@1001/app@2002:pull*"] }']),
    sources: [SOURCES.githubOidc],
  }),
  TRUST_SUBJECT_MUTABLE: defineFinding({
    code: 'TRUST_SUBJECT_MUTABLE', severity: 'warning', area: 'trust',
    title: 'The role binds the repository by name only, not by its immutable ID',
    docs: 'GitHub\'s immutable sub, repo:OWNER@OWNER_ID/REPO@REPO_ID:…, is the default for repositories created, renamed or transferred after 2026-07-15; older repositories opt in. A condition written in the name form, repo:OWNER/REPO:…, or with the repository\'s ID left open (repo:acme@1001/app@*), matches whoever holds those names. Not reported when the repository ID is pinned, by the immutable form or by the repository_id condition key.',
    why: 'Names are recycled: when an organisation or repository is renamed or deleted, someone else can take the name, and tokens of their workflows carry the same name-only sub, which the role still trusts.',
    remediation: 'Opt the repository in to immutable subject claims and write the condition with both IDs (repo:acme@1001/app@2002:ref:refs/heads/main), or add a StringEquals condition on <issuer host>:repository_id.',
    securitySeverity: 4.3,
    example: example('The deploy role pins acme/app\'s main branch by name only.', ['claim_patterns: { sub: "repo:acme/app:ref:refs/heads/main" }']),
    sources: [SOURCES.githubOidc],
  }),
  TRUST_CONDITION_NEVER_HOLDS: defineFinding({
    code: 'TRUST_CONDITION_NEVER_HOLDS', severity: 'warning', area: 'trust',
    title: 'A statement no token of the issuer can satisfy: the role cannot be used through it',
    docs: 'Reported for an Allow statement with a condition on a key of another issuer host (for a GitHub Enterprise Cloud provider, token.actions.githubusercontent.com/ENTERPRISE, keys written with the plain host are never in the request context), a Null condition requiring a claim GitHub always sends to be absent, StringEquals values another condition on the same claim rules out, or a Deny statement without conditions.',
    why: 'The deploy that relies on the statement fails with AccessDenied, and the usual reaction under pressure is to loosen the condition until it works.',
    remediation: 'Write the condition keys with the issuer the provider ARN names (token.actions.githubusercontent.com/ENTERPRISE:sub for an enterprise issuer), and make the conditions on one claim agree.',
    securitySeverity: 2.0,
    example: {
      scenario: 'The role trusts the acme enterprise\'s issuer but its conditions name the plain issuer\'s keys.',
      config: deployRole(['aws_trust_policy: ../../infra/deploy-role-trust.json'], false),
      files: { 'infra/deploy-role-trust.json': `${JSON.stringify(awsDeployRole({
        StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': PINNED_SUB },
      }, 'token.actions.githubusercontent.com/acme'), null, 2)}\n` },
      offline: true,
    },
    sources: [SOURCES.githubOidc, SOURCES.awsOperators],
  }),
  TRUST_CONDITION_UNSUPPORTED: defineFinding({
    code: 'TRUST_CONDITION_UNSUPPORTED', severity: 'warning', area: 'trust',
    title: 'A part of the trust document the checker cannot evaluate (an operator, a key, a member)',
    docs: 'The checker evaluates every statement of an AWS trust policy for sts:AssumeRoleWithWebIdentity (Action or NotAction; Principal "*", AWS "*", Federated as a string or list, NotPrincipal), Allow and Deny, with the operators StringEquals, StringNotEquals, StringEqualsIgnoreCase, StringNotEqualsIgnoreCase, StringLike and StringNotLike (each also with IfExists, ForAnyValue: or ForAllValues:) and Null, on <issuer host>:<claim> keys compared ignoring case. Anything else (Bool, Date, IP and ARN operators, aws: and sts: keys, policy variables, and for GitHub\'s issuer a claim AWS does not put in the request context: only aud, sub, amr, actor, actor_id, job_workflow_ref, repository, repository_id, workflow, ref, environment and enterprise_id are) is named in a finding, never skipped silently. What is named admits: it is taken to hold in an Allow statement and not to hold in a Deny statement, so no case is denied on something nobody checked.',
    why: 'A condition the checker cannot read may narrow or widen what the role admits. Its findings and its cases are only as complete as what it could evaluate.',
    remediation: 'Write the condition with the operators above on the issuer\'s claim keys, or check what it does by hand: the other findings and the cases do not account for it.',
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
    docs: 'Each case is evaluated as AWS does: a Deny statement whose conditions all hold keeps the token out; otherwise the role is assumed when one Allow statement has every condition holding. Within a key any listed value may match, and for a negated operator none may; a missing claim fails the positive operators and satisfies the negated ones, …IfExists and ForAllValues; ForAnyValue needs one of a list claim\'s values to satisfy the operator, ForAllValues all of them. Conditions the checker cannot evaluate admit. The evidence names the case and the statement or condition that decided it.',
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
    sources: [SOURCES.awsEvaluation, SOURCES.awsOperators, SOURCES.awsMultiValued],
  }),
} as const satisfies Record<string, FindingDefinition>;
