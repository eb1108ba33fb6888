/** The overview (`oidc-gate --help`) and each command's own help, printed from the command table. */
import type { CommandSpec, OptionSpec } from './command-spec.ts';
import { COMMANDS } from './commands.ts';

/** Where descriptions start, so they line up under one another. */
const COLUMN = 28;

function entry(head: string, lines: readonly string[]): string {
  const indent = ' '.repeat(COLUMN);
  const [first = '', ...rest] = lines;
  const top = head.length < COLUMN - 1 ? [`${head.padEnd(COLUMN)}${first}`] : [head, `${indent}${first}`];
  return [...top, ...rest.map((line) => `${indent}${line}`)].join('\n');
}

function optionHead(option: OptionSpec): string {
  return `  --${option.name}${option.value !== undefined ? ` ${option.value}` : ''}`;
}

export function overview(): string {
  return [
    'oidc-gate: catch broken identity configuration before it ships.',
    '',
    'Usage: oidc-gate <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => entry(`  ${c.name}${c.args !== '' ? ` ${c.args.replace(/ ?\[options\]$/, '')}` : ''}`, [c.summary])),
    '',
    'Run oidc-gate <command> --help for the options of one command.',
    'Exit status: 0 passed (or valid), 1 the gate failed (or invalid), 2 usage or configuration error.',
    'Colour only on a terminal; NO_COLOR turns it off.',
    'An unexpected error (a bug in oidc-gate) is one line, exit 2; --debug on any command adds its stack.',
    '',
  ].join('\n');
}

export function commandHelp(command: CommandSpec): string {
  const lines = [
    `Usage: oidc-gate ${command.name}${command.args !== '' ? ` ${command.args}` : ''}`,
    '',
    ...command.about,
    '',
    'Options:',
    ...command.options.map((o) => entry(optionHead(o), o.help)),
    entry('  -h, --help', ['show this help']),
  ];
  if (command.examples !== undefined) lines.push('', 'Examples:', ...command.examples.map((e) => `  ${e}`));
  if (command.exit !== undefined) lines.push('', command.exit);
  return `${lines.join('\n')}\n`;
}
