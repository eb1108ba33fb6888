/**
 * Size limits of the gate's YAML inputs, through the action bundle as a process: 1 MiB per file,
 * 10,000 nodes per file after alias expansion, 1,000 entries per run, strict UTF-8. A file past a
 * limit is one CONFIG_TOO_LARGE and nothing else, so a few kilobytes of aliases cannot make the
 * report, the summary or memory grow without bound.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, known, runActionBundle, tempParent, workspace } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-limits-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

interface Finding { code: string; severity: string; message: string; file?: string; line?: number }
interface ReportShape { valid: boolean; summary: { errors: number; warnings: number; findings: Finding[] }; results: unknown[] }

/** The good fixture plus `files` (relative to .github/oidc-gate), run offline. */
function gate(files: Record<string, string | Buffer>, inputs: Record<string, string> = {}) {
  const dir = workspace('good', parent);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, '.github/oidc-gate', name), content);
  const run = runActionBundle(dir, { network: 'false', ...inputs });
  const reportFile = path.join(dir, 'oidc-gate-report.json');
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ReportShape;
  // The good fixture alone has exactly one finding, this warning; everything else comes from `files`.
  const added = report.summary.findings.filter((f) => !(f.code === 'CHECK_SKIPPED' && f.file === '.github/oidc-gate/providers.yml'));
  return { run, report, added, reportBytes: statSync(reportFile).size };
}
const codes = (findings: Finding[]) => findings.map((f) => [f.code, f.file, f.line]);

/** A lint request as a flow map: 20 nodes (the map, 7 keys, 12 values and list items). */
const PROVIDER = '{name: p, issuer: https://id.example, client_id: c, audiences: [a], jwks_uri: https://id.example/jwks, redirect_uris: [https://app.example/cb], alg_policy: {allowed_algs: [RS256]}}';

/**
 * providers: one provider whose redirect_uris and alg_policy are anchored, `copies - 1` more (each with
 * a name of its own, as names are unique in a file) whose redirect_uris and alg_policy are aliases of
 * them, then one literal provider with `extra` more audiences: 3 (map, key, list) + 20 × copies + 20 +
 * extra nodes.
 */
function providersFile(copies: number, extra: number): string {
  const audiences = ['a', ...Array.from({ length: extra }, (_, i) => `a${i}`)].join(', ');
  const anchored = PROVIDER.replace('redirect_uris: [', 'redirect_uris: &r [').replace('alg_policy: {', 'alg_policy: &g {');
  const aliased = (i: number) => PROVIDER.replace('name: p', `name: p${i}`)
    .replace('redirect_uris: [https://app.example/cb]', 'redirect_uris: *r').replace('alg_policy: {allowed_algs: [RS256]}', 'alg_policy: *g');
  return [
    'providers:',
    `  - ${anchored}`,
    ...Array.from({ length: copies - 1 }, (_, i) => `  - ${aliased(i + 1)}`),
    `  - ${PROVIDER.replace('name: p', 'name: last').replace('audiences: [a]', `audiences: [${audiences}]`)}`,
    '',
  ].join('\n');
}

describe.skipIf(!bundlesPresent())('YAML nodes after alias expansion: at most 10,000 per file', () => {
  it('an alias bomb of a few hundred bytes is exactly one CONFIG_TOO_LARGE, and the report stays small', () => {
    const levels = Array.from({ length: 9 }, (_, i) =>
      `      - &l${i} [${Array.from({ length: 10 }, () => (i === 0 ? 'lol' : `*l${i - 1}`)).join(', ')}]`);
    const bomb = ['providers:', '  - name: bomb', '    issuer: https://id.example', '    redirect_uris:', ...levels, ''].join('\n');
    expect(bomb.length).toBeLessThan(1024);
    const { run, added, report, reportBytes } = gate({ 'bomb.yml': bomb });
    expect(codes(added)).toEqual([['CONFIG_TOO_LARGE', '.github/oidc-gate/bomb.yml', 1]]);
    expect(added[0]?.message).toBe('.github/oidc-gate/bomb.yml has more than 10,000 YAML nodes once aliases are expanded (every map, list and value counts, keys included, and an alias counts as a copy of what it names); refusing to check it.');
    expect(report.summary.errors).toBe(1);
    expect(run.status).toBe(1);
    expect(reportBytes).toBeLessThan(20_000);
  });

  it('flat reuse of many anchors, each used under the yaml package\'s own alias heuristic, is one CONFIG_TOO_LARGE', () => {
    // The shape of the reported case: 10 anchors × 100 uses, each provider with 14 findings.
    const bad = PROVIDER.replace('https://app.example/cb', Array.from({ length: 12 }, (_, i) => `http://app.example/${i}`).join(', '))
      .replace('[RS256]', '[none, HS256]');
    const lines = ['providers:'];
    for (let a = 0; a < 10; a++) {
      lines.push(`  - &p${a} ${bad.replace('name: p', `name: p${a}`)}`);
      for (let i = 0; i < 99; i++) lines.push(`  - *p${a}`);
    }
    const { added, reportBytes } = gate({ 'flat.yml': `${lines.join('\n')}\n` });
    expect(codes(added)).toEqual([['CONFIG_TOO_LARGE', '.github/oidc-gate/flat.yml', 1]]);
    expect(reportBytes).toBeLessThan(20_000);
  });

  it('exactly 10,000 nodes pass; 10,001 is CONFIG_TOO_LARGE', () => {
    // 3 + 20 × 498 + 20 + 17 = 10,000.
    const at = gate({ 'nodes.yml': providersFile(498, 17) });
    expect(at.added.filter((f) => f.severity === 'error')).toEqual([]);
    expect(at.report.results).toHaveLength(499 + 5);
    expect(at.run.status).toBe(0);
    const over = gate({ 'nodes.yml': providersFile(498, 18) });
    expect(codes(over.added)).toEqual([['CONFIG_TOO_LARGE', '.github/oidc-gate/nodes.yml', 1]]);
  });

  it('a recursive alias is one CONFIG_YAML_INVALID at the alias, and the report is still written', () => {
    const recursive = PROVIDER.replace('audiences: [a]', 'audiences: &a [a, *a]');
    const { added, run } = gate({ 'loop.yml': `providers:\n  - ${recursive}\n` });
    expect(added.map((f) => [f.code, f.line, f.message])).toEqual([
      ['CONFIG_YAML_INVALID', 2, 'YAML syntax error: an alias refers to a node that contains it (a recursive structure)'],
    ]);
    expect(run.status).toBe(1);
  });

  it('text that aliases expand past 1 MiB is CONFIG_TOO_LARGE', () => {
    const long = 'x'.repeat(600_000);
    const { added } = gate({ 'text.yml': `providers:\n  - name: &s ${long}\n    issuer: *s\n` });
    expect(added.map((f) => [f.code, f.message])).toEqual([
      ['CONFIG_TOO_LARGE', '.github/oidc-gate/text.yml holds more than 1,048,576 characters of text once aliases are expanded; refusing to check it.'],
    ]);
  });
});

