/**
 * A pull request controls every file a plan or template key names, links included (§10): the gate
 * must not read outside the repository or in .git, must refuse what would cost too much before it
 * costs it, and must never echo what the files hold beyond the trust documents it judges.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PLAN_BYTES } from '../../../src/gate/sections/trust-sources/terraform-plan.ts';
import { awsRole, CONFIG_FILE, gate, lineOf, plan, repo, tempRoot, type Change } from './helpers.ts';

const t = tempRoot('oidc-gate-tf-attacks-');
const PLAN_ENTRY = 'trust_policies:\n  - name: infra\n    terraform_plan: plan.json\n';
const CFN_ENTRY = 'trust_policies:\n  - name: stack\n    cloudformation: stack.template\n';

/** The run's findings as [code, file, line], and how long the run took. */
/** The run's findings as code, file and line, and their messages. (How fast a refusal is, the bench says, not a test.) */
async function judged(root: string): Promise<{ findings: [string, string | undefined, number | undefined][]; messages: string[] }> {
  const run = await gate(root);
  return { findings: run.findings.map((f) => [f.code, f.file, f.line]), messages: run.findings.map((f) => f.message) };
}

describe('files a pull request controls', () => {
  it('a plan or template that is a link out of the repository is refused, never read or quoted', async () => {
    writeFileSync(path.join(t.outside, 'plan.json'), plan([awsRole('aws_iam_role.outside-secret', 'repo:*')]));
    for (const [entry, name] of [[PLAN_ENTRY, 'plan.json'], [CFN_ENTRY, 'stack.template']] as const) {
      const root = repo(t.root(), entry);
      symlinkSync(path.join(t.outside, 'plan.json'), path.join(root, '.github/oidc-gate', name));
      const run = await judged(root);
      expect(run.findings).toEqual([['CONFIG_UNREADABLE', CONFIG_FILE, 3]]);
      expect(run.messages[0]).toMatch(/resolves outside the repository root \(links followed\); refusing to read it\.$/);
      expect(run.messages[0]).not.toContain('outside-secret');
    }
  });

  it('a path into .git is refused', async () => {
    const root = repo(t.root(), PLAN_ENTRY.replace('plan.json', '../../.git/config'));
    mkdirSync(path.join(root, '.git'), { recursive: true });
    writeFileSync(path.join(root, '.git/config'), '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n');
    const run = await judged(root);
    expect(run.findings).toEqual([['CONFIG_UNREADABLE', CONFIG_FILE, 3]]);
    expect(run.messages[0]).toContain('resolves inside .git');
    expect(run.messages[0]).not.toContain('c2VjcmV0');
  });

  it('a plan over 20 MiB is refused before it is read', async () => {
    const huge = plan([awsRole('aws_iam_role.a', 'repo:*')]).replace('"configuration"', `"padding": "${'x'.repeat(MAX_PLAN_BYTES)}", "configuration"`);
    const run = await judged(repo(t.root(), PLAN_ENTRY, { 'plan.json': huge }));
    expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
    expect(run.messages[0]).toBe('Terraform plan file plan.json is larger than 20,971,520 bytes; refusing to read it.');
  });

  it('JSON nested 200,000 levels is refused before it is parsed', async () => {
    const deep = plan([awsRole('aws_iam_role.a', 'repo:*')]).replace('"configuration"', `"x": ${'['.repeat(200_000)}${']'.repeat(200_000)}, "configuration"`);
    const run = await judged(repo(t.root(), PLAN_ENTRY, { 'plan.json': deep }));
    expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
    expect(run.messages[0]).toBe('Terraform plan file plan.json nests deeper than 128 levels; refusing to read it.');
  });

  it('a deeply nested module tree: its resources are judged by their full address; past the nesting limit the plan is refused', async () => {
    const tree = (depth: number): unknown => (depth === 0 ? { resources: [] } : { module_calls: { m: { source: './m', module: tree(depth - 1) } } });
    const address = (depth: number): string => `${'module.m.'.repeat(depth)}aws_iam_role.deep`;
    for (const [depth, judged] of [[30, true], [45, false]] as const) {
      const text = plan([awsRole(address(depth), 'repo:*')]).replace('"configuration": {\n    "root_module": {}\n  }', `"configuration": ${JSON.stringify({ root_module: tree(depth) })}`);
      const run = await gate(repo(t.root(), PLAN_ENTRY, { 'plan.json': text }));
      expect(run.findings.map((f) => [f.code, f.name])).toEqual(judged ? [['TRUST_SUBJECT_UNBOUNDED', address(depth)]] : [['CONFIG_TOO_LARGE', undefined]]);
    }
  });

  it('a plan of 10,000 resources is read in one pass: the one trust resource among them is judged at its line', async () => {
    const others: Change[] = Array.from({ length: 10_000 }, (_, i) => ({ address: `null_resource.n${i}`, type: 'null_resource', after: { triggers: { i: String(i) } } }));
    const text = plan([...others.slice(0, 7_000), awsRole('module.ci.aws_iam_role.deploy', 'repo:acme/*'), ...others.slice(7_000)]);
    const run = await judged(repo(t.root(), PLAN_ENTRY, { 'plan.json': text }));
    expect(run.findings).toEqual([['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/plan.json', lineOf(text, '"address": "module.ci.aws_iam_role.deploy"')]]);
  });

  it('10,000 roles trusting GitHub are more documents than one file may have judged: one CONFIG_TOO_LARGE, nothing judged in part', async () => {
    const roles = Array.from({ length: 10_000 }, (_, i) => awsRole(`aws_iam_role.r${i}`, 'repo:*'));
    const run = await judged(repo(t.root(), PLAN_ENTRY, { 'plan.json': plan(roles, false) }));
    expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
    expect(run.messages[0]).toBe('Terraform plan file plan.json holds 10,000 CI trust documents; at most 500 are judged from one file, and a file judged in part is never called valid.');
  });

  it('10,000 roles that only AWS services assume are no CI trust documents: read, not judged', async () => {
    const service = (i: number): Change => ({ address: `aws_iam_role.s${i}`, type: 'aws_iam_role', after: { assume_role_policy: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }] }) } });
    const run = await judged(repo(t.root(), PLAN_ENTRY, { 'plan.json': plan([...Array.from({ length: 10_000 }, (_, i) => service(i)), awsRole('aws_iam_role.ci', 'repo:*')], false) }));
    expect(run.findings.map(([code]) => code)).toEqual(['TRUST_SUBJECT_UNBOUNDED']);
  });

  it('more than 20,000 resource changes are refused', async () => {
    const text = JSON.stringify({ format_version: '1.2', resource_changes: Array.from({ length: 20_001 }, (_, i) => ({ address: `null_resource.n${i}`, mode: 'managed', type: 'null_resource', change: { actions: ['no-op'], after: {} } })) });
    const run = await judged(repo(t.root(), PLAN_ENTRY, { 'plan.json': text }));
    expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
  });

  it('resource types and keys named after built-in object members are read as plain names, never crash the run', async () => {
    const run = await gate(repo(t.root(), PLAN_ENTRY, { 'plan.json': plan([
      { address: 'constructor.x', type: 'constructor', after: {} },
      { address: 'x.__proto__', type: '__proto__', after: {} },
      { address: 'vault_jwt_auth_backend_role.r', type: 'vault_jwt_auth_backend_role', after: { role_type: 'jwt', bound_claims_type: 'string', bound_audiences: ['v'], bound_claims: JSON.parse('{"__proto__": "x", "sub": "repo:acme/app:ref:refs/heads/main"}') as Record<string, unknown>, user_claim: 'sub' } },
    ]) }));
    expect(run.report.results.map((r) => r.name)).toEqual(['vault_jwt_auth_backend_role.r']);
    expect(Object.keys((run.report.results[0]?.request.vault_jwt_role as { bound_claims: object }).bound_claims)).toEqual(['__proto__', 'sub']);
  });

  it('an address or logical ID too long to be Terraform\'s or CloudFormation\'s is refused, never echoed whole', async () => {
    const long = `aws_iam_role.${'x'.repeat(600)}`;
    const plans = await gate(repo(t.root(), PLAN_ENTRY, { 'plan.json': plan([awsRole(long, 'repo:*')]) }));
    expect(plans.findings.map((f) => [f.code, f.file])).toEqual([['CONFIG_INVALID', '.github/oidc-gate/plan.json']]);
    expect(plans.findings[0]?.message).not.toContain('x'.repeat(100));
    const templates = await gate(repo(t.root(), CFN_ENTRY, { 'stack.template': 'Resources:\n  "Deploy Role!":\n    Type: AWS::IAM::Role\n' }));
    expect(templates.findings.map((f) => [f.code, f.line])).toEqual([['CONFIG_INVALID', 3]]);
    expect(templates.findings[0]?.message).toContain('logical ID is not 1 to 255 letters and digits');
  });

  it('what the plan holds beyond its trust documents (a database password) is never in the report', async () => {
    const text = plan([
      { address: 'aws_db_instance.main', type: 'aws_db_instance', after: { password: 'hunter2-db-password' }, after_sensitive: { password: true } },
      awsRole('aws_iam_role.deploy', 'repo:*'),
    ]);
    const run = await gate(repo(t.root(), PLAN_ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => f.name)).toEqual(['aws_iam_role.deploy']);
    expect(JSON.stringify(run.report)).not.toContain('hunter2');
  });
});

