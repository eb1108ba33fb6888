/** How a usage error prints, and what of the user's input it may echo (the error itself is in errors.ts). */
import type { UsageError } from './errors.ts';
import { mayHoldToken } from './single/token-shape.ts';

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
