import { isUtf8 } from 'node:buffer';
import { MalformedTokenError } from '../errors.ts';
import { COMPACT_JWS_ALPHABET, hasCanonicalEnd, isStrictBase64url } from './base64url.ts';
import { checkJsonStructure } from './json.ts';
import type { JoseHeader } from '../validate/trust.ts';

/** A compact JWS split and decoded; the payload is left as bytes (it need not be JSON). */
export interface CompactJws {
  header: JoseHeader;
  payloadBytes: Buffer;
  /** ASCII bytes of `header.payload`, what the signature covers. */
  signingInput: Buffer;
  signature: Buffer;
}

/** A compact JWS whose payload is a JSON object: a JWT. */
export interface ParsedJwt extends CompactJws {
  payload: Record<string, unknown>;
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function decodeJsonObject(bytes: Buffer, what: 'header' | 'payload'): Record<string, unknown> {
  if (!isUtf8(bytes)) throw new MalformedTokenError(`The JWT ${what} is not valid UTF-8.`);
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedTokenError(`The JWT ${what} is not valid JSON.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedTokenError(`The JWT ${what} is not a JSON object.`);
  }
  const issue = checkJsonStructure(text, value);
  if (issue?.kind === 'duplicate') throw new MalformedTokenError(`The JWT ${what} repeats the member name "${truncate(issue.name)}".`);
  if (issue?.kind === 'too_deep') throw new MalformedTokenError(`The JWT ${what} nests deeper than ${issue.maxDepth} levels.`);
  return value as Record<string, unknown>;
}

/**
 * Splits and decodes a compact JWS strictly: exactly three segments of unpadded base64url, header and
 * payload JSON objects without repeated member names. Anything looser would let two readers of one
 * token (this validator and the relying party's library) see different claims. Throws MalformedTokenError.
 */
export function parseCompactJws(token: string): CompactJws {
  const first = token.indexOf('.');
  const second = first === -1 ? -1 : token.indexOf('.', first + 1);
  if (first === -1 || second === -1 || token.indexOf('.', second + 1) !== -1) {
    const segments = token.split('.').length;
    const hint = segments === 5 ? ' (five segments: a JWE, which is not a signed token)' : '';
    throw new MalformedTokenError(`A JWT has exactly three dot-separated segments; this token has ${segments}${hint}.`);
  }
  // One native pass for the alphabet of all three segments, then O(1) checks per segment.
  if (!COMPACT_JWS_ALPHABET.test(token) || !hasCanonicalEnd(token, 0, first)) {
    const which = !isStrictBase64url(token.slice(0, first)) || first === 0 ? 'header'
      : !isStrictBase64url(token.slice(first + 1, second)) ? 'payload' : 'signature';
    throw new MalformedTokenError(`The JWT ${which} segment is not strict base64url.`);
  }
  if (!hasCanonicalEnd(token, first + 1, second)) throw new MalformedTokenError('The JWT payload segment is not strict base64url.');
  if (!hasCanonicalEnd(token, second + 1, token.length)) throw new MalformedTokenError('The JWT signature segment is not strict base64url.');
  const h = token.slice(0, first);
  const p = token.slice(first + 1, second);
  const s = token.slice(second + 1);
  const header = decodeJsonObject(Buffer.from(h, 'base64url'), 'header');
  if (typeof header.alg !== 'string') throw new MalformedTokenError('The JWT header has no "alg" string.');
  return {
    header: header as JoseHeader,
    payloadBytes: Buffer.from(p, 'base64url'),
    signingInput: Buffer.from(token.slice(0, second), 'latin1'),
    signature: Buffer.from(s, 'base64url'),
  };
}

/** parseCompactJws, and the payload must be a JSON object (a JWT claims set). */
export function parseJwt(token: string): ParsedJwt {
  const jws = parseCompactJws(token) as ParsedJwt;
  jws.payload = decodeJsonObject(jws.payloadBytes, 'payload');
  return jws;
}
