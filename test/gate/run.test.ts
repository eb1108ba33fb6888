import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATTERNS } from '../../src/gate/config/files.ts';
import { shouldFail } from '../../src/gate/outputs/report.ts';
import { tokenFingerprint, type ValidateResponse } from '../../src/engine/index.ts';
import { judge } from '../../src/gate/sections/expect.ts';
import { redactRequest } from '../../src/gate/outputs/redact.ts';
import { runGate } from '../../src/gate/run/run.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');
const repo = (name: string) => path.join(fixtures, 'repos', name);
const secrets = JSON.parse(readFileSync(path.join(fixtures, 'tokens.json'), 'utf8')) as { secret: string; tokens: Record<string, string> };

const offline = (root: string, patterns: string[] = [...DEFAULT_PATTERNS]) => runGate({ root, patterns, network: false, env: {} });

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('judge: expect semantics', () => {
  it.each([
    ['valid', true, [], true],
    ['valid', false, ['AUDIENCE_MISMATCH'], false],
    ['invalid', false, ['AUDIENCE_MISMATCH'], true],
    ['invalid', true, [], false],
    [['AUDIENCE_MISMATCH'], false, ['AUDIENCE_MISMATCH', 'TOKEN_EXPIRED'], true],
    [['AUDIENCE_MISMATCH', 'TOKEN_EXPIRED'], false, ['AUDIENCE_MISMATCH'], false],
    // A listed warning can be met by a token that is valid.
    [['EXPIRATION_MISSING'], true, ['EXPIRATION_MISSING'], true],
    [['TOKEN_EXPIRED'], true, [], false],
  ] as const)('expect %j, valid %s, codes %j -> %s', (expectation, valid, codes, passed) => {
    expect(judge(typeof expectation === 'string' ? expectation : [...expectation], valid, [...codes]).passed).toBe(passed);
  });

  it('names the missing codes', () => {
    expect(judge(['A', 'B'], false, ['A', 'C'])).toEqual({ passed: false, message: 'The sample is expected to produce A, B, but B did not appear (got: A, C).' });
  });
});

describe('redactRequest', () => {
  it('replaces the token by its SHA-256 fingerprint and the secret by a marker, and copies', () => {
    const request = { token: 'a.b.c', policy: { issuer: 'i', secret: 's3cr3t', audiences: ['a'] } };
    const out = redactRequest(request);
    expect(out).toEqual({ token: tokenFingerprint('a.b.c'), policy: { issuer: 'i', secret: '[redacted]', audiences: ['a'] } });
    expect(tokenFingerprint('a.b.c')).toBe(`sha256:${createHash('sha256').update('a.b.c').digest('hex')}`);
    expect(tokenFingerprint('a.b.c')).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(request.token).toBe('a.b.c');
    expect(request.policy.secret).toBe('s3cr3t');
  });
});

describe('runGate on the good fixture', async () => {
  const run = await offline(repo('good'));
  const { report } = run;

  it('passes with the offline CHECK_SKIPPED warning only', () => {
    expect(report.valid).toBe(true);
    expect(run.findings.map((f) => [f.code, f.severity, f.file, f.line, f.column])).toEqual([
      ['CHECK_SKIPPED', 'warning', '.github/oidc-gate/providers.yml', 6, 5],
    ]);
    expect(report.summary).toMatchObject({ files: 2, results: 5, errors: 0, warnings: 1, text: 'Passed with 1 warning: 2 files, 5 checks.' });
  });

  it('has the documented report shape: tool, api_version, valid, summary, results', () => {
    expect(Object.keys(report)).toEqual(['tool', 'api_version', 'valid', 'summary', 'results']);
    expect(report.api_version).toBe('v0.0.1');
    expect(report.tool.name).toBe('oidc-gate');
    expect(report.results.map((r) => [r.kind, r.file, r.name, r.line])).toEqual([
      ['lint', '.github/oidc-gate/providers.yml', 'fixture-idp', 2],
      ['validate', '.github/oidc-gate/samples.yaml', 'hmac-valid', 8],
      ['validate', '.github/oidc-gate/samples.yaml', 'hmac-other-audience', 12],
      ['validate', '.github/oidc-gate/samples.yaml', 'rsa-inline-policy', 17],
      ['validate', '.github/oidc-gate/samples.yaml', 'not-a-jwt', 35],
    ]);
    for (const r of report.results) {
      expect(Object.keys(r).slice(0, 6)).toEqual(['kind', 'file', 'name', 'line', 'request', r.problem !== undefined ? 'problem' : 'response']);
    }
  });

  it('records each sample with its clock, expectation and verdict', () => {
    const samples = report.results.filter((r) => r.kind === 'validate');
    expect(samples.map((r) => [r.at, r.expect, r.passed])).toEqual([
      ['2026-01-01T00:10:00Z', 'valid', true],
      ['2026-01-01T00:10:00Z', ['AUDIENCE_MISMATCH'], true],
      ['2026-01-01T00:10:00Z', 'valid', true],
      ['2026-01-01T00:10:00Z', 'invalid', true],
    ]);
    expect((samples[1]?.response as { findings: { code: string }[] }).findings.map((f) => f.code)).toEqual(['AUDIENCE_MISMATCH']);
    expect(samples[3]?.problem).toMatchObject({ status: 400, code: 'MALFORMED_TOKEN' });
    expect(samples[3]?.response).toBeUndefined();
  });

  it('writes tokens only as fingerprints and never the secret', () => {
    const text = JSON.stringify(report);
    for (const token of Object.values(secrets.tokens)) expect(text).not.toContain(token);
    expect(text).not.toContain(secrets.secret);
    expect(report.results[1]?.request.token).toBe(tokenFingerprint(secrets.tokens['valid-hs.jwt'] as string));
  });
});

