/** script/release in a scratch repository with a bare remote: checks, dry run, tagging and the major tag. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from './fixtures/harness.ts';

const parent = mkdtempSync(path.join(tmpdir(), 'oidc-gate-release-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

let n = 0;
let repo: string;
let remote: string;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

function release(...args: string[]) {
  return spawnSync('bash', ['script/release', '--no-build-check', ...args], { cwd: repo, encoding: 'utf8' });
}

function commitVersion(version: string): void {
  writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'x', version }));
  writeFileSync(path.join(repo, 'CHANGELOG.md'), `# Changelog\n\n## [${version}] - 2026-11-23\n\n- notes\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', `version ${version}`);
}

const remoteTag = (tag: string) => git(remote, 'rev-parse', `${tag}^{commit}`);

beforeEach(() => {
  n += 1;
  remote = path.join(parent, `remote-${n}.git`);
  repo = path.join(parent, `repo-${n}`);
  git(parent, 'init', '-q', '--bare', remote);
  git(parent, 'init', '-q', '-b', 'main', repo);
  git(repo, 'config', 'user.email', 'release@example.com');
  git(repo, 'config', 'user.name', 'release test');
  git(repo, 'remote', 'add', 'origin', remote);
  mkdirSync(path.join(repo, 'script'));
  copyFileSync(path.join(ROOT, 'script/release'), path.join(repo, 'script/release'));
  commitVersion('1.0.0');
});

describe('script/release', () => {
  it('--dry-run runs the checks, prints the four git commands and tags nothing', () => {
    const r = release('--dry-run', 'v1.0.0');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('would run: '))).toEqual([
      'would run: git tag -a v1.0.0 -m oidc-gate v1.0.0',
      'would run: git tag -fa v1 -m oidc-gate v1.0.0 v1.0.0^{}',
      'would run: git push origin refs/tags/v1.0.0',
      'would run: git push --force origin refs/tags/v1',
    ]);
    expect(git(repo, 'tag', '--list')).toBe('');
    expect(git(remote, 'tag', '--list')).toBe('');
  });

  it('tags vX.Y.Z, points vX at it, pushes both, and moves vX on the next release', () => {
    expect(release('v1.0.0').status).toBe(0);
    const first = git(repo, 'rev-parse', 'HEAD');
    expect(remoteTag('v1.0.0')).toBe(first);
    expect(remoteTag('v1')).toBe(first);

    commitVersion('1.1.0');
    const r = release('v1.1.0');
    expect(r.status).toBe(0);
    const second = git(repo, 'rev-parse', 'HEAD');
    expect(remoteTag('v1.1.0')).toBe(second);
    expect(remoteTag('v1')).toBe(second);
    expect(remoteTag('v1.0.0')).toBe(first);
  });

  it.each([
    [['v1.0'], 'is not vMAJOR.MINOR.PATCH'],
    [['v01.0.0'], 'is not vMAJOR.MINOR.PATCH'],
    [['v1.2.0'], 'package.json says 1.0.0; set it to 1.2.0'],
  ])('refuses %j: %s', (args, message) => {
    const r = release(...args);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(message);
    expect(git(repo, 'tag', '--list')).toBe('');
  });

  it('refuses a version that is not newer than the latest release', () => {
    expect(release('v1.0.0').status).toBe(0);
    const again = release('v1.0.0');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('v1.0.0 is not newer than the latest release v1.0.0');
    commitVersion('0.9.0');
    expect(release('v0.9.0').stderr).toContain('v0.9.0 is not newer than the latest release v1.0.0');
  });

  it('refuses a dirty work tree, a branch other than main, and a missing changelog section', () => {
    writeFileSync(path.join(repo, 'stray.txt'), 'x');
    expect(release('v1.0.0').stderr).toContain('uncommitted changes');
    rmSync(path.join(repo, 'stray.txt'));

    git(repo, 'checkout', '-qb', 'feature');
    expect(release('v1.0.0').stderr).toContain("HEAD is on 'feature'");
    git(repo, 'checkout', '-q', 'main');

    writeFileSync(path.join(repo, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n');
    git(repo, 'commit', '-qam', 'drop section');
    const r = release('v1.0.0');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("CHANGELOG.md has no '## [1.0.0]' section");
    expect(git(repo, 'tag', '--list')).toBe('');
  });

  it('packs the CLI consumers install (release/<name>-X.Y.Z.tgz), dry run or not; --no-push tags here and pushes nothing', () => {
    const dry = release('--dry-run', 'v1.0.0');
    expect(dry.status).toBe(0);
    expect(existsSync(path.join(repo, 'release/x-1.0.0.tgz'))).toBe(true);
    const local = release('--no-push', 'v1.0.0');
    expect(local.status, local.stderr).toBe(0);
    expect(local.stdout).toContain('attach release/x-1.0.0.tgz to the GitHub release');
    expect(git(repo, 'tag', '--list').split('\n')).toEqual(['v1', 'v1.0.0']);
    expect(git(remote, 'tag', '--list')).toBe('');
  });

  it('refuses unknown arguments and a missing version with exit 2', () => {
    expect(release('--publish', 'v1.0.0').status).toBe(2);
    expect(release().status).toBe(2);
  });
});
