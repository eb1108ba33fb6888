import type { Finding, Severity, StatusName } from './types.ts';

/**
 * Where a code comes from: one of the three engine operations, or the gate itself (the action and the
 * CLI reporting a problem with their own input or an unmet sample expectation).
 */
export type FindingArea = 'validate' | 'lint' | 'discover' | 'gate';

/** One entry of the finding catalogue: what a code means, how bad it is, which status it fails. */
export interface FindingDefinition {
  readonly code: string;
  readonly severity: Severity;
  readonly area: FindingArea;
  /** Validation only: the status this finding fails (warnings fail none). */
  readonly status?: StatusName;
  /** One line: what the code means. The README table and the SARIF rule text show it. */
  readonly title: string;
  /** How to fix it; a finding may carry a more specific one. */
  readonly remediation?: string;
  /** What is checked and why it matters, in a few sentences (lint rules). */
  readonly docs?: string;
  /** Gate only: a problem with the input rather than a finding about identity configuration (CLI exit 2). */
  readonly config?: boolean;
}

/**
 * The one way a finding code is defined, whatever its area. Optional fields left undefined are not
 * kept, so every definition has the same shape, and the result is frozen: the catalogue is shared by
 * every request.
 */
export function defineFinding<const D extends FindingDefinition>(definition: D): D {
  const copy = Object.fromEntries(Object.entries(definition).filter(([, value]) => value !== undefined));
  return Object.freeze(copy) as D;
}

/**
 * Validation findings, in the order a response lists them: by the status each one fails (algorithm,
 * signature, issuer, audience, time, required claims), then the warnings, which fail none.
 */
