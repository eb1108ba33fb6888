/**
 * What the gate never writes out of a request it records (report, CLI output): the token becomes
 * its SHA-256 fingerprint; `secret`, every member the request schema does not know (a misspelt
 * `secrte:` holds a secret just the same), and a `public_key` that is not a public key (a private
 * JWK, a bare base64 private key) become "[redacted]". Real public keys and inline JWKS stay, so a
 * recorded request can be replayed against the service.
 */
import { getOperation, KeyObjectCache, tokenFingerprint } from '../engine/index.ts';
import type { ResultKind } from './types.ts';

export const REDACTED = '[redacted]';

/** The JSON Schema of a kind's request body: it says which members are known. */
function requestSchema(kind: ResultKind): object {
  const operation = getOperation(kind);
  // Never redact against no schema: that would keep every member as written.
  if (operation === undefined) throw new Error(`no operation named ${kind}`);
  return operation.request.schema;
}

/**
 * Shorter values are not masked: the runner would star out every occurrence of, say, "api" in the
 * log. They are still never written, since redaction does not depend on length.
 */
const MIN_MASK_LENGTH = 8;

/** Parsed once per distinct key text, like the engine's own key cache. */
const publicKeys = new KeyObjectCache(256);

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

/** Set an own member, also one named `__proto__`, which plain assignment would not replace. */
function put(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A single SPKI or certificate PEM of a public key: what `public_key` is meant to hold. */
export function isPublicKeyText(value: unknown): boolean {
  return typeof value === 'string' && publicKeys.publicKey(value).ok;
}

/** Members of `value` that `schema` (a closed JSON Schema object) does not list, at any depth. */
function unknownMembers(value: unknown, schema: unknown, visit: (holder: Json, key: string) => void): void {
  if (!isRecord(schema)) return;
  if (Array.isArray(value)) {
    for (const item of value) unknownMembers(item, schema.items, visit);
    return;
  }
  // Open maps (required_custom_claims) hold claim expectations the user chose; they stay as written.
  if (!isRecord(value) || schema.additionalProperties !== false) return;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const key of Object.keys(value)) {
    if (hasOwn(properties, key)) unknownMembers(value[key], properties[key], visit);
    else visit(value, key);
  }
}

/** The request as the gate records it. `kind` picks the schema that says which members are known. */
export function redactRequest(request: unknown, kind: ResultKind = 'validate'): Json {
  if (!isRecord(request)) return {};
  const out = structuredClone(request);
  unknownMembers(out, requestSchema(kind), (holder, key) => put(holder, key, REDACTED));
  if (typeof out.token === 'string') out.token = tokenFingerprint(out.token);
  else if (hasOwn(out, 'token')) out.token = REDACTED;
  const policy = out.policy;
  if (isRecord(policy)) {
    if (hasOwn(policy, 'secret')) put(policy, 'secret', REDACTED);
    if (hasOwn(policy, 'public_key') && !isPublicKeyText(policy.public_key)) put(policy, 'public_key', REDACTED);
  }
  return out;
}

/**
 * The pieces of a request the runner must mask (the same members redactRequest replaces): the
 * secret, the values of unknown members, and a `public_key` that is not a public key. A multi-line
 * value is masked line by line, since the runner matches masks within one log line; a JSON value
 * (a JWK) member by member as well. The token is masked by the caller, where it is read.
 */
export function requestValuesToMask(request: unknown, kind: ResultKind): string[] {
  if (!isRecord(request)) return [];
  const out: string[] = [];
  unknownMembers(request, requestSchema(kind), (holder, key) => out.push(...maskPieces(holder[key])));
  const policy = request.policy;
  if (kind === 'validate' && isRecord(policy)) {
    if (typeof policy.secret === 'string' && policy.secret !== '') out.push(policy.secret);
    else if (hasOwn(policy, 'secret')) out.push(...maskPieces(policy.secret));
    if (hasOwn(policy, 'public_key') && !isPublicKeyText(policy.public_key)) out.push(...maskPieces(policy.public_key));
  }
  return [...new Set(out)];
}

function maskPieces(value: unknown): string[] {
  const out: string[] = [];
  const add = (text: string): void => {
    if (text.length >= MIN_MASK_LENGTH) out.push(text);
  };
  const walk = (v: unknown, depth: number): void => {
    if (depth > 64) return;
    if (typeof v === 'number' || typeof v === 'bigint') add(String(v));
    else if (Array.isArray(v)) for (const item of v) walk(item, depth + 1);
    else if (isRecord(v)) for (const item of Object.values(v)) walk(item, depth + 1);
    else if (typeof v === 'string') {
      const text = v.trim();
      const lines = text.split(/\r?\n|\r/).map((l) => l.trim());
      if (lines.length > 1) lines.forEach(add);
      else add(text);
      if (text.startsWith('{') || text.startsWith('[')) {
        try {
          walk(JSON.parse(text), depth + 1);
        } catch {
          // Not JSON: the lines above are all there is to mask.
        }
      }
    }
  };
  walk(value, 0);
  return out;
}
