/**
 * Each CI issuer's subject grammar, as its own documentation writes the sub, judged by the same breadth
 * checks as GitHub's: a table of sub patterns and what each must draw (every code it must and must not
 * draw). The issuers' formats are in docs/trust/issuers.md, with their sources.
 */
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../../src/engine/context.ts';
import { lintTrustPolicy } from '../../../src/engine/trust/lint.ts';
import { grammarOf, ISSUER_GRAMMARS } from '../../../src/engine/trust/issuers/table.ts';

const GITLAB = 'https://gitlab.com';
const CIRCLECI = 'https://oidc.circleci.com/org/0b1c0a6e-4d5a-4b7e-9a43-1f2a3b4c5d6e';
const BUILDKITE = 'https://agent.buildkite.com';
const TFC = 'https://app.terraform.io';

const BREADTH = ['TRUST_SUBJECT_UNBOUNDED', 'TRUST_ANY_REF', 'TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE', 'TRUST_PULL_REQUEST_ALLOWED'] as const;

/** issuer, sub pattern (StringLike), the breadth codes it must draw (every other breadth code must be absent), why. */
const TABLE: [string, string, string[], string][] = [
  [GITLAB, 'project_path:acme/app:ref_type:branch:ref:main', ['TRUST_SUBJECT_MUTABLE'], 'one project, one branch; paths are names'],
  [GITLAB, 'project_path:acme/*', ['TRUST_SUBJECT_UNBOUNDED'], 'every project of the group, subgroups included'],
  [GITLAB, 'project_path:acme/platform/*', ['TRUST_SUBJECT_UNBOUNDED'], 'every project of a subgroup'],
  [GITLAB, 'project_path:*', ['TRUST_SUBJECT_UNBOUNDED'], 'every project on gitlab.com'],
  [GITLAB, 'project_path:acme*/app:ref_type:branch:ref:main', ['TRUST_SUBJECT_UNBOUNDED'], 'acme-evil/app too'],
  [GITLAB, 'project_path:acme/app:*', ['TRUST_ANY_REF', 'TRUST_SUBJECT_MUTABLE'], 'every branch and tag'],
  [GITLAB, 'project_path:acme/app:ref_type:branch:ref:*', ['TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE'], 'any branch'],
  [GITLAB, 'project_path:acme/app:ref_type:*:ref:main', ['TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE'], 'a tag named main too'],
  [GITLAB, 'project_path:acme/app:ref_type:branch:ref:release-?', ['TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE'], 'release-x'],
  [CIRCLECI, 'org/0b1c/project/9f2a/user/*', ['TRUST_ANY_REF'], 'one project, any user: the sub names no branch'],
  [CIRCLECI, 'org/0b1c/project/*', ['TRUST_SUBJECT_UNBOUNDED'], 'every project of the organisation'],
  [CIRCLECI, '*', ['TRUST_SUBJECT_UNBOUNDED'], 'every project of the organisation (the issuer is the organisation\'s)'],
  [BUILDKITE, 'organization:acme:pipeline:deploy:ref:refs/heads/main:*', ['TRUST_SUBJECT_MUTABLE'], 'one pipeline, one branch, any commit and step'],
  [BUILDKITE, 'organization:acme:pipeline:deploy:ref:refs/heads/main:commit:*:step:deploy', ['TRUST_SUBJECT_MUTABLE'], 'one step of one branch'],
  [BUILDKITE, 'organization:acme:pipeline:deploy:*', ['TRUST_ANY_REF', 'TRUST_SUBJECT_MUTABLE'], 'every branch and tag'],
  [BUILDKITE, 'organization:acme:pipeline:deploy:ref:refs/heads/*', ['TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE'], 'any branch'],
  [BUILDKITE, 'organization:acme:*', ['TRUST_SUBJECT_UNBOUNDED'], 'every pipeline of the organisation'],
  [BUILDKITE, 'organization:*:pipeline:deploy:*', ['TRUST_SUBJECT_UNBOUNDED'], 'any organisation\'s deploy pipeline'],
  [TFC, 'organization:acme:project:Default Project:workspace:prod:run_phase:apply', ['TRUST_SUBJECT_MUTABLE'], 'one workspace, apply only'],
  [TFC, 'organization:acme:project:*:workspace:prod:run_phase:apply', ['TRUST_SUBJECT_MUTABLE'], 'workspace names are unique in an organisation'],
  [TFC, 'organization:acme:project:Default Project:workspace:prod:run_phase:*', ['TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE'], 'plan runs get apply rights'],
  [TFC, 'organization:acme:project:Default Project:workspace:prod:*', ['TRUST_REF_WILDCARD', 'TRUST_SUBJECT_MUTABLE'], 'plan and apply'],
  [TFC, 'organization:acme:project:*:workspace:*:run_phase:*', ['TRUST_SUBJECT_UNBOUNDED'], 'every workspace of the organisation'],
  [TFC, 'organization:*', ['TRUST_SUBJECT_UNBOUNDED'], 'any organisation on app.terraform.io'],
];

