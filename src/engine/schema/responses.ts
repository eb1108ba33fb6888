/**
 * JSON Schemas (2020-12) of every response body: the 200 bodies of the endpoints and the
 * problem+json error body. The OpenAPI document embeds these objects as they are, and the server
 * tests validate live responses against the document, so a drift between engine output and the
 * published contract fails a test.
 */

const nonEmpty = { type: 'string', minLength: 1 } as const;

export const findingSchema = {
  title: 'Finding',
  type: 'object',
  additionalProperties: false,
  required: ['code', 'severity', 'message'],
  properties: {
    code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', description: 'Stable finding code, e.g. AUDIENCE_MISMATCH.' },
    severity: { type: 'string', enum: ['error', 'warning'], description: 'error makes valid false; warning never does.' },
    message: { ...nonEmpty, description: 'Human-readable explanation.' },
    evidence: {
      type: 'object',
      description: 'Structured detail per code: claim values, policy values, offending URI, evidence.field (a JSON Pointer into the request). Never a token, secret or key.',
    },
    remediation: { ...nonEmpty, description: 'Suggested fix, when one applies cleanly.' },
  },
} as const;

const passFail = { type: 'string', enum: ['pass', 'fail'] } as const;
const findings = { type: 'array', items: findingSchema } as const;

export const validateResponseSchema = {
  title: 'ValidateResponse',
  type: 'object',
  additionalProperties: false,
  required: ['valid', 'statuses', 'findings', 'summary', 'metadata'],
  properties: {
    valid: { type: 'boolean', description: 'True only when every status passes.' },
    statuses: {
      type: 'object',
      additionalProperties: false,
      required: ['signature', 'issuer', 'audience', 'algorithm', 'time', 'required_claims'],
      properties: {
        signature: passFail,
        issuer: passFail,
        audience: passFail,
        algorithm: passFail,
        time: passFail,
        required_claims: passFail,
      },
    },
    findings: { ...findings, description: 'Errors only; empty when valid is true. Warnings are in metadata.warnings.' },
    summary: { ...nonEmpty, description: 'One-sentence outcome.' },
    claim_diff: {
      type: 'object',
      description: 'Present when an issuer, audience or required-claims check failed: expected (policy) against actual (token; null when absent).',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['expected', 'actual'],
        properties: { expected: {}, actual: {} },
      },
    },
    metadata: {
      type: 'object',
      additionalProperties: false,
      properties: {
        alg: { type: 'string', description: 'The token header alg.' },
        kid: { type: 'string', description: 'The token header kid, when present.' },
        key_source: { type: 'string', enum: ['secret', 'public_key', 'jwks'] },
        jwks_cache: { type: 'string', enum: ['hit', 'miss', 'refreshed', 'stale'], description: 'JWKS trust sources only.' },
        signature_cache: {
          type: 'string',
          enum: ['hit', 'miss'],
          description: 'Present when the verification cache is on and a key was tried: hit when a signature check that passed before with the same key was reused (claims and times are judged on every call), miss when the signature was verified.',
        },
        warnings: { ...findings, description: 'Findings of severity warning; they never change valid.' },
        request_id: { ...nonEmpty, description: 'The request id (the X-Request-Id header): the one sent, or a generated one.' },
      },
    },
  },
} as const;

export const lintResponseSchema = {
  title: 'LintResponse',
  type: 'object',
  additionalProperties: false,
  required: ['valid', 'findings', 'summary'],
  properties: {
    valid: { type: 'boolean', description: 'True when no finding of severity error was emitted.' },
    findings,
    summary: { ...nonEmpty, description: 'One-sentence outcome, with the number of errors (and warnings) when there are any.' },
  },
} as const;

const caseOutcome = { type: 'string', enum: ['allow', 'deny'] } as const;

