/**
 * Every subcommand and its options, in one table: the parser reads it, and the overview and each
 * command's --help are printed from it, so what help promises is what the parser takes.
 */
import { OPERATIONS, type Operation } from '../engine/index.ts';
import { checkFormatTable, DEFAULT_BASELINE_FILE, DEFAULT_LOCK_PATH, OUTPUT_FORMATS, type OutputFormat, printName } from '../gate/index.ts';
import type { CommandSpec, OptionSpec } from './command-spec.ts';
import { INIT } from './init/init-command.ts';
import { takesRawToken, takesToken } from './single/operations.ts';

const offline: OptionSpec = { name: 'offline', help: ['skip network checks (JWKS, discovery): they report CHECK_SKIPPED'] };

/**
 * `check`, with its --format choices and one --<name> FILE option per output format, from the formats
 * table (src/gate/outputs/formats.ts): text is the CLI's own, for people.
 */
function checkCommand(formats: readonly OutputFormat[]): CommandSpec {
  const printed = ['text', ...checkFormatTable(formats).map(printName)];
  const options: OptionSpec[] = [
    {
      name: 'format', value: printed.join('|'), choices: printed,
      help: ['what to print (default text):', 'text: findings by file, in colour on a terminal', ...formats.map((f) => `${printName(f)}: ${f.description}`)],
    },
    { name: 'fail-on', value: 'error|warning|never', choices: ['error', 'warning', 'never'], help: ['which findings fail the check (default error)'] },
    offline,
    { name: 'issuer-profiles', value: 'FILE', help: ['issuer profiles (JSON or YAML list) for issuer_profile_id samples'] },
    ...formats.map((f): OptionSpec => ({ name: f.name, value: 'FILE', help: [`also write ${f.description} to FILE (${f.extension})`] })),
    { name: 'baseline', value: 'FILE', help: ['suppress the findings this baseline records (oidc-gate baseline writes it),', 'so only new ones fail'] },
    { name: 'lock', value: 'FILE', help: ['compare the served keys with this lock file (oidc-gate lock writes it):', 'JWKS_KEYS_CHANGED where they differ, LOCK_ENTRY_UNMATCHED and', 'LOCK_ENTRY_MISSING where its entries and the config\'s do not match'] },
  ];
  const names = options.map((o) => o.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`check has the option --${twice} twice: an output format may not take another option's name`);
  return { ...CHECK, options };
}

const CHECK: Omit<CommandSpec, 'options'> = {
  name: 'check',
  args: '[paths...] [options]',
  summary: 'check config files (the same checks and report as the action)',
  about: [
    'Checks config files as the GitHub Action does, with the same findings and report: each provider is',
    'linted, each issuer profile loaded and each sample token validated against its expect:.',
    'paths are files, directories (every .yml/.yaml below) or globs (* ? [abc] {a,b} **), relative to',
    'the working directory; default .github/oidc-gate/**/*.yml and .yaml. Nothing outside the git',
    'repository the working directory is in (or inside its .git) is read or written.',
  ],
  positionals: Number.POSITIVE_INFINITY,
  examples: [
    'oidc-gate check',
    'oidc-gate check --offline examples/broken',
    "oidc-gate check 'config/**/*.yml' --format sarif --sarif oidc-gate.sarif",
  ],
  exit: 'Exit status: 0 passed, 1 the gate failed, 2 usage or configuration error.',
};

/** Text from the operations table, broken into lines of at most 100 characters. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** One subcommand per engine operation: it reads one request body and prints the engine's answer. */
function operationCommand(operation: Operation): CommandSpec {
  const raw = takesRawToken(operation);
  const input = raw ? '[TOKEN|FILE|-]' : '[FILE|-]';
  const about = [
    ...wrap(`${operation.summary}: ${lowerFirst(operation.description)}`),
    `Reads the ${operation.path} request body (JSON) from FILE, or from stdin when FILE is - or absent,`,
    'and prints the answer: readable text on a terminal, otherwise the JSON the service would send.',
  ];
  if (raw) {
    about.push(
      '',
      'The input may also be a raw token (a compact JWS): it is judged by the issuer profile --profile',
      'names, from the profiles: of the config file --config names (read as check reads it) or from',
      'ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE. Pipe a token in on stdin rather than passing it as',
      'an argument: other users of the machine see arguments, and shells keep them in their history.',
      'The token itself is never printed; the text shows its claims.',
    );
  }
  const options: OptionSpec[] = [];
  if (raw) {
    options.push(
      { name: 'profile', value: 'ID', help: ['the issuer profile a raw token is judged by'] },
      { name: 'config', value: 'FILE', help: ['a config file whose profiles: --profile (or issuer_profile_id) may name'] },
    );
  }
  if (takesToken(operation)) {
    options.push({ name: 'at', value: 'INSTANT', help: ["judge the token's time claims at this RFC 3339 date-time", '(with Z or an offset, such as 2026-01-01T00:00:00Z) instead of now'] });
  }
  options.push(offline, { name: 'format', value: 'text|json', choices: ['text', 'json'], help: ['what to print (default text on a terminal, json otherwise)'] });
  const examples = raw
    ? [
      `oidc-gate ${operation.name} --config .github/oidc-gate/profiles.yml --profile okta-prod < token.jwt`,
      `printf '%s' "$TOKEN" | oidc-gate ${operation.name} --profile okta-prod   # ISSUER_PROFILES_FILE set`,
      `oidc-gate ${operation.name} request.json --format json`,
    ]
    : [`oidc-gate ${operation.name} request.json`, `oidc-gate ${operation.name} --offline - < request.json`];
  return {
    name: operation.name,
    args: `${input} [options]`,
    summary: lowerFirst(operation.summary),
    about,
    options,
    positionals: 1,
    positionalName: raw ? 'token, request file or -' : 'request file or -',
    examples,
    exit: `Exit status: 0 valid, 1 invalid, 2 usage error or a refused request (${operation.malformedToken === true ? 'HTTP 400 or 422' : 'HTTP 422'} from the service).`,
  };
}

