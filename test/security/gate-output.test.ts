/**
 * What the action and CLI write about a run the pull request controls: instants judged as written
 * (never rolled over to another day), SARIF locations that stay valid URIs whatever the file name,
 * an annotation count the runner shows in full, and one faulty entry that cannot stop the others.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Fetcher, FetchJsonResult } from '../../src/engine/index.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { bundlesPresent, known, runActionBundle, runCliBundle, tempParent } from '../fixtures/harness.ts';
import { repoWith } from './outputs.ts';

const parent = tempParent('oidc-gate-gate-output-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const HS_TOKEN = known.tokens['valid-hs.jwt'] as string;
const annotationLines = (stdout: string) => stdout.split('\n').filter((l) => /^::(error|warning|notice)\b/.test(l));

/** One sample of the fixture HS256 token (iat 2026-01-01T00:00Z, exp 01:00Z) with the given `at` and `expect`. */
function sample(name: string, at: string, expect = 'valid'): string[] {
  return [
    `  - name: ${name}`,
    `    token: ${HS_TOKEN}`,
    `    at: ${at}`,
    `    expect: ${expect}`,
    '    policy:',
    '      issuer: https://id.fixture.example',
    '      audiences: [api://fixture]',
    '      allowed_algs: [HS256]',
    `      secret: ${known.secret}`,
  ];
}

describe.skipIf(!bundlesPresent())('instants: --at on the command line', () => {
  const dir = repoWith(parent, {
    'req.json': JSON.stringify({
      token: HS_TOKEN,
      policy: { issuer: 'https://id.fixture.example', audiences: ['api://fixture'], allowed_algs: ['HS256'], secret: known.secret },
    }),
  });

  it.each([
    ['0', '"0" is not in that form'],
    ['March 7', '"March 7" is not in that form'],
    ['2026-02-30T00:00:00Z', '"2026-02-30T00:00:00Z" has day 30, but February 2026 has 28 days'],
    ['2026-02-29T00:00:00Z', 'February 2026 has 28 days'],
    ['2026-13-01T00:00:00Z', 'has month 13'],
    ['2026-01-01T24:00:00Z', 'has hour 24'],
    ['2026-01-01T00:00:00', 'is not in that form'],
  ])('--at %j: exit 2 with one line saying the format expected', (at, reason) => {
    const r = runCliBundle(dir, ['validate', 'req.json', '--at', at]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--at must be an RFC 3339 date-time with Z or an offset, such as 2026-01-01T00:00:00Z');
    expect(r.stderr).toContain(reason);
  });

  it('accepts a leap day and an offset, and reads the offset the right way round', () => {
    // 05:40 at +05:30 is 00:10Z, inside the token's hour; read backwards it would be 11:10Z, expired.
    const inside = runCliBundle(dir, ['validate', 'req.json', '--at', '2026-01-01T05:40:00+05:30']);
    expect(inside.stderr).toBe('');
    expect(JSON.parse(inside.stdout)).toMatchObject({ valid: true });
    expect(inside.status).toBe(0);
    const leapDay = runCliBundle(dir, ['validate', 'req.json', '--at', '2024-02-29T00:00:00Z']);
    expect(leapDay.stderr).toBe('');
    expect(leapDay.status).toBe(1);
    expect((JSON.parse(leapDay.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain('TOKEN_ISSUED_IN_FUTURE');
  });
});

describe.skipIf(!bundlesPresent())('instants: at: in a config file', () => {
  const lines = [
    'tokens:',
    ...sample('feb-30', '2026-02-30T00:00:00Z'), // line 2, at: on line 4
    ...sample('leap-2024', '2024-02-29T00:00:00Z', 'invalid'), // line 11, at: 13
    ...sample('feb-29-2026', '2026-02-29T00:00:00Z'), // line 20, at: 22
    ...sample('plus-0530', '2026-01-01T05:40:00+05:30'), // line 29, at: 31
    ...sample('minus-0530', '2026-01-01T00:40:00-05:30', '[TOKEN_EXPIRED]'), // line 38, at: 40
    '',
  ];
  const config = lines.join('\n');
  const atLine = (name: string) => lines.indexOf(`  - name: ${name}`) + 3;

  it('refuses Feb 30 and Feb 29 of a common year at the line of at:, accepts a leap day and offsets (CLI)', () => {
    const dir = repoWith(parent, { 'cfg/at.yml': config });
    const r = runCliBundle(dir, ['check', 'cfg', '--offline', '--format', 'json']);
    expect(r.status).toBe(2);
    const report = JSON.parse(r.stdout) as {
      summary: { findings: { code: string; line: number; message: string }[] };
      results: { name: string; at: string; passed: boolean }[];
    };
    expect(report.summary.findings.map((f) => [f.code, f.line])).toEqual([['CONFIG_INVALID', atLine('feb-30')], ['CONFIG_INVALID', atLine('feb-29-2026')]]);
    expect(report.summary.findings[0]?.message).toBe(
      'at must be an RFC 3339 date-time with Z or an offset, such as 2026-01-01T00:00:00Z or 2026-01-01T05:30:00+05:30; the value has day 30, but February 2026 has 28 days.',
    );
    expect(report.results.map((x) => [x.name, x.at, x.passed])).toEqual([
      ['leap-2024', '2024-02-29T00:00:00Z', true],
      ['plus-0530', '2026-01-01T05:40:00+05:30', true],
      ['minus-0530', '2026-01-01T00:40:00-05:30', true],
    ]);
  });

  it('the action annotates the refused at: line', () => {
    const dir = repoWith(parent, { 'cfg/at.yml': config });
    const r = runActionBundle(dir, { config: 'cfg', network: 'false' });
    expect(r.status).toBe(1);
    expect(annotationLines(r.stdout).filter((l) => l.includes('CONFIG_INVALID')).map((l) => l.slice(0, l.indexOf('::', 2)))).toEqual([
      `::error title=CONFIG_INVALID,file=cfg/at.yml,line=${atLine('feb-30')},col=5`,
      `::error title=CONFIG_INVALID,file=cfg/at.yml,line=${atLine('feb-29-2026')},col=5`,
    ]);
  });
});

/** A provider with `count` plain-http redirect URIs: one INSECURE_URI error each. */
function providerWithInsecureUris(count: number): string {
  const uris = Array.from({ length: count }, (_, i) => `      - http://app${i}.example/cb`);
  return ['providers:', '  - name: many', '    issuer: https://id.example', '    client_id: c', '    audiences: [a]',
    '    jwks_uri: https://id.example/jwks', '    redirect_uris:', ...uris, '    alg_policy: { allowed_algs: [RS256] }', ''].join('\n');
}

describe.skipIf(!bundlesPresent())('SARIF locations', () => {
  const file = 'cfg/a b#1.yml';

  it('percent-encode each path segment, so "a b#1.yml" is one valid relative URI (action and CLI)', () => {
    const dir = repoWith(parent, { [file]: providerWithInsecureUris(1) });
    const action = runActionBundle(dir, { config: 'cfg', network: 'false', 'sarif-path': 'out.sarif' });
    expect(action.status).toBe(1);
    const cli = runCliBundle(dir, ['check', 'cfg', '--offline', '--format', 'sarif']);
    for (const text of [readFileSync(path.join(dir, 'out.sarif'), 'utf8'), cli.stdout]) {
      const sarif = JSON.parse(text) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }[] }[] };
      const locations = sarif.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation);
      expect(locations?.length).toBeGreaterThan(0);
      for (const location of locations ?? []) {
        expect(location).toEqual({ uri: 'cfg/a%20b%231.yml', uriBaseId: '%SRCROOT%' });
        // Resolved against a base, it names the file itself: no fragment cut off at "#".
        const resolved = new URL(location?.uri as string, 'file:///src/');
        expect(resolved.hash).toBe('');
        expect(decodeURIComponent(resolved.pathname)).toBe(`/src/${file}`);
      }
    }
  });
});

