/**
 * What a first-time user meets (issue 26): each finding with a fix that fits its case (a sample's time
 * findings point at `at:`, every SUPPRESSION_INVALID cause has its own), init's placeholders refused
 * until filled in, and the config rules the schema also says (secret_env names, an empty map).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findingFix, findingPage } from '../../src/gate/index.ts';
import { PLACEHOLDER_PREFIX } from '../../src/gate/config/placeholders.ts';
import { buildSarif } from '../../src/gate/outputs/sarif.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { SUPPRESSION_FIXES } from '../../src/gate/suppress/suppress-rule.ts';
import type { GateFinding } from '../../src/gate/types.ts';
import { known } from '../fixtures/harness.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-first-use-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let count = 0;
function gate(config: string, env: NodeJS.ProcessEnv = {}) {
  const root = path.join(tmp, `r${count++}`);
  mkdirSync(path.join(root, 'cfg'), { recursive: true });
  writeFileSync(path.join(root, 'cfg/a.yml'), config);
  return runGate({ root, patterns: ['cfg'], network: false, env });
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;
const PROFILE = ['profiles:', '  - id: p', '    issuer: https://id.fixture.example', '    audiences: [api://fixture]', '    allowed_algs: [HS256]', `    secret: ${known.secret}`];
/** The fixture token: issued 2026-01-01T00:00:00Z, expires 01:00:00Z. */
const sample = (...extra: string[]) => ['tokens:', '  - name: s', `    token: ${known.tokens['valid-hs.jwt'] as string}`, '    issuer_profile_id: p', ...extra.map((l) => `    ${l}`)];
const only = (findings: readonly GateFinding[], code: string): GateFinding => {
  const found = findings.filter((f) => f.code === code);
  expect(found, JSON.stringify(findings.map((f) => f.code))).toHaveLength(1);
  return found[0] as GateFinding;
};

describe('a sample\'s time findings point at at:', () => {
  it('TOKEN_EXPIRED: set at: inside the lifetime, before exp; in the report and SARIF alike', async () => {
    const run = await gate(lines(...PROFILE, ...sample('at: 2026-01-01T02:00:00Z')));
    const f = only(run.findings, 'TOKEN_EXPIRED');
    expect(f.remediation).toBe('The sample is judged at its at: (2026-01-01T02:00:00Z). Set at: to an instant inside the token\'s lifetime, before its exp (2026-01-01T01:00:00Z), or write expect: [TOKEN_EXPIRED] if the sample is meant to fail so.');
    expect(run.report.summary.findings.find((x) => x.code === 'TOKEN_EXPIRED')?.remediation).toBe(f.remediation);
    expect(findingFix(f)).toBe(f.remediation);
    // SARIF's rule keeps the code's own help; the finding page is its helpUri.
    const rules = (buildSarif(run.findings) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] }).runs[0]?.tool.driver.rules;
    expect(rules?.find((r) => r.id === 'TOKEN_EXPIRED')?.helpUri).toBe(findingPage('TOKEN_EXPIRED'));
  });

  it('a sample without at: is judged at the run\'s start, and the fix says to add one', async () => {
    const run = await gate(lines(...PROFILE, ...sample()));
    expect(only(run.findings, 'TOKEN_EXPIRED').remediation).toMatch(/^The sample is judged at the run's start \(\d{4}-\d{2}-\d{2}T[^)]+Z\), as it has no at:\. Set at: to an instant inside the token's lifetime, before its exp \(2026-01-01T01:00:00Z\)/);
  });

  it('TOKEN_ISSUED_IN_FUTURE: set at: at or after iat', async () => {
    const run = await gate(lines(...PROFILE, ...sample('at: 2025-12-31T23:00:00Z')));
    expect(only(run.findings, 'TOKEN_ISSUED_IN_FUTURE').remediation).toBe('The sample is judged at its at: (2025-12-31T23:00:00Z). Set at: to an instant at or after its iat (2026-01-01T00:00:00Z), or write expect: [TOKEN_ISSUED_IN_FUTURE] if the sample is meant to fail so.');
  });

  it('a code without a page has no link; one the catalogue defines links docs/findings/<CODE>.md', () => {
    expect(findingPage('TOKEN_EXPIRED')).toBe('https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/TOKEN_EXPIRED.md');
    expect(findingPage('NOT_A_CODE')).toBeUndefined();
    expect(findingFix({ code: 'CONFIG_NOT_FOUND' })).toContain('oidc-gate init');
    expect(findingFix({ code: 'NOT_A_CODE' })).toBeUndefined();
  });
});

