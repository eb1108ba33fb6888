/**
 * The messages of issue 10 as a user meets them: the CLI and action bundles as processes, on
 * repositories written to a real disk. One mistake is one error at its line; a run says whether it
 * failed and why; a configuration error fails both faces whatever fail-on says.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, known, runActionBundle, runCliBundle, tempParent, workspace } from '../fixtures/harness.ts';
import { repoWith } from '../security/outputs.ts';

const parent = tempParent('oidc-gate-messages-e2e-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const annotationLines = (stdout: string) => stdout.split('\n').filter((l) => /^::(error|warning|notice)\b/.test(l));
const lines = (...l: string[]) => `${l.join('\n')}\n`;
const repo = (files: Record<string, string>) => repoWith(parent, { '.git/config': '[core]\n', ...files });

const RS = known.tokens['valid-rs.jwt'] as string;
const HS = known.tokens['valid-hs.jwt'] as string;

const MISSING_BRACKET = lines(
  'providers:',
  '  - name: idp',
  '    issuer: https://id.fixture.example',
  '    client_id: c',
  '    audiences: [api://fixture',
  '    jwks_uri: https://id.fixture.example/jwks',
  '    redirect_uris: []',
  '    alg_policy: { allowed_algs: [RS256] }',
);

const PROFILE_TYPO = lines(
  'profiles:',
  '  - id: orders-api',
  '    issuer: https://id.fixture.example',
  '    audiences: [api://fixture]',
  '    allowed_algs: [HS256]',
  `    secret: ${known.secret}`,
  '    audience: [api://other]',
  'tokens:',
  '  - name: orders-token',
  `    token: ${HS}`,
  '    issuer_profile_id: orders-api',
  `    at: ${known.at}`,
);

const REMOTE_PROFILE = lines(
  'profiles:',
  '  - id: by-discovery',
  '    issuer: https://id.fixture.example',
  '    audiences: [api://fixture]',
  '    allowed_algs: [RS256]',
  '    discovery: true',
  'tokens:',
  '  - name: remote-sample',
  `    token: ${RS}`,
  '    issuer_profile_id: by-discovery',
  `    at: ${known.at}`,
);

const TRAILER = 'Offline: JWKS and discovery fetches were skipped (CHECK_SKIPPED). Drop --offline to run them.';

describe.skipIf(!bundlesPresent())('messages: the CLI bundle', () => {
  it('a missing ] is one error at the line and column of the [, and no trailer since nothing was skipped', () => {
    const r = runCliBundle(repo({ 'cfg/a.yml': MISSING_BRACKET }), ['check', 'cfg', '--offline']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe([
      '✖ cfg/a.yml',
      '  5:16    error    CONFIG_YAML_INVALID  YAML syntax error: the [ here is never closed by a ], so the lines after it were read as part of the list',
      '          fix: Add the missing ] to close the list that starts here (keep [ … ] on one line, or write the list as indented lines).',
      '          see: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/CONFIG_YAML_INVALID.md',
      '',
      '✖ Failed: 1 error in 1 file, 0 checks.',
      '',
    ].join('\n'));
    expect(r.stdout).not.toContain(TRAILER);
  });

  it('a typo inside a profile: one error at the key, the sample "not checked" with the line, no PROFILE_NOT_FOUND', () => {
    const r = runCliBundle(repo({ 'cfg/a.yml': PROFILE_TYPO }), ['check', 'cfg', '--offline']);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain('  7:5     error    CONFIG_UNKNOWN_KEY  Unknown key "audience" in a profile entry (did you mean "audiences"?)');
    expect(r.stdout).toContain('          fix: Rename the key to "audiences" (or remove it): unknown keys are refused so that a typo never passes silently.\n');
    expect(r.stdout).toContain('  – sample orders-token: not checked: its issuer profile "orders-api" is invalid (see line 7)\n');
    expect(r.stdout).not.toContain('PROFILE_NOT_FOUND');
    expect(r.stdout).not.toContain('EXPECTATION_FAILED');
    expect(r.stdout).toContain('✖ Failed: 1 error in 1 file, 1 check.\n');
  });

  it('offline, a discovery profile\'s sample is a CHECK_SKIPPED warning at its issuer_profile_id line; the trailer follows', () => {
    const r = runCliBundle(repo({ 'cfg/a.yml': REMOTE_PROFILE }), ['check', 'cfg', '--offline']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('  10:5    warning  CHECK_SKIPPED  Sample "remote-sample" was not checked: its issuer profile "by-discovery" fetches its keys from its issuer\'s discovery document, and nothing is fetched offline. [sample remote-sample]');
    expect(r.stdout).not.toContain('JWKS_UNAVAILABLE');
    expect(r.stdout).toContain(`! Passed with 1 warning: 1 file, 1 check.\n${TRAILER}\n`);
  });

  it('--fail-on warning: a run of warnings alone says it failed, and why', () => {
    const r = runCliBundle(workspace('good', parent), ['check', '--offline', '--fail-on', 'warning']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('\n✖ Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.\n');
    expect(r.stdout).not.toContain('Passed');
  });

  it('--fail-on never: exit 2 for a configuration error, exit 0 for findings alone', () => {
    const config = runCliBundle(repo({ 'cfg/a.yml': MISSING_BRACKET }), ['check', 'cfg', '--offline', '--fail-on', 'never']);
    expect(config.status).toBe(2);
    expect(config.stdout).toContain('✖ Failed: 1 error in 1 file, 0 checks; it is a configuration error, which fails the run whatever fail-on says.\n');
    const findings = runCliBundle(workspace('bad', parent), ['check', '--offline', '--fail-on', 'never']);
    expect(findings.status).toBe(0);
    expect(findings.stdout).toContain('! Not failed (fail-on: never): 4 errors and 1 warning in 2 files, 3 checks.\n');
  });
});

describe.skipIf(!bundlesPresent())('messages: the action bundle', () => {
  it('fail-on: never still fails the step on a configuration error, with the reason in the failure message', () => {
    const r = runActionBundle(repo({ 'cfg/a.yml': MISSING_BRACKET }), { config: 'cfg', network: 'false', 'fail-on': 'never' });
    expect(r.status).toBe(1);
    expect(annotationLines(r.stdout)).toEqual([
      '::error title=CONFIG_YAML_INVALID,file=cfg/a.yml,line=5,col=16::YAML syntax error: the [ here is never closed by a ], so the lines after it were read as part of the list%0AFix: Add the missing ] to close the list that starts here (keep [ … ] on one line, or write the list as indented lines).%0AMore: https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/CONFIG_YAML_INVALID.md',
      '::error::oidc-gate: Failed: 1 error in 1 file, 0 checks; it is a configuration error, which fails the run whatever fail-on says.',
    ]);
    expect(r.summary).toContain('## ❌ oidc-gate: Failed: 1 error in 1 file, 0 checks; it is a configuration error');
  });

  it('fail-on: never does not fail the step on findings alone', () => {
    const r = runActionBundle(workspace('bad', parent), { network: 'false', 'fail-on': 'never' });
    expect(r.status).toBe(0);
    expect(r.summary).toContain('## ⚠️ oidc-gate: Not failed (fail-on: never): 4 errors and 1 warning in 2 files, 3 checks.');
  });

  it('fail-on: warning fails a run of warnings alone, and the summary and the failure message say so', () => {
    const r = runActionBundle(workspace('good', parent), { network: 'false', 'fail-on': 'warning' });
    expect(r.status).toBe(1);
    expect(annotationLines(r.stdout).at(-1)).toBe('::error::oidc-gate: Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.');
    expect(r.summary).toContain('## ❌ oidc-gate: Failed on warnings (fail-on: warning): 1 warning in 2 files, 5 checks.');
    expect(r.summary).not.toContain('Passed');
  });

  it('a profile typo is one error annotation; its sample is "not checked" in the summary', () => {
    const r = runActionBundle(repo({ 'cfg/a.yml': PROFILE_TYPO }), { config: 'cfg', network: 'false' });
    expect(r.status).toBe(1);
    expect(annotationLines(r.stdout).map((l) => l.slice(0, l.indexOf('::', 2) + 2))).toEqual([
      '::error title=CONFIG_UNKNOWN_KEY,file=cfg/a.yml,line=7,col=5::',
      '::error::',
    ]);
    expect(r.summary).toContain('| orders-token | cfg/a.yml:9 | valid | not checked: its issuer profile &quot;orders-api&quot; is invalid (see line 7) | 2026-01-01T00:10:00Z | ➖ not checked |');
  });
});
