import type { EngineContext } from '../context.ts';
import { RequestInvalidError } from '../errors.ts';
import { finding } from '../findings.ts';
import { VALIDATION_FINDINGS as F, STATUS_ORDER } from './findings.ts';
import { parseJwt, parsedBefore, type ParsedJwt } from '../jws/compact.ts';
import { hmacLength, keyAlgMismatch } from '../jws/keys.ts';
import { verifySignature } from '../jws/verify.ts';
import { tokenDigest, type VerifyCache } from '../jws/verify-cache.ts';
import { compileSchema } from '../schema/ajv.ts';
import { summariseToken } from '../summary.ts';
import { validateRequestSchema } from '../schema/validate-request.ts';
import { JWS_ALGORITHMS, isImplementedAlgorithm } from '../types.ts';
import type {
  ClaimDiffEntry, Finding, JwsAlgorithm, SignatureCacheState, StatusName, ValidateMetadata, ValidateRequest, ValidateResponse, ValidateStatuses, VerifyPolicy,
} from '../types.ts';
import { refuseCostlyPatterns } from './claim-patterns.ts';
import { checkAudience, checkIssuer, checkRequiredClaims, checkTime, setDiff, type ClaimCheck } from './claims.ts';
import { inlineTrustSource } from './inline.ts';
import type { KeyResolution, TrustSource, VerificationKey } from './trust-source.ts';
import { keyIssuerMismatch } from './key-issuer.ts';

const parseValidateRequest = compileSchema<ValidateRequest>(validateRequestSchema);
const MAX_TOKEN_BYTES = 16384;

/**
 * POST /v1/validate/jwt. Order, each step fail-closed: body schema (422), token syntax (400), trust
 * source, algorithm allowlist, key and signature, claims. The allowlist comes before any key lookup or
 * fetch, so a token cannot make the service fetch or try keys for an algorithm the policy never allowed.
 * Rejects with RequestInvalidError or MalformedTokenError; every other outcome is a response. With an
 * inline key or secret nothing is awaited but the key lookup's settled promise.
 */
export async function validateJwt(body: unknown, ctx: EngineContext): Promise<ValidateResponse> {
  const request = parseValidateRequest(body);
  // The schema's maxLength counts UTF-16 units; the limit is 16 KiB of UTF-8, larger than any real
  // token and small enough to bound the work one request can cause.
  // Only a token of over 16384 / 3 characters can pass the schema and exceed it, so short tokens skip the count.
  if (request.token.length > MAX_TOKEN_BYTES / 3 && Buffer.byteLength(request.token, 'utf8') > MAX_TOKEN_BYTES) {
    throw new RequestInvalidError([{ pointer: '/token', message: `must be at most ${MAX_TOKEN_BYTES} bytes (16 KiB) of UTF-8` }]);
  }
  const hasPolicy = request.policy !== undefined;
  if (hasPolicy === (request.issuer_profile_id !== undefined)) {
    throw new RequestInvalidError([{ pointer: '', message: hasPolicy ? 'give either policy or issuer_profile_id, not both' : 'give one of policy and issuer_profile_id' }]);
  }
  // Pattern matching is bounded up front: a claim is never longer than the token (§17, bounded cost).
  if (request.policy?.required_claim_patterns !== undefined) refuseCostlyPatterns(request.policy.required_claim_patterns, request.token.length);
  // The key is checked before the token so that a 422 for a bad key wins over a 400 for a bad token.
  const inline = request.policy !== undefined ? inlineTrustSource(request.policy, ctx.keyCache) : undefined;
  const memory: SignatureMemory | undefined = ctx.verifyCache === undefined
    ? undefined
    : { cache: ctx.verifyCache, token: request.token, digest: tokenDigest(request.token), claimsHeld: false };
  const jwt = memory === undefined ? parseJwt(request.token) : recallOrParse(memory);
  const trust = inline ?? ctx.profiles?.get(request.issuer_profile_id as string);
  if (trust === undefined) return profileNotFound(jwt, request.issuer_profile_id as string);
  const gate = signatureGate(jwt, trust.policy);
  if (gate !== undefined) return evaluate(jwt, trust, gate, undefined, ctx.now() / 1000, memory);
  const keys = await trust.resolveKeys(jwt.header, jwt.header.alg as JwsAlgorithm);
  return evaluate(jwt, trust, gate, keys, ctx.now() / 1000, memory);
}

/**
 * A token whose signature check passed before was parsed strictly then, and its text has not changed:
 * its held header and claims are used as they are, or, when none are held, it is only decoded.
 */
function recallOrParse(memory: SignatureMemory): ParsedJwt {
  const known = memory.cache.recall(memory.digest);
  if (known?.claims === undefined) return parseJwt(memory.token, known !== undefined);
  memory.claimsHeld = true;
  return parsedBefore(memory.token, known.claims.header, known.claims.payload);
}

