/**
 * Glob patterns for config paths, matched over a walk of the directories. Node's own fs.glob only
 * arrived in Node 22, and the CLI must also run on the Node 20 that many images still ship, so this
 * is the part of the glob syntax config paths need: `*`, `?`, `[abc]`, `[!a-z]`, `{a,b}` and `**`.
 * It matches as fs.glob does where the two meet: a name that starts with a dot is matched only by a
 * pattern part that starts with a dot (so `**` does not enter .github), a directory reached through a
 * link is never walked, and `\` separates folders as `/` does.
 */
import type { Dirent } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';

const GLOB_CHARS = /[*?[\]{}]/;

export function isGlob(pattern: string): boolean {
  return GLOB_CHARS.test(pattern);
}

/** No pattern expands into more alternatives than this: `{a,b}{c,d}…` grows as a power of two. */
const MAX_ALTERNATIVES = 256;

/**
 * `{a,b}` spelled out, nested ones too: `x/{a,b/{c,d}}.yml` is x/a.yml, x/b/c.yml and x/b/d.yml. Braces
 * without a comma, or without their partner, are plain characters, as in fs.glob.
 */
export function expandBraces(pattern: string, limit: number = MAX_ALTERNATIVES): string[] {
  for (let start = pattern.indexOf('{'); start !== -1; start = pattern.indexOf('{', start + 1)) {
    let depth = 0;
    let end = -1;
    const commas: number[] = [];
    for (let i = start; i < pattern.length && end === -1; i++) {
      const c = pattern[i];
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) end = i;
      else if (c === ',' && depth === 1) commas.push(i);
    }
    if (end === -1) return [pattern];
    if (commas.length === 0) continue;
    const head = pattern.slice(0, start);
    const tail = pattern.slice(end + 1);
    const out: string[] = [];
    let from = start + 1;
    for (const cut of [...commas, end]) {
      if (out.length >= limit) break;
      out.push(...expandBraces(`${head}${pattern.slice(from, cut)}${tail}`, limit - out.length));
      from = cut + 1;
    }
    return out;
  }
  return [pattern];
}

type Part =
  | { kind: 'globstar' }
  | { kind: 'name'; matches: (name: string) => boolean };

/** One part of a pattern (between slashes) as a test on a directory entry's name. */
function compilePart(part: string): Part {
  if (part === '**') return { kind: 'globstar' };
  if (!isGlob(part)) return { kind: 'name', matches: (name) => name === part };
  let source = '';
  for (let i = 0; i < part.length; i++) {
    const c = part[i] as string;
    if (c === '*') {
      source += '[^/]*';
    } else if (c === '?') {
      source += '[^/]';
    } else if (c === '[') {
      const close = classEnd(part, i);
      if (close === -1) {
        source += '\\[';
      } else {
        let body = part.slice(i + 1, close);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
        i = close;
      }
    } else {
      source += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
    }
  }
  let re: RegExp;
  try {
    re = new RegExp(`^${source}$`, 'u');
  } catch {
    // A class no regular expression can hold ([z-a]): the part matches only its own spelling.
    return { kind: 'name', matches: (name) => name === part };
  }
  // A wildcard never matches a leading dot: only a part written with one (".github", ".*") does.
  const dotOk = part.startsWith('.');
  return { kind: 'name', matches: (name) => (dotOk || !name.startsWith('.')) && re.test(name) };
}

/** Where the class opened at `open` ends; a `]` right after `[` (or `[!`) belongs to the class. */
function classEnd(part: string, open: number): number {
  let i = open + 1;
  if (part[i] === '!' || part[i] === '^') i++;
  if (part[i] === ']') i++;
  const close = part.indexOf(']', i);
  return close;
}

export interface GlobMatch {
  /** The folder the pattern starts from: its leading parts that hold no wildcard, resolved. */
  base: string;
  /** Every path (file, folder or link) the whole pattern matches under `base`, absolute. */
  matches: string[];
}

/**
 * The paths one pattern matches, relative to `root` (or absolute). `skip` names folders that are never
 * entered nor matched (node_modules, .git). `enterBase` is asked before `base` is read: the caller
 * refuses a base that leads outside the repository, so someone else's folder is never listed.
 */
export async function globPattern(
  root: string, pattern: string, skip: ReadonlySet<string>, enterBase: (base: string) => Promise<boolean>,
): Promise<GlobMatch[]> {
  const out: GlobMatch[] = [];
  for (const alternative of expandBraces(pattern.replace(/\\/g, '/'))) {
    const absolute = path.isAbsolute(alternative);
    const start = absolute ? path.parse(alternative).root : root;
    const parts = (absolute ? alternative.slice(start.length) : alternative).split('/').filter((p) => p !== '' && p !== '.');
    if (parts.some((p) => skip.has(p))) {
      out.push({ base: start, matches: [] });
      continue;
    }
    let base = start;
    while (parts.length > 0 && !isGlob(parts[0] as string)) base = path.join(base, parts.shift() as string);
    if (parts.length === 0) {
      // Braces spelled out to a plain path: it matches when it exists; loading it applies the rules.
      out.push({ base, matches: (await exists(base)) ? [base] : [] });
      continue;
    }
    if (!(await enterBase(base))) {
      out.push({ base, matches: [] });
      continue;
    }
    const found = new Set<string>();
    await walk(base, parts.map(compilePart).filter((p, i, all) => !(p.kind === 'globstar' && all[i - 1]?.kind === 'globstar')), 0, skip, found);
    out.push({ base, matches: [...found] });
  }
  return out;
}

async function walk(dir: string, parts: readonly Part[], index: number, skip: ReadonlySet<string>, found: Set<string>): Promise<void> {
  const part = parts[index];
  if (part === undefined) {
    found.add(dir);
    return;
  }
  const entries = await readDir(dir);
  if (part.kind === 'globstar') {
    // `**` is zero or more folders: none here, then each real folder below, one level at a time.
    // Last in the pattern, it matches everything below as well.
    await walk(dir, parts, index + 1, skip, found);
    const last = index === parts.length - 1;
    for (const entry of entries) {
      if (entry.name.startsWith('.') || skip.has(entry.name)) continue;
      const abs = path.join(dir, entry.name);
      if (last) found.add(abs);
      if (entry.isDirectory()) await walk(abs, parts, index, skip, found);
    }
    return;
  }
  const last = index === parts.length - 1;
  for (const entry of entries) {
    if (!part.matches(entry.name)) continue;
    const abs = path.join(dir, entry.name);
    if (last) found.add(abs);
    // Only real folders are walked: a committed link to a folder elsewhere is not followed.
    else if (entry.isDirectory() && !skip.has(entry.name)) await walk(abs, parts, index + 1, skip, found);
  }
}

async function exists(abs: string): Promise<boolean> {
  return (await fs.lstat(abs).catch(() => undefined)) !== undefined;
}

async function readDir(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
