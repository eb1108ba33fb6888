/**
 * Command-line parsing, from the command table: each mistake is one UsageError whose message names
 * what was wrong in the user's words (never a parser's own message, and never an option's value).
 */
import { getOperation, type OperationName } from '../engine/index.ts';
import { type FailOn, INSTANT_FORMAT, nearest, OUTPUT_FORMATS, type OutputFormat, parseInstant } from '../gate/index.ts';
import type { CommandSpec, OptionSpec } from './command-spec.ts';
import { commandTable, getCommand } from './commands.ts';
import { UsageError } from './errors.ts';
import { initArgs, type InitArgs } from './init/init-command.ts';
import { mayHoldToken } from './single/token-shape.ts';
import { shown } from './usage-error.ts';

export type Command =
  /** `topic`: the command whose help to show; absent for the overview. */
  | { name: 'help'; topic?: string }
  | { name: 'version' }
  | {
    name: 'check';
    paths: string[];
    /** What to print: text, or an output format's --format value (printName). */
    format: string;
    failOn: FailOn;
    offline: boolean;
    issuerProfiles?: string;
    /** The files to write, by output format name (`--report FILE`: report), in the table's order. */
    outputs: Record<string, string>;
    lock?: string;
    baseline?: string;
  }
  | { name: 'baseline'; paths: string[]; offline: boolean; output?: string; issuerProfiles?: string }
  | { name: 'lock'; paths: string[]; output?: string; offline: boolean }
  | InitArgs
  /** One request to one engine operation, named as the operation. */
  | {
    name: OperationName;
    /** A token, a request file or -; absent: stdin. */
    input?: string;
    offline: boolean;
    at?: string;
    /** Absent: text on a terminal, JSON otherwise. */
    format?: 'text' | 'json';
    profile?: string;
    config?: string;
  }
  | { name: 'serve' };

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-V', '-v']);

/** `formats`: the output formats check writes and prints (a test passes its own table). */
export function parseCommand(argv: readonly string[], formats: readonly OutputFormat[] = OUTPUT_FORMATS): Command {
  const commands = commandTable(formats);
  const [first, ...rest] = argv;
  if (first === undefined || HELP_FLAGS.has(first)) return { name: 'help' };
  if (VERSION_FLAGS.has(first)) return { name: 'version' };
  if (first.startsWith('-')) throw misplacedOption(first, commands);
  const spec = getCommand(first, commands);
  if (spec === undefined) throw unknownCommand(first, commands);
  const optionArgs = rest.indexOf('--') === -1 ? rest : rest.slice(0, rest.indexOf('--'));
  if (optionArgs.some((a) => HELP_FLAGS.has(a))) return { name: 'help', topic: spec.name };
  const { values, positionals } = parseOptions(spec, rest);
  if (positionals.length > spec.positionals) {
    throw new UsageError(spec.positionals === 0
      ? spec.noArguments ?? 'takes no arguments.'
      : `takes one ${spec.positionalName ?? 'argument'}, not ${positionals.length}.`, { command: spec.name });
  }
  switch (spec.name) {
    case 'help': {
      const topic = positionals[0];
      if (topic === undefined) return { name: 'help' };
      if (getCommand(topic, commands) === undefined) throw unknownCommand(topic, commands);
      return { name: 'help', topic };
    }
    case 'version':
      return { name: 'version' };
    case 'serve':
      return { name: 'serve' };
    case 'check': {
      // A token given to check would be echoed back as a path that does not exist.
      if (positionals.some(mayHoldToken)) {
        throw new UsageError('takes config paths, and one argument looks like a token: validate one with oidc-gate validate --profile ID.', { command: 'check' });
      }
      const command: Command = {
        name: 'check',
        paths: positionals,
        format: values.format ?? 'text',
        failOn: (values['fail-on'] ?? 'error') as FailOn,
        offline: values.offline !== undefined,
        outputs: Object.fromEntries(formats.filter((f) => values[f.name] !== undefined).map((f) => [f.name, values[f.name] as string])),
      };
      if (values['issuer-profiles'] !== undefined) command.issuerProfiles = values['issuer-profiles'];
      if (values.lock !== undefined) command.lock = values.lock;
      if (values.baseline !== undefined) command.baseline = values.baseline;
      return command;
    }
    case 'baseline': {
      if (positionals.some(mayHoldToken)) {
        throw new UsageError('takes config paths, and one argument looks like a token.', { command: 'baseline' });
      }
      return {
        name: 'baseline',
        paths: positionals,
        offline: values.offline !== undefined,
        ...(values.output !== undefined ? { output: values.output } : {}),
        ...(values['issuer-profiles'] !== undefined ? { issuerProfiles: values['issuer-profiles'] } : {}),
      };
    }
    case 'init':
      return initArgs(values);
    case 'lock': {
      if (positionals.some(mayHoldToken)) {
        throw new UsageError('takes config paths, and one argument looks like a token.', { command: 'lock' });
      }
      return { name: 'lock', paths: positionals, offline: values.offline !== undefined, ...(values.output !== undefined ? { output: values.output } : {}) };
    }
    default: {
      const operation = getOperation(spec.name);
      if (operation === undefined) throw unknownCommand(spec.name, commands);
      const command: Command = { name: operation.name as OperationName, offline: values.offline !== undefined };
      if (positionals[0] !== undefined) command.input = positionals[0];
      if (values.at !== undefined) command.at = atInstant(values.at, spec.name);
      if (values.format !== undefined) command.format = values.format as 'text' | 'json';
      if (values.profile !== undefined) command.profile = values.profile;
      if (values.config !== undefined) command.config = values.config;
      return command;
    }
  }
}

