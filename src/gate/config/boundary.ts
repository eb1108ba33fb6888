/**
 * The workspace boundary. The gate runs on a repository that a pull request controls, links
 * included, so every path it reads is resolved (links followed) and must stay inside the workspace
 * and out of .git, where actions/checkout keeps the job's token. Reads are also capped in size.
 */
import { constants, existsSync, promises as fs } from 'node:fs';
import path from 'node:path';

/** The most the gate reads from any one file: a gate input is a few kilobytes. */
export const MAX_READ_BYTES = 1024 * 1024;
const READ_CHUNK = 64 * 1024;

export type Containment =
  | { ok: true; real: string }
  | { ok: false; reason: 'missing' | 'outside' | 'git'; error?: unknown };

/**
 * Where a path really leads (links resolved), and whether the gate may use it: inside the root and
 * not under .git. Without this a link to .git/config would make the gate read, and quote, the
 * checkout's credentials.
 */
export async function resolveInsideRoot(root: string, abs: string): Promise<Containment> {
  let real: string;
  try {
    real = await fs.realpath(abs);
  } catch (error) {
    return { ok: false, reason: 'missing', error };
  }
  const realRoot = await fs.realpath(root).catch(() => path.resolve(root));
  return placeOf(realRoot, real);
}

/** Where `real` (already free of links) lies relative to `realRoot`. */
export function placeOf(realRoot: string, real: string): { ok: true; real: string } | { ok: false; reason: 'outside' | 'git' } {
  const rel = path.relative(realRoot, real);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return { ok: false, reason: 'outside' };
  if (isUnderGit(rel)) return { ok: false, reason: 'git' };
  return { ok: true, real };
}

/** A `.git` component anywhere in a root-relative path (any letter case: some file systems ignore it). */
export function isUnderGit(rel: string): boolean {
  return rel.split(path.sep).some((part) => part.toLowerCase() === '.git');
}

/** How a place outside the boundary is described in messages. */
export function describePlace(reason: 'outside' | 'git'): string {
  return reason === 'git' ? 'inside .git' : 'outside the repository root';
}

/**
 * The CLI's boundary: the nearest directory at or above `cwd` that holds `.git` (a directory, or
 * the file a worktree or submodule has), else `cwd` itself.
 */
export function findRepositoryRoot(cwd: string): string {
  const start = path.resolve(cwd);
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

export type ReadOutcome =
  | { ok: true; bytes: Buffer; real: string }
  | { ok: false; reason: 'missing' | 'outside' | 'git' | 'not-file' | 'too-large' | 'unreadable'; error?: unknown };

/**
 * Read a file that must lie inside `root`, at most `maxBytes` of it. The size is checked on the
 * open file, and the read stops one byte past the cap, so a file that grows in between is refused
 * rather than read whole. A FIFO or device is refused without blocking on it.
 */
export async function readInsideRoot(root: string, abs: string, maxBytes: number = MAX_READ_BYTES): Promise<ReadOutcome> {
  const place = await resolveInsideRoot(root, abs);
  if (!place.ok) return place;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(place.real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, reason: code === 'EISDIR' ? 'not-file' : 'unreadable', error };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not-file' };
    if (stat.size > maxBytes) return { ok: false, reason: 'too-large' };
    // Read to the end rather than trusting the size: the file may change in between.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const want = chunks.length === 0 ? stat.size + 1 : READ_CHUNK;
      const chunk = Buffer.alloc(Math.min(want, maxBytes + 1 - length));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
      if (length > maxBytes) return { ok: false, reason: 'too-large' };
    }
    return { ok: true, bytes: Buffer.concat(chunks, length), real: place.real };
  } catch (error) {
    return { ok: false, reason: 'unreadable', error };
  } finally {
    await handle.close();
  }
}

/** Why a read failed, in a user's words (never the error's message, which repeats the path). */
export function describeIoError(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'not a regular file';
    default: return code ?? 'unknown error';
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a file, or undefined when it is not valid UTF-8 (never decoded with U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