describe.skipIf(!bundlesPresent())('annotations', () => {
  it('a failing run with 15 errors: exactly 10 ::error lines, the failure message last, then a notice counting the rest', () => {
    const dir = repoWith(parent, { 'cfg/many.yml': providerWithInsecureUris(15) });
    const r = runActionBundle(dir, { config: 'cfg', network: 'false' });
    expect(r.status).toBe(1);
    const errors = annotationLines(r.stdout).filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(10);
    expect(errors.slice(0, 9).every((l) => l.startsWith('::error title=INSECURE_URI,file=cfg/many.yml,'))).toBe(true);
    expect(errors[9]).toBe('::error::oidc-gate: Failed: 15 errors and 1 warning in 1 file, 1 check. (fail-on: error)');
    expect(annotationLines(r.stdout).filter((l) => l.startsWith('::notice'))).toEqual([
      '::notice title=oidc-gate::6 more errors not shown as annotations (at most 10 per level, the failure message among the errors); see the job summary and the report (oidc-gate-report.json) for every finding.',
    ]);
  });

  it('a run that does not fail (fail-on never) shows 10 finding errors, since no failure message follows', () => {
    const dir = repoWith(parent, { 'cfg/many.yml': providerWithInsecureUris(15) });
    const r = runActionBundle(dir, { config: 'cfg', network: 'false', 'fail-on': 'never' });
    expect(r.status).toBe(0);
    const errors = annotationLines(r.stdout).filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(10);
    expect(errors.every((l) => l.startsWith('::error title=INSECURE_URI'))).toBe(true);
    expect(annotationLines(r.stdout).filter((l) => l.startsWith('::notice'))).toEqual([
      '::notice title=oidc-gate::5 more errors not shown as annotations (at most 10 per level); see the job summary and the report (oidc-gate-report.json) for every finding.',
    ]);
  });
});

