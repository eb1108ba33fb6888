/** GitHub Actions' OIDC issuer: every github.com workflow's token names it. */
export const GITHUB_ACTIONS_ISSUER = 'https://token.actions.githubusercontent.com';
