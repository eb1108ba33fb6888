/**
 * `cloudformation:` entries: every AWS::IAM::Role of a template (JSON or YAML, short-form tags read as
 * their long form and never evaluated) is judged as its own AWS trust policy, named by its logical ID
 * and placed at its line; a value the stack substitutes is read as whatever lets the most tokens in.
 */
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, gate, lineOf, PINNED, repo, tempRoot } from './helpers.ts';

const t = tempRoot('oidc-gate-cfn-');
const TEMPLATE_FILE = '.github/oidc-gate/stack.template';
const ENTRY = 'trust_policies:\n  - name: stack\n    cloudformation: stack.template\n';

/** A role whose one Allow statement has this principal and these conditions (YAML, indented for Properties). */
function role(id: string, principal: string, condition: string[]): string[] {
  return [
    `  ${id}:`,
    '    Type: AWS::IAM::Role',
    '    Properties:',
    '      AssumeRolePolicyDocument:',
    '        Version: "2012-10-17"',
    '        Statement:',
    '          - Effect: Allow',
    `            Principal: { Federated: ${principal} }`,
    '            Action: sts:AssumeRoleWithWebIdentity',
    '            Condition:',
    ...condition.map((c) => `              ${c}`),
  ];
}

const AUD = 'StringEquals: { "token.actions.githubusercontent.com:aud": sts.amazonaws.com }';
const yaml = (lines: string[]): string => `${lines.join('\n')}\n`;

const STACK = yaml([
  'AWSTemplateFormatVersion: "2010-09-09"',
  'Parameters:',
  '  GitHubOrg: { Type: String }',
  '  RepositoryName: { Type: String }',
  '  Environment: { Type: String }',
  'Resources:',
  '  GithubOidc:',
  '    Type: AWS::IAM::OIDCProvider',
  '    Properties:',
  '      Url: https://token.actions.githubusercontent.com',
  '      ClientIdList: [sts.amazonaws.com]',
  ...role('DeployRole', '!Ref GithubOidc', [AUD, 'StringLike:', '  token.actions.githubusercontent.com:sub: !Sub "repo:${GitHubOrg}/${RepositoryName}:*"']),
  ...role('PinnedRole', '!Sub "arn:${AWS::Partition}:iam::${AWS::AccountId}:oidc-provider/token.actions.githubusercontent.com"', [`StringEquals: { "token.actions.githubusercontent.com:aud": sts.amazonaws.com, "token.actions.githubusercontent.com:sub": "${PINNED}" }`]),
  ...role('EnvRole', '!GetAtt GithubOidc.Arn', ['StringEquals:', '  token.actions.githubusercontent.com:aud: sts.amazonaws.com', '  token.actions.githubusercontent.com:sub: !Sub "repo:acme@1001/app@2002:environment:${Environment}"']),
  '  LambdaRole:',
  '    Type: AWS::IAM::Role',
  '    Properties:',
  '      AssumeRolePolicyDocument:',
  '        Statement: [{ Effect: Allow, Principal: { Service: lambda.amazonaws.com }, Action: sts:AssumeRole }]',
]);

