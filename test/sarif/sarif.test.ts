/**
 * SARIF as GitHub code scanning reads it: a valid SARIF 2.1.0 log (checked against the schema subset in
 * this folder), rules that link to each code's page and carry a security severity, and rule help that
 * fits every finding of the code. The bundles are run as processes on real files.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findingCatalogue } from '../../src/gate/catalogue.ts';
import { buildSarif, findingPageUrl, REPOSITORY_URL } from '../../src/gate/outputs/sarif.ts';
import { bundlesPresent, ROOT, runActionBundle, runCliBundle, tempParent, workspace } from '../fixtures/harness.ts';
import { sarifProblems } from './validate-sarif.ts';

interface Rule {
  id: string;
  helpUri?: string;
  help?: { text: string; markdown: string };
  properties?: Record<string, unknown>;
}
interface Log {
  runs: { tool: { driver: { name: string; informationUri?: string; rules: Rule[] } }; results: { ruleId: string }[] }[];
}

const parent = tempParent('oidc-gate-sarif-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** One finding of every catalogue code, each with a file and line, so every rule is in the log. */
function everyCode(): Parameters<typeof buildSarif>[0] {
  return findingCatalogue.map((d, i) => ({ code: d.code, severity: d.severity, message: `m${i}`, file: 'a b#1.yml', line: i + 1, column: 1, remediation: 'from the finding' }));
}

const rulesOf = (log: unknown): Rule[] => (log as Log).runs[0]?.tool.driver.rules ?? [];

describe('the SARIF 2.1.0 schema subset', () => {
  it('accepts a log with every code oidc-gate has', () => {
    expect(sarifProblems(buildSarif(everyCode()))).toEqual([]);
  });

  it('refuses what SARIF 2.1.0 refuses: a result without message, line 0, an unknown level, a relative helpUri, an unknown member', () => {
    const log = buildSarif(everyCode()) as { runs: { tool: { driver: { rules: Record<string, unknown>[] } }; results: Record<string, unknown>[] }[] };
    const run = log.runs[0];
    if (run === undefined) throw new Error('no run');
    delete run.results[0]?.message;
    (run.results[1] as { locations: { physicalLocation: { region: { startLine: number } } }[] }).locations[0]!.physicalLocation.region.startLine = 0;
    run.results[2]!.level = 'fatal';
    run.tool.driver.rules[0]!.helpUri = 'docs/findings/ALGORITHM_INVALID.md';
    run.tool.driver.rules[1]!.helpURI = 'https://example.com';
    expect(sarifProblems(log)).toEqual([
      '/runs/0/tool/driver/rules/0/helpUri must match format "uri"',
      '/runs/0/tool/driver/rules/1 must NOT have additional properties (helpURI)',
      '/runs/0/results/0 must have required property \'message\'',
      '/runs/0/results/1/locations/0/physicalLocation/region/startLine must be >= 1',
      '/runs/0/results/2/level must be equal to one of the allowed values',
    ]);
  });
});

describe('SARIF rules', () => {
  it('link each code to its page in docs/findings, which exists, under the repository of package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { repository?: { url?: string } };
    expect(pkg.repository?.url).toBe(`git+${REPOSITORY_URL}.git`);
    for (const rule of rulesOf(buildSarif(everyCode()))) {
      expect(rule.helpUri, rule.id).toBe(`${REPOSITORY_URL}/blob/main/docs/findings/${rule.id}.md`);
      expect(existsSync(path.join(ROOT, 'docs/findings', `${rule.id}.md`)), rule.id).toBe(true);
    }
  });

  it('carry the catalogue\'s security severity as a string of one decimal, with the security tag code scanning needs', () => {
    const rules = rulesOf(buildSarif(everyCode()));
    expect(rules).toHaveLength(findingCatalogue.length);
    for (const d of findingCatalogue) {
      const rule = rules.find((r) => r.id === d.code);
      expect(rule?.properties, d.code).toEqual({ tags: ['security', 'oidc'], 'security-severity': d.securitySeverity?.toFixed(1) });
      expect(Number(rule?.properties?.['security-severity']), d.code).toBeGreaterThan(0);
    }
    expect(rules.find((r) => r.id === 'JWKS_PRIVATE_KEY_EXPOSED')?.properties?.['security-severity']).toBe('9.8');
  });

  it('have help that says what the code means, why it matters and how to fix it, and links the page', () => {
    for (const rule of rulesOf(buildSarif(everyCode()))) {
      const d = findingCatalogue.find((c) => c.code === rule.id);
      const fix = d?.fix ?? d?.remediation;
      expect(rule.help?.text, rule.id).toContain(`Why it matters: ${d?.why}`);
      expect(rule.help?.text, rule.id).toContain(`How to fix: ${fix}`);
      expect(rule.help?.text, rule.id).toContain(findingPageUrl(rule.id));
      expect(rule.help?.markdown, rule.id).toContain(`](${findingPageUrl(rule.id)})`);
      // The finding's own remediation speaks of one finding; the rule's help is the code's.
      expect(rule.help?.text, rule.id).not.toContain('from the finding');
    }
  });

  it('escape Markdown in help: a placeholder such as <issuer> is text, not an HTML tag', () => {
    const rule = rulesOf(buildSarif(everyCode())).find((r) => r.id === 'DISCOVERY_UNREACHABLE');
    expect(rule?.help?.text).toContain('<issuer>/.well-known/openid-configuration');
    expect(rule?.help?.markdown).toContain('\\<issuer\\>/.well-known/openid-configuration');
  });

  it('name the tool\'s home as the driver\'s informationUri', () => {
    expect((buildSarif(everyCode()) as Log).runs[0]?.tool.driver.informationUri).toBe(REPOSITORY_URL);
  });
});

