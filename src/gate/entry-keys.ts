/**
 * Which keys each kind of config entry may hold, read from the JSON Schemas the engine validates its
 * requests and profiles with, plus the few keys the gate adds. A field added to a request schema is
 * then accepted in config files at once, and a key the engine does not know is refused at its own line
 * instead of travelling on to a 422.
 */
import { GATE_CODES, getOperation, issuerProfileSchema, type OperationName } from '../engine/index.ts';
import type { ReportProblem } from './config-finding.ts';
import type { GateFinding } from './types.ts';
import { clip, describeType, isRecord } from './values.ts';
import type { Path } from './yaml.ts';

/** The top-level members of a schema's `properties`, in the schema's order. */
function propertiesOf(schema: object): string[] {
  const properties = (schema as { properties?: unknown }).properties;
  return isRecord(properties) ? Object.keys(properties) : [];
}

/** The members of an operation's request body. */
function requestKeys(kind: OperationName): readonly string[] {
  const operation = getOperation(kind);
  if (operation === undefined) throw new Error(`no operation named ${kind}`);
  return propertiesOf(operation.request.schema);
}

/** `providers:` entries: a lint request, plus a display `name` and `discover: true` to run discovery first. */
export const PROVIDER_KEYS: readonly string[] = [...requestKeys('lint'), 'name', 'discover'];
/** `tokens:` entries: a validate request, plus `name`, the token from `token_file`, `expect` and `at`. */
export const TOKEN_KEYS: readonly string[] = [...requestKeys('validate'), 'name', 'token_file', 'expect', 'at'];
/** `profiles:` entries: exactly the issuer profile the service reads from ISSUER_PROFILES_JSON. */
export const PROFILE_KEYS: readonly string[] = propertiesOf(issuerProfileSchema);
export const TOP_KEYS: readonly string[] = ['providers', 'profiles', 'tokens'];

/**
 * The entry as a map when it is one and holds only `allowed` keys; otherwise one problem per unknown
 * key (with the nearest allowed key as a hint) or for the entry itself, and undefined.
 */
export function checkEntry(
  raw: unknown, at: Path, what: string, allowed: readonly string[], problem: ReportProblem, kind: GateFinding['kind'] = 'config',
): Record<string, unknown> | undefined {
  if (!isRecord(raw)) {
    problem(GATE_CODES.CONFIG_INVALID, `Each ${what} entry must be a map of fields, not ${describeType(raw)}.`, at, { kind });
    return undefined;
  }
  let ok = true;
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) {
      const hint = nearest(key, allowed);
      problem(GATE_CODES.CONFIG_UNKNOWN_KEY,
        `Unknown key "${clip(key)}" in a ${what} entry${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; allowed: ${allowed.join(', ')}.`,
        [...at, key], { kind });
      ok = false;
    }
  }
  return ok ? raw : undefined;
}

/** The allowed key closest to a typo (edit distance ≤ 2, or a prefix/suffix such as audience→audiences). */
function nearest(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = distance(key.toLowerCase(), candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? 3;
}