describe('a fault while checking one entry', () => {
  const SENTINEL = 'fault-message-quoting-input-Hx7Kq2Lm9';
  const jwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' };

  /** Serves a good JWKS, except for URLs on the faulty host, where it throws as a bug would. */
  function fetcherFaultingOn(host: string | undefined): Fetcher & { urls: string[] } {
    const urls: string[] = [];
    return {
      urls,
      online: true,
      getJson: async (url: string): Promise<FetchJsonResult> => {
        urls.push(url);
        if (host !== undefined && new URL(url).host === host) throw new TypeError(`cannot read ${SENTINEL}`);
        return { ok: true, url, status: 200, headers: { 'cache-control': 'max-age=600' }, json: { keys: [jwk] } };
      },
    };
  }

  const provider = (name: string): string[] => [
    `  - name: ${name}`,
    `    issuer: https://${name}.example`,
    '    client_id: c',
    '    audiences: [api]',
    `    jwks_uri: https://${name}.example/jwks`,
    '    redirect_uris: [https://app.example/cb]',
    '    alg_policy: { allowed_algs: [RS256] }',
  ];
  const lines = ['providers:', ...provider('idp-a'), ...provider('idp-b'), ...provider('idp-c'), ''];

  async function run(host: string | undefined) {
    const root = repoWith(parent, { '.github/oidc-gate/p.yml': lines.join('\n') });
    const fetcher = fetcherFaultingOn(host);
    const gate = await runGate({ root, patterns: ['.github/oidc-gate/*.yml'], network: true, env: {} }, { fetcher });
    return { gate, fetcher };
  }

  it('is INTERNAL_ERROR on that entry; the other two are still checked and reported', async () => {
    const { gate, fetcher } = await run('idp-b.example');
    expect(fetcher.urls.sort()).toEqual(['https://idp-a.example/jwks', 'https://idp-b.example/jwks', 'https://idp-c.example/jwks']);
    expect(gate.findings.map((f) => [f.code, f.name, f.line, f.config === true])).toEqual([
      ['INTERNAL_ERROR', 'idp-b', lines.indexOf('  - name: idp-b') + 1, false],
    ]);
    expect(gate.findings[0]?.message).toBe('oidc-gate failed unexpectedly while checking the provider "idp-b", so it was not checked. This is a bug in oidc-gate: please report it.');
    expect(gate.report.results.map((r) => [r.name, (r.response as { valid: boolean }).valid])).toEqual([['idp-a', true], ['idp-c', true]]);
    expect(gate.report.valid).toBe(false);
    // Neither the exception's message (it may quote input) nor a stack reaches any output.
    const text = JSON.stringify(gate);
    expect(text).not.toContain(SENTINEL);
    expect(text).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('a sample whose key fetch faults is INTERNAL_ERROR; the samples around it are judged', async () => {
    const root = repoWith(parent, {
      '.github/oidc-gate/t.yml': [
        'profiles:',
        '  - id: remote',
        '    issuer: https://id.fixture.example',
        '    audiences: [api://fixture]',
        '    allowed_algs: [RS256]',
        '    jwks_uri: https://faulty.example/jwks',
        'tokens:',
        ...sample('before', known.at),
        '  - name: remote-sample',
        `    token: ${known.tokens['valid-rs.jwt'] as string}`,
        '    issuer_profile_id: remote',
        `    at: ${known.at}`,
        ...sample('after', known.at),
        '',
      ].join('\n'),
    });
    const gate = await runGate({ root, patterns: ['.github/oidc-gate/*.yml'], network: true, env: {} }, { fetcher: fetcherFaultingOn('faulty.example') });
    expect(gate.findings.map((f) => [f.code, f.name])).toEqual([['INTERNAL_ERROR', 'remote-sample']]);
    expect(gate.findings[0]?.message).toContain('the sample token "remote-sample"');
    expect(gate.report.results.map((r) => [r.name, r.passed])).toEqual([['before', true], ['after', true]]);
    expect(JSON.stringify(gate)).not.toContain(SENTINEL);
  });

  it('is absent when nothing faults: the same three entries all pass', async () => {
    const { gate } = await run(undefined);
    expect(gate.findings).toEqual([]);
    expect(gate.report.results.map((r) => r.name)).toEqual(['idp-a', 'idp-b', 'idp-c']);
  });
});