describe('runGate on the bad fixture', async () => {
  const run = await offline(repo('bad'));

  it('places lint findings on the line of the field and unmet expectations on the sample', () => {
    expect(run.report.valid).toBe(false);
    expect(run.findings.map((f) => [f.code, f.severity, f.file, f.line, f.column, f.pointer])).toEqual([
      ['INSECURE_URI', 'error', '.github/oidc-gate/provider.yml', 9, 9, '/providers/0/redirect_uris/1'],
      ['WEAK_ALGORITHM', 'error', '.github/oidc-gate/provider.yml', 11, 29, '/providers/0/alg_policy/allowed_algs/1'],
      ['CHECK_SKIPPED', 'warning', '.github/oidc-gate/provider.yml', 6, 5, '/providers/0/jwks_uri'],
      ['TOKEN_EXPIRED', 'error', '.github/oidc-gate/samples.yml', 2, 5, '/tokens/0'],
      ['EXPECTATION_FAILED', 'error', '.github/oidc-gate/samples.yml', 13, 5, '/tokens/1/expect'],
    ]);
    expect(run.findings.every((f) => f.config !== true)).toBe(true);
    expect(run.findings[0]?.stablePointer).toBe('/providers/legacy-idp/redirect_uris/1');
  });

  it('fails under every fail-on but never', () => {
    const { errors, warnings } = run.report.summary;
    expect([shouldFail('error', errors, warnings), shouldFail('warning', errors, warnings), shouldFail('never', errors, warnings)]).toEqual([true, true, false]);
    expect([shouldFail('error', 0, 1), shouldFail('warning', 0, 1), shouldFail('error', 0, 0)]).toEqual([false, true, false]);
  });
});

describe('runGate on the broken fixture', async () => {
  const run = await offline(repo('broken'));

  it('reports every config problem at its line and still checks the other files', () => {
    expect(run.findings.map((f) => [f.code, f.file, f.line, f.config === true])).toEqual([
      ['CONFIG_UNKNOWN_KEY', '.github/oidc-gate/keys.yml', 5, true],
      ['TOKEN_FILE_MISSING', '.github/oidc-gate/keys.yml', 7, true],
      ['CONFIG_UNKNOWN_KEY', '.github/oidc-gate/keys.yml', 14, true],
      ['INSECURE_URI', '.github/oidc-gate/still-checked.yml', 6, false],
      ['CHECK_SKIPPED', '.github/oidc-gate/still-checked.yml', 6, false],
      ['CONFIG_YAML_INVALID', '.github/oidc-gate/syntax.yml', 4, true],
    ]);
    // A typo inside policy is one error at its own line, as one at the top of an entry is: the
    // entry is not sent on to draw a 422 for the key the typo meant as well.
    expect(run.findings[2]?.message).toContain('Unknown key "audience" in policy (did you mean "audiences"?)');
    expect(run.report.results.find((r) => r.name === 'typo-in-policy')).toBeUndefined();
    expect(JSON.stringify(run.report)).not.toContain(secrets.secret);
  });
});

