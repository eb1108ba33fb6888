/**
 * The CLI: `check` runs the gate like the action does; one subcommand per engine operation
 * (`validate`, `lint`, `discover`) runs one request and prints the engine response exactly as the
 * service sends it; `serve` starts the service.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createEngine, getOperation, loadIssuerProfiles, type OperationName } from '../engine/index.ts';
import { findRepositoryRoot } from '../gate/boundary.ts';
import { checkOutputPath, outputTarget, sarifOf, writeReport, writeSarif } from '../gate/outputs.ts';
import { serializeReport, shouldFail, TOOL_VERSION } from '../gate/report.ts';
import { runGate } from '../gate/run.ts';
import { DEFAULT_PATTERNS } from '../gate/files.ts';
import { parseCommand, UsageError, USAGE, type Command } from './args.ts';
import { formatText, pickStyle } from './format.ts';
import { readsProfiles } from './operations.ts';

const EXIT_PASS = 0;
const EXIT_FAIL = 1;
const EXIT_USAGE = 2;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  isTTY: boolean;
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
    const hint = err instanceof UsageError && !err.showHelp ? '' : '\nRun oidc-gate --help for usage.';
    io.stderr(`oidc-gate: ${(err as Error).message}${hint}\n`);
    return EXIT_USAGE;
  }
  try {
    switch (command.name) {
      case 'help':
        io.stdout(`${USAGE}\n`);
        return EXIT_PASS;
      case 'version':
        io.stdout(`oidc-gate ${TOOL_VERSION}\n`);
        return EXIT_PASS;
      case 'check':
        return await check(command, io);
      case 'serve': {
        if (io.startServer === undefined) throw new Error('serve is not available in this build');
        const server = await io.startServer(io.env);
        io.stderr(`oidc-gate: listening on ${server.url}\n`);
        return EXIT_PASS;
      }
      default:
        return await single(command, io);
    }
  } catch (err) {
    // Config-level failures (unreadable request file, bad profiles, server start-up) are exit 2.
    io.stderr(`oidc-gate: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_USAGE;
  }
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
    env: io.env,
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
  const { errors, warnings } = gate.report.summary;
  if (gate.findings.some((f) => f.config === true)) return EXIT_USAGE;
  return shouldFail(command.failOn, errors, warnings) ? EXIT_FAIL : EXIT_PASS;
}

async function single(command: Extract<Command, { name: OperationName }>, io: CliIo): Promise<number> {
  const operation = getOperation(command.name);
  if (operation === undefined) throw new Error(`no operation named ${command.name}`);
  const text = command.input === '-' ? await io.readStdin() : await fs.readFile(path.resolve(io.cwd, command.input), 'utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the input, which holds a token or a secret.
    throw new UsageError('the request is not valid JSON');
  }
  const engine = createEngine({ network: command.offline ? { online: false } : { online: true, outboundAllow: io.env.OUTBOUND_ALLOW } });
  // As the service: profiles from ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, when set; an invalid
  // one is an error before any request is run.
  const checker = readsProfiles(operation) ? engine.withProfiles(loadIssuerProfiles({ env: io.env, ...engine.services })) : engine;
  const outcome = await checker.run(command.name, body, command.at !== undefined ? { at: Date.parse(command.at) } : {});
  if (outcome.problem !== undefined) {
    io.stdout(`${JSON.stringify(outcome.problem)}\n`);
    return EXIT_USAGE;
  }
  io.stdout(`${JSON.stringify(outcome.response)}\n`);
  return outcome.response.valid ? EXIT_PASS : EXIT_FAIL;
}