describe('SUPPRESSION_INVALID: each cause its own fix', () => {
  const PROVIDER = ['providers:', '  - name: web', '    issuer: https://idp.example.com', '    client_id: web', '    audiences: [api://web]',
    '    jwks_uri: https://idp.example.com/keys', '    redirect_uris: [https://web.example.com/cb]', '    alg_policy: { allowed_algs: [RS256] }'];
  const fixesOf = async (config: string) => (await gate(config)).findings.filter((f) => f.code === 'SUPPRESSION_INVALID').map((f) => f.remediation);

  it('in a suppressions: item', async () => {
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - just text'))).toEqual([SUPPRESSION_FIXES.itemForm]);
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - reason: r'))).toEqual([SUPPRESSION_FIXES.noCode]);
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - { code: INSECURE_URL, reason: r }'))).toEqual([SUPPRESSION_FIXES.unknownCode]);
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - { code: CONFIG_INVALID, reason: r }'))).toEqual([SUPPRESSION_FIXES.unsuppressible]);
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - { code: INSECURE_URI }'))).toEqual([SUPPRESSION_FIXES.itemReason]);
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - { code: INSECURE_URI, reason: r, entry: 3 }'))).toEqual([SUPPRESSION_FIXES.entry]);
    expect(await fixesOf(lines(...PROVIDER, 'suppressions:', '  - { code: INSECURE_URI, reason: r, field: redirect_uris }'))).toEqual([SUPPRESSION_FIXES.field]);
    // The tool refuses what the schema refuses: month 13.
    const expired = await gate(lines(...PROVIDER, 'suppressions:', '  - { code: INSECURE_URI, reason: r, expires: 2026-13-01 }'));
    const f = only(expired.findings, 'SUPPRESSION_INVALID');
    expect([f.message, f.remediation]).toEqual([
      expect.stringContaining('"2026-13-01" has month 13, but months run from 01 to 12'), SUPPRESSION_FIXES.expires,
    ]);
  });

  it('in an inline comment', async () => {
    const inline = (comment: string) => fixesOf(lines(...PROVIDER.slice(0, 3), `    client_id: web   ${comment}`, ...PROVIDER.slice(4)));
    expect(await inline('# oidc-gate ignore INSECURE_URI')).toEqual([SUPPRESSION_FIXES.inlineForm]);
    expect(await inline('# oidc-gate: ignore[] why')).toEqual([SUPPRESSION_FIXES.noCode]);
    expect(await inline('# oidc-gate: ignore[INSECURE_URI]')).toEqual([SUPPRESSION_FIXES.inlineReason]);
    expect(await inline('# oidc-gate: ignore[insecure_uri] why')).toEqual([SUPPRESSION_FIXES.unknownCode]);
    expect(await inline('# oidc-gate: ignore[SUPPRESSION_UNUSED] why')).toEqual([SUPPRESSION_FIXES.unsuppressible]);
  });

  it('gives six or more causes as many different fixes', () => {
    expect(new Set(Object.values(SUPPRESSION_FIXES)).size).toBe(Object.keys(SUPPRESSION_FIXES).length);
  });
});

describe('init\'s placeholders fail check until filled in', () => {
  it('each is a CONFIG_INVALID at its line, saying what goes there; the rest of the entry is still checked', async () => {
    const run = await gate(lines('providers:', '  - name: web', '    issuer: https://idp.example.com', `    client_id: ${PLACEHOLDER_PREFIX}client-id`,
      `    audiences: [api://web, ${PLACEHOLDER_PREFIX}api-audience]`, '    jwks_uri: http://idp.example.com/keys', '    redirect_uris: []',
      '    alg_policy: { allowed_algs: [RS256] }'));
    expect(run.findings.filter((f) => f.code === 'CONFIG_INVALID').map((f) => [f.line, f.config, f.message, f.remediation])).toEqual([
      [4, true, 'Provider "web": /client_id is still the placeholder "replace-with-your-client-id" that oidc-gate init wrote: fill in your own value before the entry can be checked.',
        'Replace it with the client ID your application is registered under at the provider.'],
      [5, true, 'Provider "web": /audiences/1 is still the placeholder "replace-with-your-api-audience" that oidc-gate init wrote: fill in your own value before the entry can be checked.',
        'Replace it with the audience your API accepts: the aud claim of its tokens, such as api://orders.'],
    ]);
    expect(run.findings.map((f) => f.code)).toContain('INSECURE_URI');
    expect(run.report.summary.failed).toBe(true);
  });
});

describe('config rules the schema says too', () => {
  it('secret_env: OIDC_GATE_ then at least one of A-Z, 0-9 and _, and never OIDC_GATE_ENV', async () => {
    const env = { OIDC_GATE_: 'x'.repeat(40), OIDC_GATE_lower: 'x'.repeat(40), OIDC_GATE_ENV: 'OIDC_GATE_A=1', OIDC_GATE_ORDERS: 'x'.repeat(40) };
    const withEnv = (name: string) => gate(lines(...PROFILE.slice(0, 5), `    secret_env: ${name}`), env);
    expect((await withEnv('OIDC_GATE_ORDERS')).findings).toEqual([]);
    for (const [name, why] of [
      ['OIDC_GATE_', 'names here are OIDC_GATE_ then at least one upper-case letter, digit or _'],
      ['OIDC_GATE_lower', 'names here are OIDC_GATE_ then at least one upper-case letter, digit or _'],
      ['OIDC_GATE_ENV', 'OIDC_GATE_ENV holds the lines of the oidc-gate-env secret, not one value'],
      ['HOME', 'a repository config may only name variables that start with OIDC_GATE_'],
    ] as const) {
      const f = only((await withEnv(name)).findings, 'PROFILE_INVALID');
      expect([f.line, f.message]).toEqual([6, `Issuer profile "p": /secret_env names ${name}, but ${why}; the variable was not read.`]);
      expect(f.remediation).toContain('OIDC_GATE_ORDERS_SECRET');
    }
  });

  it('an empty map is refused as an empty file is, naming every entry section', async () => {
    for (const text of ['', '{}\n', '# only a comment\n']) {
      const f = only((await gate(text)).findings, 'CONFIG_INVALID');
      expect(f.message).toBe('cfg/a.yml is empty: expected providers, profiles, tokens or trust_policies.');
    }
  });
});