const LOCK: CommandSpec = {
  name: 'lock',
  args: '[paths...] [options]',
  summary: 'pin the keys each provider and profile serves now (a lock file for check --lock)',
  about: [
    'Fetches the JWK Set of every provider (jwks_uri) and every issuer profile with jwks_uri or',
    'discovery: true in the config files, and writes the kid and RFC 7638 thumbprint of each key it',
    'serves now to the lock file (sorted JSON, nothing else about a key). check --lock FILE and the',
    "action's lock input then report JWKS_KEYS_CHANGED when the served keys differ. Run it again after",
    'renaming, adding or removing a provider or profile: they report a lock entry that names none',
    '(LOCK_ENTRY_UNMATCHED, an error) and one that has no entry (LOCK_ENTRY_MISSING). paths are read as',
    'check reads them. Nothing is written when a config file has errors or a key set cannot be fetched',
    '(each named at the line of its jwks_uri). Keys cannot be pinned without fetching them: --offline',
    'fetches and writes nothing, checks the config files and lists what lock would pin, each at its line.',
  ],
  options: [
    { name: 'output', value: 'FILE', help: [`where to write the lock file (default ${DEFAULT_LOCK_PATH})`] },
    { name: 'offline', help: ['fetch and write nothing: check the config files and list the providers and', 'profiles whose keys lock would pin (check --lock FILE --offline compares a lock file)'] },
  ],
  positionals: Number.POSITIVE_INFINITY,
  examples: ['oidc-gate lock', 'oidc-gate lock .github/oidc-gate/okta.yml --output okta.lock.json', 'oidc-gate lock --offline'],
  exit: 'Exit status: 0 written (or, with --offline, the config files are fine), 1 a key set could not be fetched, 2 usage or configuration error.',
};

const BASELINE: CommandSpec = {
  name: 'baseline',
  args: '[paths...] [options]',
  summary: 'record today\'s findings, so that check --baseline fails on new ones only',
  about: [
    'Checks config files as check does, then writes the fingerprints of the findings it reports (the',
    'SARIF partialFingerprints: code, file, entry, field and the value there) with their code, file,',
    'entry and field to the baseline file: sorted JSON, one finding per line. check --baseline FILE and',
    "the action's baseline input then suppress exactly those findings (kind baseline): a changed value",
    'is new and fails. Inline and config suppressions still apply; configuration errors are never',
    'recorded, and nothing is written while a config file has one. Files are named from the repository',
    'root, so the baseline matches wherever in the repository check runs; use the same network setting.',
  ],
  options: [
    { name: 'output', value: 'FILE', help: [`where to write the baseline (default ${DEFAULT_BASELINE_FILE})`] },
    offline,
    { name: 'issuer-profiles', value: 'FILE', help: ['issuer profiles (JSON or YAML list) for issuer_profile_id samples'] },
  ],
  positionals: Number.POSITIVE_INFINITY,
  examples: ['oidc-gate baseline', 'oidc-gate baseline --offline examples/broken --output broken-baseline.json'],
  exit: 'Exit status: 0 written, 2 usage or configuration error (nothing written).',
};

const SERVE: CommandSpec = {
  name: 'serve',
  args: '',
  summary: 'start the HTTP service (settings from the environment)',
  about: [
    'Starts the HTTP service. It reads its settings from the environment: PORT, HOST, API_KEYS or',
    'API_KEYS_FILE, ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, OUTBOUND_ALLOW, AUDIT_LOG, LOG_LEVEL,',
    'WORKERS, MAX_CONNECTIONS. With no API key set it makes one and prints it once to stderr.',
  ],
  options: [],
  positionals: 0,
  noArguments: 'takes no arguments: it reads its settings from the environment (PORT, HOST, API_KEYS, ...).',
  examples: ['PORT=8080 API_KEYS_FILE=keys.txt oidc-gate serve'],
};

const VERSION: CommandSpec = {
  name: 'version',
  args: '',
  summary: 'print the version (also --version or -V)',
  about: ['Prints the version of oidc-gate.'],
  options: [],
  positionals: 0,
};

const HELP: CommandSpec = {
  name: 'help',
  args: '[command]',
  summary: 'show the help of a command',
  about: ['Shows the overview, or the help of one command (the same as oidc-gate <command> --help).'],
  options: [],
  positionals: 1,
  positionalName: 'command',
};

/** Every command, check's output options from `formats` (a test passes its own table). */
export function commandTable(formats: readonly OutputFormat[] = OUTPUT_FORMATS): readonly CommandSpec[] {
  return [checkCommand(formats), BASELINE, INIT, LOCK, ...OPERATIONS.map(operationCommand), SERVE, VERSION, HELP];
}

export const COMMANDS: readonly CommandSpec[] = commandTable();

export function getCommand(name: string, commands: readonly CommandSpec[] = COMMANDS): CommandSpec | undefined {
  return commands.find((c) => c.name === name);
}
