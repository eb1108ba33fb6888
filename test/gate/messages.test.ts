/**
 * Messages that neither cascade nor mislead: one mistake is one error, at the line of the mistake,
 * with a fix for that case. Each case runs the gate on config files written to a real disk and reads
 * the text and the place of what it reports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GATE_CODES } from '../../src/gate/codes.ts';
import { formatText, PLAIN } from '../../src/cli/check/format.ts';
import { verdict } from '../../src/gate/outputs/report.ts';
import { runGate } from '../../src/gate/run/run.ts';
import type { FailOn, GateFinding } from '../../src/gate/types.ts';
import { known } from '../fixtures/harness.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-messages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const HS = known.tokens['valid-hs.jwt'] as string;
const RS = known.tokens['valid-rs.jwt'] as string;

let count = 0;
/** A repository holding these files; the gate checks `cfg/`. */
function repo(files: Record<string, string | Buffer>): string {
  const root = path.join(tmp, `r${count++}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function gate(files: Record<string, string | Buffer>, options: { network?: boolean; failOn?: FailOn; issuerProfilesFile?: string } = {}) {
  return runGate({ root: repo(files), patterns: ['cfg'], network: options.network ?? false, env: {}, ...options });
}

/** code, line, column: where each finding points. */
const places = (findings: readonly GateFinding[]) => findings.map((f) => [f.code, f.line, f.column]);

const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** An HS256 profile of the fixture issuer, with its id and any extra lines (at 4 spaces). */
const hmacProfile = (id: string, ...extra: string[]) => [
  `  - id: ${id}`, '    issuer: https://id.fixture.example', '    audiences: [api://fixture]', '    allowed_algs: [HS256]',
  `    secret: ${known.secret}`, ...extra.map((l) => `    ${l}`),
];

const sample = (name: string, profile: string, token = HS, ...extra: string[]) => [
  `  - name: ${name}`, `    token: ${token}`, `    issuer_profile_id: ${profile}`, `    at: ${known.at}`, ...extra.map((l) => `    ${l}`),
];

describe('a typo inside a profile is one error, and its samples are not checked', () => {
  it('an unknown key drops the profile: one CONFIG_UNKNOWN_KEY at the key, and each sample says "not checked" and where to look', async () => {
    const run = await gate({
      'cfg/a.yml': lines(
        'profiles:',
        ...hmacProfile('orders-api', 'audience: [api://other]'),
        'tokens:',
        ...sample('expects-valid', 'orders-api'),
        ...sample('expects-invalid', 'orders-api', HS, 'expect: invalid'),
      ),
    });
    expect(places(run.findings)).toEqual([['CONFIG_UNKNOWN_KEY', 7, 5]]);
    expect(run.findings[0]?.message).toContain('Unknown key "audience" in a profile entry (did you mean "audiences"?)');
    expect(run.findings.map((f) => f.code)).not.toContain('PROFILE_NOT_FOUND');
    expect(run.findings.map((f) => f.code)).not.toContain('EXPECTATION_FAILED');
    const samples = run.report.results.filter((r) => r.kind === 'validate');
    expect(samples.map((r) => [r.name, r.not_checked, r.passed, r.response, r.problem])).toEqual([
      ['expects-valid', 'its issuer profile "orders-api" is invalid (see line 7)', undefined, undefined, undefined],
      ['expects-invalid', 'its issuer profile "orders-api" is invalid (see line 7)', undefined, undefined, undefined],
    ]);
    // The text output shows one error and one line per sample, pointing at the profile's problem.
    const text = formatText(run.report, PLAIN, true);
    expect(text).toContain('  7:5     error    CONFIG_UNKNOWN_KEY  Unknown key "audience" in a profile entry (did you mean "audiences"?)');
    expect(text).toContain('  – sample expects-valid: not checked: its issuer profile "orders-api" is invalid (see line 7)\n');
    expect(text).toContain('✖ Failed: 1 error in 1 file, 2 checks.');
  });

  it('a profile the engine refuses (PROFILE_INVALID) stops its samples too, and a sample in another file names that file', async () => {
    const run = await gate({
      'cfg/profiles.yml': lines(
        'profiles:',
        '  - id: remote',
        '    issuer: https://id.fixture.example',
        '    audiences: [api://fixture]',
        '    allowed_algs: [RS256]',
        '    jwks_uri: http://id.fixture.example/jwks',
      ),
      'cfg/samples.yml': lines('tokens:', ...sample('uses-remote', 'remote', RS)),
    });
    expect(places(run.findings)).toEqual([['PROFILE_INVALID', 6, 5]]);
    expect(run.report.results[0]?.not_checked).toBe('its issuer profile "remote" is invalid (see cfg/profiles.yml:6)');
  });

  it('a typo in the issuer-profiles file gets the did-you-mean too, once, and stops its samples', async () => {
    const run = await gate({
      'profiles.yml': lines(...hmacProfile('from-file', 'alowed_algs: [HS256]').map((l) => l.slice(2))),
      'cfg/a.yml': lines('tokens:', ...sample('uses-file', 'from-file')),
    }, { issuerProfilesFile: 'profiles.yml' });
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.column])).toEqual([['CONFIG_UNKNOWN_KEY', 'profiles.yml', 6, 3]]);
    expect(run.findings[0]?.message).toContain('(did you mean "allowed_algs"?)');
    expect(run.report.results[0]?.not_checked).toBe('its issuer profile "from-file" is invalid (see profiles.yml:6)');
  });

  it('absent when the profile is sound: the sample is checked and judged', async () => {
    const run = await gate({ 'cfg/a.yml': lines('profiles:', ...hmacProfile('orders-api'), 'tokens:', ...sample('ok', 'orders-api')) });
    expect(run.findings).toEqual([]);
    expect(run.report.results[0]).toMatchObject({ passed: true });
    expect(run.report.results[0]?.not_checked).toBeUndefined();
  });
});

describe('PROFILE_NOT_FOUND in the gate', () => {
  it('names the config-file way to define a profile, with the id nearest the typo, at the issuer_profile_id line', async () => {
    const run = await gate({
      'cfg/a.yml': lines('profiles:', ...hmacProfile('orders-api'), 'tokens:', ...sample('typo', 'orders-ap'), ...sample('unknown', 'billing', HS, 'expect: invalid')),
    });
    expect(places(run.findings)).toEqual([['PROFILE_NOT_FOUND', 10, 5], ['PROFILE_NOT_FOUND', 14, 5]]);
    const [typo, unknown] = run.findings;
    expect(typo?.message).toBe('Sample "typo" names the issuer profile "orders-ap", which no profiles: entry or issuer-profiles file defines (did you mean "orders-api"?); the sample was not checked.');
    expect(typo?.remediation).toBe('Set issuer_profile_id to "orders-api", or define the profile under profiles: in a config file or in the issuer-profiles file (action input issuer-profiles, CLI --issuer-profiles).');
    expect(unknown?.remediation).toBe('Fix the id, or define the profile under profiles: in a config file or in the issuer-profiles file (action input issuer-profiles, CLI --issuer-profiles).');
    for (const f of run.findings) {
      expect(f.remediation).not.toContain('ISSUER_PROFILES_JSON');
      // A missing profile is a configuration error: it fails the run whatever fail-on says.
      expect(f.config).toBe(true);
    }
    // No EXPECTATION_FAILED after it, and the sample expecting "invalid" does not pass on it either.
    expect(run.report.results.filter((r) => r.kind === 'validate').map((r) => [r.passed, r.not_checked])).toEqual([
      [undefined, 'no issuer profile has the id "orders-ap"'],
      [undefined, 'no issuer profile has the id "billing"'],
    ]);
  });

  it('a sample that expects PROFILE_NOT_FOUND is judged as usual, and passes', async () => {
    const run = await gate({ 'cfg/a.yml': lines('tokens:', ...sample('expects-it', 'nobody', HS, 'expect: [PROFILE_NOT_FOUND]')) });
    expect(run.findings).toEqual([]);
    expect(run.report.results[0]?.passed).toBe(true);
  });
});

describe('nested typos get a did-you-mean, as top-level ones do', () => {
  it('alg_policy.alowed_algs and policy.audience: one CONFIG_UNKNOWN_KEY each, at the key, and no 422 after it', async () => {
    const run = await gate({
      'cfg/a.yml': lines(
        'providers:',
        '  - name: idp',
        '    issuer: https://id.fixture.example',
        '    client_id: c',
        '    audiences: [api://fixture]',
        '    jwks_uri: https://id.fixture.example/jwks',
        '    redirect_uris: []',
        '    alg_policy: { alowed_algs: [RS256] }',
        'tokens:',
        '  - name: inline',
        `    token: ${HS}`,
        `    at: ${known.at}`,
        '    policy:',
        '      issuer: https://id.fixture.example',
        '      audience: [api://fixture]',
        '      allowed_algs: [HS256]',
        `      secret: ${known.secret}`,
      ),
    });
    expect(places(run.findings)).toEqual([['CONFIG_UNKNOWN_KEY', 8, 19], ['CONFIG_UNKNOWN_KEY', 15, 7]]);
    expect(run.findings[0]?.message).toBe('Unknown key "alowed_algs" in alg_policy (did you mean "allowed_algs"?); allowed: allowed_algs.');
    expect(run.findings[0]?.remediation).toBe('Rename the key to "allowed_algs" (or remove it): unknown keys are refused so that a typo never passes silently.');
    expect(run.findings[1]?.message).toMatch(/^Unknown key "audience" in policy \(did you mean "audiences"\?\); allowed: secret, /);
    expect(run.findings.map((f) => f.code)).not.toContain('REQUEST_INVALID');
  });

  it('a nested key nothing resembles gets the generic fix; open maps (required_custom_claims) take any key', async () => {
    const run = await gate({
      'cfg/a.yml': lines(
        'tokens:',
        '  - name: inline',
        `    token: ${HS}`,
        `    at: ${known.at}`,
        '    policy:',
        '      issuer: https://id.fixture.example',
        '      audiences: [api://fixture]',
        '      allowed_algs: [HS256]',
        `      secret: ${known.secret}`,
        '      required_custom_claims: { team: blue, anything_at_all: 1 }',
        '      zzzzzzzz: 1',
      ),
    });
    expect(places(run.findings)).toEqual([['CONFIG_UNKNOWN_KEY', 11, 7]]);
    expect(run.findings[0]?.message).not.toContain('did you mean');
    expect(run.findings[0]?.remediation).toBe(GATE_CODES.CONFIG_UNKNOWN_KEY.remediation);
  });
});

describe('every CONFIG_INVALID case has its own fix', () => {
  it('each case at its line, each with a remediation of its own, none the generic one', async () => {
    const run = await gate({
      'cfg/entries.yml': lines(
        'providers:',
        '  - name: ""',
        '    discover: "yes"',
        '    issuer: https://id.fixture.example',
        '  - just a string',
        'tokens:',
        '  - name: ""',
        `    token: ${HS}`,
        '    policy: { issuer: i }',
        '  - expect: sometimes',
        `    token: ${HS}`,
        '    policy: { issuer: i }',
        '  - expect: [AUDIENCE_MISMATHC]',
        `    token: ${HS}`,
        '    policy: { issuer: i }',
        '  - at: 2026-02-30T00:00:00Z',
        `    token: ${HS}`,
        '    policy: { issuer: i }',
        `  - token: ${HS}`,
        '    token_file: t.jwt',
        '    policy: { issuer: i }',
        '  - policy: { issuer: i }',
        '  - token_file: [t.jwt]',
        '    policy: { issuer: i }',
      ),
      'cfg/empty.yml': '# nothing yet\n',
      'cfg/scalar.yml': 'just text\n',
      'cfg/not-a-list.yml': lines('profiles:', '  id: p'),
      'cfg/latin1.yml': Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]),
    });
    const invalid = run.findings.filter((f) => f.code === 'CONFIG_INVALID');
    expect(invalid.map((f) => [f.file, f.line])).toEqual([
      ['cfg/empty.yml', 1],
      ['cfg/entries.yml', 2], ['cfg/entries.yml', 3], ['cfg/entries.yml', 5],
      ['cfg/entries.yml', 7], ['cfg/entries.yml', 10], ['cfg/entries.yml', 13], ['cfg/entries.yml', 16],
      ['cfg/entries.yml', 19], ['cfg/entries.yml', 22], ['cfg/entries.yml', 23],
      ['cfg/latin1.yml', 1],
      ['cfg/not-a-list.yml', 1],
      ['cfg/scalar.yml', 1],
    ]);
    const fixes = invalid.map((f) => f.remediation);
    expect(fixes).not.toContain(GATE_CODES.CONFIG_INVALID.remediation);
    // The two `name: ""` cases (a provider's, a sample's) say which entry they name; all others differ outright.
    expect(new Set(fixes).size).toBe(fixes.length);
    expect(invalid.find((f) => f.line === 13)?.message).toContain('(did you mean AUDIENCE_MISMATCH?)');
    expect(invalid.find((f) => f.line === 13)?.remediation).toBe('Write AUDIENCE_MISMATCH: expect lists the codes a validation can produce, spelt exactly.');
    expect(invalid.find((f) => f.line === 22)?.remediation).toContain('Add token_file:');
    expect(invalid.find((f) => f.file === 'cfg/not-a-list.yml')?.remediation).toContain('Write each entry under profiles: as a list item');
  });

  it('an OUTBOUND_ALLOW the gate cannot parse says how to write one', async () => {
    const run = await runGate({ root: repo({ 'cfg/a.yml': 'tokens: []\n' }), patterns: ['cfg'], network: true, env: { OUTBOUND_ALLOW: 'not a host!' } });
    expect(run.findings[0]?.remediation).toContain('host names, IP addresses or CIDR ranges separated by commas');
  });
});

describe('a missing ] or quote is one error at the line it opens', () => {
  it.each([
    ['a list', '    audiences: [api://fixture', 5, 16, 'the [ here is never closed by a ], so the lines after it were read as part of the list'],
    ['a map', '    audiences: { a: [api://fixture]', 5, 16, 'the { here is never closed by a }, so the lines after it were read as part of the map'],
    ['a map closed by ]', '    audiences: { a: [api://fixture] ]', 5, 16, 'the { here is closed by ] instead of }'],
    ['a quote', '    audiences: "api://fixture', 5, 16, 'the " here is never closed, so the text after it was read as part of the value'],
  ])('%s', async (_what, broken, line, column, text) => {
    const run = await gate({
      'cfg/a.yml': lines(
        'providers:',
        '  - name: idp',
        '    issuer: https://id.fixture.example',
        '    client_id: c',
        broken,
        '    jwks_uri: https://id.fixture.example/jwks',
        '    redirect_uris: []',
        '    alg_policy: { allowed_algs: [RS256] }',
      ),
    });
    expect(places(run.findings)).toEqual([['CONFIG_YAML_INVALID', line, column]]);
    expect(run.findings[0]?.message).toContain(`YAML syntax error: ${text}`);
    expect(run.findings[0]?.remediation).not.toBe(GATE_CODES.CONFIG_YAML_INVALID.remediation);
  });

  it('an error before the unclosed [ still stands; what follows it is dropped', async () => {
    const run = await gate({ 'cfg/a.yml': lines('a: "\\q"', 'b: [1, 2', 'c: 3', 'd: [4') });
    expect(places(run.findings)).toEqual([['CONFIG_YAML_INVALID', 1, 5], ['CONFIG_YAML_INVALID', 2, 4]]);
    expect(run.findings.map((f) => f.message)).toEqual([
      'YAML syntax error: a double-quoted string has an invalid escape sequence (BAD_DQ_ESCAPE)',
      'YAML syntax error: the [ here is never closed by a ], so the lines after it were read as part of the list',
    ]);
  });

  it('a key written twice is still reported, at the second one', async () => {
    const run = await gate({ 'cfg/a.yml': lines('tokens: []', 'providers: []', 'tokens: []') });
    expect(places(run.findings)).toEqual([['CONFIG_YAML_INVALID', 3, 1]]);
    expect(run.findings[0]?.message).toBe('YAML syntax error: a key appears twice in one mapping (DUPLICATE_KEY)');
  });
});

describe('offline, a sample whose profile fetches its keys is CHECK_SKIPPED, not judged', () => {
  const profiles = lines(
    'profiles:',
    '  - id: by-uri',
    '    issuer: https://id.fixture.example',
    '    audiences: [api://fixture]',
    '    allowed_algs: [RS256]',
    '    jwks_uri: https://id.fixture.example/jwks',
    '  - id: by-discovery',
    '    issuer: https://id.fixture.example',
    '    audiences: [api://fixture]',
    '    allowed_algs: [RS256]',
    '    discovery: true',
    'tokens:',
    ...sample('via-uri', 'by-uri', RS),
    ...sample('via-discovery', 'by-discovery', RS, 'expect: invalid'),
  );

  it('a warning at the issuer_profile_id line says why and what to do; the run passes', async () => {
    const run = await gate({ 'cfg/a.yml': profiles });
    expect(places(run.findings)).toEqual([['CHECK_SKIPPED', 15, 5], ['CHECK_SKIPPED', 19, 5]]);
    expect(run.findings.map((f) => f.severity)).toEqual(['warning', 'warning']);
    expect(run.findings[0]?.message).toBe('Sample "via-uri" was not checked: its issuer profile "by-uri" fetches its keys from its jwks_uri, and nothing is fetched offline.');
    expect(run.findings[1]?.message).toBe('Sample "via-discovery" was not checked: its issuer profile "by-discovery" fetches its keys from its issuer\'s discovery document, and nothing is fetched offline.');
    expect(run.findings[0]?.remediation).toContain('give the profile inline keys (public_key or jwks)');
    expect(run.findings.map((f) => f.code)).not.toContain('JWKS_UNAVAILABLE');
    expect(run.report.results.map((r) => [r.passed, r.not_checked])).toEqual([
      [undefined, 'offline: its issuer profile fetches its keys'],
      [undefined, 'offline: its issuer profile fetches its keys'],
    ]);
    expect(run.report.summary).toMatchObject({ failed: false, text: 'Passed with 2 warnings: 1 file, 2 checks.' });
  });

  it('absent with inline keys: the sample is judged offline', async () => {
    const run = await gate({ 'cfg/a.yml': lines('profiles:', ...hmacProfile('inline'), 'tokens:', ...sample('judged', 'inline')) });
    expect(run.findings).toEqual([]);
    expect(run.report.results[0]?.passed).toBe(true);
  });
});

describe('the offline trailer', () => {
  it('is printed only when a fetch was skipped', async () => {
    const trailer = 'Offline: JWKS and discovery fetches were skipped (CHECK_SKIPPED). Drop --offline to run them.';
    const nothingSkipped = await gate({ 'cfg/a.yml': lines('profiles:', ...hmacProfile('inline'), 'tokens:', ...sample('judged', 'inline')) });
    expect(formatText(nothingSkipped.report, PLAIN, true)).not.toContain(trailer);
    const skipped = await gate({
      'cfg/a.yml': lines('profiles:', '  - id: r', '    issuer: https://id.fixture.example', '    audiences: [a]', '    allowed_algs: [RS256]',
        '    jwks_uri: https://id.fixture.example/jwks', 'tokens:', ...sample('s', 'r', RS)),
    });
    expect(formatText(skipped.report, PLAIN, true)).toContain(`\n${trailer}\n`);
    // Not offline: no trailer, even when a broken OUTBOUND_ALLOW skipped fetches (another finding says so).
    expect(formatText(skipped.report, PLAIN, false)).not.toContain(trailer);
  });
});

describe('the verdict: fail-on governs findings, a configuration error always fails', () => {
  const counts = (errors: number, warnings: number, configErrors = 0) => ({ files: 2, results: 7, errors, warnings, configErrors });

  it.each([
    [counts(0, 0), 'warning', false, 'Passed: 2 files, 7 checks, no findings.'],
    [counts(0, 3), 'error', false, 'Passed with 3 warnings: 2 files, 7 checks.'],
    [counts(0, 3), 'warning', true, 'Failed on warnings (fail-on: warning): 3 warnings in 2 files, 7 checks.'],
    [counts(0, 3), 'never', false, 'Passed with 3 warnings: 2 files, 7 checks.'],
    [counts(2, 1), 'error', true, 'Failed: 2 errors and 1 warning in 2 files, 7 checks.'],
    [counts(2, 1), 'never', false, 'Not failed (fail-on: never): 2 errors and 1 warning in 2 files, 7 checks.'],
    [counts(1, 0, 1), 'never', true, 'Failed: 1 error in 2 files, 7 checks; it is a configuration error, which fails the run whatever fail-on says.'],
    [counts(3, 0, 2), 'never', true, 'Failed: 3 errors in 2 files, 7 checks; 2 of them are configuration errors, which fail the run whatever fail-on says.'],
    [counts(1, 0, 1), 'error', true, 'Failed: 1 error in 2 files, 7 checks.'],
  ] as const)('%j under fail-on %s: failed %s', (c, failOn, failed, text) => {
    expect(verdict(c, failOn)).toEqual({ failed, text });
  });

  it('the report records the rule and the verdict', async () => {
    const run = await gate({ 'cfg/a.yml': lines('tokens:', ...sample('s', 'nobody')) }, { failOn: 'never' });
    expect(run.report.summary).toMatchObject({ fail_on: 'never', failed: true, errors: 1 });
    expect(run.report.valid).toBe(false);
  });
});