/**
 * Options as the command table declares them: `--name value` or `--name=value` for a value, `--name`
 * for a flag; `--` ends the options, and `-` alone is an argument (stdin).
 */
function parseOptions(spec: CommandSpec, args: readonly string[]): { values: Record<string, string>; positionals: string[] } {
  const values: Record<string, string> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const option = arg.startsWith('--') ? spec.options.find((o) => o.name === name.slice(2)) : undefined;
    if (option === undefined) throw unknownOption(spec, name);
    if (option.value === undefined) {
      if (eq !== -1) throw new UsageError(`--${option.name} takes no value.`, { command: spec.name });
      values[option.name] = 'true';
      continue;
    }
    // Two values for one setting: which was meant cannot be told.
    if (values[option.name] !== undefined) throw new UsageError(`--${option.name} is given twice.`, { command: spec.name });
    let value: string | undefined;
    if (eq !== -1) {
      value = arg.slice(eq + 1);
    } else {
      const next = args[i + 1];
      // `--format --offline` is a forgotten value, not a format named "--offline".
      if (next !== undefined && !(next.startsWith('-') && next !== '-')) {
        value = next;
        i++;
      }
    }
    if (value === undefined || value === '') throw new UsageError(`--${option.name} needs a value: --${option.name} ${option.value}.`, { command: spec.name });
    if (option.choices !== undefined && !option.choices.includes(value)) {
      throw new UsageError(`--${option.name} must be one of ${option.choices.join(', ')}, not "${shown(value)}".`, { command: spec.name });
    }
    values[option.name] = value;
  }
  return { values, positionals };
}

function unknownOption(spec: CommandSpec, name: string): UsageError {
  const near = nearest(name.replace(/^-+/, ''), spec.options.map((o) => o.name), { prefixes: true });
  const hint = near !== undefined ? ` (did you mean --${near}?)` : '';
  return new UsageError(`unknown option ${shown(name)}${hint}.`, { command: spec.name });
}

function unknownCommand(name: string, commands: readonly CommandSpec[]): UsageError {
  if (mayHoldToken(name)) {
    return new UsageError('the first argument looks like a token, not a command: validate one with oidc-gate validate --profile ID (better on stdin, so the token stays out of the process list).', { showHelp: false });
  }
  const near = nearest(name, commands.map((c) => c.name), { prefixes: true });
  return new UsageError(`unknown command "${shown(name)}"${near !== undefined ? ` (did you mean ${near}?)` : ''}.`);
}

/** An option before any command: say where it goes when a command takes it. */
function misplacedOption(arg: string, commands: readonly CommandSpec[]): UsageError {
  const name = arg.split('=')[0] as string;
  const owners = commands.filter((c) => c.options.some((o: OptionSpec) => `--${o.name}` === name)).map((c) => c.name);
  if (owners.length > 0) {
    return new UsageError(`${shown(name)} goes after the command, as in oidc-gate ${owners[0]} ${shown(name)}.`);
  }
  return new UsageError(`unknown option ${shown(name)}.`);
}

/** `--at`, checked as an RFC 3339 date-time and handed on in the one form Date.parse reads exactly. */
function atInstant(value: string, command: string): string {
  const parsed = parseInstant(value);
  if (!parsed.ok) {
    throw new UsageError(`--at must be ${INSTANT_FORMAT} ("${shown(value)}" ${parsed.reason}).`, { command, showHelp: false });
  }
  return new Date(parsed.ms).toISOString();
}
