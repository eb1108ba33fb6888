/**
 * The job summary the action bundle writes (GITHUB_STEP_SUMMARY) for a config a pull request could
 * have written: a Fix column, locations linked to the file at GITHUB_SHA, and the config's own text
 * (a provider name holding a URL, a quote, a link, HTML and an address) shown as text, never as a link.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, runActionBundle, tempParent } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-summary-e2e-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const SHA = 'fedcba9876543210fedcba9876543210fedcba98';
const RUNNER = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/identity', GITHUB_SHA: SHA };
const NAME = 'acme "https://acme.okta.example/oauth2/default/" [x](https://evil.example) <b>hi</b> admin@evil.example';

/** A provider whose jwks_uri differs from the discovered one by a slash, with an http redirect URI. */
const CONFIG = [
  'providers:',
  `  - name: ${JSON.stringify(NAME)}`,
  '    issuer: https://acme.okta.example/oauth2/default',
  '    client_id: 0oa8f5j3ecb5w3dF35d7',
  '    audiences: [api://acme-orders]',
  '    redirect_uris:',
  '      - http://orders.acme.example/login/callback',
  '    alg_policy: { allowed_algs: [RS256] }',
  '    jwks_uri: https://acme.okta.example/oauth2/default/v1/keys',
  '    discovered_jwks_uri: https://acme.okta.example/oauth2/default/v1/keys/',
  '',
].join('\n');

function repository(): string {
  const dir = mkdtempSync(path.join(parent, 'repo-'));
  mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(dir, '.github/oidc-gate/acme.yml'), CONFIG);
  return dir;
}

const findingRows = (md: string): string[] => md.split('\n').filter((l) => /^\| (?:error|warning) \|/.test(l));
const PAGES = 'https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/';
const BLOB = `https://github.com/acme/identity/blob/${SHA}/.github/oidc-gate/acme.yml`;
const ESCAPED_NAME = 'acme &quot;https&colon;//acme.okta.example/oauth2/default/&quot; &lsqb;x&rsqb;(https&colon;//evil.example) &lt;b&gt;hi&lt;/b&gt; admin&commat;<!-- -->evil.example';

describe.skipIf(!bundlesPresent())('the job summary of dist/index.js', () => {
  it('has a Fix column and links each location to its line at GITHUB_SHA; the config\'s text is escaped', () => {
    const r = runActionBundle(repository(), { network: 'false' }, RUNNER);
    expect(r.status).toBe(1);
    expect(r.summary).toContain('| Severity | Code | Location | Entry | Message | Fix |\n|---|---|---|---|---|---|\n');
    const rows = findingRows(r.summary);
    expect(rows).toContain(
      `| error | [JWKS&lowbar;URI&lowbar;MISMATCH](${PAGES}JWKS_URI_MISMATCH.md) | [.github/oidc-gate/acme.yml:9](${BLOB}#L9) | ${ESCAPED_NAME} | ` +
      'jwks&lowbar;uri does not equal discovered&lowbar;jwks&lowbar;uri (they differ only by a trailing slash, and the comparison is exact). | ' +
      'Set jwks&lowbar;uri to https&colon;//acme.okta.example/oauth2/default/v1/keys/. |',
    );
    expect(rows).toContain(
      `| error | [INSECURE&lowbar;URI](${PAGES}INSECURE_URI.md) | [.github/oidc-gate/acme.yml:7](${BLOB}#L7) | ${ESCAPED_NAME} | redirect&lowbar;uris&lsqb;0&rsqb; is not an https&colon;// URI. | ` +
      'Use the https&colon;// form of the URI, or set https&lowbar;required: false only for a local test setup. |',
    );
    expect(r.summary).toContain(`| [.github/oidc-gate/acme.yml](${BLOB}) | ❌ failed |`);
    // Every finding row has the header's six cells, and a fix.
    for (const row of rows) {
      const cells = row.split(' | ');
      expect(cells, row).toHaveLength(6);
      expect(cells.at(-1), row).not.toBe('|');
    }
  });

  it('writes the locations as plain text when the runner\'s variables are missing', () => {
    const r = runActionBundle(repository(), { network: 'false' }, { GITHUB_SERVER_URL: RUNNER.GITHUB_SERVER_URL, GITHUB_REPOSITORY: RUNNER.GITHUB_REPOSITORY });
    expect(findingRows(r.summary).some((row) => row.includes(' | .github/oidc-gate/acme.yml:9 | '))).toBe(true);
    // The only links left are the codes' pages.
    expect([...r.summary.matchAll(/\]\(([^)]*)\)/g)].every((m) => m[1]?.startsWith(PAGES))).toBe(true);
    expect(r.summary).not.toContain('](https://github.com/acme');
  });

  const cmark = spawnSync('cmark-gfm', ['--version']).status === 0;
  it.skipIf(!cmark)('renders through cmark-gfm (GitHub\'s renderer) with the blob links and the codes\' pages as the only links', () => {
    const r = runActionBundle(repository(), { network: 'false' }, RUNNER);
    const html = spawnSync('cmark-gfm', ['--unsafe', '-e', 'table', '-e', 'autolink', '-e', 'strikethrough', '-e', 'tagfilter'], { input: r.summary, encoding: 'utf8' }).stdout;
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1] as string);
    expect(hrefs).toContain(`${BLOB}#L9`);
    expect(hrefs).toContain(BLOB);
    for (const href of hrefs) if (!href.startsWith(PAGES)) expect(href, href).toMatch(new RegExp(`^${BLOB.replace(/[.]/g, '\\.')}(?:#L\\d+)?$`));
    expect(hrefs.filter((h) => h.startsWith(PAGES)).every((h) => /\/[A-Z0-9_]+\.md$/.test(h))).toBe(true);
    expect(html).not.toContain('<b>');
    expect(html.replace(/<!--.*?-->/g, '')).toContain('<td>acme &quot;https://acme.okta.example/oauth2/default/&quot; [x](https://evil.example) &lt;b&gt;hi&lt;/b&gt; admin@evil.example</td>');
  });
});
