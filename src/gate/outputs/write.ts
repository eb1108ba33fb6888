/**
 * The one way the gate writes a file (the report, SARIF). The output paths live in a repository a
 * pull request controls: a committed link named oidc-gate-report.json pointing at .git/config, or a
 * linked directory, must not turn the report into an overwrite of some other file. So the target
 * must not be a link, its directory must resolve inside the workspace and outside .git, and the
 * text goes to a fresh temporary file beside it that is then renamed over the path: a rename
 * replaces the directory entry and never writes through it.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describePlace, placeOf } from '../config/boundary.ts';
import { OutputPathError } from '../errors.ts';

export { OutputPathError } from '../errors.ts';

export interface OutputTarget {
  /** The workspace the file must stay in. */
  root: string;
  /** Absolute path of the file. */
  file: string;
  /** What the user set, for messages: the input or option name and the value as given. */
  label: string;
  shown: string;
}

interface Plan {
  /** The deepest existing directory above the file, links resolved. */
  realDir: string;
  /** Directories to create below it, in order. */
  missing: string[];
  name: string;
}

/** Check an output path without writing: the action and the CLI refuse a bad path before any work. */
export async function checkOutputPath(target: OutputTarget): Promise<void> {
  await plan(target);
}

/** Write `text` to the target as described above; throws OutputPathError and leaves no temporary file. */
export async function writeInsideRoot(target: OutputTarget, text: string): Promise<void> {
  const { realDir, missing, name } = await plan(target);
  let dir = realDir;
  for (const part of missing) {
    dir = path.join(dir, part);
    try {
      await fs.mkdir(dir);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw failure(target, error);
    }
  }
  // Created or not, the directory must still resolve where the plan said.
  const finalDir = await fs.realpath(dir).catch((error: unknown) => {
    throw failure(target, error);
  });
  await ensureInside(target, path.join(finalDir, name));
  const temp = path.join(finalDir, `.${name}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    // wx: never reuse an existing file (or follow a link) at the temporary name.
    await fs.writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    await fs.rename(temp, path.join(finalDir, name));
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw failure(target, error);
  }
}

async function plan(target: OutputTarget): Promise<Plan> {
  const file = path.resolve(target.file);
  const name = path.basename(file);
  const existing = await fs.lstat(file).catch((error: unknown) => {
    if (isAbsent(error)) return undefined;
    throw failure(target, error);
  });
  if (existing?.isSymbolicLink()) {
    throw new OutputPathError(`${target.label} ${target.shown} is a symbolic link; refusing to write through it. Remove the link from the repository or choose another path.`);
  }
  if (existing !== undefined && !existing.isFile()) {
    throw new OutputPathError(`${target.label} ${target.shown} exists and is not a regular file; choose another path.`);
  }
  const missing: string[] = [];
  let dir = path.dirname(file);
  for (;;) {
    const stat = await fs.stat(dir).catch((error: unknown) => {
      if (isAbsent(error)) return undefined;
      throw failure(target, error);
    });
    if (stat?.isDirectory()) break;
    if (stat !== undefined) {
      throw new OutputPathError(`${target.label} ${target.shown} cannot be written: ${path.basename(dir)} is not a directory.`);
    }
    if (await fs.lstat(dir).then(() => true, () => false)) {
      throw new OutputPathError(`${target.label} ${target.shown} cannot be written: ${path.basename(dir)} is a link that leads nowhere.`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new OutputPathError(`${target.label} ${target.shown} cannot be written: no part of its directory exists.`);
    missing.unshift(path.basename(dir));
    dir = parent;
  }
  const realDir = await fs.realpath(dir).catch((error: unknown) => {
    throw failure(target, error);
  });
  await ensureInside(target, path.join(realDir, ...missing, name));
  return { realDir, missing, name };
}

async function ensureInside(target: OutputTarget, real: string): Promise<void> {
  const realRoot = await fs.realpath(target.root).catch(() => path.resolve(target.root));
  const place = placeOf(realRoot, real);
  if (!place.ok) {
    throw new OutputPathError(`${target.label} ${target.shown} resolves ${describePlace(place.reason)} (links followed); refusing to write there. Choose a path inside the repository, outside .git.`);
  }
}

/** Nothing there, or a file where a directory should be (reported by the directory walk). */
function isAbsent(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function failure(target: OutputTarget, error: unknown): OutputPathError {
  const code = (error as { code?: string }).code;
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code ?? 'unknown error';
  return new OutputPathError(`Cannot write ${target.label} ${target.shown}: ${why}.`);
}

/** An output path as a user set it: `value` relative to `base`, confined to `root`. */
export function outputTarget(root: string, base: string, label: string, value: string): OutputTarget {
  const shown = JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
  return { root, file: path.resolve(base, value), label, shown };
}
