/**
 * The job summary's Markdown: escaping of text from config files (no Markdown, HTML or link may come
 * out of it, and a URL followed by a quote stays a URL then a quote), the Fix column, and locations
 * linked to the file at the run's commit. When cmark-gfm (GitHub's renderer) is installed, the
 * Markdown is also rendered with its GFM extensions and the HTML checked.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { escapeCell } from '../../src/action/markdown.ts';
import { sourceCell, sourceLinks } from '../../src/action/source-link.ts';
import { buildSummary, FIX_CELL_CHARS } from '../../src/action/summary.ts';
import { buildReport } from '../../src/gate/outputs/report.ts';
import type { FileStatus, GateFinding } from '../../src/gate/types.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const RUNNER = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/identity', GITHUB_SHA: SHA };

/** Strings a pull request can put in a name, a URL or a message. */
const ATTACKS = [
  'https://acme.okta.example/oauth2/default/"',
  'jwks_uri "https://acme.okta.example/oauth2/default/v1/keys_" differs',
  'https://a.example/p_a*t~h?q=1&r=(2)',
  'see www.evil.example/login, admin@evil.example, mailto:admin@evil.example and xmpp:a@b.example',
  '<img src=x onerror=alert(1)> <script>x</script> **bold** _em_ [l](http://x) ![i](http://x/i.png) [^1] `c` ~~s~~ $x^2$',
  '@team a|b \\| &#34; &amp; &quot; <!-- c --> ftp://f.example\nsecond line\u2028third',
];

