/**
 * examples/terraform-plan and examples/cloudformation, as a repository would hold them (copied to
 * .github/oidc-gate/), through the gate the CLI and the action share: each broken version fails at
 * its resources' lines, each fixed one passes without findings.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../fixtures/harness.ts';
import { gate, lineOf, registered, tempRoot } from './helpers.ts';

const t = tempRoot('oidc-gate-source-examples-');

function workspaceWith(example: string, version: 'broken' | 'fixed'): string {
  const root = t.root();
  mkdirSync(path.join(root, '.github'), { recursive: true });
  cpSync(path.join(ROOT, 'examples', example, version), path.join(root, '.github/oidc-gate'), { recursive: true });
  return root;
}

const example = (name: string, version: string, file: string): string => readFileSync(path.join(ROOT, 'examples', name, version, file), 'utf8');

describe('examples/terraform-plan', () => {
  const formats = registered('gcp_workload_identity') && registered('azure_federated_credential');

  it.skipIf(!formats)('broken: the deploy role and the Entra credential admit the whole organization, each at its line of the plan', async () => {
    const text = example('terraform-plan', 'broken', 'plan.json');
    // The line of the resource's change (its address also appears under planned_values, above it).
    const changeLine = (address: string): number => text.slice(0, text.indexOf(`"address": "${address}"`, text.indexOf('"resource_changes"'))).split('\n').length;
    const run = await gate(workspaceWith('terraform-plan', 'broken'));
    expect(run.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.file, f.line, f.name])).toEqual([
      ['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/plan.json', changeLine('module.ci.aws_iam_role.deploy'), 'module.ci.aws_iam_role.deploy'],
      ['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/plan.json', changeLine('azuread_application_flexible_federated_identity_credential.deploy'), 'azuread_application_flexible_federated_identity_credential.deploy'],
    ]);
    expect(run.report.results.map((r) => r.name)).toEqual(['module.ci.aws_iam_role.deploy', 'google_iam_workload_identity_pool_provider.github', 'azuread_application_flexible_federated_identity_credential.deploy']);
  });

  it.skipIf(!formats)('fixed: passes without findings', async () => {
    const run = await gate(workspaceWith('terraform-plan', 'fixed'));
    expect(run.findings).toEqual([]);
    expect(run.report.valid).toBe(true);
  });
});

describe('examples/cloudformation', () => {
  it('broken: the parameterised subject admits every repository; the cases that must be denied are not', async () => {
    const text = example('cloudformation', 'broken', 'deploy-role.template');
    const run = await gate(workspaceWith('cloudformation', 'broken'));
    const at = lineOf(text, '  DeployRole:');
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.name])).toEqual([
      ['TRUST_SUBJECT_UNBOUNDED', '.github/oidc-gate/deploy-role.template', at, 'DeployRole'],
      ['TRUST_CASE_FAILED', '.github/oidc-gate/deploy-role.template', at, 'DeployRole'],
      ['TRUST_CASE_FAILED', '.github/oidc-gate/deploy-role.template', at, 'DeployRole'],
    ]);
    expect(run.findings[0]?.message).toContain('"repo:*/*:*"');
  });

  it('fixed: passes without findings', async () => {
    const run = await gate(workspaceWith('cloudformation', 'fixed'));
    expect(run.findings).toEqual([]);
    expect(run.report.results.map((r) => [r.name, r.response?.valid])).toEqual([['DeployRole', true]]);
  });
});
