/**
 * A `tokens:` entry: a sample token (inline, or read from `token_file`), a validate request for it, what
 * it must turn out as (`expect`) and the instant to judge it at (`at`).
 */
import path from 'node:path';
import { GATE_CODES } from '../codes.ts';
import { describeIoError, describePlace, readInsideRoot } from '../config/boundary.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import { checkEntry, TOKEN_SHAPE } from '../config/entry-keys.ts';
import { isExpectableCode, nearestExpectableCode, parseExpectation } from './expect.ts';
import { INSTANT_FORMAT, parseInstant } from '../config/instant.ts';
import { entryValuesToMask } from '../outputs/redact.ts';
import type { Expectation } from '../types.ts';
import { clip, isNonEmptyString, isRecord } from '../config/values.ts';
import { positionOf, type LoadedYaml, type Path } from '../config/yaml.ts';

/** The engine refuses tokens over 16 KiB with a 422; reading more than this is pointless. */
const MAX_TOKEN_FILE_BYTES = 64 * 1024;

export interface TokenEntry {
  name: string;
  path: Path;
  line: number;
  /** The validate request body, with the token read from `token_file` when given. */
  request: Record<string, unknown>;
  tokenKey: 'token' | 'token_file';
  expect: Expectation;
  /** Where `expect` is written, or the entry when it is defaulted. */
  expectPath: Path;
  at?: string;
  atMs?: number;
}

/** The config file the entry is in, and the directory its token files must stay inside. */
export interface TokenSource {
  file: string;
  abs: string;
  yaml: LoadedYaml;
  boundary: string;
  onSecret: ((value: string) => void) | undefined;
}

export async function parseTokenEntry(raw: unknown, index: number, source: TokenSource, problem: ReportProblem): Promise<TokenEntry | undefined> {
  const at: Path = ['tokens', index];
  // Masked before any check: an entry refused for a typo (`secrte:`) still holds its token and secret.
  if (isRecord(raw) && isNonEmptyString(raw.token)) source.onSecret?.(raw.token);
  for (const value of entryValuesToMask(raw, TOKEN_SHAPE.gateKeys, 'validate')) source.onSecret?.(value);
  const entry = checkEntry(raw, at, TOKEN_SHAPE, problem);
  if (entry === undefined) return undefined;
  const { name, token_file: tokenFile, expect: rawExpect, at: rawAt, ...request } = entry;
  let ok = true;
  if (name !== undefined && !isNonEmptyString(name)) {
    problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name'], {
      remediation: 'Give the sample a name (any text, such as orders-service-token), or leave name out.',
    });
    ok = false;
  }
  const expect = parseExpectation(rawExpect);
  if (expect === undefined) {
    problem(GATE_CODES.CONFIG_INVALID, 'expect must be valid, invalid, or a non-empty list of finding codes.', [...at, 'expect'], {
      remediation: 'Write expect: valid, expect: invalid, or the codes the sample must produce, such as expect: [AUDIENCE_MISMATCH].',
    });
    ok = false;
  } else if (Array.isArray(expect)) {
    expect.forEach((code, i) => {
      if (isExpectableCode(code)) return;
      const hint = nearestExpectableCode(code);
      problem(GATE_CODES.CONFIG_INVALID,
        `expect lists "${clip(code)}", which is not a validation finding code${hint !== undefined ? ` (did you mean ${hint}?)` : ''}.`, [...at, 'expect', i], {
          remediation: hint !== undefined
            ? `Write ${hint}: expect lists the codes a validation can produce, spelt exactly.`
            : 'List codes a validation can produce (docs/findings.md, where "Where" is validate), or MALFORMED_TOKEN.',
        });
      ok = false;
    });
  }
  let atMs: number | undefined;
  if (rawAt !== undefined) {
    const instant = parseInstant(rawAt);
    if (instant.ok) atMs = instant.ms;
    else {
      // The value is not quoted: the line is enough, and the reason names the part that is wrong.
      problem(GATE_CODES.CONFIG_INVALID, `at must be ${INSTANT_FORMAT}; the value ${instant.reason}.`, [...at, 'at'], {
        remediation: 'Write at as a date and time with Z or an offset, on a real calendar day, such as at: 2026-01-05T09:15:00Z.',
      });
      ok = false;
    }
  }
  const hasToken = entry.token !== undefined;
  if (hasToken === (tokenFile !== undefined)) {
    problem(GATE_CODES.CONFIG_INVALID, hasToken ? 'Give token or token_file, not both.' : 'A sample needs token_file (or token).', at, {
      remediation: hasToken
        ? 'Keep one of token and token_file: remove the other.'
        : 'Add token_file: with the path of a file holding the JWT (relative to this config file), or token: with the JWT itself.',
    });
    ok = false;
  }
  if (tokenFile !== undefined) {
    const token = await readTokenFile(tokenFile, source, [...at, 'token_file'], problem);
    if (token === undefined) ok = false;
    else request.token = token;
  }
  if (!ok) return undefined;
  const result: TokenEntry = {
    name: (name as string | undefined) ?? `tokens[${index}]`,
    path: at,
    line: positionOf(source.yaml, at).line,
    request,
    tokenKey: hasToken ? 'token' : 'token_file',
    expect: expect as Expectation,
    expectPath: rawExpect === undefined ? at : [...at, 'expect'],
  };
  if (rawAt !== undefined) {
    result.at = rawAt as string;
    result.atMs = atMs;
  }
  return result;
}

/**
 * A pull request edits the config, so `token_file` must not make the gate read a file outside the
 * repository or inside .git (links followed), nor more than a token's worth of bytes.
 */
async function readTokenFile(value: unknown, source: TokenSource, at: Path, problem: ReportProblem): Promise<string | undefined> {
  if (!isNonEmptyString(value)) {
    problem(GATE_CODES.CONFIG_INVALID, 'token_file must be a path relative to the config file.', at, {
      remediation: 'Write token_file as the path of the file holding the JWT, relative to this config file, such as token_file: tokens/orders.jwt.',
    });
    return undefined;
  }
  const read = await readInsideRoot(source.boundary, path.resolve(path.dirname(source.abs), value), MAX_TOKEN_FILE_BYTES);
  if (!read.ok) {
    switch (read.reason) {
      case 'missing':
        problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} (relative to ${source.file}) cannot be read: ${describeIoError(read.error)}.`, at);
        break;
      case 'outside':
      case 'git':
        problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is ${describePlace(read.reason)}; refusing to read it.`, at);
        break;
      case 'too-large':
        problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is larger than ${MAX_TOKEN_FILE_BYTES} bytes.`, at);
        break;
      case 'not-file':
        problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} cannot be read: not a regular file.`, at);
        break;
      default:
        problem(GATE_CODES.TOKEN_FILE_MISSING, `Token file ${clip(value)} cannot be read: ${describeIoError(read.error)}.`, at);
    }
    return undefined;
  }
  const token = read.bytes.toString('utf8').trim();
  if (token === '') {
    problem(GATE_CODES.TOKEN_FILE_INVALID, `Token file ${clip(value)} is empty.`, at);
    return undefined;
  }
  source.onSecret?.(token);
  return token;
}
