/**
 * `docs/findings/<CODE>.md`: a page per finding code, rendered from the catalogue by scripts/docs.ts.
 * These tests fail when a page is missing, stale or left over, and when a code lacks what its page needs.
 */
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingCatalogue } from '../../src/gate/catalogue.ts';
import { createEngine } from '../../src/engine/index.ts';
import type { FindingDefinition } from '../../src/engine/findings.ts';
import { DOCS_DIR, INDEX_PAGE, pageProblems, renderPages, writePages } from '../../scripts/docs.ts';
import { runExample } from '../../scripts/finding-examples.ts';

let pages: Map<string, string>;
beforeAll(async () => {
  pages = await renderPages();
});

const scratch = mkdtempSync(path.join(tmpdir(), 'oidc-gate-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('docs/findings', () => {
  it('has a page for every finding code, each what the catalogue renders, and nothing else (run `npm run docs`)', () => {
    expect(pageProblems(DOCS_DIR, pages)).toEqual([]);
    expect([...pages.keys()].sort()).toEqual([...findingCatalogue.map((d) => `${d.code}.md`), INDEX_PAGE].sort());
  });

  it('the check reports a missing page, a stale page and a page of no code', () => {
    const dir = path.join(scratch, 'pages');
    writePages(dir, pages);
    expect(pageProblems(dir, pages)).toEqual([]);
    unlinkSync(path.join(dir, 'AUDIENCE_MISMATCH.md'));
    writeFileSync(path.join(dir, 'TOKEN_EXPIRED.md'), `${pages.get('TOKEN_EXPIRED.md')}\nEdited by hand.\n`);
    writeFileSync(path.join(dir, 'RETIRED_CODE.md'), '# RETIRED_CODE\n');
    expect(pageProblems(dir, pages)).toEqual(['AUDIENCE_MISMATCH.md is missing', 'TOKEN_EXPIRED.md is stale', 'RETIRED_CODE.md belongs to no finding code']);
    writePages(dir, pages);
    expect(pageProblems(dir, pages)).toEqual([]);
  });

  it('every page says what the code means, why it matters, how to fix it, and shows an example', () => {
    for (const d of findingCatalogue) {
      const page = pages.get(`${d.code}.md`) ?? '';
      const sections = ['## What it means', '## Why it matters', '## How to fix', '## Example', ...(d.sources === undefined ? [] : ['## Sources'])];
      expect(page.split('\n').filter((l) => l.startsWith('## ')), d.code).toEqual(sections);
      for (const source of d.sources ?? []) expect(page, d.code).toContain(`- [${source.title}](${source.url})`);
      expect(page, d.code).toContain(`# ${d.code}\n`);
      expect(page, d.code).toMatch(/What oidc-gate reports:\n\n```text\n.+/);
    }
  });

  it('every example shows its own code in what oidc-gate reports', () => {
    for (const d of findingCatalogue) {
      const report = (pages.get(`${d.code}.md`) ?? '').split('What oidc-gate reports:')[1] ?? '';
      expect(report, d.code).toMatch(new RegExp(`(error|warning)  ${d.code}  |"code": "${d.code}"`));
    }
  });

  it('no page holds a compact JWT: sample tokens are shown decoded', () => {
    for (const [name, page] of pages) expect(page, name).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./);
  });

  it('the index links every page, with its area, severity and security severity', () => {
    const index = pages.get(INDEX_PAGE) ?? '';
    for (const d of findingCatalogue) {
      expect(index, d.code).toContain(`| [\`${d.code}\`](${d.code}.md) | ${d.area} | ${d.severity} | ${d.securitySeverity?.toFixed(1)} `);
    }
  });

  it('Markdown in catalogue text is escaped: <issuer> stays text on the page', () => {
    expect(pages.get('DISCOVERY_UNREACHABLE.md')).toContain('discovery is fetched from \\<issuer\\>/.well-known/openid-configuration');
  });

  it('pages are committed as rendered: the file on disk is byte for byte the same', () => {
    const page = readFileSync(path.join(DOCS_DIR, 'WEAK_ALGORITHM.md'), 'utf8');
    expect(page).toBe(pages.get('WEAK_ALGORITHM.md'));
    expect(page).toContain('allowed_algs[1] "HS256" is a shared-secret HMAC');
  });
});

describe('finding definitions', () => {
  it('every code has why it matters, how to fix it, a security severity from 0.1 to 10, and an example', () => {
    const problems: string[] = [];
    for (const d of findingCatalogue) {
      if (!(d.why !== undefined && d.why.length >= 40)) problems.push(`${d.code}: no why`);
      if ((d.fix ?? d.remediation) === undefined) problems.push(`${d.code}: no fix or remediation`);
      const s = d.securitySeverity;
      if (s === undefined || !(s >= 0.1 && s <= 10) || Math.round(s * 10) !== s * 10) problems.push(`${d.code}: security severity ${s}`);
      if (d.example === undefined || d.example.scenario.length < 10) problems.push(`${d.code}: no example`);
    }
    expect(problems).toEqual([]);
  });

  it('a code another area reports too says so: discovery reports ISSUER_INVALID, INSECURE_URI and CHECK_SKIPPED, defined by lint rules', async () => {
    const engine = createEngine({ network: { online: false }, clock: () => 0 });
    const outcome = await engine.run('discover', { issuer: 'http://login.example.com/{tenantid}' });
    const borrowed = (outcome.response?.findings ?? []).map((f) => f.code).filter((code) => findingCatalogue.find((d) => d.code === code)?.area !== 'discover');
    expect(borrowed.sort()).toEqual(['CHECK_SKIPPED', 'INSECURE_URI', 'ISSUER_INVALID']);
    // ENDPOINT_CERT_EXPIRING is borrowed too, but only a fetched discovery document can draw it.
    expect(findingCatalogue.filter((d) => d.alsoIn?.includes('discover')).map((d) => d.code).sort()).toEqual([...borrowed, 'ENDPOINT_CERT_EXPIRING'].sort());
    expect(pages.get('CHECK_SKIPPED.md')).toContain('and by discovery: `POST /v1/providers/discover`');
  });

  it('only codes no config file can draw have a written transcript instead of an example that is run', () => {
    // ENDPOINT_CERT_EXPIRING and JWKS_X5C_EXPIRING depend on the day the page is built (and the first on a TLS connection).
    expect(findingCatalogue.filter((d) => d.example?.transcript !== undefined).map((d) => d.code)).toEqual(['JWKS_STALE', 'ENDPOINT_CERT_EXPIRING', 'JWKS_X5C_EXPIRING', 'INTERNAL_ERROR', 'ID_TOKEN_UNAVAILABLE', 'JWKS_KEYS_CHANGED']);
  });

  it('an example that does not draw its code is refused when the pages are built', async () => {
    const wrong: FindingDefinition = {
      code: 'AUDIENCE_MISMATCH', severity: 'error', area: 'validate', title: 'A definition whose example is sound',
      example: { scenario: 'A provider with nothing wrong.', config: 'providers:\n  - name: fine\n    issuer: https://idp.example.com\n    client_id: c\n    audiences: [a]\n    jwks_uri: https://idp.example.com/keys\n    redirect_uris: []\n    alg_policy: { allowed_algs: [RS256] }\n' },
    };
    await expect(runExample(wrong)).rejects.toThrow(/AUDIENCE_MISMATCH: its example does not report it; the run reported:\n {2}JWKS_UNREACHABLE: /);
  });
});
