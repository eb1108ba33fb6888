/**
 * Text from a config file or a server, made safe to print. The CLI also runs in workflow steps, where
 * the runner reads every output line that starts with `::` as a command: a line break in a name must
 * not start a line of the repository's choosing. Control characters would drive a terminal, so each
 * (line breaks and tabs included, and the Unicode line separators) is printed as `?`.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
}
