/**
 * The CLI as a consumer installs it without cloning: `npm pack` (what script/release builds) holds only
 * dist/, LICENSE, README.md and package.json, declares nothing left to install, installs offline into
 * an empty prefix, and the installed `oidc-gate` runs on the system Node 20 (its shebang finds the first
 * `node` on PATH): --version, and a check that passes and one that fails.
 * CI also runs test/cli/node20.e2e.test.ts (the online paths) against this installed copy.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlesPresent, FIXTURES, ROOT, tempParent, workspace } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-packed-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The system Node 20, when this machine has one (CI does); the test is skipped otherwise. */
function findNode20(): string | undefined {
  for (const candidate of [process.env.OIDC_GATE_NODE20, '/usr/bin/node', '/usr/local/bin/node']) {
    if (candidate === undefined || !existsSync(candidate)) continue;
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && /^v20\./.test(r.stdout.trim())) return candidate;
  }
  return undefined;
}
const NODE20 = findNode20();

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// CI's system Node is Node 20: there, not finding it is a failure, not a reason to skip.
it.runIf(process.env.CI === 'true')('finds the system Node 20 (CI)', () => {
  expect(NODE20).toBeDefined();
});

describe.skipIf(!bundlesPresent() || NODE20 === undefined)('the npm-packed CLI', () => {
  const tarball = path.join(parent, `oidc-gate-${VERSION}.tgz`);
  const prefix = path.join(parent, 'prefix');
  const bin = path.join(prefix, 'bin', 'oidc-gate');
  // Only Node 20's directory and the usual system ones: `#!/usr/bin/env node` must find Node 20.
  const env = { PATH: [path.dirname(NODE20 as string), '/usr/bin', '/bin'].join(path.delimiter), HOME: parent };

  beforeAll(() => {
    const packed = sh('npm', ['pack', '--pack-destination', parent], ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    const installed = sh('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], parent);
    expect(installed.status, installed.stderr).toBe(0);
  }, 120_000);

  it('holds only dist/, LICENSE, README.md and package.json, and needs nothing installed beside it', () => {
    const listing = sh('tar', ['-tzf', tarball], parent);
    const tops = new Set(listing.stdout.trim().split('\n').map((entry) => entry.replace(/^package\//, '').split('/')[0]));
    expect([...tops].sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
    const manifest = JSON.parse(sh('tar', ['-xzOf', tarball, 'package/package.json'], parent).stdout) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.bin).toEqual({ 'oidc-gate': 'dist/cli/index.js' });
    expect(manifest.engines).toEqual({ node: '>=20.12' });
  });

  it('prints its version on Node 20', () => {
    expect(sh(bin, ['--version'], parent, env)).toEqual({ status: 0, stdout: `oidc-gate ${VERSION}\n`, stderr: '' });
  });

  it('checks a repository on Node 20: a good one passes, a broken one fails with its findings', () => {
    const good = sh(bin, ['check', '--offline'], path.join(FIXTURES, 'repos/good'), env);
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    const bad = sh(bin, ['check', '--offline', '--format', 'json'], workspace('bad', parent), env);
    expect(bad.status).toBe(1);
    expect((JSON.parse(bad.stdout) as { valid: boolean }).valid).toBe(false);
  });
});
