/** Small checks and wording for values read from a user's YAML file. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** What a value is, in the words a message uses: "a list", "a map", "a number", "null". */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a map' : `a ${typeof value}`;
}

/** Text from the user's file (a key, a path, a code) kept short in messages. */
export function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}
