import { isUtf8 } from 'node:buffer';
import { MalformedTokenError } from '../errors.ts';
import { COMPACT_JWS_ALPHABET, hasCanonicalEnd, isStrictBase64url } from './base64url.ts';
import { deepFreeze } from './deep-freeze.ts';
import { checkJsonStructure } from './json.ts';
import type { JoseHeader } from '../validate/trust-source.ts';

/** A compact JWS split and decoded; the payload is left as bytes (it need not be JSON). */
export interface CompactJws {
  readonly header: JoseHeader;
  readonly payloadBytes: Buffer;
  /** ASCII bytes of `header.payload`, what the signature covers. */
  readonly signingInput: Buffer;
  readonly signature: Buffer;
}

/** A compact JWS whose payload is a JSON object: a JWT. */
export interface ParsedJwt extends CompactJws {
  payload: Record<string, unknown>;
}

function truncate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function decodeJsonObject(bytes: Buffer, what: 'header' | 'payload', proven: boolean): Record<string, unknown> {
  if (proven) return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
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
 * Headers already decoded, by their segment text. An issuer signs every token with the same few
 * headers ({"alg":"RS256","kid":"…","typ":"JWT"}), so most tokens skip decoding theirs. Decoding is a
 * pure function of the text, so remembering it changes no verdict; only headers that passed every check
 * are remembered, frozen through and through, since every token with that header shares the one object. Bounded: short
 * segments only, and the oldest goes first.
 */
const decodedHeaders = new Map<string, JoseHeader>();
const MAX_DECODED_HEADERS = 256;
const MAX_REMEMBERED_HEADER_LENGTH = 512;

/** The header decoded last, by its text: most tokens in a row share it, and a comparison costs less than a lookup. */
let lastHeaderSegment = '';
let lastHeader: JoseHeader | undefined;

/** A header segment (already known to be strict base64url) as a JOSE header with a string alg. Throws MalformedTokenError. */
function decodeHeader(segment: string, proven: boolean): JoseHeader {
  if (segment === lastHeaderSegment && lastHeader !== undefined) return lastHeader;
  const known = decodedHeaders.get(segment);
  if (known !== undefined) {
    lastHeaderSegment = segment;
    lastHeader = known;
    return known;
  }
  const header = decodeJsonObject(Buffer.from(segment, 'base64url'), 'header', proven);
  if (typeof header.alg !== 'string') throw new MalformedTokenError('The JWT header has no "alg" string.');
  if (segment.length <= MAX_REMEMBERED_HEADER_LENGTH) {
    lastHeaderSegment = segment;
    lastHeader = deepFreeze(header) as JoseHeader;
    decodedHeaders.set(segment, lastHeader);
    if (decodedHeaders.size > MAX_DECODED_HEADERS) decodedHeaders.delete(decodedHeaders.keys().next().value as string);
  }
  return header as JoseHeader;
}

/**
 * The signing input and signature are decoded only when a signature is actually verified: a check
 * answered by the verification cache, or a token refused before any key is tried, never needs them.
 */
class CompactParts implements CompactJws {
  readonly header: JoseHeader;
  readonly #token: string;
  readonly #payloadDot: number;
  readonly #signatureDot: number;
  #payloadBytes: Buffer | undefined;
  #signingInput: Buffer | undefined;
  #signature: Buffer | undefined;

  constructor(token: string, header: JoseHeader, payloadDot: number, signatureDot: number) {
    this.header = header;
    this.#token = token;
    this.#payloadDot = payloadDot;
    this.#signatureDot = signatureDot;
  }

  get payloadBytes(): Buffer {
    this.#payloadBytes ??= Buffer.from(this.#token.slice(this.#payloadDot + 1, this.#signatureDot), 'base64url');
    return this.#payloadBytes;
  }

  get signingInput(): Buffer {
    this.#signingInput ??= Buffer.from(this.#token.slice(0, this.#signatureDot), 'latin1');
    return this.#signingInput;
  }

  get signature(): Buffer {
    this.#signature ??= Buffer.from(this.#token.slice(this.#signatureDot + 1), 'base64url');
    return this.#signature;
  }
}

/**
 * Splits and decodes a compact JWS strictly: exactly three segments of unpadded base64url, header and
 * payload JSON objects without repeated member names. Anything looser would let two readers of one
 * token (this validator and the relying party's library) see different claims. Throws MalformedTokenError.
 *
 * `proven`: this exact text passed every one of these checks before (the verification cache holds its
 * digest), and the same text always gives the same verdict, so it is only decoded.
 */
export function parseCompactJws(token: string, proven = false): CompactJws {
  const first = token.indexOf('.');
  const second = first === -1 ? -1 : token.indexOf('.', first + 1);
  if (proven) {
    return new CompactParts(token, decodeHeader(token.slice(0, first), true), first, second);
  }
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
  return new CompactParts(token, decodeHeader(token.slice(0, first), false), first, second);
}

/** parseCompactJws, and the payload must be a JSON object (a JWT claims set). */
export function parseJwt(token: string, proven = false): ParsedJwt {
  const jws = parseCompactJws(token, proven) as ParsedJwt;
  jws.payload = decodeJsonObject(jws.payloadBytes, 'payload', proven);
  return jws;
}

/**
 * A token that passed every check of parseJwt before, with the header and claims that parse gave
 * (held by the verification cache): nothing is decoded again. The signing input and signature are
 * still there, decoded on demand, for a check with a key the token was never verified with.
 */
export function parsedBefore(token: string, header: JoseHeader, payload: Record<string, unknown>): ParsedJwt {
  const first = token.indexOf('.');
  const jws = new CompactParts(token, header, first, token.indexOf('.', first + 1)) as CompactParts & ParsedJwt;
  jws.payload = payload;
  return jws;
}
