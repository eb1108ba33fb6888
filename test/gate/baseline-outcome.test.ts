/**
 * A baseline accepts a finding about what the repository holds now. For the findings that judge an
 * entry's outcome as a whole (a sample that did not turn out as expected, a case the policy decides
 * otherwise), "what it holds" is the whole entry, the files it names included: a pull request that swaps
 * the token, loosens the policy or rewrites the role's policy file must bring the finding back, not keep
 * it hidden under the fingerprint of the field it sits at.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGate } from '../../src/gate/run/run.ts';
import { renderBaseline } from '../../src/gate/suppress/baseline.ts';
import { FIXTURES, tempParent } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-baseline-outcome-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

let n = 0;
function copyOfBad(): string {
  const root = path.join(parent, `bad-${n++}`);
  cpSync(path.join(FIXTURES, 'repos/bad'), root, { recursive: true });
  return root;
}

const gate = (root: string, baselineFile?: string) => runGate({
  root, patterns: ['.github/oidc-gate'], network: false, env: {}, ...(baselineFile !== undefined ? { baselineFile } : {}),
});

/** Records a baseline of every finding the repository has now. */
async function baselined(root: string): Promise<void> {
  const run = await gate(root);
  writeFileSync(path.join(root, 'baseline.json'), renderBaseline(run.findings, run.fingerprints).text);
}

const edit = (file: string, from: string, to: string): void => {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
};

/** The second sample's policy accepts two more audiences. */
const loosen = (file: string): void => edit(file,
  'expect: invalid\n    policy:\n      issuer: https://id.fixture.example\n      audiences: [api://fixture]',
  'expect: invalid\n    policy:\n      issuer: https://id.fixture.example\n      audiences: [api://fixture, api://other, api://admin]');

describe('outcome findings under a baseline', () => {
  const samples = (root: string) => path.join(root, '.github/oidc-gate/samples.yml');

  it('EXPECTATION_FAILED stays hidden while nothing that decides the sample changes', async () => {
    const root = copyOfBad();
    await baselined(root);
    const run = await gate(root, 'baseline.json');
    expect(run.findings.filter((f) => f.code === 'EXPECTATION_FAILED')).toEqual([]);
    expect(run.suppressed.some((s) => s.finding.code === 'EXPECTATION_FAILED')).toBe(true);
  });

  it('comes back when the sample\'s token file is swapped and its policy loosened', async () => {
    const root = copyOfBad();
    await baselined(root);
    edit(samples(root), 'token_file: ../../tokens/valid-hs.jwt\n    at: 2026-01-01T00:10:00Z\n    expect: invalid', 'token_file: ../../tokens/other-aud-hs.jwt\n    at: 2026-01-01T00:10:00Z\n    expect: invalid');
    loosen(samples(root));
    const run = await gate(root, 'baseline.json');
    expect(run.findings.filter((f) => f.code === 'EXPECTATION_FAILED').map((f) => f.name)).toEqual(['valid-but-expected-invalid']);
  });

  it('comes back when only the token file\'s content changes', async () => {
    const root = copyOfBad();
    await baselined(root);
    const tokens = path.join(root, 'tokens');
    writeFileSync(path.join(tokens, 'valid-hs.jwt'), readFileSync(path.join(tokens, 'other-aud-hs.jwt')));
    loosen(samples(root));
    const run = await gate(root, 'baseline.json');
    expect(run.findings.filter((f) => f.code === 'EXPECTATION_FAILED').map((f) => f.name)).toEqual(['valid-but-expected-invalid']);
  });

  it('comes back when the issuer profile the sample names is loosened', async () => {
    const root = copyOfBad();
    const config = path.join(root, '.github/oidc-gate/profiled.yml');
    writeFileSync(config, [
      'profiles:',
      '  - id: fixture',
      '    issuer: https://id.fixture.example',
      '    audiences: [api://fixture]',
      '    allowed_algs: [HS256]',
      '    secret: fixture-hmac-secret-3c1f0a9e7b5d4c2a8f6e0d1b9a7c5e3f',
      'tokens:',
      '  - name: profiled-but-expected-invalid',
      '    token_file: ../../tokens/valid-hs.jwt',
      '    at: 2026-01-01T00:10:00Z',
      '    expect: invalid',
      '    issuer_profile_id: fixture',
      '',
    ].join('\n'));
    await baselined(root);
    const before = await gate(root, 'baseline.json');
    expect(before.findings.filter((f) => f.code === 'EXPECTATION_FAILED').map((f) => f.name)).not.toContain('profiled-but-expected-invalid');
    edit(config, 'audiences: [api://fixture]', 'audiences: [api://fixture, api://other]');
    const run = await gate(root, 'baseline.json');
    expect(run.findings.filter((f) => f.code === 'EXPECTATION_FAILED').map((f) => f.name)).toContain('profiled-but-expected-invalid');
  });
});
