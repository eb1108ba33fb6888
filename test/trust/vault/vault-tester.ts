/**
 * Vault JWT roles for the trust tests: a sound role for GitHub's tokens, and requests built from it.
 */
export const VAULT_AUDIENCE = 'https://vault.example.com';
export const IMMUTABLE_MAIN = 'repo:acme@1001/app@2002:ref:refs/heads/main';
export const AT = '/vault_jwt_role';

/** A role as `vault read auth/jwt/role/NAME -format=json` prints its data: pinned to acme/app's main branch. */
export function role(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    role_type: 'jwt',
    bound_audiences: [VAULT_AUDIENCE],
    bound_subject: IMMUTABLE_MAIN,
    bound_claims_type: 'string',
    user_claim: 'sub',
    user_claim_json_pointer: false,
    token_policies: ['deploy'],
    token_ttl: 600,
    ...overrides,
  };
}

/** A request judging the role, with `extra` members (issuer, cases). */
export function request(r: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { vault_jwt_role: r, ...extra };
}

/** The claims of a GitHub Actions token of acme/app (or `owner/name`), with `overrides` (undefined: the claim left out). */
export function githubClaims(overrides: Record<string, unknown> = {}, repository = 'acme/app'): Record<string, unknown> {
  const [owner] = repository.split('/');
  const claims: Record<string, unknown> = {
    iss: 'https://token.actions.githubusercontent.com',
    aud: VAULT_AUDIENCE,
    sub: `repo:${repository}:ref:refs/heads/main`,
    repository,
    repository_owner: owner,
    ref: 'refs/heads/main',
    ref_type: 'branch',
    actor: 'octocat',
    workflow: 'deploy',
    event_name: 'push',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined));
}
