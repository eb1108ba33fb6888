/**
 * Which keys each kind of config entry may hold, read from the JSON Schemas the engine validates its
 * requests and profiles with, plus the few keys the gate adds. A field added to a request schema is
 * then accepted in config files at once, and a key the engine does not know is refused at its own line
 * instead of travelling on to a 422.
 */
import { getOperation, issuerProfileSchema, type OperationName } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import type { ReportProblem } from './config-finding.ts';
import type { GateFinding } from '../types.ts';
import { nearest } from './nearest.ts';
import { clip, describeType, isRecord } from './values.ts';
import type { Path } from './yaml.ts';

/** The top-level members of a schema's `properties`, in the schema's order. */
function propertiesOf(schema: object): string[] {
  const properties = (schema as { properties?: unknown }).properties;
  return isRecord(properties) ? Object.keys(properties) : [];
}

/** An operation's request body schema. */
function requestSchema(kind: OperationName): object {
  const operation = getOperation(kind);
  if (operation === undefined) throw new Error(`no operation named ${kind}`);
  return operation.request.schema;
}

/** What a kind of entry may hold: its top-level keys, and the schema its nested maps are checked against. */
export interface EntryShape {
  /** How messages name the entry: "provider", "token", "profile". */
  what: string;
  /** Every key the entry may hold: the schema's members, then the gate's own. */
  keys: readonly string[];
  /** The keys the gate adds to the request the entry is (`name`, `expect`, …). */
  gateKeys: readonly string[];
  schema: object;
}

function shape(what: string, schema: object, gateKeys: readonly string[]): EntryShape {
  return { what, keys: [...propertiesOf(schema), ...gateKeys], gateKeys, schema };
}

/** `providers:` entries: a lint request, plus a display `name` and `discover: true` to run discovery first. */
export const PROVIDER_SHAPE = shape('provider', requestSchema('lint'), ['name', 'discover']);
/** `tokens:` entries: a validate request, plus `name`, the token from `token_file`, `expect` and `at`. */
export const TOKEN_SHAPE = shape('token', requestSchema('validate'), ['name', 'token_file', 'expect', 'at']);
/** `profiles:` entries: exactly the issuer profile the service reads from ISSUER_PROFILES_JSON. */
export const PROFILE_SHAPE = shape('profile', issuerProfileSchema, []);
/**
 * `trust_policies:` entries: a trust-policy request, plus `name`, `id_token`, and `terraform_plan` or
 * `cloudformation` (a file of many trust documents). Each format's document key (`aws_trust_policy`, …)
 * is the request's own key, written as the path of the document's file instead of the object.
 */
export const TRUST_SHAPE = shape('trust policy', requestSchema('trust-policy'), ['name', 'id_token', 'terraform_plan', 'cloudformation']);

export const PROVIDER_KEYS: readonly string[] = PROVIDER_SHAPE.keys;
export const TOKEN_KEYS: readonly string[] = TOKEN_SHAPE.keys;
export const PROFILE_KEYS: readonly string[] = PROFILE_SHAPE.keys;

/**
 * The entry as a map when it is one and holds only known keys, at any depth (a misspelt
 * `alg_policy.alowed_algs` or `policy.audience` is caught here, at its own line, like a misspelt
 * top-level key); otherwise one problem per unknown key, with the nearest known key as a hint, or
 * one for the entry itself, and undefined. A mistake is then one error: the entry is not sent on to
 * draw "is required" for the key the typo meant.
 */
export function checkEntry(
  raw: unknown, at: Path, shape: EntryShape, problem: ReportProblem, kind: GateFinding['kind'] = 'config',
): Record<string, unknown> | undefined {
  if (!isRecord(raw)) {
    problem(GATE_CODES.CONFIG_INVALID, `Each ${shape.what} entry must be a map of fields, not ${describeType(raw)}.`, at, {
      kind, remediation: `Write the ${shape.what} as fields under its "- ", one per line (for example "- name: …" then "  issuer: …").`,
    });
    return undefined;
  }
  let ok = true;
  const unknown = (key: string, allowed: readonly string[], where: Path, place: string): void => {
    const hint = nearest(key, allowed);
    problem(GATE_CODES.CONFIG_UNKNOWN_KEY,
      `Unknown key "${clip(key)}" in ${place}${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; allowed: ${allowed.join(', ')}.`,
      [...where, key], { kind, remediation: unknownKeyFix(hint) });
    ok = false;
  };
  for (const key of Object.keys(raw)) {
    if (!shape.keys.includes(key)) unknown(key, shape.keys, at, `a ${shape.what} entry`);
  }
  nestedUnknownKeys(raw, shape.schema, [], (key, allowed, rel) => unknown(key, allowed, [...at, ...rel], rel.map(String).join('.')));
  return ok ? raw : undefined;
}

/** Rename the key to the hint, or remove it. */
function unknownKeyFix(hint: string | undefined): string {
  return hint !== undefined
    ? `Rename the key to "${hint}" (or remove it): unknown keys are refused so that a typo never passes silently.`
    : GATE_CODES.CONFIG_UNKNOWN_KEY.remediation;
}

/**
 * Unknown keys of the maps inside an entry (policy, alg_policy), each with the keys its schema
 * allows. Only closed maps are checked: an open one (required_custom_claims) holds names the user chose.
 */
function nestedUnknownKeys(value: Record<string, unknown>, schema: object, rel: Path, report: (key: string, allowed: readonly string[], rel: Path) => void): void {
  const properties = (schema as { properties?: unknown }).properties;
  if (!isRecord(properties)) return;
  for (const [key, child] of Object.entries(value)) {
    const member = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!isRecord(member)) continue;
    const items: [unknown, unknown, Path][] = Array.isArray(child) && isRecord(member.items)
      ? child.map((item, i) => [item, member.items, [...rel, key, i]])
      : [[child, member, [...rel, key]]];
    for (const [item, itemSchema, path] of items) {
      if (!isRecord(item) || !isRecord(itemSchema) || itemSchema.additionalProperties !== false) continue;
      const allowed = propertiesOf(itemSchema);
      for (const k of Object.keys(item)) if (!allowed.includes(k)) report(k, allowed, path);
      nestedUnknownKeys(item, itemSchema, path, report);
    }
  }
}
