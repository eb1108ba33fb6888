/**
 * Helpers for the security tests of the action and CLI bundles: a repository written on a real disk,
 * every output of a run gathered in one text, and the distinctive slices of a value to search it for.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ActionRun } from '../fixtures/harness.ts';

/** A fresh directory under parent holding these files (paths relative to it). */
export function repoWith(parent: string, files: Record<string, string>): string {
  const root = mkdtempSync(path.join(parent, 'repo-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** Every file under dir (a run's report, SARIF, summary and output files included), as text. */
export function allFiles(dir: string): string {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out.join('\n');
}

/** The lines a runner announces as masks, unescaped as the runner reads them. */
export function masksOf(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.startsWith('::add-mask::'))
    .map((l) => l.slice('::add-mask::'.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'));
}

/** The log a user sees: everything but the mask commands, which the runner consumes. */
export function visible(run: Pick<ActionRun, 'stdout' | 'stderr'>): string {
  return [...run.stdout.split('\n').filter((l) => !l.startsWith('::add-mask::')), run.stderr].join('\n');
}

/** The value and slices of it long enough to be unmistakable: start, middle and end. */
export function slicesOf(value: string, width = 12): string[] {
  if (value.length <= width) return [value];
  const mid = Math.floor((value.length - width) / 2);
  return [value, value.slice(0, width), value.slice(mid, mid + width), value.slice(-width)];
}

export function expectAbsent(text: string, values: readonly string[], where: string): void {
  // Checked on purpose before the search: an empty or tiny needle would make the search meaningless.
  for (const v of values) expect(v.length, 'a needle this short proves nothing').toBeGreaterThanOrEqual(8);
  for (const v of values) for (const s of slicesOf(v)) expect(text, `${where}: a slice of a secret value leaked`).not.toContain(s);
}
