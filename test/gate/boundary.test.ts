/** The workspace boundary's parts on a real disk: reads, the one write helper, the entry budget, YAML limits. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUtf8, findRepositoryRoot, readInsideRoot } from '../../src/gate/config/boundary.ts';
import { EntryBudget } from '../../src/gate/run/budget.ts';
import { findConfigFiles } from '../../src/gate/config/files.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { OutputPathError } from '../../src/gate/errors.ts';
import { outputTarget, writeInsideRoot } from '../../src/gate/outputs/write.ts';
import { loadYaml, MAX_YAML_NODES, MAX_YAML_TEXT } from '../../src/gate/config/yaml.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-boundary-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => {
  const dir = path.join(tmp, `ws${n++}`);
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  return dir;
};

describe('writeInsideRoot', () => {
  const target = (root: string, value: string) => outputTarget(root, root, 'report-path', value);

  it('refuses a target that is a dangling link, a directory, or under a dangling directory link', async () => {
    const root = fresh();
    symlinkSync(path.join(tmp, 'nowhere.json'), path.join(root, 'dangling.json'));
    mkdirSync(path.join(root, 'a-dir'));
    symlinkSync(path.join(tmp, 'no-such-dir'), path.join(root, 'gone'));
    await expect(writeInsideRoot(target(root, 'dangling.json'), 'x')).rejects.toThrow('report-path "dangling.json" is a symbolic link');
    await expect(writeInsideRoot(target(root, 'a-dir'), 'x')).rejects.toThrow('report-path "a-dir" exists and is not a regular file');
    await expect(writeInsideRoot(target(root, 'gone/r.json'), 'x')).rejects.toThrow('gone is a link that leads nowhere');
    expect(existsSync(path.join(tmp, 'nowhere.json'))).toBe(false);
    expect(existsSync(path.join(tmp, 'no-such-dir'))).toBe(false);
  });

  it('refuses a file named .git and a path whose parent is a file', async () => {
    const root = fresh();
    writeFileSync(path.join(root, 'plain'), 'x');
    await expect(writeInsideRoot(target(root, '.git'), 'x')).rejects.toThrow(OutputPathError);
    await expect(writeInsideRoot(target(root, 'plain/r.json'), 'x')).rejects.toThrow('plain is not a directory');
  });

  it('follows a directory link that stays inside the root, and replaces the file rather than writing through it', async () => {
    const root = fresh();
    mkdirSync(path.join(root, 'real'));
    symlinkSync('real', path.join(root, 'alias'));
    writeFileSync(path.join(root, 'real/r.json'), 'old');
    await writeInsideRoot(target(root, 'alias/r.json'), 'new');
    expect(readFileSync(path.join(root, 'real/r.json'), 'utf8')).toBe('new');
    expect(readdirSync(path.join(root, 'real'))).toEqual(['r.json']);
  });

  it('creates missing directories only inside the root', async () => {
    const root = fresh();
    await writeInsideRoot(target(root, 'a/b/c/r.json'), 'x');
    expect(readFileSync(path.join(root, 'a/b/c/r.json'), 'utf8')).toBe('x');
    await expect(writeInsideRoot(outputTarget(root, root, '--report', '../made-up/r.json'), 'x')).rejects.toThrow('resolves outside the repository root');
    expect(existsSync(path.join(root, '../made-up'))).toBe(false);
  });
});

describe('readInsideRoot', () => {
  it('refuses a FIFO without blocking on it, and a file over the cap', async () => {
    const root = fresh();
    const fifo = path.join(root, 'pipe.yml');
    if (spawnSync('mkfifo', [fifo]).status === 0) {
      expect(await readInsideRoot(root, fifo)).toMatchObject({ ok: false, reason: 'not-file' });
    }
    writeFileSync(path.join(root, 'big'), Buffer.alloc(11));
    expect(await readInsideRoot(root, path.join(root, 'big'), 10)).toMatchObject({ ok: false, reason: 'too-large' });
    const at = await readInsideRoot(root, path.join(root, 'big'), 11);
    expect(at.ok && at.bytes.length).toBe(11);
  });

  it('decodes strict UTF-8 only', () => {
    expect(decodeUtf8(Buffer.from('\ufeffcafé'))).toBe('café');
    expect(decodeUtf8(Buffer.from([0x63, 0xe9]))).toBeUndefined();
    expect(decodeUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBeUndefined();
  });
});

describe('findRepositoryRoot', () => {
  it('finds the nearest .git directory or file above, else keeps the directory', () => {
    const root = fresh();
    mkdirSync(path.join(root, 'a/b'), { recursive: true });
    expect(findRepositoryRoot(path.join(root, 'a/b'))).toBe(root);
    const worktree = path.join(tmp, 'worktree');
    mkdirSync(path.join(worktree, 'sub'), { recursive: true });
    writeFileSync(path.join(worktree, '.git'), 'gitdir: /elsewhere\n');
    expect(findRepositoryRoot(path.join(worktree, 'sub'))).toBe(worktree);
    const bare = path.join(tmp, 'no-repo/sub');
    mkdirSync(bare, { recursive: true });
    expect(findRepositoryRoot(bare)).toBe(bare);
  });
});

describe('findConfigFiles', () => {
  it('does not walk a directory that leads out of the boundary: it is listed itself and refused once', async () => {
    const root = fresh();
    const elsewhere = path.join(tmp, 'elsewhere');
    mkdirSync(path.join(elsewhere, 'deep'), { recursive: true });
    writeFileSync(path.join(elsewhere, 'deep/private-name.yml'), 'providers: []\n');
    symlinkSync(elsewhere, path.join(root, 'configs'));
    expect(await findConfigFiles(root, ['configs'])).toEqual({ files: [path.join(root, 'configs')], missing: [] });
    const run = await runGate({ root, patterns: ['configs'], network: false, env: {} });
    expect(run.findings.map((f) => [f.code, f.message])).toEqual([
      ['CONFIG_UNREADABLE', 'configs resolves outside the repository root (links followed); refusing to read it.'],
    ]);
    expect(JSON.stringify(run.report)).not.toContain('private-name');
  });
});

describe('EntryBudget', () => {
  it('answers in file order whatever order files ask in, and a file that never asks does not block the rest', async () => {
    const budget = new EntryBudget(1000);
    const second = budget.admit(2, 600);
    const first = budget.admit(0, 500);
    budget.pass(1);
    expect(await first).toEqual({ ok: true, before: 0 });
    expect(await second).toEqual({ ok: false, before: 500 });
    // A refused file's entries do not count: a later file that fits is admitted.
    expect(await budget.admit(3, 500)).toEqual({ ok: true, before: 500 });
    expect(await budget.admit(4, 1)).toEqual({ ok: false, before: 1000 });
  });
});

describe('YAML limits after alias expansion', () => {
  /** A list of `count` scalars under one key: map + key + list + count nodes. */
  const flat = (count: number) => `l: [${Array.from({ length: count }, () => 'x').join(',')}]\n`;

  it('counts maps, lists, scalars and keys; exactly the limit passes', () => {
    expect(loadYaml(flat(MAX_YAML_NODES - 3)).tooLarge).toBeUndefined();
    expect(loadYaml(flat(MAX_YAML_NODES - 2)).tooLarge).toBe('nodes');
  });

  it('counts an alias as a full copy of what it names, at every use', () => {
    // Root map 1, key a 1, the anchored map 5 (itself, 2 keys, 2 values): 7. Each `bN: *m` adds its
    // key and a 5-node copy: 7 + 6 × 1665 = 9,997. A last key with a list of k items adds 2 + k.
    const doc = (items: string) => `a: &m {k: v, j: w}\n${Array.from({ length: 1665 }, (_, i) => `b${i}: *m\n`).join('')}d: [${items}]\n`;
    expect(loadYaml(doc('x')).tooLarge).toBeUndefined();
    expect(loadYaml(doc('x')).data).toMatchObject({ a: { k: 'v' }, b1664: { j: 'w' }, d: ['x'] });
    expect(loadYaml(doc('x, y')).tooLarge).toBe('nodes');
  });

  it('counts the text of string scalars, keys included; exactly the limit passes', () => {
    // Keys s and t: 2 characters; the value twice.
    const doc = (length: number) => `s: &v ${'x'.repeat(length)}\nt: *v\n`;
    const half = (MAX_YAML_TEXT - 2) / 2;
    expect(loadYaml(doc(half)).tooLarge).toBeUndefined();
    expect(loadYaml(doc(half + 1)).tooLarge).toBe('text');
  });

  it('reports an unknown alias at its position, without quoting it', () => {
    const loaded = loadYaml('a: 1\nb: *hunter2\n');
    expect(loaded.errors).toEqual([{ message: 'an alias names an anchor that is not defined before it', position: { line: 2, column: 4 } }]);
  });
});
