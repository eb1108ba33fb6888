/**
 * The shape of the command table (commands.ts): what the parser, the overview and each command's --help
 * read. A module of its own, so a command described in another module (init-command.ts) and the table
 * that lists it do not import each other.
 */
export interface OptionSpec {
  /** Without the leading dashes. */
  readonly name: string;
  /** The value's placeholder in help (FILE, ID); absent for a flag. */
  readonly value?: string;
  /** The values it accepts, when it is a choice. */
  readonly choices?: readonly string[];
  readonly help: readonly string[];
}

export interface CommandSpec {
  readonly name: string;
  /** What follows `oidc-gate <name>` in its usage line. */
  readonly args: string;
  /** Its line in the overview. */
  readonly summary: string;
  /** The paragraph of its own --help: what it does and what it reads. */
  readonly about: readonly string[];
  readonly options: readonly OptionSpec[];
  /** How many positional arguments it takes. */
  readonly positionals: number;
  /** What each positional is, for the message when there are too many. */
  readonly positionalName?: string;
  /** The message when a command that takes none is given arguments. */
  readonly noArguments?: string;
  readonly examples?: readonly string[];
  readonly exit?: string;
}
