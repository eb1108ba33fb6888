/**
 * Which files to check: globs (glob.ts, which runs on Node 20 as well), plain file paths, and
 * directories (every .yml/.yaml below them, dot folders such as .github included).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { resolveInsideRoot } from './boundary.ts';
import { globPattern, isGlob } from './glob.ts';

export const DEFAULT_PATTERNS: readonly string[] = ['.github/oidc-gate/**/*.yml', '.github/oidc-gate/**/*.yaml'];

const SKIP_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** The `config` input: newline- or comma-separated, blank entries ignored. */
export function splitPatterns(value: string): string[] {
  return value.split(/[\n,]/).map((s) => s.trim()).filter((s) => s !== '');
}

export interface FoundFiles {
  /** Absolute paths, sorted and unique. */
  files: string[];
  /** Patterns that are plain paths which do not exist (a glob that matches nothing is not listed). */
  missing: string[];
}

/**
 * `root` is where patterns are relative to; `boundary` the directory they must not lead out of. A
 * directory that leads outside it (a committed link) is not walked: it is listed itself, so loading
 * it reports one refusal instead of naming the files of someone else's directory.
 */
export async function findConfigFiles(root: string, patterns: readonly string[], boundary: string = root): Promise<FoundFiles> {
  const found = new Set<string>();
  const missing: string[] = [];
  for (const pattern of patterns) {
    if (isGlob(pattern)) {
      // A pattern whose fixed part leads outside the boundary is not walked: that folder is listed
      // itself, and refused once when it is loaded, as a directory path is.
      const enterBase = async (base: string) => {
        const place = await resolveInsideRoot(boundary, base);
        if (!place.ok && place.reason !== 'missing') found.add(base);
        return place.ok;
      };
      for (const { matches } of await globPattern(root, pattern, SKIP_DIRS, enterBase)) {
        for (const abs of matches) if (await isFile(abs)) found.add(abs);
      }
      continue;
    }
    const abs = path.resolve(root, pattern);
    const stat = await fs.stat(abs).catch(() => undefined);
    if (stat === undefined) missing.push(pattern);
    else if (stat.isDirectory() && !(await resolveInsideRoot(boundary, abs)).ok) found.add(abs);
    else if (stat.isDirectory()) for (const f of await walkYaml(abs)) found.add(f);
    else found.add(abs);
  }
  return { files: [...found].sort(), missing };
}

async function walkYaml(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await fs.readdir(dir, { withFileTypes: true });
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...(await walkYaml(abs)));
    } else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) {
      out.push(abs);
    }
  }
  return out;
}

async function isFile(abs: string): Promise<boolean> {
  const stat = await fs.stat(abs).catch(() => undefined);
  return stat?.isFile() === true;
}

/** A path as findings name it: relative to the gate root, with forward slashes. */
export function relativeFile(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  return (rel === '' ? path.basename(abs) : rel).split(path.sep).join('/');
}
