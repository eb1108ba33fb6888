import { finding } from '../findings.ts';
import { VALIDATION_FINDINGS as F } from './findings.ts';
import type { ClaimDiffEntry, Finding, VerifyPolicy } from '../types.ts';
import { checkClaimPatterns } from './claim-patterns.ts';
import { isTenantTemplate } from '../issuer-template.ts';
import { checkTenantIssuer, tenantIndependentHint } from './tenant-issuer.ts';

type Claims = Record<string, unknown>;

/** Findings and claim_diff entries produced by the claim checks of one status. */
export interface ClaimCheck {
  errors: Finding[];
  warnings: Finding[];
  diff: Record<string, ClaimDiffEntry>;
}

/**
 * Claim names come from the policy and the token, so `__proto__` or `toString` must become plain own
 * entries: assignment would call the prototype setter or be shadowed by an inherited member.
 */
export function setDiff(diff: Record<string, ClaimDiffEntry>, claim: string, entry: ClaimDiffEntry): void {
  Object.defineProperty(diff, claim, { value: entry, enumerable: true, writable: true, configurable: true });
}

function newCheck(): ClaimCheck {
  return { errors: [], warnings: [], diff: {} };
}

function present(claims: Claims, name: string): boolean {
  return Object.hasOwn(claims, name);
}

function actual(claims: Claims, name: string): unknown {
  return present(claims, name) ? claims[name] : null;
}

export function checkIssuer(claims: Claims, policy: VerifyPolicy): ClaimCheck {
  const check = newCheck();
  if (isTenantTemplate(policy.issuer)) {
    const tenant = checkTenantIssuer(claims, policy);
    check.errors.push(...tenant.errors);
    for (const [claim, entry] of tenant.diff) setDiff(check.diff, claim, entry);
    return check;
  }
  const iss = claims.iss;
  // A placeholder outside Microsoft's published templates is never filled in, so nothing matches it,
  // not even a token that carries the same unfilled placeholder.
  const unfilled = /\{tenantid\}/i.test(policy.issuer);
  if (iss === policy.issuer && !unfilled) return check;
  let remediation: string | undefined = unfilled
    ? 'The policy issuer holds a {tenantid} placeholder, which is filled in only in Microsoft Entra ID\'s published templates (https://login.microsoftonline.com/{tenantid}/v2.0, https://sts.windows.net/{tenantid}/); set the exact iss value instead.'
    : tenantIndependentHint(policy.issuer);
  if (remediation === undefined && typeof iss === 'string') {
    const trim = (s: string) => s.replace(/\/+$/, '');
    if (trim(iss) === trim(policy.issuer)) {
      remediation = 'The issuers differ only by a trailing slash; issuer comparison is exact, so set the policy issuer to the exact iss value.';
    } else if (iss.toLowerCase() === policy.issuer.toLowerCase()) {
      remediation = 'The issuers differ only in letter case; issuer comparison is exact and case-sensitive.';
    }
  }
  const message = unfilled
    ? `The expected issuer "${policy.issuer}" holds an unfilled {tenantid} placeholder, so no token can match it.`
    : present(claims, 'iss')
    ? `The token iss does not equal the expected issuer "${policy.issuer}".`
    : 'The token has no iss claim.';
  check.errors.push(finding(F.ISSUER_MISMATCH, message, { iss: actual(claims, 'iss'), expected_issuer: policy.issuer }, remediation));
  setDiff(check.diff, 'iss', { expected: policy.issuer, actual: actual(claims, 'iss') });
  return check;
}

