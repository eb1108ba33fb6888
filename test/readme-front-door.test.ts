/**
 * The README is the front door (issue 26, product decisions §19): at most 400 lines; every fenced block
 * in it either runs in a test or says it is illustrative; it keeps its two commands (`npm ci`, then
 * `npm test`) and the run of the main job; and a pull-request check shown anywhere in the docs (or
 * shipped in .github/workflows) either has no `paths:` filter or one that covers every file the
 * README's example config reads (issue 26 item 6: `.github/oidc-gate/**` alone missed the role's trust
 * policy file, so a pull request that loosened the real role was not checked).
 *
 * A block is accounted for when it is
 * - `sh runnable`: test/readme-commands.test.ts runs it, in order, in a fresh copy;
 * - `text output` right after a runnable block: the same test compares it with what the block printed;
 * - marked `<!-- tested: <test file> -->` on the line before it: that test file exists and names the
 *   block by its first line (its text up to the first `:`, without a leading `# `), which is how the
 *   test finds it in the README;
 * - marked `<!-- illustrative -->` on the line before it: not run, on purpose (an install from the
 *   network, a placeholder to fill in, a fragment of a file).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT } from './fixtures/harness.ts';
import { fences, isOutput, isRunnable, type Fence } from './helpers/markdown.ts';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const MAX_LINES = 400;

/** The key a test uses to find a block: its first line up to the first `:`, without a leading `# `. */
function blockKey(f: Fence): string {
  const first = f.body.split('\n')[0] ?? '';
  return first.replace(/^#\s*/, '').split(':')[0]?.trim() ?? '';
}

/** The blocks of a page that neither run in a test nor are marked illustrative, each with the reason. */
function unaccountedBlocks(markdown: string, root = ROOT): string[] {
  const all = fences(markdown);
  const problems: string[] = [];
  all.forEach((f, i) => {
    if (isRunnable(f)) return;
    if (isOutput(f)) {
      if (i > 0 && isRunnable(all[i - 1] as Fence)) return;
      problems.push(`line ${f.line}: a \`text output\` block that follows no \`sh runnable\` block`);
      return;
    }
    if (f.mark === 'illustrative') return;
    const tested = /^tested:\s*(\S+)$/.exec(f.mark ?? '');
    if (tested) {
      const file = path.join(root, tested[1] as string);
      const key = blockKey(f);
      if (!existsSync(file)) problems.push(`line ${f.line}: the test ${tested[1]} does not exist`);
      else if (key === '' || !readFileSync(file, 'utf8').includes(key)) problems.push(`line ${f.line}: ${tested[1]} does not name the block ("${key}")`);
      return;
    }
    problems.push(`line ${f.line}: a \`${f.info.join(' ')}\` block that no test runs and that is not marked <!-- illustrative -->`);
  });
  return problems;
}

describe('README: the front door', () => {
  it(`is at most ${MAX_LINES} lines`, () => {
    const lines = README.endsWith('\n') ? README.split('\n').length - 1 : README.split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });

  it('has no code block that neither runs in a test nor is marked illustrative', () => {
    expect(unaccountedBlocks(README)).toEqual([]);
  });

  it('the check fails on an unmarked block, a mark naming a missing test, and a test that does not name its block', () => {
    const page = (mark: string, body: string): string => `Intro.\n\n${mark}\n\`\`\`yaml\n${body}\n\`\`\`\n`;
    expect(unaccountedBlocks(page('', 'a: 1'))).toEqual(['line 4: a `yaml` block that no test runs and that is not marked <!-- illustrative -->']);
    expect(unaccountedBlocks('```sh\nnpm ci\n```\n')).toHaveLength(1);
    expect(unaccountedBlocks('```text output\nexit 0\n```\n')).toEqual(['line 1: a `text output` block that follows no `sh runnable` block']);
    expect(unaccountedBlocks(page('<!-- tested: test/no-such.test.ts -->', '# Release gate: x'))).toEqual(['line 4: the test test/no-such.test.ts does not exist']);
    expect(unaccountedBlocks(page('<!-- tested: test/gate/release-gate.test.ts -->', '# Nightly thing: x'))).toEqual(['line 4: test/gate/release-gate.test.ts does not name the block ("Nightly thing")']);
    // And what passes: illustrative, tested by a test that names it, runnable with its output.
    expect(unaccountedBlocks(page('<!-- illustrative -->', 'a: 1'))).toEqual([]);
    expect(unaccountedBlocks(page('<!-- tested: test/gate/release-gate.test.ts -->', '# Release gate: x'))).toEqual([]);
    expect(unaccountedBlocks('```sh runnable\ntrue\n```\n\n```text output\n…\n```\n')).toEqual([]);
  });

  it('keeps its two commands, npm ci then npm test, and runs the main job', () => {
    const sh = fences(README).filter((f) => f.info[0] === 'sh');
    const setup = sh.find((f) => /^npm ci\b/m.test(f.body));
    expect(setup, 'a block with npm ci').toBeDefined();
    expect(setup?.body.indexOf('npm test')).toBeGreaterThan(setup?.body.indexOf('npm ci') ?? Infinity);
    const runs = sh.filter(isRunnable).map((f) => f.body).join('\n');
    expect(runs).toContain('dist/cli/index.js check');
  });

  it('shows installing the CLI from the release file and from the git tag, and how to find the SHA to pin', () => {
    const repository = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }).repository.url;
    const slug = /github\.com\/([^/]+\/[^/.]+)/.exec(repository)?.[1];
    expect(slug).toBeDefined();
    expect(README).toMatch(/npm install --global \.\/oidc-gate-\d+\.\d+\.\d+\.tgz/);
    expect(README).toContain(`npm install --global github:${slug as string}#v`);
    expect(README).toContain(`git ls-remote https://github.com/${slug as string} 'refs/tags/v`);
  });
});

