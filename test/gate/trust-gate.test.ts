/**
 * The gate's `trust_policies:` entries, in process: the report records the engine's answer exactly as
 * the service gives it, findings sit at the lines of their fields, and `id_token: true` is skipped
 * with one warning where no ID token can be had (the CLI, or an offline run).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.ts';
import { formatText, PLAIN } from '../../src/cli/check/format.ts';
import { runGate } from '../../src/gate/run/run.ts';
import type { IdTokenSource } from '../../src/gate/sections/id-token-source.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-trust-gate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function repo(config: string): string {
  const root = path.join(tmp, `r${n++}`);
  mkdirSync(path.join(root, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(root, '.github/oidc-gate/trust.yml'), config);
  return root;
}

const gate = (root: string, network = false, idToken?: IdTokenSource) =>
  runGate({ root, patterns: ['.github/oidc-gate/*.yml'], network, env: {} }, idToken !== undefined ? { idToken } : {});

const ENTRY = `trust_policies:
  - name: deploy
    audiences: [sts.amazonaws.com]
    claim_patterns:
      sub: "repo:acme@1024/app@2048:environment:production"
    cases:
      - name: a pull request
        claims: { sub: "repo:acme@1024/app@2048:pull_request", aud: sts.amazonaws.com }
        expect: allow
`;

describe('trust_policies: in the gate', () => {
  it('records the request and the engine\'s response, byte for byte what the service answers', async () => {
    const run = await gate(repo(ENTRY));
    const result = run.report.results[0];
    expect(result).toMatchObject({ kind: 'trust-policy', name: 'deploy', file: '.github/oidc-gate/trust.yml', line: 2 });
    const direct = await createEngine({ network: { online: false } }).run('trust-policy', result?.request);
    expect(JSON.stringify(result?.response)).toBe(JSON.stringify(direct.response));
    expect(run.files[0]).toMatchObject({ trust_policies: 1 });
  });

  it('a failed case is one error at the case\'s line; without one, TRUST_CASE_FAILED is absent', async () => {
    const run = await gate(repo(ENTRY));
    expect(run.findings.map((f) => [f.code, f.line, f.pointer])).toEqual([['TRUST_CASE_FAILED', 7, '/trust_policies/0/cases/0']]);
    const fixed = await gate(repo(ENTRY.replace('expect: allow', 'expect: deny')));
    expect(fixed.findings).toEqual([]);
  });

  it('a finding about a claim pattern is at the pattern\'s line', async () => {
    const run = await gate(repo(ENTRY.replace('"repo:acme@1024/app@2048:environment:production"', '"repo:acme/*"')));
    const unbounded = run.findings.find((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED');
    expect(unbounded).toMatchObject({ line: 5, kind: 'trust-policy', name: 'deploy' });
  });

  it('a request the engine refuses is one REQUEST_INVALID at the field\'s line', async () => {
    const run = await gate(repo(ENTRY.replace('expect: allow', 'expect: permit')));
    expect(run.findings.map((f) => [f.code, f.line])).toEqual([['REQUEST_INVALID', 9]]);
    expect(run.report.results[0]?.problem).toMatchObject({ code: 'REQUEST_INVALID' });
  });

  describe('id_token: true', () => {
    const withIdToken = ENTRY.replace('expect: allow', 'expect: deny').replace('    cases:', '    id_token: true\n    cases:');

    it('without a token source (the CLI) is one CHECK_SKIPPED warning at its line, and nothing is requested', async () => {
      const run = await gate(repo(withIdToken), true);
      expect(run.findings.map((f) => [f.code, f.severity, f.line])).toEqual([['CHECK_SKIPPED', 'warning', 6]]);
      expect(run.findings[0]?.message).toBe('Trust policy "deploy": the job\'s ID token was not checked: only the GitHub Action can request it.');
      expect(run.report.results.map((r) => r.kind)).toEqual(['trust-policy']);
    });

    it('in the CLI\'s text, says the check runs only in the action, and never to drop --offline for it', async () => {
      const lines = (text: string): string[] => text.trimEnd().split('\n').slice(-1);
      const actionOnly = 'The job\'s ID token (id_token: true) was not checked (CHECK_SKIPPED): only the GitHub Action can request it, with permissions: id-token: write.';
      for (const network of [false, true]) {
        const text = formatText((await gate(repo(withIdToken), network)).report, PLAIN, !network);
        expect(lines(text)).toEqual([actionOnly]);
        expect(text).not.toContain('Drop --offline');
      }
      // With a fetch skipped as well, the offline line is still there for that one.
      const both = withIdToken.replace('trust_policies:', 'providers:\n  - { name: p, issuer: "https://id.example", client_id: c, audiences: [a], jwks_uri: "https://id.example/k", redirect_uris: ["https://app.example/cb"], alg_policy: { allowed_algs: [RS256] } }\ntrust_policies:');
      const text = formatText((await gate(repo(both))).report, PLAIN, true);
      expect(text.trimEnd().split('\n').slice(-2)).toEqual(['Offline: JWKS and discovery fetches were skipped (CHECK_SKIPPED). Drop --offline to run them.', actionOnly]);
    });

    it('offline, the token is not requested: its keys could not be fetched', async () => {
      let asked = 0;
      const run = await gate(repo(withIdToken), false, async () => {
        asked++;
        return { ok: false, reason: 'failed' };
      });
      expect(asked).toBe(0);
      expect(run.findings.map((f) => [f.code, f.line])).toEqual([['CHECK_SKIPPED', 6]]);
    });

    it('a token service that fails is one ID_TOKEN_UNAVAILABLE error, not a configuration error', async () => {
      const run = await gate(repo(withIdToken), true, async () => ({ ok: false, reason: 'failed' }));
      expect(run.findings.map((f) => [f.code, f.line, f.config])).toEqual([['ID_TOKEN_UNAVAILABLE', 6, undefined]]);
      expect(run.findings[0]?.message).toContain('the runner\'s token service did not return an ID token for the audience sts.amazonaws.com');
    });

    it('without an audience, the token is not requested, and the check asked for is one configuration error at id_token', async () => {
      let asked = 0;
      const run = await gate(repo(withIdToken.replace('    audiences: [sts.amazonaws.com]\n', '')), true, async () => {
        asked++;
        return { ok: false, reason: 'permission' };
      });
      expect(asked).toBe(0);
      expect(run.findings.map((f) => [f.code, f.severity, f.line, f.config])).toEqual([['TRUST_AUDIENCE_MISSING', 'warning', 2, undefined], ['CONFIG_INVALID', 'error', 5, true]]);
      expect(run.findings[1]?.message).toContain('names no audience to request the job\'s ID token for');
    });
  });
});

describe('a finding that names a place in the AWS policy file', () => {
  it('names it inside that file, never as /aws_trust_policy/…, which in config is a file name', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const run = await runGate({ root, boundary: root, patterns: ['examples/trust-policy/broken'], network: false, env: {} });
    const cases = run.findings.filter((f) => f.code === 'TRUST_CASE_FAILED');
    expect(cases).toHaveLength(3);
    for (const f of cases) expect(f.message).toContain('the conditions of the Allow statement Statement[0] all hold.');
    expect(run.findings.filter((f) => f.message.includes('/aws_trust_policy'))).toEqual([]);
    // A finding about a place in the file is placed by its pointer: the file and the pointer inside it.
    const unbounded = run.findings.find((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED');
    expect(unbounded?.message.endsWith('(deploy-role-trust.json, at /Statement/0/Condition/StringLike/token.actions.githubusercontent.com:sub)')).toBe(true);
    // The engine's own response, in the report, is untouched: the same message, its pointer in evidence.
    const response = run.report.results.find((r) => r.kind === 'trust-policy')?.response as { findings: { code: string; message: string }[] } | undefined;
    expect(response?.findings.filter((f) => f.code === 'TRUST_CASE_FAILED').map((f) => f.message)).toEqual(cases.map((f) => f.message));
  });
});