export function checkAudience(claims: Claims, policy: VerifyPolicy): ClaimCheck {
  const check = newCheck();
  const aud = claims.aud;
  let message: string;
  if (typeof aud === 'string') {
    if (policy.audiences.includes(aud)) return check;
    message = 'The token aud is not one of the allowed audiences.';
  } else if (Array.isArray(aud) && aud.length > 0 && aud.every((a) => typeof a === 'string')) {
    if (aud.some((a) => policy.audiences.includes(a as string))) return check;
    message = 'None of the token aud values is an allowed audience.';
  } else if (aud === undefined) {
    message = 'The token has no aud claim.';
  } else {
    message = 'The token aud claim is neither a string nor a non-empty array of strings.';
  }
  check.errors.push(finding(F.AUDIENCE_MISMATCH, message, { aud: actual(claims, 'aud'), allowed_audiences: policy.audiences }));
  setDiff(check.diff, 'aud', { expected: policy.audiences, actual: actual(claims, 'aud') });
  return check;
}

/** exp, nbf, iat with skew; max TTL; EXPIRATION_MISSING. `now` in seconds (may be fractional). */
export function checkTime(claims: Claims, policy: VerifyPolicy, now: number): ClaimCheck {
  const check = newCheck();
  const skew = policy.clock_skew_seconds ?? 0;
  const nowSeconds = Math.floor(now);
  const numeric = (name: 'exp' | 'nbf' | 'iat'): number | undefined => {
    if (!present(claims, name)) return undefined;
    const value = claims[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    check.errors.push(finding(F.CLAIM_TYPE_INVALID, `The ${name} claim is not a finite number (NumericDate).`, { claim: name, value: printable(value) }));
    return undefined;
  };
  const exp = numeric('exp');
  const nbf = numeric('nbf');
  const iat = numeric('iat');
  if (exp !== undefined && exp <= now - skew) {
    check.errors.push(finding(F.TOKEN_EXPIRED, `The token expired ${describeSeconds(now - exp)} ago.`, { exp, now: nowSeconds, clock_skew_seconds: skew }));
  }
  if (nbf !== undefined && nbf > now + skew) {
    check.errors.push(finding(F.TOKEN_NOT_YET_VALID, `The token is not valid for another ${describeSeconds(nbf - now)}.`, { nbf, now: nowSeconds, clock_skew_seconds: skew }));
  }
  if (iat !== undefined && iat > now + skew) {
    check.errors.push(finding(F.TOKEN_ISSUED_IN_FUTURE, `The token claims to be issued ${describeSeconds(iat - now)} in the future.`, { iat, now: nowSeconds, clock_skew_seconds: skew }));
  }
  const maxTtl = policy.max_ttl_seconds;
  if (maxTtl !== undefined) {
    if (exp !== undefined && iat !== undefined) {
      if (exp - iat > maxTtl) {
        check.errors.push(finding(F.TOKEN_LIFETIME_EXCEEDED, `The token lifetime (exp - iat = ${exp - iat} s) exceeds max_ttl_seconds (${maxTtl} s).`, { lifetime_seconds: exp - iat, max_ttl_seconds: maxTtl }));
      }
    } else if (!present(claims, 'exp') || !present(claims, 'iat')) {
      const missing = ['exp', 'iat'].filter((c) => !present(claims, c));
      check.errors.push(finding(F.TOKEN_LIFETIME_EXCEEDED, `max_ttl_seconds is set, and the token lifetime cannot be computed without ${missing.join(' and ')}.`, { missing, max_ttl_seconds: maxTtl }));
    }
  }
  if (!present(claims, 'exp')) {
    check.warnings.push(finding(F.EXPIRATION_MISSING, 'The token has no exp claim, so it never expires.'));
  }
  return check;
}

function describeSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172800) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

/** JSON has no Infinity; show the type rather than a value JSON cannot carry. */
function printable(value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}

/** `scope` when present (whatever its type: a mistyped scope grants nothing), else `scp`. */
function grantedScopes(claims: Claims): { claim: 'scope' | 'scp' | null; scopes: string[] } {
  if (present(claims, 'scope')) {
    return { claim: 'scope', scopes: typeof claims.scope === 'string' ? claims.scope.split(' ').filter((s) => s !== '') : [] };
  }
  const scp = claims.scp;
  if (typeof scp === 'string') return { claim: 'scp', scopes: scp.split(' ').filter((s) => s !== '') };
  if (Array.isArray(scp)) return { claim: 'scp', scopes: scp.filter((s): s is string => typeof s === 'string') };
  return { claim: null, scopes: [] };
}

