import type { FindingExample } from '../findings.ts';

/**
 * A config file for a trust-policy example: the deploy role of acme/app, trusting GitHub's tokens for
 * sts.amazonaws.com, with `lines` added to its entry (claim_patterns, cases, …).
 */
export function deployRole(lines: readonly string[], audiences = true): string {
  return [
    'trust_policies:',
    '  - name: deploy-prod-role',
    ...(audiences ? ['    audiences: [sts.amazonaws.com]'] : []),
    ...lines.map((line) => `    ${line}`),
    '',
  ].join('\n');
}

/** An example checked offline: the deploy role with `lines` added to its entry. */
export function trustExample(scenario: string, lines: readonly string[], audiences = true): FindingExample {
  return { scenario, config: deployRole(lines, audiences), offline: true };
}

/** The deploy role's IAM trust policy for GitHub's tokens, with this Condition block. */
export function awsDeployRole(condition: Record<string, unknown>, provider = 'token.actions.githubusercontent.com'): Record<string, unknown> {
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
export const PINNED_SUB = 'repo:acme@1001/app@2002:ref:refs/heads/main';

/** Primary sources the trust findings' pages cite. */
export const SOURCES = {
  githubOidc: { title: 'GitHub Docs: OpenID Connect reference (subject formats, customised templates, claims)', url: 'https://docs.github.com/en/actions/reference/security/oidc' },
  githubAws: { title: 'GitHub Docs: Configuring OpenID Connect in Amazon Web Services', url: 'https://docs.github.com/en/actions/how-tos/secure-your-work/security-harden-deployments/oidc-in-aws' },
  awsOperators: { title: 'AWS IAM: Condition operators (…IfExists, Null, negated operators)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_condition_operators.html' },
  awsMultiValued: { title: 'AWS IAM: Single-valued and multivalued context keys (ForAnyValue, ForAllValues)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_condition-single-vs-multi-valued-context-keys.html' },
  awsEvaluation: { title: 'AWS IAM: Policy evaluation logic (an explicit Deny overrides any Allow)', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html' },
  awsOidcKeys: { title: 'AWS IAM: Available keys for OIDC federation', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_iam-condition-keys.html#condition-keys-wif' },
  awsOidcRole: { title: 'AWS IAM: Create a role for OpenID Connect federation', url: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/id_roles_create_for-idp_oidc.html' },
  datadog: { title: 'Datadog Security Labs: Exploring GitHub-to-AWS keyless authentication flaws', url: 'https://securitylabs.datadoghq.com/articles/exploring-github-to-aws-keyless-authentication-flaws/' },
} as const;
