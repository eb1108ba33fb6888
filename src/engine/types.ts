/** Shapes of the /v1 request and response bodies: the JSON every face sends and receives, byte for byte. */

export type Severity = 'error' | 'warning';
export type PassFail = 'pass' | 'fail';

export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  evidence?: Record<string, unknown>;
  remediation?: string;
}

export const JWS_ALGORITHMS = [
  'HS256', 'HS384', 'HS512',
  'RS256', 'RS384', 'RS512',
  'PS256', 'PS384', 'PS512',
  'ES256', 'ES384', 'ES512',
  'EdDSA', 'Ed25519', 'Ed448',
] as const;
export type JwsAlgorithm = (typeof JWS_ALGORITHMS)[number];

/**
 * Every name the IANA "JSON Web Signature and Encryption Algorithms" registry lists for use in a JWS
 * header (RFC 7518, RFC 8037, RFC 8812, RFC 9864), `none` aside. A policy may name any of them, so a
 * policy written for a newer provider is not a 422; the validator implements JWS_ALGORITHMS, and a token signed with any other
 * registered algorithm fails its signature with KEY_MISMATCH.
 */
export const REGISTERED_JWS_ALGORITHMS: readonly string[] = [
  ...JWS_ALGORITHMS,
  'ES256K',
  'ESP256', 'ESP384', 'ESP512',
  'ESB256', 'ESB320', 'ESB384', 'ESB512',
];

export function isImplementedAlgorithm(alg: string): alg is JwsAlgorithm {
  return (JWS_ALGORITHMS as readonly string[]).includes(alg);
}

export interface VerifyPolicy {
  secret?: string;
  secret_encoding?: 'utf8' | 'base64url';
  public_key?: string;
  issuer: string;
  audiences: string[];
  allowed_algs: string[];
  required_claims?: string[];
  required_scopes?: string[];
  required_custom_claims?: Record<string, unknown>;
  /** Claim name to AWS StringLike patterns, any of which must match the (string) claim. */
  required_claim_patterns?: Record<string, string | string[]>;
  max_ttl_seconds?: number;
  clock_skew_seconds?: number;
  token_type?: string;
  /**
   * With Microsoft Entra ID's multi-tenant template issuer only: the tenant IDs (lower-case GUIDs) whose
   * tokens are accepted; the token's tid must be one of them. Absent: any tenant the template admits.
   */
  tenants?: string[];
}

export interface ValidateRequest {
  token: string;
  policy?: VerifyPolicy;
  issuer_profile_id?: string;
}

export type StatusName = 'signature' | 'issuer' | 'audience' | 'algorithm' | 'time' | 'required_claims';

export interface ValidateStatuses {
  signature: PassFail;
  issuer: PassFail;
  audience: PassFail;
  algorithm: PassFail;
  time: PassFail;
  required_claims: PassFail;
}

export interface ClaimDiffEntry {
  expected: unknown;
  actual: unknown;
}

export type KeySource = 'secret' | 'public_key' | 'jwks';
export type JwksCacheState = 'hit' | 'miss' | 'refreshed' | 'stale';
/** hit: a check that passed before with the same key was reused; miss: the signature was verified. */
export type SignatureCacheState = 'hit' | 'miss';

export interface ValidateMetadata {
  alg?: string;
  kid?: string;
  key_source?: KeySource;
  jwks_cache?: JwksCacheState;
  signature_cache?: SignatureCacheState;
  warnings?: Finding[];
  request_id?: string;
}

export interface ValidateResponse {
  valid: boolean;
  statuses: ValidateStatuses;
  findings: Finding[];
  summary: string;
  claim_diff?: Record<string, ClaimDiffEntry>;
  metadata: ValidateMetadata;
}

export interface LintRequest {
  issuer: string;
  client_id: string;
  audiences: string[];
  jwks_uri: string;
  redirect_uris: string[];
  alg_policy: { allowed_algs: string[] };
  discovered_jwks_uri?: string;
  https_required?: boolean;
}

export interface LintResponse {
  valid: boolean;
  findings: Finding[];
  summary: string;
}

export interface DiscoverRequest {
  issuer: string;
  https_required?: boolean;
}

export interface DiscoverResponse {
  valid: boolean;
  issuer: string;
  discovery_uri: string | null;
  jwks_uri: string | null;
  metadata: Record<string, unknown>;
  findings: Finding[];
  summary: string;
}
