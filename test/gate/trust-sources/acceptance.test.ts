/**
 * The issue's acceptance test: a plan with a broad AWS role (`repo:acme/*`), a GCP workload identity
 * provider pinned to one repository, and a broad flexible Entra credential
 * (`claims['sub'] matches 'repo:acme/*'`) gives exactly two errors, TRUST_SUBJECT_UNBOUNDED, named by
 * Terraform address and placed at each resource's line of the plan, in the report JSON and in SARIF,
 * through the entry point the CLI and the action share (runGate).
 */
import { describe, expect, it } from 'vitest';
import { buildSarif } from '../../../src/gate/outputs/sarif.ts';
import { serializeReport } from '../../../src/gate/outputs/report.ts';
import { awsRole, gate, lineOf, plan, registered, repo, tempRoot, type Change } from './helpers.ts';

const t = tempRoot('oidc-gate-tf-acceptance-');
const PLAN_FILE = 'infra/plan.json';

const gcpProvider: Change = {
  address: 'module.wif.google_iam_workload_identity_pool_provider.github',
  type: 'google_iam_workload_identity_pool_provider',
  after: {
    workload_identity_pool_id: 'github',
    workload_identity_pool_provider_id: 'github-actions',
    attribute_mapping: { 'google.subject': 'assertion.sub', 'attribute.repository': 'assertion.repository', 'attribute.repository_owner': 'assertion.repository_owner' },
    attribute_condition: 'assertion.repository == \'acme/app\' && assertion.ref == \'refs/heads/main\'',
    oidc: [{ issuer_uri: 'https://token.actions.githubusercontent.com', allowed_audiences: [], jwks_json: null }],
    disabled: false,
  },
  after_unknown: { name: true, id: true, state: true, oidc: [{}] },
};

const azureFlexible: Change = {
  address: 'azuread_application_flexible_federated_identity_credential.deploy',
  type: 'azuread_application_flexible_federated_identity_credential',
  after: {
    display_name: 'deploy',
    issuer: 'https://token.actions.githubusercontent.com',
    audience: 'api://AzureADTokenExchange',
    claims_matching_expression: 'claims[\'sub\'] matches \'repo:acme/*\'',
  },
  after_unknown: { application_id: true, credential_id: true },
};

const ready = registered('gcp_workload_identity') && registered('azure_federated_credential');

describe.skipIf(!ready)('a plan with a broad AWS role, a pinned GCP provider and a broad flexible Entra credential', () => {
  const text = plan([awsRole('module.ci.aws_iam_role.deploy', 'repo:acme/*'), gcpProvider, azureFlexible]);
  const root = repo(t.root(), 'trust_policies:\n  - name: infra\n    terraform_plan: ../../infra/plan.json\n', { '../../infra/plan.json': text });
  const expected = [
    ['TRUST_SUBJECT_UNBOUNDED', PLAN_FILE, lineOf(text, '"address": "module.ci.aws_iam_role.deploy"'), 'module.ci.aws_iam_role.deploy'],
    ['TRUST_SUBJECT_UNBOUNDED', PLAN_FILE, lineOf(text, `"address": "${azureFlexible.address}"`), azureFlexible.address],
  ];

  it('gives exactly the two errors, named by address, at the resources\' lines of the plan', async () => {
    const run = await gate(root);
    const errors = run.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => [f.code, f.file, f.line, f.name])).toEqual(expected);
    // Three checks, one per resource, the GCP provider judged valid.
    expect(run.report.results.map((r) => [r.name, r.response?.valid])).toEqual([
      ['module.ci.aws_iam_role.deploy', false], [gcpProvider.address, true], [azureFlexible.address, false],
    ]);
  });

  it('the report JSON holds them, and the summary says the run failed', async () => {
    const run = await gate(root);
    const report = JSON.parse(serializeReport(run.report)) as { valid: boolean; summary: { errors: number; failed: boolean; findings: { code: string; severity: string; file: string; line: number; name: string }[] } };
    expect(report.valid).toBe(false);
    expect(report.summary).toMatchObject({ errors: 2, failed: true });
    expect(report.summary.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.file, f.line, f.name])).toEqual(expected);
  });

  it('SARIF holds them at the plan\'s lines, each with its own fingerprint', async () => {
    const run = await gate(root);
    const sarif = buildSarif(run.findings, run.suppressed, false, run.fingerprints) as {
      runs: { results: { ruleId: string; level: string; message: { text: string }; partialFingerprints: Record<string, string>; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[]; invocations: { executionSuccessful: boolean }[] }[];
    };
    const results = sarif.runs[0]?.results.filter((r) => r.level === 'error') ?? [];
    expect(results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.artifactLocation.uri, r.locations[0]?.physicalLocation.region.startLine])).toEqual(expected.map(([code, file, line]) => [code, file, line]));
    expect(results.map((r) => r.message.text.endsWith(`[${r === results[0] ? 'module.ci.aws_iam_role.deploy' : azureFlexible.address}]`))).toEqual([true, true]);
    const prints = results.map((r) => r.partialFingerprints['oidcGate/v2']);
    expect(new Set(prints).size).toBe(2);
    expect(sarif.runs[0]?.invocations[0]?.executionSuccessful).toBe(true);
  });
});
