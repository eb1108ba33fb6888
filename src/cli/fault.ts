/**
 * What the CLI prints for an error no command handles: one line, and with --debug the stack after it.
 * `internal`: it escaped every handler (thrown from a callback), which is a bug in oidc-gate, so the
 * line says so and how to see where.
 */
export function faultText(err: unknown, debug: boolean, internal = false): string {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s*[\r\n]+\s*/g, ' ');
  const line = internal
    ? `oidc-gate: internal error: ${message}${debug ? '' : ' (run again with --debug for the stack)'}\n`
    : `oidc-gate: ${message}\n`;
  return debug && err instanceof Error && err.stack !== undefined ? `${line}${err.stack}\n` : line;
}
