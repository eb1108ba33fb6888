/**
 * What Microsoft Entra lets a flexible federated identity credential's expression look at, by issuer:
 * which claims, and with which operators. Entra evaluates flexible expressions for GitHub Actions,
 * GitLab and Terraform Cloud tokens; on each of them only the claims listed here. A clause on any other
 * claim, or with an operator the claim does not take, is one the checker does not evaluate (Entra
 * either refuses such a credential or does something nobody documented).
 */
import { GITHUB_ACTIONS_ISSUER } from '../findings.ts';

/** The operators of the expression language: `matches` (with the `*` and `?` wildcards) and `eq` (exact). */
export type ExpressionOperator = 'matches' | 'eq';

/** Claim name to the operators Entra takes on it, for one family of issuers. */
type ClaimTable = Readonly<Record<string, readonly ExpressionOperator[]>>;

const BOTH: readonly ExpressionOperator[] = ['eq', 'matches'];
const EQ_ONLY: readonly ExpressionOperator[] = ['eq'];

/** GitHub Actions: the subject, the reusable workflow's reference, and the two immutable IDs. */
const GITHUB_CLAIMS: ClaimTable = { sub: BOTH, job_workflow_ref: BOTH, repository_id: EQ_ONLY, repository_owner_id: EQ_ONLY };
/** GitLab: the subject, and the project, namespace and user IDs that every GitLab ID token carries. */
const GITLAB_CLAIMS: ClaimTable = { sub: BOTH, project_id: EQ_ONLY, namespace_id: EQ_ONLY, user_id: EQ_ONLY };
/** Terraform Cloud, and any other issuer: the subject alone. */
const SUBJECT_ONLY: ClaimTable = { sub: BOTH };

export const GITLAB_ISSUER = 'https://gitlab.com';
export const TERRAFORM_ISSUERS = ['https://app.terraform.io', 'https://app.eu.terraform.io'] as const;

/** The issuers whose tokens carry exactly this iss: a credential that differs from one only in case or a trailing slash never matches them. */
export const WELL_KNOWN_ISSUERS: readonly string[] = [GITHUB_ACTIONS_ISSUER, GITLAB_ISSUER, ...TERRAFORM_ISSUERS];

/** An issuer as people mean it: no surrounding spaces, no trailing slash, lower case. */
export function looseIssuer(issuer: string): string {
  return issuer.trim().replace(/\/+$/, '').toLowerCase();
}

/** GitHub's issuer, or a GitHub Enterprise Cloud issuer (the same host with the enterprise's path). */
export function isGitHubFamily(issuer: string): boolean {
  const loose = looseIssuer(issuer);
  const github = GITHUB_ACTIONS_ISSUER.toLowerCase();
  return loose === github || loose.startsWith(`${github}/`);
}

/** gitlab.com, or a self-managed GitLab whose host starts with `gitlab.` (Entra's examples: gitlab.example.com). */
function isGitLabFamily(issuer: string): boolean {
  const loose = looseIssuer(issuer);
  return loose === GITLAB_ISSUER || loose.startsWith('https://gitlab.');
}

/** The claims (and their operators) an expression may use for tokens of `issuer`. */
export function claimTableFor(issuer: string): ClaimTable {
  if (isGitHubFamily(issuer)) return GITHUB_CLAIMS;
  if (isGitLabFamily(issuer)) return GITLAB_CLAIMS;
  return SUBJECT_ONLY;
}

/** The operators Entra takes on `claim` for `issuer`'s tokens; undefined for a claim it does not evaluate. */
export function operatorsFor(issuer: string, claim: string): readonly ExpressionOperator[] | undefined {
  const table = claimTableFor(issuer);
  return Object.hasOwn(table, claim) ? table[claim] : undefined;
}

/** The claims an expression may use for `issuer`'s tokens, for messages. */
export function claimList(issuer: string): string {
  return Object.entries(claimTableFor(issuer)).map(([claim, ops]) => `${claim} (${ops.join(', ')})`).join(', ');
}

/**
 * The well-known issuer that `issuer` means but does not equal: the same URL in other letter case, with
 * a trailing slash or with spaces. Entra compares the credential's issuer with the token's iss exactly,
 * so such a credential never matches that issuer's tokens.
 */
export function nearMiss(issuer: string): string | undefined {
  return WELL_KNOWN_ISSUERS.find((known) => known !== issuer && looseIssuer(issuer) === known.toLowerCase());
}
