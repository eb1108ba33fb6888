/** `oidc-gate lock`: write the key lock file, and say what was pinned or why nothing was written. */
import { checkOutputPath, DEFAULT_LOCK_PATH, DEFAULT_PATTERNS, findRepositoryRoot, outputTarget, writeLock } from '../../gate/index.ts';
import type { Command } from '../args.ts';
import type { CliIo } from '../io.ts';
import { helpSuffix } from './format.ts';
import { printable } from '../single/printable.ts';

export async function lockCommand(command: Extract<Command, { name: 'lock' }>, io: CliIo): Promise<number> {
  const boundary = findRepositoryRoot(io.cwd);
  const target = outputTarget(boundary, io.cwd, '--output', command.output ?? DEFAULT_LOCK_PATH);
  await checkOutputPath(target);
  const outcome = await writeLock({
    root: io.cwd,
    boundary,
    patterns: command.paths.length > 0 ? command.paths : [...DEFAULT_PATTERNS],
    env: io.env,
    target,
    offline: command.offline,
  });
  const shown = command.output ?? DEFAULT_LOCK_PATH;
  if (outcome.ok && outcome.offline === true) {
    // Nothing can be pinned without fetching: say what would be, each at its line, and write nothing.
    const n = outcome.planned.length;
    io.stdout(`Offline: nothing fetched, ${shown} not written. ${n === 1 ? '1 provider or profile has' : `${n} providers and profiles have`} keys oidc-gate lock would pin${n > 0 ? ':' : '.'}\n`);
    for (const p of outcome.planned) io.stdout(`  ${printable(p.file)}:${p.line}:${p.column}  ${p.kind} ${printable(p.name)}: ${printable(p.from)}\n`);
    io.stdout('Run oidc-gate lock with network access to write the lock file; check --lock FILE --offline compares a lock file with the config without fetching.\n');
    return 0;
  }
  if (outcome.ok) {
    const keys = outcome.entries.reduce((n, e) => n + e.keys.length, 0);
    const what = outcome.entries.length === 1 ? '1 provider or profile' : `${outcome.entries.length} providers and profiles`;
    io.stdout(`Wrote ${shown}: ${keys} key${keys === 1 ? '' : 's'} of ${what}.\n`);
    return 0;
  }
  for (const f of outcome.problems) {
    const where = f.file !== undefined ? `${printable(f.file)}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
    io.stderr(`oidc-gate lock: ${where}${f.code} ${printable(f.message)}${helpSuffix(f)}\n`);
  }
  for (const line of outcome.failures) io.stderr(`oidc-gate lock: ${printable(line)}\n`);
  io.stderr(`oidc-gate lock: ${shown} was not written.\n`);
  return outcome.problems.length > 0 ? 2 : 1;
}
