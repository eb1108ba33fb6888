import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { RequestInvalidError, type RequestProblem } from '../errors.ts';

/**
 * One Ajv instance for every request schema. Schemas are JSON Schema 2020-12 objects that the
 * OpenAPI 3.1 document reuses as they are, so they must stay plain JSON (no custom keywords).
 */
/**
 * `unicode: false` makes minLength/maxLength read String#length instead of calling ucs2length, a JS
 * loop over every character: on a 2 KB token plus a PEM that loop was the largest cost of a validation
 * after the signature itself. Lengths are then UTF-16 code units, which for the ASCII of a JWS or PEM is
 * the same number. Ajv 8 still honours the option but warns that it is deprecated; that one warning is
 * dropped so the CLI and the service do not print it.
 */
const UNICODE_DEPRECATION = 'DEPRECATED: option unicode.';
const ajv = new Ajv2020({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  unicode: false,
  logger: {
    log: (...args: unknown[]) => console.log(...args),
    warn: (...args: unknown[]) => {
      if (!(typeof args[0] === 'string' && args[0].startsWith(UNICODE_DEPRECATION))) console.warn(...args);
    },
    error: (...args: unknown[]) => console.error(...args),
  },
});

export function compileSchema<T>(schema: object): (body: unknown) => T {
  const validate = ajv.compile(schema) as ValidateFunction<T>;
  return (body: unknown): T => {
    if (validate(body)) return body;
    throw new RequestInvalidError(toProblems(validate.errors ?? []));
  };
}

function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * At most this many problems are listed in one answer. A body of thousands of unknown members would
 * otherwise be answered with one entry each, an answer many times the size of the request.
 */
const MAX_LISTED_PROBLEMS = 100;

const SIZE_KEYWORDS = new Set(['maxItems', 'maxProperties']);

/**
 * Ajv errors -> one problem per offending field, pointer at the field itself. A list or object over its
 * size limit is one problem: the errors of its entries are dropped, since the fix is to shorten it.
 */
export function toProblems(errors: readonly ErrorObject[]): RequestProblem[] {
  const oversized = errors.filter((e) => SIZE_KEYWORDS.has(e.keyword)).map((e) => `${e.instancePath}/`);
  const problems: RequestProblem[] = [];
  const seen = new Set<string>();
  let unlisted = 0;
  for (const e of errors) {
    if (oversized.some((p) => e.instancePath.startsWith(p))) continue;
    let pointer = e.instancePath;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      pointer = `${pointer}/${escapePointerToken(missing)}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      pointer = `${pointer}/${escapePointerToken(extra)}`;
      message = 'is not a known field';
    } else if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      message = `must be one of: ${allowed.map((v) => String(v)).join(', ')}`;
    } else if (SIZE_KEYWORDS.has(e.keyword)) {
      const limit = (e.params as { limit: number }).limit;
      message = e.keyword === 'maxItems' ? `holds more than ${limit} items; list at most ${limit}` : `has more than ${limit} members; give at most ${limit}`;
    }
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push({ pointer, message });
    else unlisted++;
  }
  if (unlisted > 0) problems.push({ pointer: '', message: `has ${unlisted} more problems, not listed; fix the ones above first` });
  return problems;
}