/**
 * What stops the signature check before any key lookup: the allowlist (none in any letter case
 * always fails), a registered alg the validator does not implement, and unsupported critical
 * headers. Undefined when keys may be looked up.
 */
function signatureGate(jwt: ParsedJwt, policy: VerifyPolicy): { status: 'algorithm' | 'signature'; finding: Finding } | undefined {
  const { header } = jwt;
  const alg = header.alg;
  if (alg.toLowerCase() === 'none' || !policy.allowed_algs.includes(alg)) {
    const why = alg.toLowerCase() === 'none' ? 'Unsigned tokens (alg "none") are always rejected.' : `The alg "${alg}" is not in allowed_algs.`;
    return { status: 'algorithm', finding: finding(F.ALGORITHM_INVALID, why, { alg, allowed_algs: policy.allowed_algs }) };
  }
  if (!isImplementedAlgorithm(alg)) {
    const reason = `oidc-gate does not implement ${alg}; it verifies ${JWS_ALGORITHMS.join(', ')}`;
    return { status: 'signature', finding: finding(F.KEY_MISMATCH, `The token cannot be verified: ${reason}.`, { alg, reason }) };
  }
  // RFC 7515 §4.1.11: a recipient that does not understand every crit entry must reject; this
  // validator implements no extension, so any crit (and b64: false, RFC 7797) is refused.
  if (header.crit !== undefined || header.b64 === false) {
    const evidence: Record<string, unknown> = {};
    if (header.crit !== undefined) evidence.crit = header.crit;
    if (header.b64 !== undefined) evidence.b64 = header.b64;
    return { status: 'signature', finding: finding(F.UNSUPPORTED_CRITICAL_HEADER, 'The header has crit entries or b64: false, which this validator does not support.', evidence) };
  }
  return undefined;
}

function profileNotFound(jwt: ParsedJwt, id: string): ValidateResponse {
  const f = finding(F.PROFILE_NOT_FOUND, `No issuer profile is registered under the id "${id.length > 80 ? `${id.slice(0, 80)}…` : id}".`, { issuer_profile_id: id });
  return {
    valid: false,
    statuses: { signature: 'fail', issuer: 'fail', audience: 'fail', algorithm: 'fail', time: 'fail', required_claims: 'fail' },
    findings: [f],
    summary: summariseToken([f], []),
    metadata: headerMetadata(jwt),
  };
}

function headerMetadata(jwt: ParsedJwt): ValidateMetadata {
  const metadata: ValidateMetadata = { alg: jwt.header.alg };
  if (typeof jwt.header.kid === 'string') metadata.kid = jwt.header.kid;
  return metadata;
}

interface SignatureOutcome {
  errors: Finding[];
  warnings: Finding[];
}

/** The verification cache, the token being validated and its digest. */
interface SignatureMemory {
  cache: VerifyCache;
  token: string;
  digest: string;
  /** The token's header and claims came from the cache. */
  claimsHeld: boolean;
}

function checkSignature(jwt: ParsedJwt, alg: JwsAlgorithm, resolution: KeyResolution, metadata: ValidateMetadata, memory: SignatureMemory | undefined): SignatureOutcome {
  if (resolution.cache !== undefined) metadata.jwks_cache = resolution.cache;
  const warnings = [...(resolution.warnings ?? [])];
  if (resolution.failure !== undefined) return { errors: [resolution.failure], warnings };
  let mismatch: string | undefined;
  const candidates: VerificationKey[] = [];
  for (const key of resolution.keys) {
    const reason = keyAlgMismatch(key, alg) ?? keyIssuerMismatch(key, jwt.payload);
    if (reason !== undefined) {
      mismatch ??= reason;
      continue;
    }
    candidates.push(key);
    const secretBytes = key.type === 'secret' ? (key.key.symmetricKeySize ?? 0) : Infinity;
    if (secretBytes < hmacLength(alg)) {
      warnings.push(finding(F.WEAK_SECRET, `The ${alg} secret is ${secretBytes} bytes; at least ${hmacLength(alg)} are needed for full strength.`, { secret_bytes: secretBytes, minimum_bytes: hmacLength(alg) }));
    }
  }
  if (candidates.length === 0) {
    return { errors: [finding(F.KEY_MISMATCH, `The configured key cannot verify ${alg}: ${mismatch ?? 'no key fits'}.`, { alg, reason: mismatch ?? 'no key fits' })], warnings };
  }
  // A key is only ever a candidate when the trust source selected it for this token just now, so a
  // check remembered for a key that has since left its JWKS can never be reached.
  if (memory !== undefined) {
    const { cache, digest } = memory;
    const known = candidates.find((key) => cache.passed(digest, key.key, alg));
    if (known !== undefined) {
      // Seen again: from now on its header and claims are held, not parsed on every call.
      if (!memory.claimsHeld) cache.hold(digest, jwt, memory.token.lastIndexOf('.'));
      return passed(known, metadata, 'hit', warnings);
    }
  }
  for (const key of candidates) {
    if (!verifySignature(alg, key, jwt.signingInput, jwt.signature)) continue;
    memory?.cache.remember(memory.digest, key.key, alg);
    return passed(key, metadata, memory === undefined ? undefined : 'miss', warnings);
  }
  if (memory !== undefined) metadata.signature_cache = 'miss';
  const tried = candidates.length;
  return { errors: [finding(F.SIGNATURE_INVALID, `The ${alg} signature does not verify with the configured key${tried > 1 ? 's' : ''}.`, { alg, keys_tried: tried })], warnings };
}

