import { parseDocument } from 'yaml';
import { IssuerProfileError } from '../errors.ts';

/**
 * JSON or YAML text -> the profile list: a list, or an object with a "profiles" list (the shape the
 * action's config files use). Parser messages quote the offending line, which could hold a secret,
 * so only the error code and position are reported.
 */
export function parseProfileDocument(source: string, text: string): unknown[] {
  const doc = parseDocument(text, { uniqueKeys: true });
  const first = doc.errors[0];
  if (first !== undefined) {
    const pos = first.linePos?.[0];
    const where = pos === undefined ? '' : ` at line ${pos.line}, column ${pos.col}`;
    throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: `is not valid JSON or YAML (${first.code}${where})` }]);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch {
    // The yaml package's message quotes the alias, which may be a secret written unquoted (*hunter2).
    throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: 'is not valid YAML: an alias cannot be resolved, or aliases expand to more than 100 nodes' }]);
  }
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && Array.isArray((value as { profiles?: unknown }).profiles)) return (value as { profiles: unknown[] }).profiles;
  throw new IssuerProfileError(source, [{ profile: '', pointer: '', message: 'must be an array of issuer profiles (or an object with a "profiles" array)' }]);
}