// ---- Path filters ------------------------------------------------------------------------------------

/** GitHub's path filter globs: `**` any characters, `*` any but `/`, `?` one; `!` negates a later match. */
function matchesFilter(file: string, patterns: string[]): boolean {
  let matched = false;
  for (const raw of patterns) {
    const negate = raw.startsWith('!');
    const glob = negate ? raw.slice(1) : raw;
    const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\/?|\*|\?/g, (m) => (m.startsWith('**') ? '.*' : m === '*' ? '[^/]*' : '[^/]'));
    if (new RegExp(`^${source}$`).test(file)) matched = !negate;
  }
  return matched;
}

/** Every `paths:` filter of a pull-request trigger in a YAML text (a workflow, or a fragment with `paths:` at its top). */
function pullRequestPaths(text: string): string[][] {
  const out: string[][] = [];
  for (const document of parseAllDocuments(text)) {
    const doc: unknown = document.toJS();
    if (typeof doc === 'object' && doc !== null) out.push(...triggerPaths(doc as Record<string, unknown>));
  }
  return out;
}

function triggerPaths(record: Record<string, unknown>): string[][] {
  const out: string[][] = [];
  if (Array.isArray(record.paths)) out.push(record.paths as string[]);
  const on = record.on;
  if (typeof on === 'object' && on !== null) {
    for (const event of ['pull_request', 'pull_request_target']) {
      const trigger = (on as Record<string, unknown>)[event];
      if (typeof trigger === 'object' && trigger !== null && Array.isArray((trigger as Record<string, unknown>).paths)) out.push((trigger as { paths: string[] }).paths);
    }
  }
  return out;
}

/**
 * The files the README's example config reads, as paths from the repository root: the config folder,
 * each `token_file` and `aws_trust_policy` (relative to `.github/oidc-gate/oidc.yml`, the file `init`
 * writes), and the callers' `issuer-profiles`, `baseline` and `lock` files.
 */