/** cmark-gfm with GitHub's extensions, when the machine has it (Debian: apt-get install cmark-gfm). */
const cmark = spawnSync('cmark-gfm', ['--version'], { encoding: 'utf8' }).status === 0;
function render(markdown: string): string {
  const r = spawnSync('cmark-gfm', ['--unsafe', '-e', 'table', '-e', 'autolink', '-e', 'strikethrough', '-e', 'tagfilter'], { input: markdown, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}
/** The text a browser shows for a cell's HTML: the comments dropped, the entities cmark writes decoded. */
function shownText(html: string): string {
  return html.replace(/<!--.*?-->/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('escapeCell', () => {
  it('writes every character Markdown, HTML or the autolink extension acts on as an entity, on one line', () => {
    expect(escapeCell('a|b <img src=x onerror=alert(1)> **bold** [l](http://x) @team `c`\nnext')).toBe(
      'a&verbar;b &lt;img src=x onerror=alert(1)&gt; &ast;&ast;bold&ast;&ast; &lsqb;l&rsqb;(http&colon;//x) &commat;<!-- -->team &grave;c&grave; next',
    );
    expect(escapeCell('https://acme.okta.example/oauth2/default/"')).toBe('https&colon;//acme.okta.example/oauth2/default/&quot;');
    expect(escapeCell('www.evil.example WWW.x.example')).toBe('&#119;ww.evil.example &#87;WW.x.example');
    expect(escapeCell('~$\\_\'')).toBe('&#126;&dollar;&bsol;&lowbar;&apos;');
    for (const attack of ATTACKS) {
      const cell = escapeCell(attack);
      // Nothing left that starts Markdown or HTML, and no numeric entity an autolink could swallow the digits of.
      expect(cell.replace(/<!-- -->/g, ''), attack).not.toMatch(/[<>"'|\\`*_[\]~$\n]|:\/\/|&#(?:34|95);|www\./);
      expect(cell.replace(/<!-- -->/g, ''), attack).not.toMatch(/@/);
    }
  });

  it.skipIf(!cmark)('renders, through cmark-gfm with GitHub\'s extensions, as the text it was: no link, tag or emphasis', () => {
    const markdown = `| a |\n|---|\n${ATTACKS.map((a) => `| ${escapeCell(a)} |\n`).join('')}`;
    const html = render(markdown);
    expect(html).not.toContain('<a ');
    expect(html).not.toMatch(/<(?:img|script|strong|em|code|del|sup)\b/);
    const cells = [...html.matchAll(/<td>(.*?)<\/td>/g)].map((m) => shownText(m[1] as string));
    expect(cells).toEqual(ATTACKS.map((a) => a.replace(/\n|\u2028/g, ' ')));
  });

  it.skipIf(!cmark)('fixes what the numeric entities did: cmark-gfm made https://…/&#34 a link', () => {
    const before = '| a |\n|---|\n| https://acme.okta.example/oauth2/default/&#34; |\n';
    expect(render(before)).toContain('<a href="https://acme.okta.example/oauth2/default/&amp;#34">');
    const after = render(`| a |\n|---|\n| ${escapeCell('https://acme.okta.example/oauth2/default/"')} |\n`);
    expect(after).toContain('<td>https://acme.okta.example/oauth2/default/&quot;</td>');
  });
});

describe('source links', () => {
  it('links file:line to the file at GITHUB_SHA, each path segment percent-encoded', () => {
    const links = sourceLinks(RUNNER);
    expect(sourceCell(links, '.github/oidc-gate/acme.yml', 9)).toEqual({
      markdown: `[.github/oidc-gate/acme.yml:9](https://github.com/acme/identity/blob/${SHA}/.github/oidc-gate/acme.yml#L9)`,
    });
    expect(sourceCell(links, 'cfg/a b(1)#[x]*!\'.yml', 2)).toEqual({
      markdown: `[cfg/a b(1)#&lsqb;x&rsqb;&ast;!&apos;.yml:2](https://github.com/acme/identity/blob/${SHA}/cfg/a%20b%281%29%23%5Bx%5D%2A%21%27.yml#L2)`,
    });
    expect(sourceCell(links, 'cfg/a.yml')).toEqual({ markdown: `[cfg/a.yml](https://github.com/acme/identity/blob/${SHA}/cfg/a.yml)` });
  });

  it('is plain text when a runner variable is missing or not of the runner\'s shape, or the path leaves the repository', () => {
    for (const name of Object.keys(RUNNER)) {
      expect(sourceLinks({ ...RUNNER, [name]: undefined }), name).toBeUndefined();
    }
    for (const bad of [
      { GITHUB_SERVER_URL: 'javascript:alert(1)' }, { GITHUB_SERVER_URL: 'https://x.example/a)b' }, { GITHUB_REPOSITORY: 'acme/x)(y' },
      { GITHUB_REPOSITORY: 'acme' }, { GITHUB_SHA: 'main' }, { GITHUB_SHA: `${SHA})` },
    ]) expect(sourceLinks({ ...RUNNER, ...bad }), JSON.stringify(bad)).toBeUndefined();
    expect(sourceLinks({ ...RUNNER, GITHUB_SERVER_URL: 'https://ghe.acme.example/' })?.base).toBe(`https://ghe.acme.example/acme/identity/blob/${SHA}`);
    const links = sourceLinks(RUNNER);
    expect(sourceCell(links, '../outside.yml', 1)).toBe('../outside.yml:1');
    expect(sourceCell(links, '/etc/passwd', 1)).toBe('/etc/passwd:1');
    expect(sourceCell(undefined, 'a.yml', 3)).toBe('a.yml:3');
  });
});

/** Where the finding pages are: the code cell links there. */
const PAGES = 'https://github.com/oidc-gate/oidc-gate/blob/main/docs/findings/';
const finding = (extra: Partial<GateFinding> = {}): GateFinding => ({
  code: 'JWKS_URI_MISMATCH', severity: 'error', message: 'jwks_uri differs', file: '.github/oidc-gate/acme.yml', line: 9, column: 5, name: 'acme-okta', ...extra,
});
const status: FileStatus = { file: '.github/oidc-gate/acme.yml', errors: 1, warnings: 0, providers: 1, profiles: 0, tokens: 0 };
const findingRows = (md: string): string[] => md.split('\n').filter((l) => /^\| (?:error|warning) \|/.test(l));

describe('the findings table', () => {
  it('has a Fix column: the finding\'s own remediation, else its code\'s fix', () => {
    const md = buildSummary(buildReport([], [
      finding({ remediation: 'Set jwks_uri to https://acme.okta.example/oauth2/default/v1/keys/.' }),
      finding({ code: 'CHECK_SKIPPED', severity: 'warning', message: 'skipped' }),
    ], [status]));
    expect(md).toContain('| Severity | Code | Location | Entry | Message | Fix |\n|---|---|---|---|---|---|\n');
    const rows = findingRows(md);
    expect(rows[0]).toBe(`| error | [JWKS&lowbar;URI&lowbar;MISMATCH](${PAGES}JWKS_URI_MISMATCH.md) | .github/oidc-gate/acme.yml:9 | acme-okta | jwks&lowbar;uri differs | Set jwks&lowbar;uri to https&colon;//acme.okta.example/oauth2/default/v1/keys/. |`);
    expect(rows[1]).toMatch(/^\| warning \| \[CHECK&lowbar;SKIPPED\]\(https:\/\/github\.com\/oidc-gate\/oidc-gate\/blob\/main\/docs\/findings\/CHECK_SKIPPED\.md\) \| .* \| skipped \| \S.* \|$/);
    for (const r of rows) expect(r.split(' | '), r).toHaveLength(6);
  });

  it('links each code oidc-gate defines to its page, and no other code', () => {
    const md = buildSummary(buildReport([], [finding(), finding({ code: 'NOT_A_CODE', remediation: 'x' })], [status]));
    const rows = findingRows(md);
    expect(rows[0]).toContain(` | [JWKS&lowbar;URI&lowbar;MISMATCH](${PAGES}JWKS_URI_MISMATCH.md) | `);
    expect(rows[1]).toContain(' | NOT&lowbar;A&lowbar;CODE | ');
  });

  it('cuts a long fix at a word, under the column\'s length', () => {
    const long = `${'word '.repeat(100)}end`;
    const md = buildSummary(buildReport([], [finding({ remediation: long })], [status]));
    const fix = (findingRows(md)[0]?.split(' | ').at(-1) ?? '').replace(/ \|$/, '');
    expect(fix.length).toBeLessThanOrEqual(FIX_CELL_CHARS);
    expect(fix).toMatch(/^word( word)*…$/);
  });

  it('links each location to its line at GITHUB_SHA when the runner\'s variables are there, and not otherwise', () => {
    const report = buildReport([], [finding()], [status]);
    const linked = buildSummary(report, 'r.json', RUNNER);
    const url = `https://github.com/acme/identity/blob/${SHA}/.github/oidc-gate/acme.yml`;
    expect(findingRows(linked)[0]).toContain(` | [.github/oidc-gate/acme.yml:9](${url}#L9) | `);
    expect(linked).toContain(`| [.github/oidc-gate/acme.yml](${url}) | ❌ failed |`);
    // Without the runner's variables the only links are the codes' pages.
    const unlinked = buildSummary(report, 'r.json', { ...RUNNER, GITHUB_SHA: undefined });
    expect([...unlinked.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1])).toEqual([`${PAGES}JWKS_URI_MISMATCH.md`]);
  });

  it.skipIf(!cmark)('renders through cmark-gfm with the location and the code\'s page as the only links, and the attacker text as text', () => {
    const evil = finding({ name: '[x](https://evil.example) <b>', message: 'https://acme.okta.example/oauth2/default/"_ admin@evil.example', remediation: 'www.evil.example' });
    const html = render(buildSummary(buildReport([], [evil], [status]), '', RUNNER));
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      `https://github.com/acme/identity/blob/${SHA}/.github/oidc-gate/acme.yml`,
      `${PAGES}JWKS_URI_MISMATCH.md`,
      `https://github.com/acme/identity/blob/${SHA}/.github/oidc-gate/acme.yml#L9`,
    ]);
    expect(shownText(html)).toContain('<td>https://acme.okta.example/oauth2/default/"_ admin@evil.example</td>');
    expect(shownText(html)).toContain('<td>[x](https://evil.example) <b></td>');
  });
});
