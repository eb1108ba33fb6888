/**
 * The glob matcher that replaced fs.glob (Node 22+), so the CLI runs on Node 20. The tests run on
 * Node 24, where fs.glob exists: it is the oracle for every pattern both support.
 */
import { promises as fs, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findConfigFiles } from '../../src/gate/config/files.ts';
import { expandBraces, globPattern } from '../../src/gate/config/glob.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-glob-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const root = path.join(tmp, 'repo');
const outside = path.join(tmp, 'outside');
for (const rel of [
  'repo/.github/oidc-gate/a.yml', 'repo/.github/oidc-gate/sub/b.yaml', 'repo/.github/oidc-gate/c.txt', 'repo/.github/oidc-gate/.hidden.yml',
  'repo/cfg/x.yml', 'repo/cfg/y.YML', 'repo/cfg/[z].yml', 'repo/cfg/deep/er/z.yml', 'repo/cfg/node_modules/n.yml', 'repo/.e.yml', 'repo/top.yml',
  'outside/private-name.yml',
]) {
  mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
  writeFileSync(path.join(tmp, rel), 'providers: []\n');
}
symlinkSync(outside, path.join(root, 'cfg/linked'));
symlinkSync(path.join(outside, 'private-name.yml'), path.join(root, 'cfg/linked-file.yml'));

const SKIP = new Set(['node_modules', '.git']);

async function mine(pattern: string, cwd = root): Promise<string[]> {
  const out = new Set<string>();
  for (const g of await globPattern(cwd, pattern, SKIP, async () => true)) for (const m of g.matches) out.add(m);
  return [...out].sort();
}

async function nodes(pattern: string, cwd = root): Promise<string[]> {
  const out = new Set<string>();
  for await (const m of fs.glob(pattern, { cwd, exclude: (name: string) => SKIP.has(path.basename(name)) })) out.add(path.resolve(cwd, m));
  return [...out].sort();
}

describe('globPattern matches as fs.glob does', () => {
  it.each([
    '.github/oidc-gate/**/*.yml', '.github/oidc-gate/**/*.yaml', '.github/**/*.y*ml', '**/*.yml', '*.yml', '**', 'cfg/**',
    'cfg/*', 'cfg/?.yml', 'cfg/[xy].*', 'cfg/[!x].yml', 'cfg/*.{yml,YML}', '{cfg,.github}/**/*.yml', 'cfg/{x,y}.yml', 'cfg/{x}.yml',
    'cfg/**/z.yml', 'cfg/*/er/*.yml', '**/er/**', '.*.yml', '.github/oidc-gate/.*', 'cfg/node_modules/*.yml', '**/n.yml',
    'cfg/linked/*.yml', 'cfg/*/private-name.yml', 'cfg/**/private-name.yml', './cfg/*.yml', 'cfg\\*.yml', '../repo/cfg/*.yml',
    `${root}/cfg/*.yml`, 'nothing/**/*.yml', 'cfg/[z-a].yml', 'cfg/\\[z\\].yml',
  ])('%s', async (pattern) => {
    expect(await mine(pattern)).toEqual(await nodes(pattern));
  });
});

describe('expandBraces', () => {
  it('spells out alternatives, nested ones too, and leaves braces without a comma alone', () => {
    expect(expandBraces('x/{a,b/{c,d}}.yml')).toEqual(['x/a.yml', 'x/b/c.yml', 'x/b/d.yml']);
    expect(expandBraces('{a}/{b')).toEqual(['{a}/{b']);
    expect(expandBraces('{a,b}{c,d}')).toEqual(['ac', 'ad', 'bc', 'bd']);
  });

  it('stops at 256 alternatives, so a pattern cannot make the run enumerate millions', () => {
    expect(expandBraces('{a,b}'.repeat(20))).toHaveLength(256);
  });
});

describe('findConfigFiles with globs', () => {
  it('keeps files only, and a linked file is listed (loading it applies the boundary)', async () => {
    const found = await findConfigFiles(root, ['cfg/*'], root);
    expect(found.files.map((f) => path.relative(root, f))).toEqual(['cfg/[z].yml', 'cfg/linked-file.yml', 'cfg/x.yml', 'cfg/y.YML']);
  });

  it('a pattern whose fixed part leads out of the boundary lists that folder once and walks nothing in it', async () => {
    expect(await findConfigFiles(root, ['cfg/linked/*.yml'], root)).toEqual({ files: [path.join(root, 'cfg/linked')], missing: [] });
    expect(await findConfigFiles(root, ['../outside/**/*.yml'], root)).toEqual({ files: [path.join(tmp, 'outside')], missing: [] });
    // From a subdirectory, a parent inside the boundary is walked as usual.
    const sub = path.join(root, 'cfg/deep');
    expect((await findConfigFiles(sub, ['../*.yml'], root)).files).toEqual([path.join(root, 'cfg/[z].yml'), path.join(root, 'cfg/linked-file.yml'), path.join(root, 'cfg/x.yml')]);
  });
});
