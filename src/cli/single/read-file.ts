/** Reading a file named on the command line: a regular file, capped, never blocking on a FIFO or device. */
import { constants, promises as fs } from 'node:fs';
import { UsageError } from '../errors.ts';

export interface ReadFileWording {
  /** The subcommand whose help a usage error points to. */
  command: string;
  /** How messages name the file: `"token.json"`, `--discovery "doc.json"`. */
  name: string;
  /** What the file should hold, for the size message: "a request", "a discovery document". */
  holds: string;
  /** Whether a missing file also shows the command's help (a mistyped argument). */
  helpWhenMissing: boolean;
}

/** The whole file, at most maxBytes; every failure is one UsageError that names the file and why. */
export async function readCappedFile(abs: string, maxBytes: number, wording: ReadFileWording): Promise<string> {
  const { command, name, holds } = wording;
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
    throw new UsageError(`cannot read ${name}: ${why}.`, { command, showHelp: wording.helpWhenMissing && code === 'ENOENT' });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new UsageError(`cannot read ${name}: not a regular file.`, { command, showHelp: false });
    if (stat.size > maxBytes) throw new UsageError(`${name} holds more than 1 MiB; ${holds} is a few kilobytes.`, { command, showHelp: false });
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}
