/**
 * A baseline accepts the findings a plan's resources have now (§18): each fingerprint binds the
 * resource's address and its trust document. Changing that resource brings its finding back, even
 * when the message stays the same; changing another resource, or only moving the resource in the
 * plan, does not.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSarif } from '../../../src/gate/outputs/sarif.ts';
import { renderBaseline } from '../../../src/gate/suppress/baseline.ts';
import { awsPolicy, awsRole, gate, PINNED, plan, repo, tempRoot, type Change } from './helpers.ts';

const t = tempRoot('oidc-gate-tf-baseline-');
const ENTRY = 'trust_policies:\n  - name: infra\n    terraform_plan: plan.json\n';
const PLAN = (root: string): string => path.join(root, '.github/oidc-gate/plan.json');

/** A role whose sub is broad, with one more statement whose content can change without changing the finding. */
function broadRole(address: string, extraSub: string): Change {
  const policy = awsPolicy('repo:acme/*') as { Statement: unknown[] };
  policy.Statement.push({
    Effect: 'Allow',
    Principal: { Federated: 'arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com' },
    Action: 'sts:AssumeRoleWithWebIdentity',
    Condition: { StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com', 'token.actions.githubusercontent.com:sub': extraSub } },
  });
  return { address, type: 'aws_iam_role', after: { assume_role_policy: JSON.stringify(policy) } };
}

async function baselined(changes: Change[]): Promise<string> {
  const root = repo(t.root(), ENTRY, { 'plan.json': plan(changes) });
  const run = await gate(root);
  expect(run.findings.length).toBeGreaterThan(0);
  writeFileSync(path.join(root, 'baseline.json'), renderBaseline(run.findings, run.fingerprints).text);
  return root;
}

const visible = async (root: string) => (await gate(root, { baselineFile: 'baseline.json' })).findings.map((f) => [f.code, f.name]);

describe('a baseline of a plan\'s findings', () => {
  const deploy = (extra = PINNED) => broadRole('module.ci.aws_iam_role.deploy', extra);
  const other = (sub = 'repo:*') => awsRole('aws_iam_role.other', sub);

  it('hides them while the resources stay the same, wherever they move in the plan', async () => {
    const root = await baselined([deploy(), other()]);
    expect(await visible(root)).toEqual([]);
    writeFileSync(PLAN(root), plan([{ address: 'null_resource.first', type: 'null_resource', after: {} }, other(), deploy()], false));
    expect(await visible(root)).toEqual([]);
  });

  it('brings a finding back when a value of its resource changes, though its message is the same', async () => {
    const root = await baselined([deploy(), other()]);
    const before = await gate(root);
    writeFileSync(PLAN(root), plan([deploy('repo:acme@1001/app@2002:ref:refs/heads/release'), other()]));
    const after = await gate(root, { baselineFile: 'baseline.json' });
    expect(after.findings.map((f) => [f.code, f.name])).toEqual([['TRUST_SUBJECT_UNBOUNDED', 'module.ci.aws_iam_role.deploy']]);
    // Same code, place and message: only the resource's content tells the two apart.
    const was = before.findings.find((f) => f.name === 'module.ci.aws_iam_role.deploy');
    expect(after.findings[0]?.message).toBe(was?.message);
    const print = (run: typeof before, name: string) => (buildSarif(run.findings, run.suppressed, true, run.fingerprints) as { runs: { results: { message: { text: string }; partialFingerprints: Record<string, string>; baselineState?: string }[] }[] })
      .runs[0]?.results.find((r) => r.message.text.endsWith(`[${name}]`));
    expect(print(after, 'module.ci.aws_iam_role.deploy')?.partialFingerprints).not.toEqual(print(before, 'module.ci.aws_iam_role.deploy')?.partialFingerprints);
    expect(print(after, 'module.ci.aws_iam_role.deploy')?.baselineState).toBe('new');
  });

  it('a finding of another resource stays hidden when only one resource changes', async () => {
    const root = await baselined([deploy(), other()]);
    writeFileSync(PLAN(root), plan([deploy('repo:acme@1001/app@2002:ref:refs/heads/release'), other()]));
    expect((await visible(root)).map(([, name]) => name)).not.toContain('aws_iam_role.other');
  });

  it('a case that fails for the resource comes back when the cases change', async () => {
    const cases = (sub: string) => `    cases:\n      - name: another repository\n        claims: { sub: "${sub}", aud: sts.amazonaws.com }\n        expect: deny\n`;
    const root = repo(t.root(), `${ENTRY}${cases('repo:acme/other:ref:refs/heads/main')}`, { 'plan.json': plan([other()]) });
    const run = await gate(root);
    writeFileSync(path.join(root, 'baseline.json'), renderBaseline(run.findings, run.fingerprints).text);
    expect(await visible(root)).toEqual([]);
    writeFileSync(path.join(root, '.github/oidc-gate/trust.yml'), `${ENTRY}${cases('repo:evil/tool:ref:refs/heads/main')}`);
    expect(await visible(root)).toEqual([['TRUST_CASE_FAILED', 'aws_iam_role.other']]);
  });
});

describe('a baseline of a resource that could not be judged (TRUST_DOCUMENT_UNKNOWN)', () => {
  it('stops hiding it once the resource\'s values change', async () => {
    // A policy that repeats a member cannot be judged; its content changes to a broad one, still repeating.
    const repeated = (sub: string): Change => ({ address: 'aws_iam_role.dupe', type: 'aws_iam_role', after: { assume_role_policy: `{"Version":"2012-10-17","Statement":[],"Statement":${JSON.stringify((awsPolicy(sub) as { Statement: unknown[] }).Statement)}}` } });
    const root = await baselined([repeated(PINNED)]);
    expect(await visible(root)).toEqual([]);
    writeFileSync(PLAN(root), plan([repeated('repo:*')]));
    expect(await visible(root)).toEqual([['TRUST_DOCUMENT_UNKNOWN', 'aws_iam_role.dupe']]);
  });
});
