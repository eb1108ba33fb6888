/**
 * The single-request subcommands: one per engine operation, named as the operation, reading its
 * request body. What a subcommand accepts beyond `--offline` follows from its request schema, so a
 * new operation needs nothing here.
 */
import { OPERATIONS, type Operation } from '../engine/index.ts';

function requestMembers(operation: Operation): string[] {
  const properties = (operation.request.schema as { properties?: object }).properties;
  return properties !== undefined ? Object.keys(properties) : [];
}

/** A request that carries a token has its time claims judged: `--at` sets the instant. */
export function judgesTime(operation: Operation): boolean {
  return requestMembers(operation).includes('token');
}

/** A request that can name an issuer profile reads ISSUER_PROFILES_JSON / _FILE, as the service does. */
export function readsProfiles(operation: Operation): boolean {
  return requestMembers(operation).includes('issuer_profile_id');
}

/** "a, b and c" */
function listing(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) as string}`;
}

/** Where usage descriptions start, so they line up under one another. */
const DESCRIPTION_COLUMN = 41;

function usageEntry(command: string, description: string[]): string {
  const head = `  ${command}`;
  const indent = ' '.repeat(DESCRIPTION_COLUMN);
  const [first = '', ...rest] = description;
  const lines = head.length < DESCRIPTION_COLUMN - 1
    ? [`${head.padEnd(DESCRIPTION_COLUMN)}${first}`]
    : [head, `${indent}${first}`];
  return [...lines, ...rest.map((line) => `${indent}${line}`)].join('\n');
}

/** The usage lines of the single-request subcommands, from the operations table. */
export function singleUsage(): string {
  return OPERATIONS.map((operation) => {
    const options = `${judgesTime(operation) ? ' [--at <instant>]' : ''} [--offline]`;
    const summary = operation.summary.charAt(0).toLowerCase() + operation.summary.slice(1);
    return usageEntry(`oidc-gate ${operation.name} [file|-]${options}`, [summary, `(the ${operation.path} request body)`]);
  }).join('\n');
}

/** The paragraph under the options that says how the single-request subcommands read and answer. */
export function singleHelp(): string {
  return `${listing(OPERATIONS.map((o) => o.name))} read the request from a file, or from stdin when the file is - or
absent, and print the engine response as the service would send it. An issuer_profile_id is looked
up in ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE. --at judges the token's time claims at that
instant: an RFC 3339 date-time with Z or an offset, such as 2026-01-01T00:00:00Z.`;
}
