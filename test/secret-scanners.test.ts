/**
 * Every committed file that holds something shaped like a compact JWT is one of the sample-token files
 * the gitleaks and trivy allowlists name, and the allowlists name nothing more: a token committed anywhere
 * else is still reported by those scanners.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './fixtures/harness.ts';

/** gitleaks' own JWT rule, in substance: two base64url JSON segments starting "ey", then a signature. */
const JWT_SHAPE = /\bey[A-Za-z0-9]{17,}\.ey[A-Za-z0-9/\\_-]{17,}\./;

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => f !== '' && !f.startsWith('dist/') && !f.startsWith('node_modules/'));
}

function gitleaksPaths(): RegExp[] {
  const text = readFileSync(path.join(ROOT, '.gitleaks.toml'), 'utf8');
  const block = /^paths = \[\n([\s\S]*?)\n\]/m.exec(text)?.[1] ?? '';
  return [...block.matchAll(/'''(.*?)'''/g)].map((m) => new RegExp(m[1] as string));
}

function trivyPaths(): RegExp[] {
  const doc = parse(readFileSync(path.join(ROOT, 'trivy-secret.yaml'), 'utf8')) as { 'allow-rules': { path: string }[] };
  return doc['allow-rules'].map((r) => new RegExp(r.path));
}

describe('secret scanner allowlists', () => {
  const files = trackedFiles().filter((f) => {
    try {
      return JWT_SHAPE.test(readFileSync(path.join(ROOT, f), 'utf8'));
    } catch {
      return false;
    }
  });

  it('find the sample tokens (the scan itself works)', () => {
    expect(files).toContain('examples/tokens/acme-orders-service.jwt');
    expect(files.length).toBeGreaterThan(10);
  });

  it.each([['gitleaks', gitleaksPaths], ['trivy', trivyPaths]] as const)('%s allows every file that holds a sample token', (_name, paths) => {
    const patterns = paths();
    expect(patterns.length).toBe(3);
    expect(files.filter((f) => !patterns.some((p) => p.test(f)))).toEqual([]);
  });

  it.each([['gitleaks', gitleaksPaths], ['trivy', trivyPaths]] as const)('%s still reports a token in source, config or docs', (_name, paths) => {
    const patterns = paths();
    for (const f of ['src/main.ts', 'test/server/faults.test.ts', '.github/oidc-gate/samples.yml', 'README.md', 'examples/oidc-gate/acme.yml', 'examples/tokens/x.jwt.bak']) {
      expect(patterns.some((p) => p.test(f)), f).toBe(false);
    }
  });
});
