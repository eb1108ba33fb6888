import type { IncomingMessage } from 'node:http';
import { checkJsonStructure, MAX_JSON_DEPTH, scanJsonStructure } from '../../engine/index.ts';

export const MAX_BODY_BYTES = 64 * 1024;
export { MAX_JSON_DEPTH };

/**
 * application/json or any +json type. A charset parameter, when given, must be UTF-8: JSON exchanged
 * between systems is UTF-8, and a body declared otherwise would be read as something it is not.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (header === 'application/json') return true;
  const [type, ...params] = header.split(';');
  const media = (type as string).trim().toLowerCase();
  if (media !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(media)) return false;
  for (const p of params) {
    const [name, value] = p.split('=');
    if (name?.trim().toLowerCase() === 'charset') {
      const v = (value ?? '').trim().replace(/^"|"$/g, '').toLowerCase();
      if (v !== 'utf-8' && v !== 'utf8') return false;
    }
  }
  return true;
}

export type BodyOutcome =
  | { kind: 'ok'; text: string }
  | { kind: 'too_large' }
  | { kind: 'not_utf8' }
  | { kind: 'aborted' };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Read the body up to MAX_BODY_BYTES and call `done` once with the outcome. A declared Content-Length
 * over the limit is refused before a byte is read; a chunked body is refused as soon as it crosses the
 * limit, and reading stops. `done` runs in the handler of the event that decided the outcome, so an
 * answer can still be written in the same turn of the event loop as the body's last byte.
 */
export function readBody(req: IncomingMessage, done: (outcome: BodyOutcome) => void): void {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
    done({ kind: 'too_large' });
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  // Listeners are not removed on settling: the request object is dropped right after, and the
  // flag makes late events harmless.
  const finish = (outcome: BodyOutcome): void => {
    if (settled) return;
    settled = true;
    done(outcome);
  };
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      req.pause();
      finish({ kind: 'too_large' });
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    const buf = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
    let text: string;
    try {
      text = decoder.decode(buf);
    } catch {
      finish({ kind: 'not_utf8' });
      return;
    }
    finish({ kind: 'ok', text });
  });
  // 'close' before 'end' is a client that went away mid-upload. No 'error' listener: a request that
  // fails is destroyed and closes, and Node emits a request's 'error' only to a listener.
  req.on('close', () => finish({ kind: 'aborted' }));
}

export type JsonOutcome =
  | { ok: true; value: unknown }
  | { ok: false; pointer: string; message: string };

/**
 * JSON.parse plus two checks it does not make: a duplicate member name (which parsers resolve
 * differently, so {"issuer":"a","issuer":"b"} must not pass) and nesting deeper than MAX_JSON_DEPTH.
 * The parser's own message is not returned: it quotes the input, which may hold a token.
 */
export function parseJsonBody(text: string): JsonOutcome {
  if (text.trim() === '') return { ok: false, pointer: '', message: 'the request body is empty; expected a JSON object' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, pointer: '', message: 'the request body is not valid JSON' };
  }
  // The parsed value proves most bodies sound without a second pass over the text.
  const issue = checkJsonStructure(text, value, MAX_JSON_DEPTH);
  if (issue !== undefined) return { ok: false, pointer: '', message: describeStructureIssue(issue) };
  return { ok: true, value };
}

/** Duplicate member names and depth, by the engine's structure scanner; the message names the problem. */
export function scanJson(text: string): string | undefined {
  const issue = scanJsonStructure(text, MAX_JSON_DEPTH);
  return issue === undefined ? undefined : describeStructureIssue(issue);
}

function describeStructureIssue(issue: NonNullable<ReturnType<typeof scanJsonStructure>>): string {
  if (issue.kind === 'too_deep') return `the request body nests deeper than ${MAX_JSON_DEPTH} levels`;
  const name = issue.name;
  return `the request body repeats the member name "${name.length > 64 ? `${name.slice(0, 64)}…` : name}" in one object`;
}
