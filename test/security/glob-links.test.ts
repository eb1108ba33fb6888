/**
 * Globs and committed links, through the bundles as processes on real temporary workspaces. A pull
 * request can commit a link to a folder outside the workspace; a glob through it (`configs/*.yml`,
 * or `../elsewhere/*.yml`) must not list that folder. Before the glob was replaced, fs.glob followed
 * the link, and each file in it came back as its own refusal naming it: the report listed the names
 * of someone else's files.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, runActionBundle, runCliBundle, tempParent, workspace } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-glob-links-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A workspace with `configs` committed as a link to a folder beside it holding two privately named files. */
function linkedWorkspace(): string {
  const dir = workspace('good', parent);
  mkdirSync(path.join(dir, '.git'));
  const elsewhere = path.join(dir, '../elsewhere');
  mkdirSync(path.join(elsewhere, 'deep'), { recursive: true });
  writeFileSync(path.join(elsewhere, 'private-one.yml'), 'providers: []\n');
  writeFileSync(path.join(elsewhere, 'deep/private-two.yml'), 'providers: []\n');
  symlinkSync(elsewhere, path.join(dir, 'configs'));
  return dir;
}

interface Finding { code: string; message: string }
const findingsOf = (report: string) => (JSON.parse(report) as { summary: { findings: Finding[] } }).summary.findings;

describe.skipIf(!bundlesPresent())('a glob through a committed link to a folder outside the workspace', () => {
  it.each([['configs/*.yml'], ['configs/**/*.yml']])('CLI check %s: one refusal naming the link, no file inside it named', (pattern) => {
    const dir = linkedWorkspace();
    const r = runCliBundle(dir, ['check', '--offline', '--format', 'json', pattern]);
    expect(r.status).toBe(2);
    expect(findingsOf(r.stdout).map((f) => [f.code, f.message])).toEqual([
      ['CONFIG_UNREADABLE', 'configs resolves outside the repository root (links followed); refusing to read it.'],
    ]);
    expect(r.stdout + r.stderr).not.toContain('private-');
  });

  it('CLI check ../elsewhere/**/*.yml from the workspace root: one refusal, nothing in it named', () => {
    const dir = linkedWorkspace();
    const r = runCliBundle(dir, ['check', '--offline', '--format', 'json', '../elsewhere/**/*.yml']);
    expect(r.status).toBe(2);
    expect(findingsOf(r.stdout).map((f) => f.code)).toEqual(['CONFIG_UNREADABLE']);
    expect(r.stdout + r.stderr).not.toContain('private-');
  });

  it('the action with config: configs/**/*.yml: one refusal, nothing in it named in the report, log or summary', () => {
    const dir = linkedWorkspace();
    const r = runActionBundle(dir, { config: 'configs/**/*.yml', network: 'false' });
    const report = readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8');
    expect(findingsOf(report).map((f) => [f.code, f.message])).toEqual([
      ['CONFIG_UNREADABLE', 'configs resolves outside the repository root (links followed); refusing to read it.'],
    ]);
    expect([report, r.stdout, r.stderr, r.summary].join('\n')).not.toContain('private-');
  });
});