async function codes(issuer: string, sub: string, match: 'StringLike' | 'StringEquals' = 'StringLike'): Promise<{ valid: boolean; codes: string[]; messages: string[] }> {
  const request = match === 'StringLike'
    ? { issuer, audiences: ['sts.amazonaws.com'], claim_patterns: { sub } }
    : { issuer, cases: [], aws_trust_policy: awsPolicy(issuer, { StringEquals: { [`${host(issuer)}:aud`]: 'sts.amazonaws.com', [`${host(issuer)}:sub`]: sub } }) };
  const response = await lintTrustPolicy(request, createEngineContext());
  return { valid: response.valid, codes: response.findings.map((f) => f.code), messages: response.findings.map((f) => f.message) };
}

function host(issuer: string): string {
  return issuer.replace(/^https:\/\//, '');
}

function awsPolicy(issuer: string, condition: Record<string, unknown>): Record<string, unknown> {
  return {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { Federated: `arn:aws:iam::123456789012:oidc-provider/${host(issuer)}` }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: condition }],
  };
}

describe('issuer subject grammars', () => {
  it('one entry per issuer, each found by its issuer URL', () => {
    expect(ISSUER_GRAMMARS.map((g) => g.name)).toEqual(['GitHub Actions', 'GitLab CI', 'CircleCI', 'Buildkite', 'HCP Terraform']);
    expect(grammarOf('https://token.actions.githubusercontent.com/acme')?.name).toBe('GitHub Actions');
    expect(grammarOf(GITLAB)?.name).toBe('GitLab CI');
    expect(grammarOf(CIRCLECI)?.name).toBe('CircleCI');
    expect(grammarOf('https://oidc.circleci.com')).toBeUndefined();
    expect(grammarOf(BUILDKITE)?.name).toBe('Buildkite');
    expect(grammarOf(TFC)?.name).toBe('HCP Terraform');
    expect(grammarOf('https://gitlab.example.com')).toBeUndefined();
  });

  for (const [issuer, sub, expected, why] of TABLE) {
    it(`${host(issuer).split('/')[0]}: ${sub} (${why})`, async () => {
      const got = await codes(issuer, sub);
      for (const code of BREADTH) {
        expect(got.codes.includes(code), `${code} in ${JSON.stringify(got.codes)}`).toBe(expected.includes(code));
      }
      expect(got.valid).toBe(!expected.includes('TRUST_SUBJECT_UNBOUNDED'));
    });
  }

  it('names the issuer\'s own parts in messages', async () => {
    expect((await codes(GITLAB, 'project_path:acme/*')).messages[0]).toContain('every project of its group');
    expect((await codes(GITLAB, 'project_path:*')).messages[0]).toContain('pins no group');
    expect((await codes(TFC, 'organization:acme:project:p:workspace:prod:run_phase:*')).messages.join(' ')).toContain('admits run_phase:plan');
  });

  it('a literal * in a StringEquals sub is not a wildcard: one project, no breadth error', async () => {
    const got = await codes(GITLAB, 'project_path:acme/*', 'StringEquals');
    expect(got.codes).not.toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('an issuer whose grammar is not known is judged only on a sub anyone can meet', async () => {
    expect((await codes('https://ci.example.com', 'build:acme/*')).codes).not.toContain('TRUST_SUBJECT_UNBOUNDED');
    expect((await codes('https://ci.example.com', '*')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('a self-managed issuer is read by the grammar its subs show: a GitLab instance, a GitHub Enterprise Server', async () => {
    expect((await codes('https://gitlab.example.com', 'project_path:platform/*')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
    expect((await codes('https://gitlab.example.com', 'project_path:platform/app:ref_type:branch:ref:main')).codes).not.toContain('TRUST_SUBJECT_UNBOUNDED');
    expect((await codes('https://ghes.example.com/_services/token', 'repo:acme/*')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('CircleCI: a * before vcs-ref/ leaves the ref open however the tail is pinned; ? of the user ID\'s length does not', async () => {
    const tail = '/vcs-origin/github.com/acme/app/vcs-ref/refs/heads/main';
    expect((await codes(CIRCLECI, `org/0b1c/project/9f2a/user/*${tail}`)).codes).toContain('TRUST_REF_WILDCARD');
    expect((await codes(CIRCLECI, `org/0b1c/project/9f2a/user/${'?'.repeat(36)}${tail}`)).codes).toEqual([]);
  });

  it('Buildkite: organization_slug and pipeline_slug keys together bind one pipeline; a bare UUID sub counts as an organisation', async () => {
    const keys = await lintTrustPolicy({ issuer: BUILDKITE, audiences: ['sts.amazonaws.com'], claim_patterns: { organization_slug: 'acme', pipeline_slug: 'deploy' } }, createEngineContext());
    expect(keys.findings.map((f) => f.code)).not.toContain('TRUST_SUBJECT_UNBOUNDED');
    expect((await codes(BUILDKITE, '0189a1b2-c3d4-4e5f-8a9b-0c1d2e3f4a5b', 'StringEquals')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('HCP Terraform: a sub from before projects, and a module\'s test runs, each bind one', async () => {
    expect((await codes(TFC, 'organization:acme:workspace:prod:run_phase:*')).codes).toEqual(['TRUST_SUBJECT_MUTABLE', 'TRUST_REF_WILDCARD']);
    expect((await codes(TFC, 'organization:acme:module:vpc:operation:test_run', 'StringEquals')).codes).not.toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('a case is decided on the issuer\'s own claims: a GitLab subgroup project is inside group/*', async () => {
    const response = await lintTrustPolicy({
      issuer: GITLAB, audiences: ['sts.amazonaws.com'], claim_patterns: { sub: 'project_path:acme/*' },
      cases: [
        { name: 'subgroup', claims: { aud: 'sts.amazonaws.com', sub: 'project_path:acme/platform/infra:ref_type:branch:ref:main' }, expect: 'allow' },
        { name: 'other group', claims: { aud: 'sts.amazonaws.com', sub: 'project_path:acme-evil/app:ref_type:branch:ref:main' }, expect: 'deny' },
      ],
    }, createEngineContext());
    expect(response.metadata.cases.map((c) => c.outcome)).toEqual(['allow', 'deny']);
  });
});

describe('owner keys', () => {
  it('a condition on the owner key alone is unbounded, named at that condition', async () => {
    const response = await lintTrustPolicy({ audiences: ['sts.amazonaws.com'], claim_patterns: { repository_owner: 'acme' } }, createEngineContext());
    const unbounded = response.findings.filter((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED');
    expect(unbounded).toHaveLength(1);
    expect(unbounded[0]?.message).toContain('binds the owner only');
    expect(unbounded[0]?.evidence?.field).toBe('/claim_patterns/repository_owner');
  });

  it('the owner key beside a repository key is bounded', async () => {
    const response = await lintTrustPolicy({ audiences: ['sts.amazonaws.com'], claim_patterns: { repository_owner: 'acme', repository_id: '2002' } }, createEngineContext());
    expect(response.findings.map((f) => f.code)).not.toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('GitLab: namespace_path alone admits every project of the group', async () => {
    const response = await lintTrustPolicy({ issuer: GITLAB, audiences: ['sts.amazonaws.com'], claim_patterns: { namespace_path: 'acme' } }, createEngineContext());
    expect(response.findings.find((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED')?.message).toContain('every project of acme');
  });
});

describe('issuers known by their subs, not their URL (an attacker review\'s cases)', () => {
  it('HCP Terraform Europe is HCP Terraform', async () => {
    expect((await codes('https://app.eu.terraform.io', 'organization:*')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('a Terraform Enterprise or self-managed GitLab: one odd value beside a grammar\'s value does not switch the grammar off', async () => {
    const response = await lintTrustPolicy({ issuer: 'https://gitlab.example.com', audiences: ['x'], claim_patterns: { sub: ['project_path:acme*', 'x'] } }, createEngineContext());
    expect(response.valid).toBe(false);
    expect((await codes('https://tfe.example.com', 'organization:*:project:*:workspace:*:run_phase:*')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('without any grammar, a wildcard in the first part of the sub is unbounded; one after it is not judged', async () => {
    expect((await codes('https://gitlab.example.com', 'project_pat*')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
    expect((await codes('https://ci.example.com', 'team:acme*:job:deploy')).codes).toContain('TRUST_SUBJECT_UNBOUNDED');
    expect((await codes('https://ci.example.com', 'team:acme:job:*')).codes).not.toContain('TRUST_SUBJECT_UNBOUNDED');
  });
});
