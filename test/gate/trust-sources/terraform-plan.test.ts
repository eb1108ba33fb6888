/**
 * `terraform_plan:` entries: every trust resource the plan leaves in place is judged as its own
 * trust-policy request, named by its Terraform address and placed at its line in the plan; values
 * Terraform knows only after apply (or marks sensitive) leave the resource unjudged, as an error.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/index.ts';
import { entriesOf, loadConfigFile } from '../../../src/gate/config/config.ts';
import { trustPoliciesSection } from '../../../src/gate/sections/trust-policies.ts';
import { awsPolicy, awsRole, CONFIG_FILE, gate, lineOf, PINNED, plan, registered, repo, tempRoot, type Change } from './helpers.ts';
import path from 'node:path';

const t = tempRoot('oidc-gate-tf-plan-');
const PLAN_FILE = '.github/oidc-gate/plan.json';
const ENTRY = 'trust_policies:\n  - name: infra\n    terraform_plan: plan.json\n';

const serviceRole: Change = {
  address: 'aws_iam_role.instance', type: 'aws_iam_role',
  after: { assume_role_policy: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }] }) },
};

describe('terraform_plan: reading the plan', () => {
  it('judges a role of a nested module, named by its address, at the line of its address in the plan', async () => {
    const text = plan([serviceRole, awsRole('module.ci.module.roles.aws_iam_role.deploy["prod"]', 'repo:acme/*'), awsRole('aws_iam_role.pinned', PINNED)]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.name])).toEqual([
      ['TRUST_SUBJECT_UNBOUNDED', PLAN_FILE, lineOf(text, '"address": "module.ci.module.roles.aws_iam_role.deploy[\\"prod\\"]"'), 'module.ci.module.roles.aws_iam_role.deploy["prod"]'],
    ]);
    expect(run.findings[0]?.message).toContain('(assume_role_policy, at /Statement/0/Condition/StringLike/token.actions.githubusercontent.com:sub)');
    expect(run.findings[0]?.stablePointer).toBe('/trust_policies/module.ci.module.roles.aws_iam_role.deploy["prod"]/terraform_plan/aws_trust_policy/Statement/0/Condition/StringLike/token.actions.githubusercontent.com:sub');
    // The role only EC2 assumes is no CI trust document: not judged, not reported.
    expect(run.report.results.map((r) => [r.file, r.name])).toEqual([[PLAN_FILE, 'module.ci.module.roles.aws_iam_role.deploy["prod"]'], [PLAN_FILE, 'aws_iam_role.pinned']]);
    expect(run.files[0]).toMatchObject({ file: CONFIG_FILE, trust_policies: 1, errors: 1 });
  });

  it('records each resource\'s request and the engine\'s answer, byte for byte what the service answers', async () => {
    const text = plan([awsRole('aws_iam_role.deploy', 'repo:acme/*')]);
    const run = await gate(repo(t.root(), `${ENTRY}    cases:\n      - claims: { sub: "repo:acme/other:ref:refs/heads/main", aud: sts.amazonaws.com }\n        expect: deny\n`, { 'plan.json': text }));
    const result = run.report.results[0];
    expect(result?.request).toEqual({ cases: [{ claims: { sub: 'repo:acme/other:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'deny' }], aws_trust_policy: awsPolicy('repo:acme/*') });
    const direct = await createEngine({ network: { online: false } }).run('trust-policy', result?.request);
    expect(JSON.stringify(result?.response)).toBe(JSON.stringify(direct.response));
    // The case is judged against the resource: the wildcard lets the other repository in.
    expect(run.findings.map((f) => [f.code, f.name, f.line])).toEqual([
      ['TRUST_SUBJECT_UNBOUNDED', 'aws_iam_role.deploy', lineOf(text, '"address": "aws_iam_role.deploy"')],
      ['TRUST_CASE_FAILED', 'aws_iam_role.deploy', lineOf(text, '"address": "aws_iam_role.deploy"')],
    ]);
  });

  it('a plan printed on one line places findings by column', async () => {
    const text = plan([awsRole('aws_iam_role.a', PINNED), awsRole('aws_iam_role.b', 'repo:*')], false);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.line, f.column])).toEqual([['TRUST_SUBJECT_UNBOUNDED', 1, text.indexOf('"address":"aws_iam_role.b"') + 1]]);
  });

  it('skips what the plan destroys, data sources and deposed objects', async () => {
    const broad = (address: string, extra: Partial<Change>): Change => awsRole(address, 'repo:*', extra);
    const text = plan([
      broad('aws_iam_role.gone', { actions: ['delete'], after: null }),
      broad('aws_iam_role.old', { deposed: 'abcd1234' }),
      broad('data.aws_iam_role.read', { mode: 'data', actions: ['read'] }),
      broad('aws_iam_role.replaced', { actions: ['delete', 'create'] }),
    ]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => f.name)).toEqual(['aws_iam_role.replaced']);
  });

  it('a plan without a trust resource is one warning at the key: a gate that checks nothing says so', async () => {
    for (const changes of [[], [serviceRole], [{ address: 'null_resource.x', type: 'null_resource', after: {} }]]) {
      const run = await gate(repo(t.root(), ENTRY, { 'plan.json': plan(changes) }));
      expect(run.findings.map((f) => [f.code, f.severity, f.file, f.line])).toEqual([['CHECK_SKIPPED', 'warning', CONFIG_FILE, 3]]);
      expect(run.findings[0]?.message).toMatch(/^Terraform plan \.github\/oidc-gate\/plan\.json holds no (resource that oidc-gate reads|CI trust document)/);
      expect(run.report.results).toEqual([]);
    }
  });
});

describe('terraform_plan: values known only after apply', () => {
  it('an unknown trust policy is one error at its resource; the other resources are still judged', async () => {
    const text = plan([
      { address: 'aws_iam_role.first', type: 'aws_iam_role', after: { name: 'first' }, after_unknown: { assume_role_policy: true, arn: true } },
      awsRole('aws_iam_role.broad', 'repo:*'),
    ]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.name, f.config])).toEqual([
      ['TRUST_DOCUMENT_UNKNOWN', PLAN_FILE, lineOf(text, '"address": "aws_iam_role.first"'), 'aws_iam_role.first', false],
      ['TRUST_SUBJECT_UNBOUNDED', PLAN_FILE, lineOf(text, '"address": "aws_iam_role.broad"'), 'aws_iam_role.broad', undefined],
    ]);
    expect(run.findings[0]?.message).toBe('aws_iam_role.first: assume_role_policy is known only after apply, so what this resource trusts cannot be judged from the plan; it is not valid until it can be.');
    expect(run.report.valid).toBe(false);
  });

  it('a role not known until apply can be accepted with a suppressions: item (a reason, an expiry), which covers it in the plan', async () => {
    const text = plan([
      { address: 'aws_iam_role.first', type: 'aws_iam_role', after: { name: 'first' }, after_unknown: { assume_role_policy: true, arn: true } },
      awsRole('aws_iam_role.broad', 'repo:*'),
    ]);
    const accepted = `${ENTRY}suppressions:\n  - code: TRUST_DOCUMENT_UNKNOWN\n    entry: aws_iam_role.first\n    reason: the provider is created in this plan; judged on the next\n    expires: 2999-01-01\n`;
    const run = await gate(repo(t.root(), accepted, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_SUBJECT_UNBOUNDED', 'aws_iam_role.broad']]);
    // A suppression of the broad role's error by another entry name hides nothing.
    const other = `${ENTRY}suppressions:\n  - code: TRUST_SUBJECT_UNBOUNDED\n    entry: aws_iam_role.first\n    reason: wrong entry\n`;
    const again = await gate(repo(t.root(), other, { 'plan.json': text }));
    expect(again.findings.map((f) => f.code)).toEqual(['TRUST_DOCUMENT_UNKNOWN', 'TRUST_SUBJECT_UNBOUNDED', 'SUPPRESSION_UNUSED']);
  });

  it('a sensitive trust value is refused without showing it', async () => {
    const text = plan([{ ...awsRole('aws_iam_role.hidden', 'repo:acme/secret-sauce:*'), after_sensitive: { assume_role_policy: true } }]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_DOCUMENT_UNKNOWN', 'aws_iam_role.hidden']]);
    expect(run.findings[0]?.message).toContain('marked sensitive');
    expect(JSON.stringify(run.report)).not.toContain('secret-sauce');
  });

  it('an unknown Vault role_type or bound_claims_type is read as what admits most', async () => {
    if (!registered('vault_jwt_role')) return;
    const text = plan([{
      address: 'vault_jwt_auth_backend_role.ci', type: 'vault_jwt_auth_backend_role',
      after: { role_name: 'ci', bound_audiences: ['https://vault.example'], bound_claims: { sub: 'repo:acme/app:ref:refs/heads/main, repo:acme/app:ref:refs/heads/release' }, user_claim: 'sub' },
      after_unknown: { role_type: true, bound_claims_type: true, disable_bound_claims_parsing: true, user_claim_json_pointer: true },
    }]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    const request = run.report.results[0]?.request as { vault_jwt_role: Record<string, unknown> };
    expect(run.report.results).toHaveLength(1);
    expect(request.vault_jwt_role).toEqual({
      role_type: 'jwt', bound_audiences: ['https://vault.example'], bound_claims_type: 'glob', user_claim: 'sub', user_claim_json_pointer: true,
      // Whether the provider splits the value at its comma is not known: both readings are kept.
      bound_claims: { sub: ['repo:acme/app:ref:refs/heads/main', 'repo:acme/app:ref:refs/heads/release', 'repo:acme/app:ref:refs/heads/main, repo:acme/app:ref:refs/heads/release'] },
    });
  });

  it('Vault bound_claims follow disable_bound_claims_parsing as the provider does', async () => {
    if (!registered('vault_jwt_role')) return;
    const role = (parsing: boolean): Change => ({
      address: `vault_jwt_auth_backend_role.p${String(parsing)}`, type: 'vault_jwt_auth_backend_role',
      after: { role_type: 'jwt', bound_claims_type: 'string', bound_audiences: ['v'], bound_claims: { ref: 'refs/heads/main,refs/heads/dev' }, disable_bound_claims_parsing: parsing, user_claim: 'sub', user_claim_json_pointer: false },
    });
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': plan([role(false), role(true)]) }));
    expect(run.report.results.map((r) => (r.request.vault_jwt_role as { bound_claims: unknown }).bound_claims)).toEqual([
      { ref: ['refs/heads/main', 'refs/heads/dev'] },
      { ref: ['refs/heads/main,refs/heads/dev'] },
    ]);
  });
});

describe('terraform_plan: Entra federated credentials', () => {
  it.skipIf(!registered('azure_federated_credential'))('reads the three resource types in Microsoft Graph\'s shape', async () => {
    const text = plan([
      { address: 'azurerm_federated_identity_credential.uami', type: 'azurerm_federated_identity_credential', after: { name: 'deploy', issuer: 'https://token.actions.githubusercontent.com', subject: PINNED, audience: ['api://AzureADTokenExchange'] } },
      { address: 'azuread_application_federated_identity_credential.app', type: 'azuread_application_federated_identity_credential', after: { display_name: 'app', issuer: 'https://token.actions.githubusercontent.com', subject: PINNED, audiences: ['api://AzureADTokenExchange'] } },
      { address: 'azuread_application_flexible_federated_identity_credential.flex', type: 'azuread_application_flexible_federated_identity_credential', after: { display_name: 'flex', issuer: 'https://token.actions.githubusercontent.com', audience: 'api://AzureADTokenExchange', claims_matching_expression: 'claims[\'sub\'] matches \'repo:acme/*\'' } },
    ]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.report.results.map((r) => r.request.azure_federated_credential)).toEqual([
      { name: 'deploy', issuer: 'https://token.actions.githubusercontent.com', subject: PINNED, audiences: ['api://AzureADTokenExchange'] },
      { name: 'app', issuer: 'https://token.actions.githubusercontent.com', subject: PINNED, audiences: ['api://AzureADTokenExchange'] },
      { name: 'flex', issuer: 'https://token.actions.githubusercontent.com', audiences: ['api://AzureADTokenExchange'], claimsMatchingExpression: { value: 'claims[\'sub\'] matches \'repo:acme/*\'', languageVersion: 1 } },
    ]);
    const errors = run.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => [f.code, f.name, f.line])).toEqual([['TRUST_SUBJECT_UNBOUNDED', 'azuread_application_flexible_federated_identity_credential.flex', lineOf(text, '"address": "azuread_application_flexible_federated_identity_credential.flex"')]]);
    expect(errors[0]?.message).toContain('(claims_matching_expression');
  });
});

describe('terraform_plan: GCP workload identity', () => {
  const provider: Change = {
    address: 'google_iam_workload_identity_pool_provider.gh', type: 'google_iam_workload_identity_pool_provider',
    after: {
      workload_identity_pool_id: 'github', workload_identity_pool_provider_id: 'gh',
      attribute_mapping: { 'google.subject': 'assertion.sub', 'attribute.repository': 'assertion.repository' },
      attribute_condition: 'assertion.repository_owner == \'acme\'',
      oidc: [{ issuer_uri: 'https://token.actions.githubusercontent.com', allowed_audiences: [] }],
    },
    after_unknown: { name: true },
  };
  const member = (value: string, extra: Partial<Change> = {}): Change => ({
    address: 'google_service_account_iam_member.deployer', type: 'google_service_account_iam_member',
    after: { role: 'roles/iam.workloadIdentityUser', member: value, service_account_id: 'projects/p/serviceAccounts/deployer@p.iam.gserviceaccount.com' }, ...extra,
  });
  const repoMember = 'principalSet://iam.googleapis.com/projects/123456/locations/global/workloadIdentityPools/github/attribute.repository/acme/app';

  it.skipIf(!registered('gcp_workload_identity'))('an owner-only condition alone is unbounded; with a binding of its pool to one repository it is bounded', async () => {
    const alone = await gate(repo(t.root(), ENTRY, { 'plan.json': plan([provider]) }));
    expect(alone.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_SUBJECT_UNBOUNDED', provider.address]]);
    expect(alone.findings[0]?.message).toContain('(attribute_condition)');
    const other = member('principalSet://iam.googleapis.com/projects/123456/locations/global/workloadIdentityPools/other/*', { address: 'google_service_account_iam_member.other' });
    const text = plan([provider, member(repoMember), other]);
    const bound = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(bound.findings.filter((f) => f.severity === 'error')).toEqual([]);
    // Only the member of the provider's own pool is gathered.
    expect(bound.report.results[0]?.request.gcp_workload_identity).toMatchObject({ bindings: [{ role: 'roles/iam.workloadIdentityUser', members: [repoMember] }] });
    // A finding about the binding is placed at the binding's resource, and named by the provider.
    const warning = bound.findings.find((f) => f.code === 'TRUST_ANY_REF');
    expect(warning).toMatchObject({ name: provider.address, line: lineOf(text, '"address": "google_service_account_iam_member.deployer"') });
  });

  it.skipIf(!registered('gcp_workload_identity'))('a binding whose member is known only after apply: providers are judged without bindings, and a warning says so', async () => {
    const text = plan([provider, member('', { after_unknown: { member: true } })]);
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.severity, f.name])).toEqual([
      ['CHECK_SKIPPED', 'warning', 'google_service_account_iam_member.deployer'],
      ['TRUST_SUBJECT_UNBOUNDED', 'error', provider.address],
    ]);
    expect(run.findings[0]?.message).toContain('judged without its IAM bindings');
  });

  it('a provider of another kind (no oidc block) is not judged', async () => {
    const aws = { ...provider, after: { ...provider.after, oidc: [], aws: [{ account_id: '999999999999' }] } };
    const run = await gate(repo(t.root(), ENTRY, { 'plan.json': plan([aws]) }));
    expect(run.report.results).toEqual([]);
    expect(run.findings.map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
  });
});

describe('terraform_plan: the entry', () => {
  const load = async (config: string, files: Record<string, string> = {}) => {
    const root = repo(t.root(), config, files);
    return loadConfigFile(path.join(root, CONFIG_FILE), { root });
  };

  it('claim_patterns, id_token: true or a second document beside it is one error each, at the key', async () => {
    const text = plan([awsRole('aws_iam_role.a', PINNED)]);
    const cases: [string, string, number][] = [
      ['    claim_patterns: { sub: "repo:acme/*" }\n', 'claim_patterns', 4],
      ['    id_token: true\n', 'id_token', 4],
      ['    cloudformation: template.yaml\n', 'cloudformation', 4],
      ['    aws_trust_policy: role.json\n', 'terraform_plan', 3],
    ];
    for (const [line, key, at] of cases) {
      const c = await load(`${ENTRY}${line}`, { 'plan.json': text, 'template.yaml': 'Resources: {}\n', 'role.json': '{}' });
      expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
      expect(c.findings.map((f) => [f.code, f.line, f.pointer])).toEqual([['CONFIG_INVALID', at, `/trust_policies/0/${key}`]]);
    }
  });

  it('an entry field the engine refuses (a case\'s expect) is one REQUEST_INVALID at its line, not one per resource', async () => {
    const text = plan([awsRole('aws_iam_role.a', PINNED), awsRole('aws_iam_role.b', PINNED)]);
    const run = await gate(repo(t.root(), `${ENTRY}    cases:\n      - claims: { sub: x }\n        expect: permit\n`, { 'plan.json': text }));
    expect(run.findings.map((f) => [f.code, f.file, f.line])).toEqual([['REQUEST_INVALID', CONFIG_FILE, 6]]);
  });

  it('a file that is not a plan is one error at the key, saying how to write one', async () => {
    const cases: [string, string][] = [
      ['{"format_version": "1.0", "values": {"root_module": {}}}', 'holds a Terraform state (terraform show -json without a plan file), not a plan.'],
      ['{"resource_changes": {}}', 'is not the JSON of a Terraform plan: it has no resource_changes list.'],
      ['{"format_version": "2.0", "resource_changes": []}', 'is in plan format 2.0; oidc-gate reads format 1.x, which Terraform 1.1 and later write.'],
      ['{"resource_changes": [}', 'is not valid JSON.'],
      ['{"resource_changes": [], "resource_changes": []}', 'repeats the member "resource_changes" in one object; which one counts would be a guess, and Terraform never writes that.'],
    ];
    for (const [text, message] of cases) {
      const c = await load(ENTRY, { 'plan.json': text });
      expect(c.findings.map((f) => [f.code, f.line, f.message])).toEqual([['CONFIG_INVALID', 3, `Terraform plan file plan.json ${message}`]]);
      expect(c.findings[0]?.remediation).toContain('terraform show -json');
    }
  });
});

describe('Google Cloud grants in a plan (an attacker review\'s cases)', () => {
  const ENTRY_GCP = 'trust_policies:\n  - name: infra\n    terraform_plan: plan.json\n';
  const pool = (project: string, rest: string) => `principalSet://iam.googleapis.com/projects/${project}/locations/global/workloadIdentityPools/github/${rest}`;
  const provider: Change = {
    address: 'google_iam_workload_identity_pool_provider.github', type: 'google_iam_workload_identity_pool_provider',
    after: { workload_identity_pool_id: 'github', workload_identity_pool_provider_id: 'gh', attribute_condition: "assertion.repository_owner == 'acme'", attribute_mapping: { 'google.subject': 'assertion.sub', 'attribute.repository': 'assertion.repository' }, oidc: [{ issuer_uri: 'https://token.actions.githubusercontent.com', allowed_audiences: [] }] },
  };
  const grant = (address: string, type: string, role: string, member: string): Change => ({ address, type, after: { role, member } });
  const narrow = grant('google_service_account_iam_member.deploy', 'google_service_account_iam_member', 'roles/iam.workloadIdentityUser', pool('123', 'attribute.repository/acme/app'));

  it('a narrow workload identity user grant is bounded; a grant of another role to the whole pool is a way in too', async () => {
    const bounded = await gate(repo(t.root(), ENTRY_GCP, { 'plan.json': plan([provider, narrow]) }));
    expect(bounded.findings.map((f) => f.code)).not.toContain('TRUST_SUBJECT_UNBOUNDED');
    const wide = await gate(repo(t.root(), ENTRY_GCP, { 'plan.json': plan([provider, narrow, grant('google_project_iam_member.owner', 'google_project_iam_member', 'roles/owner', pool('123', '*'))]) }));
    expect(wide.findings.map((f) => f.code)).toContain('TRUST_SUBJECT_UNBOUNDED');
  });

  it('a pool of the same ID in another project makes no grant count: the provider is judged at its broadest', async () => {
    const elsewhere = grant('google_service_account_iam_member.other', 'google_service_account_iam_member', 'roles/iam.workloadIdentityUser', pool('999', 'attribute.repository/acme/app'));
    const run = await gate(repo(t.root(), ENTRY_GCP, { 'plan.json': plan([provider, narrow, elsewhere]) }));
    expect(run.findings.map((f) => f.code)).toContain('TRUST_SUBJECT_UNBOUNDED');
  });
});
