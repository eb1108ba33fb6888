/**
 * The baseline names findings from the repository root, so `oidc-gate check --baseline` run in a
 * subdirectory matches what `oidc-gate baseline` recorded at the root (and the action, whose root is
 * the workspace, matches both).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderBaseline } from '../../src/gate/suppress/baseline.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { buildSarif } from '../../src/gate/outputs/sarif.ts';

const repo = mkdtempSync(path.join(tmpdir(), 'oidc-gate-baseline-subdir-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
mkdirSync(path.join(repo, '.git'));
mkdirSync(path.join(repo, '.github/oidc-gate'), { recursive: true });
writeFileSync(path.join(repo, '.github/oidc-gate/app.yml'), [
  'providers:',
  '  - name: app',
  '    issuer: https://login.example.com',
  '    jwks_uri: https://login.example.com/keys',
  '    client_id: app',
  '    audiences: [api://app]',
  '    redirect_uris: [https://app.example.com/callback]',
  '    alg_policy:',
  '      allowed_algs: [RS256, HS256]',
  '',
].join('\n'));

const gateAt = (root: string, baselineFile?: string) => runGate({
  root, boundary: repo, patterns: [root === repo ? '.github/oidc-gate' : 'oidc-gate'], network: false, env: {},
  ...(baselineFile !== undefined ? { baselineFile } : {}),
});

describe('a baseline recorded at the repository root', () => {
  it('matches the same findings from a subdirectory, and its SARIF fingerprints are the same', async () => {
    const atRoot = await gateAt(repo);
    expect(atRoot.findings.some((f) => f.code === 'WEAK_ALGORITHM')).toBe(true);
    const { text, count } = renderBaseline(atRoot.findings, atRoot.fingerprints);
    expect(count).toBeGreaterThan(0);
    writeFileSync(path.join(repo, 'baseline.json'), text);

    const sub = path.join(repo, '.github');
    const fromSub = await gateAt(sub, '../baseline.json');
    expect(fromSub.fingerprintBase).toBe('.github');
    expect(fromSub.report.summary.baseline).toMatchObject({ entries: count, matched: count });
    expect(fromSub.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(fromSub.report.summary.failed).toBe(false);

    const prints = (sarif: object) => (sarif as { runs: { results: { partialFingerprints: Record<string, string> }[] }[] }).runs[0]?.results
      .map((r) => r.partialFingerprints['oidcGate/v2']).sort();
    const withoutBaseline = await gateAt(sub);
    expect(prints(buildSarif(withoutBaseline.findings, [], false, withoutBaseline.fingerprints)))
      .toEqual(prints(buildSarif(atRoot.findings, [], false, atRoot.fingerprints)));
  });
});
