/**
 * How Microsoft Entra matches a token against a federated identity credential, row by row from
 * Microsoft's documentation, checked through the cases of the trust-policy lint:
 * - classic credentials: issuer, subject and audience are compared exactly and case-sensitively
 *   ("Federated Identity Credentials now use case-sensitive matching", Microsoft identity platform
 *   breaking changes, August 2024; Graph's federated identity credentials overview); wildcards are not
 *   supported in any property value (workload identity federation considerations);
 * - flexible credentials: `matches` with `?` one character and `*` any run, `eq` exact, clauses joined
 *   by `and`, on the claims Entra lists per issuer (Flexible federated identity credentials).
 * A row whose answer the documentation leaves open says so, and expects the answer that never denies
 * where Entra might let the token in.
 */
import { describe, expect, it } from 'vitest';
import { AUDIENCE, classic, claims, flexible, GITHUB, outcomes } from './azure-tester.ts';

type Json = Record<string, unknown>;
type Row = [why: string, credential: Json, claims: Json, expected: 'allow' | 'deny'];

const MAIN = 'repo:contoso/contoso-org:ref:refs/heads/main';
const tokenOf = (sub: string, more: Json = {}): Json => claims({ sub, ...more });

const CLASSIC: Row[] = [
  ['the same subject, audience and issuer', classic(MAIN), tokenOf(MAIN), 'allow'],
  ['subject in other letter case (an application active before August 2024 still matches it)', classic('repo:Contoso/Contoso-Org:ref:refs/heads/main'), tokenOf(MAIN), 'allow'],
  ['subject that the token\'s extends', classic('repo:contoso/contoso-org:ref:refs/heads/ma'), tokenOf(MAIN), 'deny'],
  ['subject with a trailing space', classic(`${MAIN} `), tokenOf(MAIN), 'deny'],
  ['a * in the subject is a plain character', classic('repo:contoso/contoso-org:ref:refs/heads/*'), tokenOf(MAIN), 'deny'],
  ['… matched by a sub that holds it', classic('repo:contoso/contoso-org:ref:refs/heads/*'), tokenOf('repo:contoso/contoso-org:ref:refs/heads/*'), 'allow'],
  ['a ? in the subject is a plain character', classic('repo:contoso/contoso-org:ref:refs/heads/mai?'), tokenOf(MAIN), 'deny'],
  ['audience in other letter case (an application active before August 2024 still matches it)', classic(MAIN), tokenOf(MAIN, { aud: 'api://azureadtokenexchange' }), 'allow'],
  ['another audience, matched exactly', classic(MAIN, { audiences: ['api://contoso-exchange'] }), tokenOf(MAIN, { aud: 'api://contoso-exchange' }), 'allow'],
  ['no aud in the token', classic(MAIN), tokenOf(MAIN, { aud: undefined }), 'deny'],
  ['aud as a list holding the audience', classic(MAIN), tokenOf(MAIN, { aud: ['other', AUDIENCE] }), 'allow'],
  ['iss in other letter case (an application active before August 2024 still matches it)', classic(MAIN), tokenOf(MAIN, { iss: 'https://Token.Actions.GitHubUserContent.com' }), 'allow'],
  ['iss with a trailing slash', classic(MAIN), tokenOf(MAIN, { iss: `${GITHUB}/` }), 'deny'],
  ['a credential whose issuer has a trailing slash, GitHub\'s iss', classic(MAIN, { issuer: `${GITHUB}/` }), tokenOf(MAIN), 'deny'],
];