describe('CloudFormation templates a pull request controls', () => {
  it('a condition key named __proto__ stays a key of the document', async () => {
    const template = { Resources: { R: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: { Statement: [{ Effect: 'Allow', Principal: { Federated: 'arn:aws:iam::1:oidc-provider/token.actions.githubusercontent.com' }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: JSON.parse('{"StringLike": {"__proto__": {"Fn::Sub": "${A}"}, "token.actions.githubusercontent.com:sub": "repo:acme/app:*"}}') as unknown }] } } } } };
    const run = await gate(repo(t.root(), CFN_ENTRY, { 'stack.template': JSON.stringify(template) }));
    const condition = (run.report.results[0]?.request.aws_trust_policy as { Statement: { Condition: { StringLike: object } }[] }).Statement[0]?.Condition.StringLike;
    expect(Object.keys(condition ?? {})).toEqual(['__proto__', 'token.actions.githubusercontent.com:sub']);
  });

  it('nesting past the limit is refused before the YAML parser sees it', async () => {
    const run = await judged(repo(t.root(), CFN_ENTRY, { 'stack.template': `Resources: ${'['.repeat(300_000)}${']'.repeat(300_000)}\n` }));
    expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
    expect(run.messages[0]).toBe('CloudFormation template stack.template nests deeper than 64 levels; refusing to read it.');
  });

  it('nesting in block style past the limit (`- - - … x`, deep indentation) is refused before the YAML parser sees it', async () => {
    for (const text of [`Resources:\n  R:\n    Type: AWS::IAM::Role\n    Metadata:\n      ${'- '.repeat(100_000)}x\n`, `${' '.repeat(2_000)}x: 1\n`]) {
      const run = await judged(repo(t.root(), CFN_ENTRY, { 'stack.template': text }));
      expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
    }
  });

  it('more roles than a stack can hold are refused as one CONFIG_TOO_LARGE', async () => {
    const role = (i: number): string => `  R${i}: { Type: AWS::IAM::Role, Properties: { AssumeRolePolicyDocument: { Statement: [{ Effect: Allow, Principal: { Federated: "*" }, Action: "*" }] } } }`;
    const text = `Resources:\n${Array.from({ length: 501 }, (_, i) => role(i)).join('\n')}\n`;
    const run = await judged(repo(t.root(), CFN_ENTRY, { 'stack.template': text }));
    expect(run.findings).toEqual([['CONFIG_TOO_LARGE', CONFIG_FILE, 3]]);
    expect(run.messages[0]).toBe('CloudFormation template stack.template holds 501 IAM roles; at most 500 are judged from one file.');
  });
});
