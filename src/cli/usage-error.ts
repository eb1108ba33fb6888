/** A mistake on the command line: one line that names it, and where to read how to get it right. */
import { mayHoldToken } from './token-shape.ts';

export class UsageError extends Error {
  /** The subcommand the mistake was made in, when there is one: its --help is where to look. */
  readonly command: string | undefined;
  /** False when the message already says what to write, so a pointer to --help would only add noise. */
  readonly showHelp: boolean;

  constructor(message: string, options: { command?: string; showHelp?: boolean } = {}) {
    super(message);
    this.name = 'UsageError';
    this.command = options.command;
    this.showHelp = options.showHelp ?? true;
  }
}

/** The one line a usage error prints. */
export function usageLine(err: UsageError): string {
  const where = err.command !== undefined ? `oidc-gate ${err.command}` : 'oidc-gate';
  const help = err.showHelp ? ` See ${where} --help.` : '';
  return `${where}: ${err.message}${help}`;
}

/** What the user typed, safe to echo: control characters replaced, long text clipped, and never a token. */
export function shown(value: string): string {
  if (mayHoldToken(value)) return '(a value that looks like a token, not repeated here)';
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
