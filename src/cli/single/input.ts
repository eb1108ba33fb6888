/**
 * What a single-request subcommand reads: the request body (JSON), or for validate also a raw token,
 * from an argument, a file or stdin. No message here ever repeats a token.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Operation } from '../../engine/index.ts';
import { takesRawToken } from './operations.ts';
import { looksLikeToken, mayHoldToken } from './token-shape.ts';
import { UsageError } from '../errors.ts';
import { readCappedFile } from './read-file.ts';
import { shown } from '../usage-error.ts';

/** The most read from stdin or a request file: a request is a few kilobytes (the service takes 64 KiB). */
export const MAX_INPUT_BYTES = 1024 * 1024;

export type RequestInput =
  | { kind: 'token'; token: string }
  | { kind: 'body'; body: unknown };

export interface InputIo {
  cwd: string;
  readStdin: () => Promise<string>;
  /** Nothing was piped in: reading would wait for typing. */
  stdinIsTTY: boolean;
}

export async function readRequestInput(operation: Operation, input: string | undefined, io: InputIo): Promise<RequestInput> {
  const command = operation.name;
  const raw = takesRawToken(operation);
  const wanted = raw ? 'a token or a request body' : 'a request body';
  let text: string;
  let from: string;
  if (input === undefined || input === '-') {
    if (input === undefined && io.stdinIsTTY) {
      throw new UsageError(`needs ${wanted}: pipe it in on stdin, or name a file.`, { command });
    }
    text = await io.readStdin();
    from = 'stdin';
  } else {
    const abs = path.resolve(io.cwd, input);
    if (raw && looksLikeToken(input) && !(await isFile(abs))) return { kind: 'token', token: input.trim() };
    from = describeArgument(input);
    text = await readCappedFile(abs, MAX_INPUT_BYTES, { command, name: from, holds: 'a request', helpWhenMissing: true });
  }
  if (Buffer.byteLength(text) > MAX_INPUT_BYTES) throw new UsageError(`${from} holds more than 1 MiB; ${wanted} is a few kilobytes.`, { command, showHelp: false });
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new UsageError(`${from} is empty: expected ${wanted}.`, { command });
  if (raw && !trimmed.startsWith('{')) return { kind: 'token', token: trimmed };
  try {
    return { kind: 'body', body: JSON.parse(trimmed) as unknown };
  } catch {
    // JSON.parse's own message quotes the input, which holds a token or a secret.
    throw new UsageError(`${from} is not valid JSON${raw ? ' (nor a token)' : ''}.`, { command, showHelp: false });
  }
}

/** A file argument as messages name it; one that may be a mangled token is not repeated. */
function describeArgument(input: string): string {
  return input.length > 60 || mayHoldToken(input) ? 'the file named in the argument' : `"${shown(input)}"`;
}

async function isFile(abs: string): Promise<boolean> {
  return (await fs.stat(abs).catch(() => undefined))?.isFile() === true;
}