describe.skipIf(!bundlesPresent())('entries: at most 1,000 per run across all files', () => {
  /** `count` issuer profiles, 13 nodes each, with ids unique across files. */
  const profiles = (prefix: string, count: number) => ['profiles:', ...Array.from({ length: count }, (_, i) =>
    `  - {id: ${prefix}${i}, issuer: https://id.example, audiences: [a], allowed_algs: [HS256], secret: ${known.secret}}`), ''].join('\n');

  it('700 + 295 entries and the fixture\'s 1 + 5 make 1,001: the file that passes the limit is one CONFIG_TOO_LARGE, the others are checked', () => {
    // Files are taken in path order: .github/oidc-gate/a.yml, b.yml, providers.yml, samples.yaml.
    const { added, run } = gate({ 'a.yml': profiles('a', 700), 'b.yml': profiles('b', 295) });
    expect(codes(added)).toEqual([['CONFIG_TOO_LARGE', '.github/oidc-gate/samples.yaml', 1]]);
    expect(added[0]?.message).toBe('.github/oidc-gate/samples.yaml has 5 entries and the files before it 996: more than the 1,000 entries (providers, profiles, samples and trust policies) one run may check, so none of its entries were checked.');
    expect(run.status).toBe(1);
  });

  it('1,001 entries in two files of 500 and 501 refuse the second', () => {
    const { added } = gate({ 'a.yml': profiles('a', 500), 'b.yml': profiles('b', 501) }, { config: '.github/oidc-gate/[ab].yml' });
    expect(codes(added)).toEqual([['CONFIG_TOO_LARGE', '.github/oidc-gate/b.yml', 1]]);
  });

  it('1,000 entries in two files pass', () => {
    const { added, report, run } = gate({ 'a.yml': profiles('a', 500), 'b.yml': profiles('b', 500) }, { config: '.github/oidc-gate/[ab].yml' });
    expect(added).toEqual([]);
    expect(report.valid).toBe(true);
    expect(run.status).toBe(0);
  });
});

describe.skipIf(!bundlesPresent())('bytes and encoding', () => {
  const padded = (body: string, size: number) => `${body}#${'x'.repeat(size - Buffer.byteLength(body) - 2)}\n`;
  const provider = `providers:\n  - ${PROVIDER.replace('name: p', 'name: padded')}\n`;

  it('a config file over 1 MiB is one CONFIG_TOO_LARGE; exactly 1 MiB passes', () => {
    const over = gate({ 'big.yml': padded(provider, 1024 * 1024 + 1) });
    expect(over.added.map((f) => [f.code, f.message])).toEqual([
      ['CONFIG_TOO_LARGE', '.github/oidc-gate/big.yml is larger than 1 MiB (1,048,576 bytes); refusing to read it.'],
    ]);
    const exact = gate({ 'big.yml': padded(provider, 1024 * 1024) });
    expect(exact.added.map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
  });

  it('a file that is not valid UTF-8 is CONFIG_INVALID at line 1, never decoded with replacement characters', () => {
    const latin1 = Buffer.concat([Buffer.from(provider), Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]);
    const { added } = gate({ 'latin1.yml': latin1 });
    expect(added.map((f) => [f.code, f.line, f.message])).toEqual([
      ['CONFIG_INVALID', 1, '.github/oidc-gate/latin1.yml is not valid UTF-8 text; save it as UTF-8.'],
    ]);
  });

  it('UTF-8 with a byte order mark and non-ASCII text passes', () => {
    const { added } = gate({ 'utf8.yml': `\ufeff# café, 東京, ✓\n${provider}` });
    expect(added.map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
  });
});