/** A workspace holding one config file, plus the bundles' harness around it. */
function repoWith(name: string, files: Record<string, string>): string {
  const dir = path.join(parent, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const discoveringProvider = [
  'providers:',
  '  - name: orders-web',
  '    issuer: https://idp.example.com',
  '    client_id: orders-web',
  '    audiences: [api://orders]',
  '    jwks_uri: https://idp.example.com/keys',
  '    redirect_uris: [https://orders.example.com/callback]',
  '    alg_policy: { allowed_algs: [RS256] }',
  '    discover: true',
  '',
].join('\n');

describe.skipIf(!bundlesPresent())('the SARIF file the bundles write', () => {
  it('is valid SARIF 2.1.0 from the action on every fixture repository, each rule with its page and security severity', () => {
    for (const fixture of ['good', 'bad', 'broken', 'parity']) {
      const dir = workspace(fixture, parent);
      const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'results.sarif' });
      expect(r.status, `${fixture}: ${r.stderr}`).not.toBeNull();
      const log = JSON.parse(readFileSync(path.join(dir, 'results.sarif'), 'utf8')) as Log;
      expect(sarifProblems(log), fixture).toEqual([]);
      const run = log.runs[0];
      expect(run?.tool.driver.informationUri).toBe(REPOSITORY_URL);
      expect(run?.results.length, fixture).toBeGreaterThan(0);
      for (const rule of run?.tool.driver.rules ?? []) {
        expect(rule.helpUri, `${fixture} ${rule.id}`).toBe(findingPageUrl(rule.id));
        expect(rule.properties?.['security-severity'], `${fixture} ${rule.id}`).toMatch(/^\d{1,2}\.\d$/);
      }
    }
  });

  it('is valid SARIF 2.1.0 from the CLI (--format sarif) on the broken example', () => {
    const dir = path.join(parent, 'examples-copy');
    cpSync(path.join(ROOT, 'examples'), path.join(dir, 'examples'), { recursive: true });
    const r = runCliBundle(dir, ['check', '--offline', '--format', 'sarif', 'examples/broken']);
    expect(r.status).toBe(1);
    const log = JSON.parse(r.stdout) as Log;
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0]?.results.map((x) => x.ruleId).sort()).toEqual(
      ['CHECK_SKIPPED', 'INSECURE_URI', 'ISSUER_MISMATCH', 'JWKS_URI_MISMATCH', 'REDIRECT_URI_WILDCARD', 'WEAK_ALGORITHM'],
    );
  });

  it('gives CHECK_SKIPPED help that fits a skipped discovery, not only a skipped JWKS', () => {
    // Before: the rule's help was the first result's remediation, "Run again with network access to check the JWKS."
    const dir = repoWith('discovery-offline', { '.github/oidc-gate/idp.yml': discoveringProvider });
    const r = runActionBundle(dir, { network: 'false', 'sarif-path': 'results.sarif' });
    expect(r.status).toBe(0);
    const log = JSON.parse(readFileSync(path.join(dir, 'results.sarif'), 'utf8')) as Log;
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0]?.results.filter((x) => x.ruleId === 'CHECK_SKIPPED')).toHaveLength(2);
    const help = log.runs[0]?.tool.driver.rules.find((x) => x.id === 'CHECK_SKIPPED')?.help;
    expect(help?.text).toContain('so the JWKS and the discovery document are fetched and checked');
    expect(help?.text).not.toMatch(/^Run again with network access to check the JWKS\.$/m);
  });
});
