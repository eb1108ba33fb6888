/**
 * What the gate never writes out of a request it records (report, CLI output): the token becomes
 * its SHA-256 fingerprint; `secret`, every member the request schema does not know (a misspelt
 * `secrte:` holds a secret just the same), every value whose shape is not the one the schema expects
 * (a policy written as one string, `secret:xyz`, or as a list), a `public_key` that is not exactly a
 * public key PEM, and the user info of a provider's URIs (`https://user:password@…`) are replaced.
 * Real public keys and inline JWKS stay, so a recorded request can be replayed against the service.
 */
import { getOperation, issuerProfileSchema, KeyObjectCache, redactUri, tokenFingerprint } from '../../engine/index.ts';
import type { ResultKind } from '../types.ts';

export const REDACTED = '[redacted]';

/** The JSON Schema of a kind's request body: it says which members are known, and their types. */
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

/** Members of lint and discover requests that hold URIs, whose user info may carry a password. */
const URI_MEMBERS = new Set(['issuer', 'jwks_uri', 'discovered_jwks_uri', 'redirect_uris']);

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOwn(value: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(value, key);
}

/** Set an own member, also one named `__proto__`, which plain assignment would not replace. */
function put(target: Json | unknown[], key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * One PEM block and nothing else but surrounding white space: OpenSSL skips any text around the
 * armor, so a private key pasted under a public one would otherwise be kept with it.
 */
const SINGLE_PEM = /^\s*-----BEGIN ([A-Z0-9 ]+)-----\r?\n(?:[A-Za-z0-9+/=]+\r?\n)+-----END \1-----\s*$/;

/** A single SPKI or certificate PEM of a public key: what `public_key` is meant to hold. */
export function isPublicKeyText(value: unknown): boolean {
  return typeof value === 'string' && SINGLE_PEM.test(value) && publicKeys.publicKey(value).ok;
}

/** Does `value` have the JSON type (or one of the types) the schema names? No `type` accepts anything. */
function hasSchemaType(value: unknown, schema: Json): boolean {
  const type = schema.type;
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case 'string': return typeof value === 'string';
      case 'integer': return typeof value === 'number' && Number.isInteger(value);
      case 'number': return typeof value === 'number';
      case 'boolean': return typeof value === 'boolean';
      case 'array': return Array.isArray(value);
      case 'object': return isRecord(value);
      case 'null': return value === null;
      default: return false;
    }
  });
}

/**
 * Every place in `value` the schema does not vouch for, at any depth: a member it does not list, and
 * a value of another type than it expects (fail-closed: a secret written one level off, or with a
 * missing space, lands in such a value). Open maps (required_custom_claims) hold claim expectations
 * the user chose; they stay as written.
 */
function unvouched(value: unknown, schema: unknown, visit: (holder: Json | unknown[], key: string | number) => void): void {
  if (!isRecord(schema)) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!isRecord(items)) return;
    value.forEach((item, i) => {
      if (!hasSchemaType(item, items)) visit(value, i);
      else unvouched(item, items, visit);
    });
    return;
  }
  if (!isRecord(value) || schema.additionalProperties !== false) return;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const key of Object.keys(value)) {
    const member = hasOwn(properties, key) ? properties[key] : undefined;
    if (!isRecord(member) || !hasSchemaType(value[key], member)) visit(value, key);
    else unvouched(value[key], member, visit);
  }
}

/** The request as the gate records it. `kind` picks the schema that says which members are known. */
export function redactRequest(request: unknown, kind: ResultKind = 'validate'): Json {
  if (!isRecord(request)) return {};
  const out = structuredClone(request);
  const token = out.token;
  unvouched(out, requestSchema(kind), (holder, key) => put(holder, key, REDACTED));
  if (typeof token === 'string') out.token = tokenFingerprint(token);
  else if (hasOwn(out, 'token')) out.token = REDACTED;
  const policy = out.policy;
  if (isRecord(policy)) {
    if (hasOwn(policy, 'secret')) put(policy, 'secret', REDACTED);
    if (hasOwn(policy, 'public_key') && !isPublicKeyText(policy.public_key)) put(policy, 'public_key', REDACTED);
  }
  if (kind !== 'validate') {
    for (const [key, value] of Object.entries(out)) {
      if (!URI_MEMBERS.has(key)) continue;
      if (typeof value === 'string') put(out, key, redactUri(value));
      else if (Array.isArray(value)) value.forEach((v, i) => typeof v === 'string' && put(value, i, redactUri(v)));
    }
  }
  return out;
}

/**
 * The pieces of a request the runner must mask (the same members redactRequest replaces): the
 * secret, the values of unknown or misshapen members, a `public_key` that is not a public key, and
 * the user info of URIs. A multi-line value is masked line by line, since the runner matches masks
 * within one log line; a JSON value (a JWK) member by member as well. The token is masked by the
 * caller, where it is read.
 */
export function requestValuesToMask(request: unknown, kind: ResultKind): string[] {
  if (!isRecord(request)) return maskPieces(request);
  const out = valuesToMask(request, requestSchema(kind));
  const policy = request.policy;
  if (kind === 'validate' && isRecord(policy)) out.push(...secretMasks(policy));
  if (kind !== 'validate') {
    for (const [key, value] of Object.entries(request)) {
      if (!URI_MEMBERS.has(key)) continue;
      for (const uri of Array.isArray(value) ? value : [value]) if (typeof uri === 'string') out.push(...userInfoMasks(uri));
    }
  }
  return [...new Set(out)];
}

/**
 * The values to mask of a config entry as written, before it is checked (an entry refused for a
 * typo such as `client_secret:` still holds the value): its request part, the entry without the
 * gate's own keys. An entry that is not a map at all is masked whole.
 */
export function entryValuesToMask(entry: unknown, gateKeys: readonly string[], kind: ResultKind): string[] {
  if (!isRecord(entry)) return maskPieces(entry);
  return requestValuesToMask(Object.fromEntries(Object.entries(entry).filter(([key]) => !gateKeys.includes(key))), kind);
}

/** The same for an issuer profile of a config file or the issuer-profiles file. */
export function profileValuesToMask(profile: unknown): string[] {
  if (!isRecord(profile)) return maskPieces(profile);
  return [...new Set([...valuesToMask(profile, issuerProfileSchema), ...secretMasks(profile)])];
}

function valuesToMask(value: Json, schema: object): string[] {
  const out: string[] = [];
  unvouched(value, schema, (holder, key) => out.push(...maskPieces((holder as Record<string | number, unknown>)[key])));
  return out;
}

/** A policy's or a profile's secret (at any length), and a public_key that is not a public key. */
function secretMasks(holder: Json): string[] {
  const out: string[] = [];
  if (typeof holder.secret === 'string' && holder.secret !== '') out.push(holder.secret);
  else if (hasOwn(holder, 'secret')) out.push(...maskPieces(holder.secret));
  if (hasOwn(holder, 'public_key') && !isPublicKeyText(holder.public_key)) out.push(...maskPieces(holder.public_key));
  return out;
}

/** The user info of a URI (`user:password`) and its password, when long enough to mask. */
function userInfoMasks(uri: string): string[] {
  // The authority ends at the first / ? or #, and its user info at the last @ before that, as the URL parser reads it.
  const info = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)@/.exec(uri)?.[1];
  if (info === undefined) return [];
  const password = info.includes(':') ? info.slice(info.indexOf(':') + 1) : '';
  return [info, password].filter((t) => t.length >= MIN_MASK_LENGTH);
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