describe('runGate: profiles and run-level problems', () => {
  function write(rel: string, text: string): void {
    const abs = path.join(tmp, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }

  it('says when no config file matched', async () => {
    const run = await offline(tmp, ['nothing/**/*.yml']);
    expect(run.findings.map((f) => [f.code, f.file, f.config])).toEqual([['CONFIG_NOT_FOUND', undefined, true]]);
    expect(run.report.valid).toBe(false);
  });

  it('reports an invalid profile at its field, a duplicate id at the second one, and keeps the good profile', async () => {
    write('profiles/.github/oidc-gate/a.yml', [
      'profiles:',
      '  - id: good',
      '    issuer: https://id.example',
      '    audiences: [api://x]',
      '    allowed_algs: [HS256]',
      `    secret: ${secrets.secret}`,
      '  - id: no-key',
      '    issuer: https://id.example',
      '    audiences: [api://x]',
      '    allowed_algs: [RS256]',
      '    jwks_uri: http://insecure.example/jwks',
      '  - id: good',
      '    issuer: https://other.example',
      '    audiences: [api://x]',
      '    allowed_algs: [HS256]',
      '    secret: another-secret-another-secret-another',
      'tokens:',
      '  - name: uses-good',
      '    token_file: ../../token.jwt',
      '    issuer_profile_id: good',
      '    expect: [AUDIENCE_MISMATCH]',
      '',
    ].join('\n'));
    write('profiles/token.jwt', secrets.tokens['valid-hs.jwt'] as string);
    const masked: string[] = [];
    const run = await runGate({ root: path.join(tmp, 'profiles'), patterns: [...DEFAULT_PATTERNS], network: false, env: {}, onSecret: (s) => masked.push(s) });
    expect(run.findings.map((f) => [f.code, f.line, f.kind])).toEqual([
      ['PROFILE_INVALID', 11, 'profile'],
      ['PROFILE_DUPLICATE', 12, 'profile'],
    ]);
    // The sample reached the first "good" profile (the duplicate did not replace it): the signature
    // verified with its secret, and the expected AUDIENCE_MISMATCH appeared.
    const sample = run.report.results[0];
    expect((sample?.response as ValidateResponse).statuses.signature).toBe('pass');
    expect(sample?.passed).toBe(true);
    expect(masked).toEqual(expect.arrayContaining([secrets.secret, 'another-secret-another-secret-another', secrets.tokens['valid-hs.jwt']]));
  });

  it('loads the issuer-profiles file and reports its problems at their lines', async () => {
    write('pf/profiles.yaml', [
      '- id: from-file',
      '  issuer: https://id.fixture.example',
      '  audiences: [api://fixture]',
      '  allowed_algs: [HS256]',
      `  secret: ${secrets.secret}`,
      '- id: broken',
      '  issuer: https://id.fixture.example',
      '  audiences: [api://fixture]',
      '  allowed_algs: [HS256]',
      '',
    ].join('\n'));
    write('pf/c.yml', `tokens:\n  - token_file: t.jwt\n    issuer_profile_id: from-file\n    at: 2026-01-01T00:10:00Z\n`);
    write('pf/t.jwt', secrets.tokens['valid-hs.jwt'] as string);
    const run = await runGate({ root: path.join(tmp, 'pf'), patterns: ['c.yml'], issuerProfilesFile: 'profiles.yaml', network: false, env: {} });
    expect(run.findings.map((f) => [f.code, f.file, f.line])).toEqual([['PROFILE_INVALID', 'profiles.yaml', 6]]);
    expect(run.report.results[0]?.passed).toBe(true);
  });
});

describe('runGate with the network on', () => {
  // Loopback JWKS: the guarded fetcher refuses it without dialling, so nothing leaves the machine.
  const provider = [
    'providers:',
    '  - name: loopback-idp',
    '    issuer: https://idp.example',
    '    client_id: c',
    '    audiences: [api]',
    '    jwks_uri: https://127.0.0.1:9/jwks',
    '    redirect_uris: [https://app.example/cb]',
    '    alg_policy: { allowed_algs: [RS256] }',
    '',
  ].join('\n');
  const root = path.join(tmp, 'net');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'p.yml'), provider);
  const online = (env: NodeJS.ProcessEnv) => runGate({ root, patterns: ['p.yml'], network: true, env });

  it('an OUTBOUND_ALLOW that cannot be parsed is one run-level CONFIG_INVALID, and the providers are linted offline', async () => {
    const run = await online({ OUTBOUND_ALLOW: 'not a host!' });
    expect(run.findings.map((f) => [f.code, f.file, f.config === true])).toEqual([
      ['CONFIG_INVALID', undefined, true],
      ['CHECK_SKIPPED', 'p.yml', false],
    ]);
    expect(run.findings[0]?.message).toBe('OUTBOUND_ALLOW is invalid: OUTBOUND_ALLOW entry "host!" is not a host name, an IP address or a CIDR');
    expect(run.report.results.map((r) => r.kind)).toEqual(['lint']);
  });

  it('a valid OUTBOUND_ALLOW is no finding: the JWKS fetch runs through the guarded fetcher', async () => {
    const run = await online({ OUTBOUND_ALLOW: 'idp.example, 10.0.0.0/8' });
    expect(run.findings.map((f) => [f.code, f.file])).toEqual([['JWKS_UNREACHABLE', 'p.yml']]);
    expect(run.report.results[0]?.response?.findings[0]?.evidence).toMatchObject({ reason: 'blocked' });
  });
});
