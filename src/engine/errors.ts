/**
 * The engine's errors: one family, EngineError, each case a subclass with a stable `code`. Faces tell
 * them apart with `instanceof` (or by code) and map them to HTTP statuses / exit codes:
 *   MalformedTokenError   MALFORMED_TOKEN          400, a problem body (a request refusal)
 *   RequestInvalidError   REQUEST_INVALID          422 with errors[{ pointer, message }] (a request refusal)
 *   OutboundAllowError    OUTBOUND_ALLOW_INVALID   OUTBOUND_ALLOW cannot be parsed: the service does not start
 *   IssuerProfileError    ISSUER_PROFILES_INVALID  the profile configuration is invalid: the service does not start
 *   TargetRefusedError    TARGET_REFUSED           inside the fetcher only: a name resolves to an address not dialled
 * Only the two request refusals become a problem body; the others are the faces' to report.
 * Messages never contain a token, a secret or a key.
 */
export type EngineErrorCode = 'MALFORMED_TOKEN' | 'REQUEST_INVALID' | 'OUTBOUND_ALLOW_INVALID' | 'ISSUER_PROFILES_INVALID' | 'TARGET_REFUSED';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export class MalformedTokenError extends EngineError {
  declare readonly code: 'MALFORMED_TOKEN';
  constructor(message: string) {
    super('MALFORMED_TOKEN', message);
    this.name = 'MalformedTokenError';
  }
}

export interface RequestProblem {
  /** JSON Pointer (RFC 6901) into the request body; '' is the whole body. */
  pointer: string;
  message: string;
}

export class RequestInvalidError extends EngineError {
  declare readonly code: 'REQUEST_INVALID';
  readonly errors: RequestProblem[];
  constructor(errors: RequestProblem[]) {
    super('REQUEST_INVALID', errors.map((e) => `${e.pointer || '/'}: ${e.message}`).join('; '));
    this.name = 'RequestInvalidError';
    this.errors = errors;
  }
}

/** What an operation may refuse a request with: the service answers it with a problem body. */
export type RequestRefusal = MalformedTokenError | RequestInvalidError;

export function isRequestRefusal(value: unknown): value is RequestRefusal {
  return value instanceof MalformedTokenError || value instanceof RequestInvalidError;
}

/** OUTBOUND_ALLOW holds an entry that is neither a host name, an IP nor a CIDR. */
export class OutboundAllowError extends EngineError {
  declare readonly code: 'OUTBOUND_ALLOW_INVALID';
  constructor(message: string) {
    super('OUTBOUND_ALLOW_INVALID', message);
    this.name = 'OutboundAllowError';
  }
}

/** One problem in the profile configuration: which profile, which field (JSON Pointer), what is wrong. */
export interface ProfileProblem {
  /** The profile id when it has a usable one, else `#<index>`; '' for the document as a whole. */
  profile: string;
  pointer: string;
  message: string;
}

/**
 * The profile configuration is invalid; the service must not start. Messages name the profile and
 * the field, never a secret, key or any other configured value.
 */
export class IssuerProfileError extends EngineError {
  declare readonly code: 'ISSUER_PROFILES_INVALID';
  readonly problems: ProfileProblem[];
  constructor(source: string, problems: ProfileProblem[]) {
    super('ISSUER_PROFILES_INVALID', `${source}: ${problems.map((p) => `${p.profile === '' ? '' : `profile ${p.profile}: `}${p.pointer || '/'} ${p.message}`).join('; ')}`);
    this.name = 'IssuerProfileError';
    this.problems = problems;
  }
}

/**
 * Raised inside the fetcher's connect path when a target is refused, so the socket is never opened;
 * the fetcher turns it into a `blocked` result and it never leaves the engine.
 */
export class TargetRefusedError extends EngineError {
  declare readonly code: 'TARGET_REFUSED';
  constructor(message: string) {
    super('TARGET_REFUSED', message);
    this.name = 'TargetRefusedError';
  }
}