describe('cloudformation: a YAML template with short-form tags', () => {
  it('judges each OIDC role, named by its logical ID, at its line in the template', async () => {
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': STACK }));
    expect(run.findings.map((f) => [f.code, f.severity, f.file, f.line, f.name])).toEqual([
      ['TRUST_SUBJECT_UNBOUNDED', 'error', TEMPLATE_FILE, lineOf(STACK, '  DeployRole:'), 'DeployRole'],
      ['TRUST_REF_WILDCARD', 'warning', TEMPLATE_FILE, lineOf(STACK, '  EnvRole:'), 'EnvRole'],
    ]);
    // The role only Lambda assumes is no CI trust document; the provider is judged by its host.
    expect(run.report.results.map((r) => [r.file, r.name, r.line, r.response?.valid])).toEqual([
      [TEMPLATE_FILE, 'DeployRole', lineOf(STACK, '  DeployRole:'), false],
      [TEMPLATE_FILE, 'PinnedRole', lineOf(STACK, '  PinnedRole:'), true],
      [TEMPLATE_FILE, 'EnvRole', lineOf(STACK, '  EnvRole:'), true],
    ]);
  });

  it('reads each ${…} the stack substitutes as *, and says so in the finding', async () => {
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': STACK }));
    const [deploy, env] = run.findings;
    expect(deploy?.message).toContain('"repo:*/*:*"');
    expect(deploy?.message).toContain('each value the stack substitutes (${…}) is read as *');
    expect(env?.message).toContain('"repo:acme@1001/app@2002:environment:*"');
    expect(env?.message).toContain('it is read as a StringLike pattern');
    const request = run.report.results[0]?.request as { aws_trust_policy: { Statement: { Principal: unknown; Condition: unknown }[] } };
    expect(request.aws_trust_policy.Statement[0]?.Principal).toEqual({ Federated: 'arn:aws:iam::*:oidc-provider/token.actions.githubusercontent.com' });
  });

  it('a function in another condition value is not evaluated: it holds in an Allow, never credits a Deny', async () => {
    const text = yaml([
      'Resources:',
      ...role('R', 'arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com', [AUD, 'ForAnyValue:StringNotLike:', '  token.actions.githubusercontent.com:sub: !If [Prod, "repo:acme/app:*", !Ref AWS::NoValue]']),
    ]);
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': text }));
    expect(run.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_SUBJECT_UNBOUNDED', 'R'], ['TRUST_CONDITION_UNSUPPORTED', 'R']]);
    expect(run.findings[1]?.message).toContain('the template writes it with Fn::If, a CloudFormation function known only when the stack is deployed');
  });

  it('a principal from a parameter reads as every identity provider; unknown tags are read, never an error', async () => {
    const text = yaml([
      'Resources:',
      ...role('R', '!Ref ProviderArn', [`StringEquals: { "token.actions.githubusercontent.com:aud": sts.amazonaws.com, "token.actions.githubusercontent.com:sub": !Whatever "${PINNED}" }`]),
    ]);
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': text }));
    const request = run.report.results[0]?.request as { aws_trust_policy: { Statement: { Principal: unknown; Condition: Record<string, Record<string, unknown>> }[] } };
    expect(request.aws_trust_policy.Statement[0]?.Principal).toEqual({ Federated: '*' });
    expect(request.aws_trust_policy.Statement[0]?.Condition.StringEquals?.['token.actions.githubusercontent.com:sub']).toEqual({ 'Fn::Whatever': PINNED });
    expect(run.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['TRUST_SUBJECT_UNBOUNDED', 'TRUST_CONDITION_UNSUPPORTED']));
  });

  it('a statement chosen by Fn::If reads as each branch; a Deny that may not be there, or whose principal is a function, is not credited', async () => {
    const deny = (principal: string): string => `{ Effect: Deny, Principal: { Federated: ${principal} }, Action: sts:AssumeRoleWithWebIdentity, Condition: { StringLike: { "token.actions.githubusercontent.com:sub": "repo:acme/app:pull_request" } } }`;
    const allow = '{ Effect: Allow, Principal: { Federated: arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com }, Action: sts:AssumeRoleWithWebIdentity, Condition: { StringEquals: { "token.actions.githubusercontent.com:aud": sts.amazonaws.com }, StringLike: { "token.actions.githubusercontent.com:sub": "repo:acme/app:*" } } }';
    const text = yaml([
      'Resources:',
      '  R:',
      '    Type: AWS::IAM::Role',
      '    Properties:',
      '      AssumeRolePolicyDocument:',
      '        Statement:',
      `          - !If [Strict, ${allow}, !Ref AWS::NoValue]`,
      `          - !If [Strict, ${deny('arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com')}, !Ref AWS::NoValue]`,
      `          - ${deny('!Ref Provider')}`,
    ]);
    const config = `${ENTRY}    cases:\n      - name: a pull request\n        claims: { sub: "repo:acme/app:pull_request", aud: sts.amazonaws.com }\n        expect: deny\n`;
    const run = await gate(repo(t.root(), config, { 'stack.template': text }));
    const request = run.report.results[0]?.request as { aws_trust_policy: { Statement: { Effect: string }[] } };
    expect(request.aws_trust_policy.Statement.map((s) => s.Effect)).toEqual(['Allow']);
    expect(run.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.name])).toEqual([['TRUST_CASE_FAILED', 'R']]);
  });

  it('a Statement that is itself a function cannot be judged: one error at the role, the others still judged', async () => {
    const text = yaml([
      'Resources:',
      '  Opaque:',
      '    Type: AWS::IAM::Role',
      '    Properties:',
      '      AssumeRolePolicyDocument: { Statement: !If [Prod, [], []] }',
      ...role('Broad', 'arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com', [AUD, 'StringLike: { "token.actions.githubusercontent.com:sub": "repo:*" }']),
    ]);
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': text }));
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.name, f.config])).toEqual([
      ['TRUST_DOCUMENT_UNKNOWN', TEMPLATE_FILE, lineOf(text, '  Opaque:'), 'Opaque', false],
      ['TRUST_SUBJECT_UNBOUNDED', TEMPLATE_FILE, lineOf(text, '  Broad:'), 'Broad', undefined],
    ]);
    expect(run.findings[0]?.message).toBe('Opaque: the role\'s trust cannot be judged: its Statement is a CloudFormation function, known only when the stack is deployed; it is not valid until it can be.');
  });
});

