/**
 * RFC 9457 problem bodies: what the service answers for a request it refuses, and what the action's
 * report records for the same request. Both faces take them from here, so the two cannot drift.
 */
import { RequestInvalidError, type RequestProblem, type RequestRefusal } from './errors.ts';
import type { PROBLEM_CODES } from './schema/responses.ts';

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The fixed part of each problem: the status it travels with, its type URI and its title. */
const PROBLEM_TYPES: Record<ProblemCode, { status: number; title: string }> = {
  BAD_REQUEST: { status: 400, title: 'The request is not valid HTTP' },
  HEADERS_TOO_LARGE: { status: 431, title: 'The request headers are too large' },
  MALFORMED_TOKEN: { status: 400, title: 'The token is not a parseable JWT' },
  REQUEST_INVALID: { status: 422, title: 'The request body is invalid' },
  UNAUTHORIZED: { status: 401, title: 'A valid API key is required' },
  NOT_FOUND: { status: 404, title: 'No such endpoint' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed on this endpoint' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'The request body must be application/json' },
  TIMEOUT: { status: 503, title: 'The request did not complete in time' },
  INTERNAL: { status: 500, title: 'Internal error' },
};

/** A stable, non-dereferenceable type URI per code: clients match on it (or on code), never on title. */
function problemType(code: ProblemCode): string {
  return `urn:oidc-gate:problem:${code.toLowerCase().replace(/_/g, '-')}`;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: RequestProblem[];
}

export function problem(code: ProblemCode, detail: string, extra: { status?: number; errors?: RequestProblem[] } = {}): Problem {
  const t = PROBLEM_TYPES[code];
  const p: Problem = { type: problemType(code), title: t.title, status: extra.status ?? t.status, detail, code };
  if (extra.errors !== undefined) p.errors = extra.errors;
  return p;
}

/** `detail` for a 422: the first problem, and how many more the errors list holds. */
function detailFor(errors: readonly RequestProblem[]): string {
  const first = errors[0];
  if (first === undefined) return 'The request body is invalid.';
  const where = first.pointer === '' ? 'The request body' : first.pointer;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more; see errors)` : '';
  return `${where}: ${first.message}${more}.`;
}

/**
 * The problem body for an engine refusal: 422 REQUEST_INVALID with errors[], or 400 MALFORMED_TOKEN.
 * The service answers with it and the action's report records it, so both must come from here.
 */
export function problemFromEngineError(error: RequestRefusal): Problem {
  if (error instanceof RequestInvalidError) {
    const errors = error.errors.map((e) => ({ pointer: e.pointer, message: e.message }));
    return problem('REQUEST_INVALID', detailFor(errors), { errors });
  }
  return problem('MALFORMED_TOKEN', error.message);
}
