/**
 * examples/trust-policy through the action bundle, as a repository would hold it: the deploy role's
 * trust policy with `repo:acme/*` fails at its lines, and the fixed one passes.
 */
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, ROOT, runActionBundle, tempParent } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-trust-example-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A workspace whose .github/oidc-gate/ holds one of the example's versions. */
function workspaceWith(version: 'broken' | 'fixed'): string {
  const dir = path.join(parent, version);
  mkdirSync(path.join(dir, '.github'), { recursive: true });
  cpSync(path.join(ROOT, 'examples/trust-policy', version), path.join(dir, '.github/oidc-gate'), { recursive: true });
  return dir;
}

const heads = (stdout: string): string[] => stdout.split('\n')
  .filter((l) => /^::(error|warning) title=/.test(l))
  .map((l) => l.slice(0, l.indexOf('::', 2) + 2));

describe.skipIf(!bundlesPresent())('examples/trust-policy in the action', () => {
  it('the too-broad deploy role fails: the wildcard at the aws_trust_policy line, each wrongly allowed case at its own', () => {
    const dir = workspaceWith('broken');
    const r = runActionBundle(dir);
    expect(r.status).toBe(1);
    const file = '.github/oidc-gate/deploy-role.yml';
    expect(heads(r.stdout)).toEqual([
      `::error title=TRUST_SUBJECT_UNBOUNDED,file=${file},line=7,col=5::`,
      `::error title=TRUST_CASE_FAILED,file=${file},line=12,col=9::`,
      `::error title=TRUST_CASE_FAILED,file=${file},line=15,col=9::`,
      `::error title=TRUST_CASE_FAILED,file=${file},line=18,col=9::`,
    ]);
    expect(r.stdout).toContain('(deploy-role-trust.json, at /Statement/0/Condition/StringLike/token.actions.githubusercontent.com:sub)');
    expect(r.outputs).toMatchObject({ valid: 'false', errors: '4' });
    const report = JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as { results: { kind: string; name: string; request: { aws_trust_policy?: unknown }; response?: { valid: boolean } }[] };
    expect(report.results).toHaveLength(1);
    expect(report.results[0]).toMatchObject({ kind: 'trust-policy', name: 'deploy-prod-role', response: { valid: false } });
    // The report holds the policy as the service would take it: inline, read from the file.
    expect(report.results[0]?.request.aws_trust_policy).toEqual(JSON.parse(readFileSync(path.join(ROOT, 'examples/trust-policy/broken/deploy-role-trust.json'), 'utf8')));
  });

  it('the fixed deploy role passes without findings', () => {
    const r = runActionBundle(workspaceWith('fixed'));
    expect(heads(r.stdout)).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.outputs).toMatchObject({ valid: 'true', errors: '0', warnings: '0' });
  });
});
