import { expect } from 'vitest';
import { awsPolicy, ISSUER_HOST, PINNED, PROVIDER_ARN, runTrustCode, sound } from './trust-tester.ts';

const SUB = `${ISSUER_HOST}:sub`;
const AUD = `${ISSUER_HOST}:aud`;
const AUD_OK = { StringEquals: { [AUD]: 'sts.amazonaws.com' } };

runTrustCode('TRUST_SUBJECT_UNBOUNDED', {
  valid: [
    { name: 'a pinned subject', request: sound() },
    { name: 'a wildcard after the repository', request: sound({ claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/*' } }) },
    { name: 'StringEquals takes * literally', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme/*' } }) } },
    { name: 'a broad condition narrowed by a second one on sub', request: { aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' }, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
    { name: 'the central-workflow pattern: an owner-wide sub and a job_workflow_ref pinned to one workflow at one ref', request: { aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme@1001/*' }, StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/automation/.github/workflows/deploy.yml@refs/heads/main' } }) } },
    { name: 'a repository pinned by the repository_id key', request: { aws_trust_policy: awsPolicy({ StringLike: { [SUB]: 'repo:acme/*' }, StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:repository_id`]: '2002' } }) } },
    { name: 'the repository ID left open (mutable, not unbounded)', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@*:ref:refs/heads/main' } }) },
    { name: 'an open Allow bound by a Deny of every other subject', request: { aws_trust_policy: { Statement: [(awsPolicy(AUD_OK).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringNotLike: { [SUB]: 'repo:acme@1001/app@2002:ref:refs/heads/main' } } }] } } },
  ],
  invalid: [
    { name: 'no condition on sub', request: { audiences: ['sts.amazonaws.com'] }, findings: [{ severity: 'error', evidence: { field: '/claim_patterns' } }] },
    { name: 'no sub in the AWS policy', request: { aws_trust_policy: awsPolicy(AUD_OK) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }] },
    {
      name: 'repo:*, repo:acme/*, *, repo:acme* and repo:acme/app* in a list',
      request: sound({ claim_patterns: { sub: ['repo:*', 'repo:acme/*', '*', 'repo:acme*', 'repo:acme/app*', PINNED, 'repo:acm?/app:ref:refs/heads/main'] } }),
      findings: [0, 1, 2, 3, 4, 6].map((i) => ({ evidence: expect.objectContaining({ field: `/claim_patterns/sub/${i}` }) })),
    },
    {
      name: 'customised templates that pin no repository: an environment, a reusable workflow, the owner',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: ['environment:production', 'job_workflow_ref:acme/automation/.github/workflows/deploy.yml@refs/heads/main', 'repository_owner:acme', 'repository_owner_id:6154722:*', 'repository_owner:acme:repository_visibility:private'] } }) },
      findings: [0, 1, 2, 3, 4].map((i) => ({ evidence: expect.objectContaining({ field: `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}/${i}` }) })),
    },
    {
      name: 'a * in the owner ID runs past the slash into another repository of the owner',
      request: sound({ claim_patterns: { sub: 'repo:acme@*/app@2002:ref:refs/heads/main' } }),
      findings: [{ message: expect.stringContaining('every repository of its owner') }],
    },
    {
      name: 'an Allow with NotPrincipal admits every other provider of the account',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }, { Principal: undefined, NotPrincipal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/accounts.google.com' } }) },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/NotPrincipal' } }],
    },
    {
      name: 'an open statement for another provider: every token of that issuer gets in',
      request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[])[0], { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/gitlab.com' }, Action: 'sts:AssumeRoleWithWebIdentity' }] } },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/1/Condition' } }],
    },
    {
      name: 'an environment-only subject under StringEquals',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'environment:production' } }) },
      findings: [{ severity: 'error', message: expect.stringContaining('pins no repository') }],
    },
    {
      name: 'an owner-wide sub with job_workflow_ref under IfExists (a token without the claim passes it)',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' }, StringEqualsIfExists: { [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/automation/.github/workflows/deploy.yml@refs/heads/main' } }) },
      findings: [{ evidence: expect.objectContaining({ value: 'repo:acme/*' }) }],
    },
    {
      name: 'an Allow that only excludes one repository',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringNotEquals: { [SUB]: 'repo:evil/app:ref:refs/heads/main' } }) },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }],
    },
    {
      name: 'the org wildcard in an AWS StringLike condition',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' } }) },
      findings: [{ message: expect.stringContaining('repo:acme/*'), evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}`, operator: 'StringLike', value: 'repo:acme/*' } }],
    },
  ],
});

runTrustCode('TRUST_AUDIENCE_MISSING', {
  valid: [
    { name: 'audiences given', request: sound() },
    { name: 'aud bound by a Deny of every other audience', request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [SUB]: PINNED } }).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:*', Condition: { StringNotEquals: { [AUD]: 'sts.amazonaws.com' } } }] } } },
    { name: 'aud in the AWS policy', request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
  ],
  invalid: [
    { name: 'no audiences', request: { claim_patterns: { sub: PINNED } }, findings: [{ severity: 'warning', evidence: { field: '/audiences' } }] },
    { name: 'an AWS statement without aud', request: { aws_trust_policy: awsPolicy({ StringEquals: { [SUB]: PINNED } }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }] },
    { name: 'aud StringLike * lets any audience through', request: { aws_trust_policy: awsPolicy({ StringLike: { [AUD]: '*' }, StringEquals: { [SUB]: PINNED } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringLike/${AUD}` } }] },
  ],
});

