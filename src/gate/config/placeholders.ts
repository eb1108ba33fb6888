/**
 * The placeholders `oidc-gate init` writes where only the user knows the value (the client ID, the
 * API's audience): `replace-with-your-…`. A file that still holds one was never finished, and a check
 * of it would judge a made-up client and audience; so the gate refuses each at its line, as a
 * configuration error (CONFIG_INVALID, exit 2), until it is replaced.
 */
import type { Path } from './yaml.ts';

/** How every placeholder init writes starts; nothing a provider or an API would use starts so. */
export const PLACEHOLDER_PREFIX = 'replace-with-your-';

/** A placeholder left in an entry: where, and which. */
export interface Placeholder {
  path: Path;
  value: string;
}

/** Entries are small maps: a placeholder is never deeper than a list in a map in the entry. */
const MAX_DEPTH = 4;

/** Every string value of the entry (`raw`, at `at`) that is still one of init's placeholders. */
export function findPlaceholders(raw: unknown, at: Path, depth = 0): Placeholder[] {
  if (typeof raw === 'string') return raw.startsWith(PLACEHOLDER_PREFIX) ? [{ path: at, value: raw }] : [];
  if (depth >= MAX_DEPTH || typeof raw !== 'object' || raw === null) return [];
  const children: [string | number, unknown][] = Array.isArray(raw) ? raw.map((v, i) => [i, v]) : Object.entries(raw);
  return children.flatMap(([key, value]) => findPlaceholders(value, [...at, key], depth + 1));
}

/** The field a placeholder stands in for (`audiences` for /audiences/0), and what to put there. */
export function placeholderFix(path: Path): string {
  const field = [...path].reverse().find((p): p is string => typeof p === 'string');
  if (field === 'client_id') return 'Replace it with the client ID your application is registered under at the provider.';
  if (field === 'audiences') return 'Replace it with the audience your API accepts: the aud claim of its tokens, such as api://orders.';
  return 'Replace it with your application\'s value.';
}

/** The message at a placeholder: the entry (`what`, and its name or id when it has one), the field as a JSON Pointer inside it, and the placeholder. */
export function placeholderMessage(what: string, raw: unknown, entryPath: Path, found: Placeholder): string {
  const named = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown; id?: unknown }) : {};
  const name = typeof named.name === 'string' ? named.name : typeof named.id === 'string' ? named.id : undefined;
  const entry = `${what.charAt(0).toUpperCase()}${what.slice(1)}${name !== undefined ? ` "${name.slice(0, 60)}"` : ''}`;
  const field = found.path.slice(entryPath.length).map(String).join('/');
  return `${entry}: /${field} is still the placeholder "${found.value.slice(0, 60)}" that oidc-gate init wrote: fill in your own value before the entry can be checked.`;
}