/** Equality of JSON values. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Claims)[k], (b as Claims)[k]));
}

/**
 * required_custom_claims matching. A policy reads as "the token grants at least this": a scalar
 * matches an equal value or an array containing it; an array matches when each element is in the
 * claim's array; an object matches recursively on its own keys, so extra claims never fail a match.
 */
function customClaimMatches(expected: unknown, actualValue: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actualValue) && expected.every((e) => actualValue.some((a) => jsonEqual(a, e)));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actualValue !== 'object' || actualValue === null || Array.isArray(actualValue)) return false;
    return Object.keys(expected).every((k) =>
      Object.hasOwn(actualValue, k) && customClaimMatches((expected as Claims)[k], (actualValue as Claims)[k]));
  }
  if (Array.isArray(actualValue)) return actualValue.some((a) => a === expected);
  return actualValue === expected;
}

function normaliseTyp(typ: string): string {
  const lower = typ.toLowerCase();
  return lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
}

export function checkRequiredClaims(claims: Claims, header: Claims, policy: VerifyPolicy): ClaimCheck {
  const check = newCheck();
  for (const name of policy.required_claims ?? []) {
    if (present(claims, name)) continue;
    check.errors.push(finding(F.REQUIRED_CLAIM_MISSING, `The required claim "${name}" is absent.`, { claim: name }));
    setDiff(check.diff, name, { expected: 'present', actual: null });
  }
  const requiredScopes = policy.required_scopes ?? [];
  if (requiredScopes.length > 0) {
    const granted = grantedScopes(claims);
    const missing = requiredScopes.filter((s) => !granted.scopes.includes(s));
    if (missing.length > 0) {
      const where = granted.claim === null ? 'the token has neither scope nor scp'
        : granted.claim === 'scope' && typeof claims.scope !== 'string' ? 'scope is not a space-delimited string'
        : `from ${granted.claim}`;
      check.errors.push(finding(F.REQUIRED_SCOPE_MISSING, `Required scope${missing.length > 1 ? 's' : ''} ${missing.map((s) => `"${s}"`).join(', ')} missing (${where}).`, { claim: granted.claim, missing, granted: granted.scopes }));
      setDiff(check.diff, granted.claim ?? 'scope', { expected: requiredScopes, actual: granted.claim === null ? null : claims[granted.claim] });
    }
  }
  for (const [name, expected] of Object.entries(policy.required_custom_claims ?? {})) {
    const value = actual(claims, name);
    if (present(claims, name) && customClaimMatches(expected, value)) continue;
    const message = present(claims, name) ? `The claim "${name}" does not match its required value.` : `The claim "${name}" is absent.`;
    check.errors.push(finding(F.CUSTOM_CLAIM_MISMATCH, message, { claim: name, expected, actual: value }));
    setDiff(check.diff, name, { expected, actual: value });
  }
  if (policy.required_claim_patterns !== undefined) {
    checkClaimPatterns(claims, policy.required_claim_patterns, (f, name, entry) => {
      check.errors.push(f);
      setDiff(check.diff, name, entry);
    });
  }
  if (policy.token_type !== undefined) {
    const typ = header.typ;
    if (typeof typ !== 'string' || normaliseTyp(typ) !== normaliseTyp(policy.token_type)) {
      const message = typeof typ === 'string' ? `The typ header does not match "${policy.token_type}".` : 'The token has no typ header.';
      check.errors.push(finding(F.TOKEN_TYPE_MISMATCH, message, { typ: typ ?? null, expected: policy.token_type }));
      setDiff(check.diff, 'typ', { expected: policy.token_type, actual: typ ?? null });
    }
  }
  return check;
}
