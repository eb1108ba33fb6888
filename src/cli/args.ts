/** Command-line parsing: node:util parseArgs per command, strict, with one usage text. */
import { parseArgs } from 'node:util';
import { getOperation, type OperationName } from '../engine/index.ts';
import { INSTANT_FORMAT, parseInstant } from '../gate/instant.ts';
import type { FailOn } from '../gate/types.ts';
import { judgesTime, singleHelp, singleUsage } from './operations.ts';

export const USAGE = `oidc-gate: catch broken identity configuration before it ships.

Usage:
  oidc-gate check [paths...] [options]   check config files (the same checks and report as the action)
${singleUsage()}
  oidc-gate serve                        start the HTTP service (settings from the environment)

check options:
  paths                      files, directories (every .yml/.yaml below) or globs;
                             default .github/oidc-gate/**/*.yml and .yaml
  --format text|json|sarif   what to print (default text; json is the report)
  --fail-on error|warning|never
                             which findings fail the check (default error)
  --offline                  skip network checks (JWKS, discovery): they report CHECK_SKIPPED
  --issuer-profiles <file>   issuer profiles (JSON or YAML list) for issuer_profile_id samples
  --report <file>            also write the JSON report to <file>
  --sarif <file>             also write SARIF 2.1.0 to <file>

${singleHelp()}

Exit status: 0 passed (or valid), 1 the gate failed (or invalid), 2 usage or config error.
Colour only on a terminal; NO_COLOR turns it off.`;

export type Command =
  | { name: 'help' }
  | { name: 'version' }
  | {
    name: 'check';
    paths: string[];
    format: 'text' | 'json' | 'sarif';
    failOn: FailOn;
    offline: boolean;
    issuerProfiles?: string;
    report?: string;
    sarif?: string;
  }
  /** One request to one engine operation, named as the operation. */
  | { name: OperationName; input: string; offline: boolean; at?: string }
  | { name: 'serve' };

export class UsageError extends Error {
  /** False when the message already says what to write, so a pointer to --help would only add noise. */
  readonly showHelp: boolean;

  constructor(message: string, options: { showHelp?: boolean } = {}) {
    super(message);
    this.name = 'UsageError';
    this.showHelp = options.showHelp ?? true;
  }
}

function oneOf<T extends string>(option: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not "${value}".`);
  return value as T;
}

/** `--at`, checked as an RFC 3339 date-time and handed on in the one form Date.parse reads exactly. */
function atInstant(value: string): string {
  const parsed = parseInstant(value);
  if (!parsed.ok) {
    // Clipped, and control characters replaced: the value is echoed to a terminal.
    // eslint-disable-next-line no-control-regex
    const shown = (value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
    throw new UsageError(`--at must be ${INSTANT_FORMAT} ("${shown}" ${parsed.reason}).`, { showHelp: false });
  }
  return new Date(parsed.ms).toISOString();
}

export function parseCommand(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { name: 'help' };
  if (first === '--version' || first === '-v') return { name: 'version' };
  if (rest.includes('--help') || rest.includes('-h')) return { name: 'help' };
  try {
    switch (first) {
      case 'check': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          strict: true,
          options: {
            format: { type: 'string' },
            'fail-on': { type: 'string' },
            offline: { type: 'boolean' },
            'issuer-profiles': { type: 'string' },
            report: { type: 'string' },
            sarif: { type: 'string' },
          },
        });
        const command: Command = {
          name: 'check',
          paths: positionals,
          format: oneOf('format', values.format, ['text', 'json', 'sarif'] as const, 'text'),
          failOn: oneOf('fail-on', values['fail-on'], ['error', 'warning', 'never'] as const, 'error'),
          offline: values.offline === true,
        };
        if (values['issuer-profiles'] !== undefined) command.issuerProfiles = values['issuer-profiles'];
        if (values.report !== undefined) command.report = values.report;
        if (values.sarif !== undefined) command.sarif = values.sarif;
        return command;
      }
      case 'serve':
        if (rest.length > 0) throw new UsageError('serve takes no arguments: it reads its settings from the environment (PORT, HOST, API_KEYS, ...).');
        return { name: 'serve' };
      default: {
        const operation = getOperation(first);
        if (operation === undefined) throw new UsageError(`Unknown command "${first}".`);
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          strict: true,
          options: { offline: { type: 'boolean' }, ...(judgesTime(operation) ? { at: { type: 'string' as const } } : {}) },
        });
        if (positionals.length > 1) throw new UsageError(`${first} takes one request file (or - for stdin).`);
        const command: Command = { name: operation.name as OperationName, input: positionals[0] ?? '-', offline: values.offline === true };
        const at = (values as { at?: string | boolean }).at;
        if (typeof at === 'string') command.at = atInstant(at);
        return command;
      }
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    // parseArgs errors (unknown option, missing value) are usage errors too.
    throw new UsageError((err as Error).message);
  }
}