export const VALIDATION_FINDINGS = {
  ALGORITHM_INVALID: defineFinding({
    code: 'ALGORITHM_INVALID', severity: 'error', status: 'algorithm', area: 'validate',
    title: 'The token alg is not in allowed_algs, or is none',
    remediation: 'Sign the token with an algorithm listed in allowed_algs; alg "none" is never accepted.',
  }),
  SIGNATURE_INVALID: defineFinding({
    code: 'SIGNATURE_INVALID', severity: 'error', status: 'signature', area: 'validate',
    title: 'The signature does not verify with the configured key',
    remediation: 'Check that the policy key is the one the issuer signs with.',
  }),
  KEY_MISMATCH: defineFinding({
    code: 'KEY_MISMATCH', severity: 'error', status: 'signature', area: 'validate',
    title: 'The configured key cannot serve the token alg (wrong type, curve or size), or is outside the key-strength bounds',
    remediation: 'Use a secret for HS*, an RSA key of 2048 to 8192 bits with public exponent 65537 for RS*/PS*, the matching curve (P-256, P-384, P-521) for ES*, and an Ed25519/Ed448 key for EdDSA.',
  }),
  KEY_NOT_FOUND: defineFinding({
    code: 'KEY_NOT_FOUND', severity: 'error', status: 'signature', area: 'validate',
    title: 'No key in the JWKS fits the token kid and alg',
    remediation: 'Check that the issuer publishes the signing key in its JWKS with a matching kid, kty and alg.',
  }),
  UNSUPPORTED_CRITICAL_HEADER: defineFinding({
    code: 'UNSUPPORTED_CRITICAL_HEADER', severity: 'error', status: 'signature', area: 'validate',
    title: 'The header carries crit entries or b64: false, which this validator does not support',
  }),
  JWKS_UNAVAILABLE: defineFinding({
    code: 'JWKS_UNAVAILABLE', severity: 'error', status: 'signature', area: 'validate',
    title: 'The JWKS could not be fetched and no keys are cached',
    remediation: 'Check that the JWKS URI is reachable from this host.',
  }),
  ISSUER_MISMATCH: defineFinding({
    code: 'ISSUER_MISMATCH', severity: 'error', status: 'issuer', area: 'validate',
    title: 'The iss claim does not equal the expected issuer',
  }),
  AUDIENCE_MISMATCH: defineFinding({
    code: 'AUDIENCE_MISMATCH', severity: 'error', status: 'audience', area: 'validate',
    title: 'No allowed audience matches the aud claim',
    remediation: 'Request the token for one of the allowed audiences, or add its audience to the policy.',
  }),
  TOKEN_EXPIRED: defineFinding({
    code: 'TOKEN_EXPIRED', severity: 'error', status: 'time', area: 'validate',
    title: 'exp is at or before now (less clock skew)',
  }),
  TOKEN_NOT_YET_VALID: defineFinding({
    code: 'TOKEN_NOT_YET_VALID', severity: 'error', status: 'time', area: 'validate',
    title: 'nbf is after now (plus clock skew)',
  }),
  TOKEN_ISSUED_IN_FUTURE: defineFinding({
    code: 'TOKEN_ISSUED_IN_FUTURE', severity: 'error', status: 'time', area: 'validate',
    title: 'iat is after now (plus clock skew)',
    remediation: 'Check the issuer clock, or allow for drift with clock_skew_seconds.',
  }),
  TOKEN_LIFETIME_EXCEEDED: defineFinding({
    code: 'TOKEN_LIFETIME_EXCEEDED', severity: 'error', status: 'time', area: 'validate',
    title: 'exp - iat exceeds max_ttl_seconds, or exp or iat is missing while max_ttl_seconds is set',
  }),
  CLAIM_TYPE_INVALID: defineFinding({
    code: 'CLAIM_TYPE_INVALID', severity: 'error', status: 'time', area: 'validate',
    title: 'exp, nbf or iat is not a finite number',
  }),
  REQUIRED_CLAIM_MISSING: defineFinding({
    code: 'REQUIRED_CLAIM_MISSING', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A claim listed in required_claims is absent',
  }),
  REQUIRED_SCOPE_MISSING: defineFinding({
    code: 'REQUIRED_SCOPE_MISSING', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A scope listed in required_scopes is absent from scope (or scp)',
  }),
  CUSTOM_CLAIM_MISMATCH: defineFinding({
    code: 'CUSTOM_CLAIM_MISMATCH', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'A claim does not match its required_custom_claims expectation',
  }),
  TOKEN_TYPE_MISMATCH: defineFinding({
    code: 'TOKEN_TYPE_MISMATCH', severity: 'error', status: 'required_claims', area: 'validate',
    title: 'The typ header does not match token_type',
  }),
  PROFILE_NOT_FOUND: defineFinding({
    code: 'PROFILE_NOT_FOUND', severity: 'error', area: 'validate',
    title: 'issuer_profile_id names no registered issuer profile',
    remediation: 'Register the profile in ISSUER_PROFILES_JSON / ISSUER_PROFILES_FILE, or fix the id.',
  }),
  EXPIRATION_MISSING: defineFinding({
    code: 'EXPIRATION_MISSING', severity: 'warning', area: 'validate',
    title: 'The token has no exp claim and never expires',
    remediation: 'Issue tokens with an exp claim, or set max_ttl_seconds to require one.',
  }),
  WEAK_SECRET: defineFinding({
    code: 'WEAK_SECRET', severity: 'warning', area: 'validate',
    title: 'The HMAC secret is shorter than the hash output (32/48/64 bytes)',
    remediation: 'Use a random secret at least as long as the hash output (RFC 7518 §3.2).',
  }),
  JWKS_STALE: defineFinding({
    code: 'JWKS_STALE', severity: 'warning', area: 'validate',
    title: 'Keys were served from a cache whose refresh failed',
    remediation: 'Check that the JWKS URI is reachable from this host.',
  }),
} as const satisfies Record<string, FindingDefinition>;

/**
 * Order in which a validation response lists its findings: the order the checks run, from whether the
 * token can be trusted at all (algorithm, signature) to what it claims (issuer, audience, time, claims).
 */
export const STATUS_ORDER: readonly StatusName[] = ['algorithm', 'signature', 'issuer', 'audience', 'time', 'required_claims'];

/** A Finding of the given definition (a catalogue entry or a lint rule: anything with code, severity, remediation). */
export function finding(
  definition: Pick<FindingDefinition, 'code' | 'severity' | 'remediation'>,
  message: string,
  evidence?: Record<string, unknown>,
  remediation: string | undefined = definition.remediation,
): Finding {
  const f: Finding = { code: definition.code, severity: definition.severity, message };
  if (evidence !== undefined) f.evidence = evidence;
  if (remediation !== undefined) f.remediation = remediation;
  return f;
}
