/**
 * `oidc-gate baseline`: run the gate as `check` does and record the fingerprints of what it reports, so
 * that `check --baseline` and the action's `baseline` input fail on new findings only.
 */
import {
  checkOutputPath, DEFAULT_BASELINE_FILE, DEFAULT_PATTERNS, findRepositoryRoot, isBaselineCandidate, outputTarget, plural, renderBaseline, runGate, writeInsideRoot,
} from '../../gate/index.ts';
import type { Command } from '../args.ts';
import type { CliIo } from '../io.ts';
import { helpSuffix } from './format.ts';
import { printable } from '../single/printable.ts';

export async function baselineCommand(command: Extract<Command, { name: 'baseline' }>, io: CliIo): Promise<number> {
  const boundary = findRepositoryRoot(io.cwd);
  const shown = command.output ?? DEFAULT_BASELINE_FILE;
  const target = outputTarget(boundary, io.cwd, '--output', shown);
  await checkOutputPath(target);
  const gate = await runGate({
    root: io.cwd,
    boundary,
    patterns: command.paths.length > 0 ? command.paths : [...DEFAULT_PATTERNS],
    ...(command.issuerProfiles !== undefined ? { issuerProfilesFile: command.issuerProfiles } : {}),
    network: !command.offline,
    failOn: 'never',
    env: io.env,
  });
  // A file the gate could not read has findings nobody has seen yet: a baseline without them would
  // let them in unseen the day the file is fixed.
  const problems = gate.findings.filter((f) => f.config === true);
  if (problems.length > 0) {
    for (const f of problems) {
      const where = f.file !== undefined ? `${printable(f.file)}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
      io.stderr(`oidc-gate baseline: ${where}${f.code} ${printable(f.message)}${helpSuffix(f)}\n`);
    }
    io.stderr(`oidc-gate baseline: ${shown} was not written: fix the configuration ${problems.length === 1 ? 'error' : 'errors'} first.\n`);
    return 2;
  }
  const { text, count } = renderBaseline(gate.findings, gate.fingerprints);
  await writeInsideRoot(target, text);
  const skipped = gate.findings.filter((f) => !isBaselineCandidate(f)).length;
  const suppressed = gate.suppressed.length;
  const notes = [
    suppressed > 0 ? `${plural(suppressed, 'finding')} already suppressed inline or in config not recorded` : '',
    skipped > 0 ? `${plural(skipped, 'warning')} about suppressions not recorded (they cannot be baselined)` : '',
  ].filter((n) => n !== '');
  io.stdout(`Wrote ${shown}: ${plural(count, 'finding')} recorded${notes.length > 0 ? `; ${notes.join('; ')}` : ''}.\n`);
  return 0;
}