function filesTheReadmeConfigReads(): string[] {
  const configDir = '.github/oidc-gate';
  const files = new Set([`${configDir}/oidc.yml`]);
  for (const f of fences(README).filter((b) => b.info[0] === 'yaml')) {
    for (const m of f.body.matchAll(/^\s*-?\s*(token_file|aws_trust_policy):\s*(\S+)/gm)) files.add(path.posix.normalize(path.posix.join(configDir, m[2] as string)));
    for (const m of f.body.matchAll(/^\s*(issuer-profiles|baseline|lock):\s*(\S+)/gm)) if (!(m[2] as string).startsWith("'")) files.add(m[2] as string);
  }
  return [...files];
}

describe('pull-request checks: a path filter covers every file the config reads, or there is none', () => {
  const files = filesTheReadmeConfigReads();

  it("knows the files the README's config reads, the role's trust policy outside .github/oidc-gate among them", () => {
    expect(files).toEqual(expect.arrayContaining(['.github/oidc-gate/oidc.yml', 'infra/deploy-role-trust.json', '.github/oidc-gate/jwks.lock.json']));
  });

  it('the matcher reads GitHub globs, and the old filter missed the trust policy', () => {
    expect(matchesFilter('.github/oidc-gate/tokens/a.jwt', ['.github/oidc-gate/**'])).toBe(true);
    expect(matchesFilter('infra/deploy-role-trust.json', ['.github/oidc-gate/**'])).toBe(false);
    expect(matchesFilter('infra/deploy-role-trust.json', ['infra/*.json'])).toBe(true);
    expect(matchesFilter('infra/x/deploy-role-trust.json', ['infra/*.json'])).toBe(false);
    expect(matchesFilter('infra/a.json', ['infra/**', '!infra/a.json'])).toBe(false);
    expect(files.filter((f) => !matchesFilter(f, ['.github/oidc-gate/**']))).toEqual(['infra/deploy-role-trust.json']);
  });

  const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  it.each(pages)('%s', (page) => {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    for (const block of fences(text).filter((f) => f.info[0] === 'yaml')) {
      for (const filter of pullRequestPaths(block.body)) {
        expect(files.filter((f) => !matchesFilter(f, filter)), `${page} line ${block.line}: paths ${JSON.stringify(filter)}`).toEqual([]);
      }
    }
  });

  it("the README's pull-request caller runs on every pull request, pinned by commit SHA with its tag named", () => {
    const block = fences(README).find((f) => f.info[0] === 'yaml' && f.body.startsWith('# Pull-request check'));
    expect(block, 'the README shows the pull-request check').toBeDefined();
    const doc = parse(block?.body ?? '') as { on: { pull_request: unknown }; jobs: Record<string, { uses?: string; with?: Record<string, unknown> }> };
    expect(doc.on).toHaveProperty(['pull_request']);
    expect(pullRequestPaths(block?.body ?? '')).toEqual([]);
    const job = Object.values(doc.jobs).find((j) => j.uses?.includes('/.github/workflows/oidc-gate.yml@') === true);
    expect(job?.uses).toMatch(/@<commit SHA>$/);
    expect(block?.body).toMatch(/oidc-gate\.yml@<commit SHA> # v\d+\.\d+\.\d+\n/);
    const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/oidc-gate.yml'), 'utf8')) as { on: { workflow_call: { inputs: Record<string, unknown> } } };
    for (const name of Object.keys(job?.with ?? {})) expect(workflow.on.workflow_call.inputs, name).toHaveProperty([name]);
  });

  it('the README explains the required-check caveat of a path filter', () => {
    expect(README).toMatch(/required check whose workflow a path filter skips never reports/);
  });

  it.each(readdirSync(path.join(ROOT, '.github/workflows')).filter((f) => /\.ya?ml$/.test(f)))('.github/workflows/%s has no pull-request path filter', (file) => {
    expect(pullRequestPaths(readFileSync(path.join(ROOT, '.github/workflows', file), 'utf8'))).toEqual([]);
  });
});