describe('cloudformation: a JSON template', () => {
  it('reads Fn::Sub and Fn::Join in their long form, and places findings by logical ID', async () => {
    const template = {
      AWSTemplateFormatVersion: '2010-09-09',
      Resources: {
        Deploy: {
          Type: 'AWS::IAM::Role',
          Properties: {
            AssumeRolePolicyDocument: {
              Statement: [{
                Effect: 'Allow',
                Principal: { Federated: { 'Fn::Sub': 'arn:${AWS::Partition}:iam::${AWS::AccountId}:oidc-provider/token.actions.githubusercontent.com' } },
                Action: 'sts:AssumeRoleWithWebIdentity',
                Condition: {
                  StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
                  StringLike: { 'token.actions.githubusercontent.com:sub': { 'Fn::Join': ['', ['repo:acme/', { Ref: 'Repo' }, ':ref:refs/heads/main']] } },
                },
              }],
            },
          },
        },
      },
    };
    const text = JSON.stringify(template, null, 2);
    const run = await gate(repo(t.root(), 'trust_policies:\n  - name: stack\n    cloudformation: stack.json\n', { 'stack.json': text }));
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.name])).toEqual([['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/stack.json', lineOf(text, '"Deploy"'), 'Deploy']]);
    expect(run.findings[0]?.message).toContain('"repo:acme/*:ref:refs/heads/main"');
  });
});

describe('cloudformation: what is refused or reported', () => {
  it('a template without a role that could admit a CI token is one warning at the key', async () => {
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': 'Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n' }));
    expect(run.findings.map((f) => [f.code, f.severity, f.file, f.line])).toEqual([['CHECK_SKIPPED', 'warning', CONFIG_FILE, 3]]);
  });

  it('aliases, repeated keys and YAML errors are one error each at the key, without quoting the template', async () => {
    const cases: [string, RegExp][] = [
      ['Resources:\n  A: &a { Type: AWS::IAM::Role }\n  B: *a\n', /^CloudFormation template stack\.template uses a YAML alias, which CloudFormation does not take \(at line 3, column 6\); refusing to read it\.$/],
      ['Resources:\n  A: { Type: AWS::S3::Bucket }\n  A: { Type: AWS::S3::Bucket }\n', /repeats a key in one mapping at line 3, column 3/],
      ['Resources:\n  A: { Type: "sekrit-value\n', /is not valid YAML or JSON at line 2, column 6: /],
    ];
    for (const [text, message] of cases) {
      const run = await gate(repo(t.root(), ENTRY, { 'stack.template': text }));
      expect(run.findings.map((f) => [f.code, f.file, f.line])).toEqual([['CONFIG_INVALID', CONFIG_FILE, 3]]);
      expect(run.findings[0]?.message).toMatch(message);
      expect(run.findings[0]?.message).not.toContain('sekrit');
    }
  });
});

describe('roles an attacker review hid', () => {
  const GH = 'arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com';
  const broad = (sub: string) => JSON.stringify({ Effect: 'Allow', Principal: { Federated: GH }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' }, StringLike: { 'token.actions.githubusercontent.com:sub': sub } } });

  it('a policy written as JSON text that repeats a member cannot be judged', async () => {
    const text = ['Resources:', '  Dupe:', '    Type: AWS::IAM::Role', '    Properties:', `      AssumeRolePolicyDocument: '{"Version":"2012-10-17","Statement":[${broad('repo:*')}],"Statement":[]}'`, ''].join('\n');
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': text }));
    expect(run.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_DOCUMENT_UNKNOWN', 'Dupe']]);
  });

  it('a role whose Properties are a function shows no policy: it cannot be judged; a SAM function\'s own role trust is judged', async () => {
    const text = [
      'Resources:',
      '  Chosen:', '    Type: AWS::IAM::Role', '    Properties: !If [Prod, { AssumeRolePolicyDocument: {} }, {}]',
      '  Fn:', '    Type: AWS::Serverless::Function', '    Properties:', '      Handler: index.handler',
      `      AssumeRolePolicyDocument: { "Version": "2012-10-17", "Statement": [${broad('repo:*')}] }`,
      '',
    ].join('\n');
    const run = await gate(repo(t.root(), ENTRY, { 'stack.template': text }));
    expect(run.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_DOCUMENT_UNKNOWN', 'Chosen'], ['TRUST_SUBJECT_UNBOUNDED', 'Fn']]);
  });
});