export const trustPolicyResponseSchema = {
  title: 'TrustPolicyResponse',
  type: 'object',
  additionalProperties: false,
  required: ['valid', 'findings', 'summary', 'metadata'],
  properties: {
    valid: { type: 'boolean', description: 'True when no finding of severity error was emitted.' },
    findings,
    summary: { ...nonEmpty, description: 'One-sentence outcome, with the number of errors (and warnings) when there are any.' },
    metadata: {
      type: 'object',
      additionalProperties: false,
      required: ['issuer', 'conditions', 'cases'],
      properties: {
        issuer: { type: 'string', description: 'The issuer evaluated (the default applied).' },
        conditions: {
          type: 'array',
          description: 'Every condition evaluated, from the request or from the trust document, once each (conditions the checker cannot evaluate are findings instead).',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['field', 'effect', 'claim', 'operator', 'values'],
            properties: {
              field: { type: 'string', description: 'JSON Pointer to the condition in the request.' },
              effect: { type: 'string', enum: ['Allow', 'Deny'], description: 'The effect of the statement the condition is in.' },
              claim: { type: 'string', description: 'The claim, in lower case (AWS compares key names ignoring case).' },
              operator: { type: 'string', description: 'The operator as written: StringLike, ForAnyValue:StringNotEqualsIfExists, Null, …' },
              values: { type: 'array', items: { type: 'string' }, description: 'The values; for Null, "true" (the claim must be absent) or "false".' },
            },
          },
        },
        cases: {
          type: 'array',
          description: 'Each case with its outcome, in request order.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'expect', 'outcome'],
            properties: { name: nonEmpty, expect: caseOutcome, outcome: caseOutcome },
          },
        },
        request_id: { ...nonEmpty, description: 'The request id (the X-Request-Id header): the one sent, or a generated one.' },
      },
    },
  },
} as const;

export const discoverResponseSchema = {
  title: 'DiscoverResponse',
  type: 'object',
  additionalProperties: false,
  required: ['valid', 'issuer', 'discovery_uri', 'jwks_uri', 'metadata', 'findings', 'summary'],
  properties: {
    valid: { type: 'boolean', description: 'True when no finding of severity error was emitted.' },
    issuer: { type: 'string', description: 'The issuer as requested.' },
    discovery_uri: { type: ['string', 'null'], description: 'The discovery document URL that answered, or null.' },
    jwks_uri: { type: ['string', 'null'], description: 'The jwks_uri the document names, or null.' },
    metadata: { type: 'object', description: 'The signing-algorithm and endpoint fields of the discovery document.' },
    findings,
    summary: nonEmpty,
  },
} as const;

/**
 * Problem codes: the engine's refusals (MALFORMED_TOKEN, REQUEST_INVALID), the HTTP-level ones
 * (BAD_REQUEST for bytes that are not HTTP, HEADERS_TOO_LARGE), and TIMEOUT for a request that
 * overran its 10 s budget.
 */
export const PROBLEM_CODES = [
  'BAD_REQUEST',
  'HEADERS_TOO_LARGE',
  'MALFORMED_TOKEN',
  'REQUEST_INVALID',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TIMEOUT',
  'INTERNAL',
] as const;

export const problemSchema = {
  title: 'Problem',
  description: 'RFC 9457 problem details, media type application/problem+json.',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', format: 'uri', description: 'Stable problem type URI (urn:oidc-gate:problem:<code>).' },
    title: { ...nonEmpty, description: 'Short summary of the problem type; the same for every occurrence.' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { ...nonEmpty, description: 'What went wrong with this request. Never quotes a token, secret or key.' },
    code: { type: 'string', enum: PROBLEM_CODES },
    errors: {
      type: 'array',
      description: 'REQUEST_INVALID only: one entry per offending field.',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pointer', 'message'],
        properties: {
          pointer: { type: 'string', description: 'JSON Pointer (RFC 6901) into the request body; "" is the whole body.' },
          message: nonEmpty,
        },
      },
    },
  },
} as const;

export const healthSchema = {
  title: 'Health',
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok', 'draining'] } },
} as const;