runTrustCode('TRUST_ANY_REF', {
  valid: [
    { name: 'a branch', request: sound() },
    { name: 'any branch only', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/*' } }) },
    { name: 'StringEquals with a literal *', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme@1001/app@2002:*' } }) } },
    { name: 'repo:o/r:* with the ref key pinned', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:ref`]: 'refs/heads/main' }, StringLike: { [SUB]: 'repo:acme@1001/app@2002:*' } }) } },
  ],
  invalid: [
    { name: 'a customised template without a context part', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: 'repo:acme@1001/app@2002' } }) }, findings: [{ message: expect.stringContaining('no ref or environment part') }] },
    { name: 'the repository_id key with an owner-wide sub', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:repository_id`]: '2002' }, StringLike: { [SUB]: 'repo:acme@1001/*' } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringEquals/${ISSUER_HOST}:repository_id` } }] },
    { name: 'repo:o/r:*', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub', operator: 'StringLike', value: 'repo:acme@1001/app@2002:*' } }] },
  ],
});

runTrustCode('TRUST_PULL_REQUEST_ALLOWED', {
  valid: [
    { name: 'the main branch', request: sound() },
    { name: 'an environment', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:environment:production' } }) },
    { name: 'repo:o/r:* (TRUST_ANY_REF says it)', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }) },
  ],
  invalid: [
    { name: 'pull_request named', request: sound({ claim_patterns: { sub: [PINNED, 'repo:acme@1001/app@2002:pull_request'] } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub/1' } }] },
    { name: 'a pattern that admits it', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:p*' } }), findings: [{ message: expect.stringContaining('repo:acme@1001/app@2002:pull_request') }] },
  ],
});

runTrustCode('TRUST_SUBJECT_MUTABLE', {
  valid: [
    { name: 'owner and repository IDs', request: sound() },
    { name: 'a custom subject template', request: sound({ claim_patterns: { sub: 'repository_owner_id:1001:repository_id:2002' } }) },
  ],
  invalid: [
    { name: 'names only', request: sound({ claim_patterns: { sub: 'repo:acme/app:ref:refs/heads/main' } }), findings: [{ severity: 'warning', evidence: { field: '/claim_patterns/sub' } }] },
    { name: 'the owner ID only', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app:ref:refs/heads/main' } }), findings: [{ evidence: { field: '/claim_patterns/sub' } }] },
  ],
});

runTrustCode('TRUST_CONDITION_UNSUPPORTED', {
  valid: [
    { name: 'StringEquals, StringLike and the set forms', request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: PINNED }, 'ForAnyValue:StringEquals': { [AUD]: ['sts.amazonaws.com'] }, 'ForAllValues:StringLike': { [`${ISSUER_HOST}:job_workflow_ref`]: 'acme/app/*' } }) } },
    { name: 'a statement for another principal', request: { aws_trust_policy: { Statement: [awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[]][0]?.concat({ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }) } } },
    { name: 'every string operator, IfExists, the set prefixes, Null and a Deny statement', request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringLikeIfExists: { [SUB]: PINNED }, StringNotEquals: { [`${ISSUER_HOST}:actor`]: 'bot' }, StringEqualsIgnoreCase: { [`${ISSUER_HOST}:environment`]: 'production' }, StringNotEqualsIgnoreCase: { [`${ISSUER_HOST}:workflow`]: 'x' }, StringNotLike: { [`${ISSUER_HOST}:ref`]: 'refs/pull/*' }, Null: { [SUB]: 'false' } }).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:*', Condition: { 'ForAnyValue:StringEquals': { [`${ISSUER_HOST}:amr`]: 'x' } } }] } } },
    { name: 'no AWS policy', request: sound() },
  ],
  invalid: [
    {
      name: 'operators the checker does not evaluate, each key named',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, Bool: { 'aws:SecureTransport': 'true' }, DateLessThan: { 'aws:CurrentTime': '2030-01-01T00:00:00Z' } }) },
      findings: [
        { severity: 'warning', evidence: { field: '/aws_trust_policy/Statement/0/Condition/Bool', operator: 'Bool' } },
        { evidence: { field: '/aws_trust_policy/Statement/0/Condition/DateLessThan', operator: 'DateLessThan' } },
      ],
    },
    {
      name: 'an Effect that is neither Allow nor Deny (read as Allow)',
      request: { aws_trust_policy: { Statement: [{ ...(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as Record<string, unknown>[])[0], Effect: 'allow' }] } },
      findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Effect', key: 'Effect' } }],
    },
    {
      name: 'a global key, a claim AWS does not receive and a policy variable',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { 'aws:SourceIp': '10.0.0.0/8', [`${ISSUER_HOST}:repository_owner`]: 'acme', [SUB]: 'repo:${aws:username}/*' } }) },
      findings: [
        { evidence: expect.objectContaining({ key: 'aws:SourceIp' }) },
        { message: expect.stringContaining('AWS does not put the claim repository_owner'), evidence: expect.objectContaining({ key: `${ISSUER_HOST}:repository_owner` }) },
        { message: expect.stringContaining('policy variable'), evidence: expect.objectContaining({ key: SUB }) },
      ],
    },
    { name: 'a wildcard principal', request: { aws_trust_policy: awsPolicy(AUD_OK, { Principal: '*' }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Principal', key: 'Principal' } }] },
    { name: 'no Statement', request: { aws_trust_policy: { Version: '2012-10-17' } }, findings: [{ evidence: { field: '/aws_trust_policy' } }] },
    { name: 'no statement for the issuer the request names', request: { issuer: 'https://token.actions.githubusercontent.com', aws_trust_policy: { Statement: { Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::1:oidc-provider/gitlab.com' }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { 'gitlab.com:sub': 'project_path:acme/app:ref_type:branch:ref:main' } } } } }, findings: [{ evidence: { field: '/aws_trust_policy/Statement' } }] },
  ],
});

runTrustCode('TRUST_REF_WILDCARD', {
  valid: [
    { name: 'a pinned branch', request: sound() },
    { name: 'an environment named exactly', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:environment:production' } }) },
    { name: 'repo:o/r:* (TRUST_ANY_REF says it)', request: sound({ claim_patterns: { sub: 'repo:acme@1001/app@2002:*' } }) },
    { name: 'a wildcard branch narrowed by the ref key', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [`${ISSUER_HOST}:ref`]: 'refs/heads/main' }, StringLike: { [SUB]: 'repo:acme@1001/app@2002:ref:refs/heads/*' } }) } },
  ],
  invalid: [
    {
      name: 'branch, prefix, tag and environment wildcards',
      request: sound({ claim_patterns: { sub: ['repo:acme@1001/app@2002:ref:refs/heads/*', 'repo:acme@1001/app@2002:ref:refs/heads/main*', 'repo:acme@1001/app@2002:ref:refs/tags/*', 'repo:acme@1001/app@2002:environment:*', 'repo:acme@1001/app@2002:environment:prod-?'] } }),
      findings: [
        { severity: 'warning', evidence: { field: '/claim_patterns/sub/0', admits: 'ref:refs/heads/-evil' } },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/1', admits: 'ref:refs/heads/main-evil' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/2' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/3' }) },
        { evidence: expect.objectContaining({ field: '/claim_patterns/sub/4', admits: 'environment:prod-x' }) },
      ],
    },
    {
      name: 'StringEqualsIgnoreCase on a branch admits the same name in another case, another branch to git',
      request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com' }, StringEqualsIgnoreCase: { [SUB]: PINNED } }) },
      findings: [{ evidence: expect.objectContaining({ field: `/aws_trust_policy/Statement/0/Condition/StringEqualsIgnoreCase/${SUB}`, admits: 'ref:REFS/HEADS/MAIN' }) }],
    },
  ],
});

runTrustCode('TRUST_CONDITION_NEVER_HOLDS', {
  valid: [
    { name: 'a sound policy', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
    { name: 'an enterprise provider with its own keys', request: { aws_trust_policy: { Statement: [{ Effect: 'Allow', Principal: { Federated: `${PROVIDER_ARN}/acme` }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { [`${ISSUER_HOST}/acme:aud`]: 'sts.amazonaws.com', [`${ISSUER_HOST}/acme:sub`]: PINNED } } }] } } },
    { name: 'a key of another issuer under a negated operator (absent: holds)', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, StringNotEquals: { 'gitlab.com:sub': 'x' } }) } },
  ],
  invalid: [
    {
      name: 'the plain host\'s keys under an enterprise provider',
      request: { aws_trust_policy: { Statement: [{ Effect: 'Allow', Principal: { Federated: `${PROVIDER_ARN}/acme` }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } } }] } },
      findings: [{ severity: 'warning', evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringEquals/${AUD}`, operator: 'StringEquals' } }],
    },
    { name: 'a key of another issuer', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, StringLike: { 'gitlab.com:sub': 'x' } }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition/StringLike/gitlab.com:sub' } }] },
    { name: 'contradictory values on sub', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, StringLike: { [SUB]: 'repo:acme@1001/app@2002:environment:*' } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringEquals/${SUB}`, claim: 'sub' } }] },
    { name: 'Null true on sub', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, Null: { [SUB]: 'true' } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/Null/${SUB}` } }] },
    { name: 'a Deny without conditions', request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:*' }] } }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0', denied_by: '/aws_trust_policy/Statement/1' } }] },
  ],
});

runTrustCode('TRUST_CASE_FAILED', {
  valid: [
    {
      name: 'the deploy job allowed, a fork and a pull request denied',
      request: sound({ cases: [
        { name: 'deploy', claims: { sub: PINNED, aud: 'sts.amazonaws.com' }, expect: 'allow' },
        { name: 'fork', claims: { sub: 'repo:mallory@9/app@2002:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'deny' },
        { name: 'pull request', claims: { sub: 'repo:acme@1001/app@2002:pull_request', aud: 'sts.amazonaws.com' }, expect: 'deny' },
      ] }),
    },
  ],
  invalid: [
    {
      name: 'an allowed case expected denied names the statement that let it in',
      request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringLike: { [SUB]: 'repo:acme/*' } }), cases: [{ name: 'other repo', claims: { sub: 'repo:acme/other:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'deny' }] },
      findings: [{ severity: 'error', evidence: { field: '/cases/0', case: 'other repo', expect: 'deny', outcome: 'allow', decided_by: { field: '/aws_trust_policy/Statement/0', conditions: [`/aws_trust_policy/Statement/0/Condition/StringEquals/${AUD}`, `/aws_trust_policy/Statement/0/Condition/StringLike/${SUB}`] } } }],
    },
    {
      name: 'a denied case expected allowed names the condition that failed',
      request: sound({ cases: [{ claims: { sub: 'repo:acme@1001/app@2002:ref:refs/heads/dev', aud: 'sts.amazonaws.com' }, expect: 'allow' }] }),
      findings: [{ evidence: { field: '/cases/0', case: 'case 0', expect: 'allow', outcome: 'deny', decided_by: { field: '/claim_patterns/sub', claim: 'sub', operator: 'StringLike', values: [PINNED], actual: 'repo:acme@1001/app@2002:ref:refs/heads/dev' } } }],
    },
  ],
});
