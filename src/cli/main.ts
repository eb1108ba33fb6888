/**
 * The CLI: `check` runs the gate like the action does; one subcommand per engine operation
 * (`validate`, `lint`, `discover`) runs one request and prints the engine's answer, as text on a
 * terminal or exactly as the service sends it; `serve` starts the service.
 */
import { IssuerProfileError } from '../engine/index.ts';
import {
  checkOutputs, DEFAULT_PATTERNS, findRepositoryRoot, OUTPUT_FORMATS, type OutputFormat, outputTarget, printName, runGate, TOOL_VERSION, writeOutputs,
} from '../gate/index.ts';
import { parseCommand, type Command } from './args.ts';
import { commandTable, getCommand } from './commands.ts';
import { baselineCommand } from './check/baseline.ts';
import { formatText, helpSuffix, pickStyle } from './check/format.ts';
import { runInit } from './init/init.ts';
import { lockCommand } from './check/lock.ts';
import { commandHelp, overview } from './help.ts';
import { ConfigProblems, UsageError } from './errors.ts';
import { faultText } from './fault.ts';
import type { CliIo } from './io.ts';
import { runSingle } from './single/single.ts';
import { usageLine } from './usage-error.ts';

const EXIT_PASS = 0;
const EXIT_FAIL = 1;
const EXIT_USAGE = 2;

/** `formats`: the output formats `check` writes and prints (src/gate/outputs/formats.ts; a test passes its own). */
export async function main(argv: readonly string[], io: CliIo, formats: readonly OutputFormat[] = OUTPUT_FORMATS): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv, formats);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`${usageLine(err)}\n`);
    return EXIT_USAGE;
  }
  try {
    switch (command.name) {
      case 'help': {
        const topic = command.topic !== undefined ? getCommand(command.topic, commandTable(formats)) : undefined;
        io.stdout(topic !== undefined ? commandHelp(topic) : overview());
        return EXIT_PASS;
      }
      case 'version':
        io.stdout(`oidc-gate ${TOOL_VERSION}\n`);
        return EXIT_PASS;
      case 'check':
        return await check(command, io, formats);
      case 'init':
        return await runInit(command, { ...io, stdinIsTTY: io.stdinIsTTY ?? false });
      case 'lock':
        return await lockCommand(command, io);
      case 'baseline':
        return await baselineCommand(command, io);
      case 'serve': {
        if (io.startServer === undefined) throw new Error('serve is not available in this build');
        // The service logs its own JSON "listening" line (with the URL): its stderr carries JSON lines only.
        await io.startServer(io.env);
        return EXIT_PASS;
      }
      default:
        return await runSingle(command, { ...io, stdinIsTTY: io.stdinIsTTY ?? false });
    }
  } catch (err) {
    // Config-level failures (unreadable request, bad profiles, server start-up) are exit 2, one line each.
    if (err instanceof UsageError) io.stderr(`${usageLine(err)}\n`);
    else if (err instanceof ConfigProblems) io.stderr(configProblemLines(err, command.name));
    else if (err instanceof IssuerProfileError) io.stderr(`oidc-gate ${command.name}: ${err.message}\n`);
    else io.stderr(faultText(err, io.debug === true));
    return EXIT_USAGE;
  }
}

/** Each problem of a --config file at its line, with its fix, as `check` prints them. */
function configProblemLines(err: ConfigProblems, command: string): string {
  const lines = err.findings.map((f) => {
    const where = f.file !== undefined ? `${f.file}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
    return `oidc-gate ${command}: ${where}${f.code} ${f.message}${helpSuffix(f)}`;
  });
  return `${lines.join('\n')}\n`;
}

async function check(command: Extract<Command, { name: 'check' }>, io: CliIo, formats: readonly OutputFormat[]): Promise<number> {
  // Paths on the command line stay relative to the working directory, and findings name files
  // from there; but nothing may be read or written outside the repository it is in, or inside .git.
  const boundary = findRepositoryRoot(io.cwd);
  const outputs = formats.flatMap((format) => {
    const file = command.outputs[format.name];
    return file !== undefined ? [{ format, target: outputTarget(boundary, io.cwd, `--${format.name}`, file) }] : [];
  });
  await checkOutputs(outputs);
  const gate = await runGate({
    root: io.cwd,
    boundary,
    patterns: command.paths.length > 0 ? command.paths : [...DEFAULT_PATTERNS],
    ...(command.issuerProfiles !== undefined ? { issuerProfilesFile: command.issuerProfiles } : {}),
    network: !command.offline,
    failOn: command.failOn,
    env: io.env,
    ...(command.lock !== undefined ? { lockFile: command.lock } : {}),
    ...(command.baseline !== undefined ? { baselineFile: command.baseline } : {}),
  });
  await writeOutputs(gate, outputs);
  // --format text is the CLI's own rendering (colour, --offline's note); any other is a table entry's.
  const printed = formats.find((format) => printName(format) === command.format);
  io.stdout(printed !== undefined ? printed.render(gate) : formatText(gate.report, pickStyle(io.isTTY, io.env), command.offline));
  // A configuration error is exit 2 whatever --fail-on says (the action fails its step for it too);
  // --fail-on governs findings, as the report's verdict applies it.
  if (gate.findings.some((f) => f.config === true)) return EXIT_USAGE;
  return gate.report.summary.failed ? EXIT_FAIL : EXIT_PASS;
}