const FLEXIBLE: Row[] = [
  ['matches: * spans the rest of a branch name, slashes included', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*'"), tokenOf('repo:contoso/contoso-repo:ref:refs/heads/feature/x'), 'allow'],
  ['matches: * matches no characters (left open by the docs: the wider reading)', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*'"), tokenOf('repo:contoso/contoso-repo:ref:refs/heads/'), 'allow'],
  ['matches: the part before * is literal', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*'"), tokenOf('repo:contoso/other-repo:ref:refs/heads/main'), 'deny'],
  ['matches: ? is one character (Microsoft\'s ????)', flexible("claims['sub'] matches 'repo:contoso/contoso-repo-*:ref:refs/heads/????'"), tokenOf('repo:contoso/contoso-repo-api:ref:refs/heads/main'), 'allow'],
  ['matches: ???? does not match five characters', flexible("claims['sub'] matches 'repo:contoso/contoso-repo-*:ref:refs/heads/????'"), tokenOf('repo:contoso/contoso-repo-api:ref:refs/heads/mains'), 'deny'],
  ['matches: ???? does not match three characters', flexible("claims['sub'] matches 'repo:contoso/contoso-repo-*:ref:refs/heads/????'"), tokenOf('repo:contoso/contoso-repo-api:ref:refs/heads/dev'), 'deny'],
  ['matches: . and other characters are literal', flexible("claims['sub'] matches 'repo:contoso/app.web:*'"), tokenOf('repo:contoso/appxweb:ref:refs/heads/main'), 'deny'],
  ['matches: letter case counts (an application active before August 2024 still matches it)', flexible("claims['sub'] matches 'repo:contoso/*'"), tokenOf('repo:Contoso/app:ref:refs/heads/main'), 'allow'],
  ['eq: exact', flexible(`claims['sub'] eq '${MAIN}'`), tokenOf(MAIN), 'allow'],
  ['eq: a * is a plain character', flexible("claims['sub'] eq 'repo:contoso/contoso-org:ref:refs/heads/*'"), tokenOf(MAIN), 'deny'],
  ['and: every clause must hold', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*' and claims['repository_id'] eq '456789'"), tokenOf('repo:contoso/contoso-repo:ref:refs/heads/main', { repository_id: '456789' }), 'allow'],
  ['and: one clause failing keeps the token out', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*' and claims['repository_id'] eq '456789'"), tokenOf('repo:contoso/contoso-repo:ref:refs/heads/main', { repository_id: '999' }), 'deny'],
  ['and: a missing claim fails eq', flexible("claims['sub'] matches 'repo:contoso/*' and claims['repository_owner_id'] eq '123456'"), tokenOf('repo:contoso/app:ref:refs/heads/main', { repository_owner_id: undefined }), 'deny'],
  ['job_workflow_ref: the reusable workflow pinned by matches', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*' and claims['job_workflow_ref'] matches 'contoso/contoso-prod/.github/workflows/*.yml@refs/heads/main'"),
    tokenOf('repo:contoso/contoso-repo:ref:refs/heads/main', { job_workflow_ref: 'contoso/contoso-prod/.github/workflows/deploy.yml@refs/heads/main' }), 'allow'],
  ['job_workflow_ref: another ref of the workflow', flexible("claims['sub'] matches 'repo:contoso/contoso-repo:ref:refs/heads/*' and claims['job_workflow_ref'] matches 'contoso/contoso-prod/.github/workflows/*.yml@refs/heads/main'"),
    tokenOf('repo:contoso/contoso-repo:ref:refs/heads/main', { job_workflow_ref: 'contoso/contoso-prod/.github/workflows/deploy.yml@refs/heads/dev' }), 'deny'],
  ['matches * on a missing claim (left open: the wider reading)', flexible("claims['sub'] matches 'repo:contoso/*' and claims['job_workflow_ref'] matches '*'"), tokenOf('repo:contoso/app:ref:refs/heads/main'), 'allow'],
  ['a claim Entra does not evaluate for GitHub: not judged, taken to hold', flexible("claims['sub'] matches 'repo:contoso/*' and claims['repository'] eq 'contoso/app'"), tokenOf('repo:contoso/web:ref:refs/heads/main', { repository: 'contoso/web' }), 'allow'],
  ['an expression the checker cannot read: taken to let every token in', flexible("claims['sub'] eq 'a' or claims['sub'] eq 'b'"), tokenOf('repo:evil/app:ref:refs/heads/main'), 'allow'],
  ['GitLab: project_id by eq', flexible("claims['sub'] matches 'project_path:acme/*' and claims['project_id'] eq '57382910'", { issuer: 'https://gitlab.com' }),
    claims({ iss: 'https://gitlab.com', sub: 'project_path:acme/billing:ref_type:branch:ref:main', project_id: '57382910' }), 'allow'],
  ['GitLab: another project', flexible("claims['sub'] matches 'project_path:acme/*' and claims['project_id'] eq '57382910'", { issuer: 'https://gitlab.com' }),
    claims({ iss: 'https://gitlab.com', sub: 'project_path:acme/other:ref_type:branch:ref:main', project_id: '1' }), 'deny'],
  ['Terraform Cloud: run_phase:* admits the plan phase', flexible("claims['sub'] matches 'organization:contoso:project:contoso-proj:workspace:wrk-1:run_phase:*'", { issuer: 'https://app.terraform.io' }),
    claims({ iss: 'https://app.terraform.io', sub: 'organization:contoso:project:contoso-proj:workspace:wrk-1:run_phase:plan' }), 'allow'],
];

describe('Entra\'s matching of a token against a federated identity credential', () => {
  for (const [title, rows] of [['classic credentials: exact and case-sensitive', CLASSIC], ['flexible credentials: matches, eq, and', FLEXIBLE]] as const) {
    describe(title, () => {
      it.each(rows)('%s', async (_why, credential, token, expected) => {
        expect(await outcomes(credential, [token])).toEqual([expected]);
      });
    });
  }
});
