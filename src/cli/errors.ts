/**
 * The CLI's errors: one family, CliError, each case a subclass with a stable `code`. main() turns each
 * into its lines and exit status:
 *   UsageError         USAGE              a mistake on the command line: one line, exit 2
 *   ConfigProblems     CONFIG_PROBLEMS    the --config file's problems, one line each at its place: exit 2
 *   DiscoveryRefused   DISCOVERY_REFUSED  `init`: the discovery document fails its checks: its findings, exit 1
 */
import type { Finding } from '../engine/index.ts';
import type { GateFinding } from '../gate/index.ts';

export type CliErrorCode = 'USAGE' | 'CONFIG_PROBLEMS' | 'DISCOVERY_REFUSED';

export class CliError extends Error {
  readonly code: CliErrorCode;
  constructor(code: CliErrorCode, message: string) {
    super(message);
    this.name = 'CliError';
    this.code = code;
  }
}

/** A mistake on the command line: one line that names it, and where to read how to get it right (usageLine). */
export class UsageError extends CliError {
  declare readonly code: 'USAGE';
  /** The subcommand the mistake was made in, when there is one: its --help is where to look. */
  readonly command: string | undefined;
  /** False when the message already says what to write, so a pointer to --help would only add noise. */
  readonly showHelp: boolean;

  constructor(message: string, options: { command?: string; showHelp?: boolean } = {}) {
    super('USAGE', message);
    this.name = 'UsageError';
    this.command = options.command;
    this.showHelp = options.showHelp ?? true;
  }
}

/** The config file's problems: each is one line at its place, and the request is not run. */
export class ConfigProblems extends CliError {
  declare readonly code: 'CONFIG_PROBLEMS';
  readonly findings: GateFinding[];

  constructor(findings: GateFinding[]) {
    super('CONFIG_PROBLEMS', `${findings.length} problem${findings.length === 1 ? '' : 's'} in the config file`);
    this.name = 'ConfigProblems';
    this.findings = findings;
  }
}

/** The document was read but fails the discovery checks: a config built from it would fail the gate from the start. */
export class DiscoveryRefused extends CliError {
  declare readonly code: 'DISCOVERY_REFUSED';
  readonly findings: readonly Finding[];
  constructor(findings: readonly Finding[]) {
    super('DISCOVERY_REFUSED', 'the discovery document fails its checks');
    this.name = 'DiscoveryRefused';
    this.findings = findings;
  }
}
