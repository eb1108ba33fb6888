/**
 * The CLI: `check` runs the gate like the action does; one subcommand per engine operation
 * (`validate`, `lint`, `discover`) runs one request and prints the engine's answer, as text on a
 * terminal or exactly as the service sends it; `serve` starts the service.
 */
import { IssuerProfileError } from '../engine/index.ts';
import {
  checkOutputPath, DEFAULT_PATTERNS, findRepositoryRoot, outputTarget, runGate, sarifOf, serializeReport, TOOL_VERSION, writeReport, writeSarif,
} from '../gate/index.ts';
import { parseCommand, type Command } from './args.ts';
import { getCommand } from './commands.ts';
import { baselineCommand } from './baseline.ts';
import { formatText, pickStyle } from './format.ts';
import { runInit } from './init.ts';
import { lockCommand } from './lock.ts';
import { commandHelp, overview } from './help.ts';
import { ConfigProblems } from './profiles.ts';
import { runSingle } from './single.ts';
import { UsageError, usageLine } from './usage-error.ts';

const EXIT_PASS = 0;
const EXIT_FAIL = 1;
const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** stdout is a terminal: text instead of JSON for single requests, and colour. */
  isTTY: boolean;
  /** Nothing is piped in: a single request without a file would wait for typing. */
  stdinIsTTY?: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `serve` only: started here, and the process stays up while it listens. */
  startServer?: (env: NodeJS.ProcessEnv) => Promise<{ url: string; close(): Promise<void> }>;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`${usageLine(err)}\n`);
    return EXIT_USAGE;
  }
  try {
    switch (command.name) {
      case 'help': {
        const topic = command.topic !== undefined ? getCommand(command.topic) : undefined;
        io.stdout(topic !== undefined ? commandHelp(topic) : overview());
        return EXIT_PASS;
      }
      case 'version':
        io.stdout(`oidc-gate ${TOOL_VERSION}\n`);
        return EXIT_PASS;
      case 'check':
        return await check(command, io);
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
    else io.stderr(`oidc-gate: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_USAGE;
  }
}

/** Each problem of a --config file at its line, with its fix, as `check` prints them. */
function configProblemLines(err: ConfigProblems, command: string): string {
  const lines = err.findings.map((f) => {
    const where = f.file !== undefined ? `${f.file}:${f.line ?? 1}:${f.column ?? 1}: ` : '';
    const fix = f.remediation !== undefined ? ` Fix: ${f.remediation}` : '';
    return `oidc-gate ${command}: ${where}${f.code} ${f.message}${fix}`;
  });
  return `${lines.join('\n')}\n`;
}

async function check(command: Extract<Command, { name: 'check' }>, io: CliIo): Promise<number> {
  // Paths on the command line stay relative to the working directory, and findings name files
  // from there; but nothing may be read or written outside the repository it is in, or inside .git.
  const boundary = findRepositoryRoot(io.cwd);
  const report = command.report !== undefined ? outputTarget(boundary, io.cwd, '--report', command.report) : undefined;
  const sarif = command.sarif !== undefined ? outputTarget(boundary, io.cwd, '--sarif', command.sarif) : undefined;
  if (report !== undefined) await checkOutputPath(report);
  if (sarif !== undefined) await checkOutputPath(sarif);
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
  if (report !== undefined) await writeReport(gate, report);
  if (sarif !== undefined) await writeSarif(gate, sarif);
  switch (command.format) {
    case 'json':
      io.stdout(serializeReport(gate.report));
      break;
    case 'sarif':
      io.stdout(`${JSON.stringify(sarifOf(gate), null, 2)}\n`);
      break;
    default:
      io.stdout(formatText(gate.report, pickStyle(io.isTTY, io.env), command.offline));
  }
  // A configuration error is exit 2 whatever --fail-on says (the action fails its step for it too);
  // --fail-on governs findings, as the report's verdict applies it.
  if (gate.findings.some((f) => f.config === true)) return EXIT_USAGE;
  return gate.report.summary.failed ? EXIT_FAIL : EXIT_PASS;
}