function passed(key: VerificationKey, metadata: ValidateMetadata, cache: SignatureCacheState | undefined, warnings: Finding[]): SignatureOutcome {
  if (key.kid !== undefined) metadata.kid = key.kid;
  if (cache !== undefined) metadata.signature_cache = cache;
  return { errors: [], warnings };
}

/** The status each claim check of evaluate() decides, in the order they run. */
const CLAIM_STATUSES: readonly StatusName[] = ['issuer', 'audience', 'time', 'required_claims'];

function evaluate(
  jwt: ParsedJwt,
  trust: TrustSource,
  gate: ReturnType<typeof signatureGate>,
  resolution: KeyResolution | undefined,
  nowSeconds: number,
  memory: SignatureMemory | undefined,
): ValidateResponse {
  const { policy } = trust;
  const alg = jwt.header.alg;
  const metadata = headerMetadata(jwt);
  metadata.key_source = trust.keySource;
  const errorsByStatus: Partial<Record<StatusName, Finding[]>> = {};
  const warnings: Finding[] = [];
  const diff: Record<string, ClaimDiffEntry> = {};

  if (gate !== undefined) {
    errorsByStatus[gate.status] = [gate.finding];
    // Fail closed: no signature was checked, so the signature status cannot pass.
    errorsByStatus.signature ??= [];
  } else {
    const signature = checkSignature(jwt, alg as JwsAlgorithm, resolution as KeyResolution, metadata, memory);
    if (signature.errors.length > 0) errorsByStatus.signature = signature.errors;
    for (const w of signature.warnings) warnings.push(w);
  }

  // Claims are evaluated even when the signature failed, so the response explains everything.
  const claimChecks: readonly ClaimCheck[] = [
    checkIssuer(jwt.payload, policy),
    checkAudience(jwt.payload, policy),
    checkTime(jwt.payload, policy, nowSeconds),
    checkRequiredClaims(jwt.payload, jwt.header, policy),
  ];
  let hasDiff = false;
  for (let i = 0; i < claimChecks.length; i++) {
    const check = claimChecks[i] as ClaimCheck;
    if (check.errors.length > 0) errorsByStatus[CLAIM_STATUSES[i] as StatusName] = check.errors;
    for (const w of check.warnings) warnings.push(w);
    // The first check to describe a claim keeps its entry: the audience check's view of a missing
    // aud (expected: the allowed audiences) says more than required_claims' (expected: present).
    for (const claim of Object.keys(check.diff)) {
      if (!Object.hasOwn(diff, claim)) setDiff(diff, claim, check.diff[claim] as ClaimDiffEntry);
      hasDiff = true;
    }
  }

  const statuses: ValidateStatuses = {
    signature: errorsByStatus.signature ? 'fail' : 'pass',
    issuer: errorsByStatus.issuer ? 'fail' : 'pass',
    audience: errorsByStatus.audience ? 'fail' : 'pass',
    algorithm: errorsByStatus.algorithm ? 'fail' : 'pass',
    time: errorsByStatus.time ? 'fail' : 'pass',
    required_claims: errorsByStatus.required_claims ? 'fail' : 'pass',
  };
  // A status fails with its findings, or with none (a signature never checked): valid only when none failed.
  let valid = true;
  const findings: Finding[] = [];
  for (const status of STATUS_ORDER) {
    const errors = errorsByStatus[status];
    if (errors === undefined) continue;
    valid = false;
    for (const f of errors) findings.push(f);
  }
  if (warnings.length > 0) metadata.warnings = warnings;
  // Key order is part of the byte-for-byte contract between the faces: build the object in spec order.
  const summary = summariseToken(findings, warnings);
  return hasDiff
    ? { valid, statuses, findings, summary, claim_diff: diff, metadata }
    : { valid, statuses, findings, summary, metadata };
}
