/**
 * Every relative link in README.md and docs/**.md leads somewhere: the file exists in the repository,
 * and a `#fragment` into a Markdown page names one of its headings (GitHub's anchors: lower case,
 * punctuation dropped, spaces as `-`). Links inside code are not links. External links are not fetched.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../fixtures/harness.ts';

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

/** The page without fenced blocks and inline code, where `[x](y)` is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/<[^>]+>/g, '').replace(/[`*_[\]()]/g, '').replace(/[^\p{L}\p{N}\s-]/gu, '').replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1] as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] as string);
}

/** The broken relative links of one page, each with why. */
function brokenLinks(page: string): string[] {
  const text = readFileSync(path.join(ROOT, page), 'utf8');
  const broken: string[] = [];
  for (const link of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
    const [target = '', fragment] = link.split('#');
    const file = target === '' ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), decodeURIComponent(target));
    if (!file.startsWith(`${ROOT}${path.sep}`) && file !== ROOT) broken.push(`${link}: outside the repository`);
    else if (!existsSync(file)) broken.push(`${link}: no such file`);
    else if (fragment !== undefined && file.endsWith('.md') && statSync(file).isFile() && !anchors(readFileSync(file, 'utf8')).has(fragment)) broken.push(`${link}: no heading #${fragment}`);
  }
  return broken;
}

describe('relative links in the README and docs', () => {
  it('GitHub anchors are read as GitHub writes them', () => {
    expect(slug('The three callers')).toBe('the-three-callers');
    expect(slug('Scheduled audits: what they check')).toBe('scheduled-audits-what-they-check');
    expect(slug('Adopt it in your repository (about ten minutes)')).toBe('adopt-it-in-your-repository-about-ten-minutes');
    expect(slug('Try it: from clone to a failing, then passing check')).toBe('try-it-from-clone-to-a-failing-then-passing-check');
  });

  it('finds a broken link', () => {
    expect(links('[a](docs/x.md) `[b](c.md)` [d](https://e)')).toEqual(['docs/x.md', 'https://e']);
  });

  it.each(['README.md', ...markdownFiles('docs')])('%s', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
