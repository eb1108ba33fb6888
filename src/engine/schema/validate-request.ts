import { REGISTERED_JWS_ALGORITHMS } from '../types.ts';

/** `allowed_algs` entries: registered JWS algorithm names, plus `none`, accepted in the list and always rejected. */
export const ALLOWED_ALG_NAMES: readonly string[] = [...REGISTERED_JWS_ALGORITHMS, 'none'];

const stringList = { type: 'array', items: { type: 'string', minLength: 1 } } as const;

/**
 * The claim-and-algorithm part of a VerifyPolicy, shared with issuer profiles (which add `id` and a
 * key source). Kept as plain JSON Schema 2020-12 so the OpenAPI 3.1 document reuses it verbatim.
 */
export const verifyPolicyClaimProperties = {
  issuer: { type: 'string', minLength: 1, description: 'Expected iss claim, compared exactly (case and trailing slash matter).' },
  audiences: { ...stringList, minItems: 1, description: 'Allowed aud values; any one must match.' },
  allowed_algs: {
    type: 'array', minItems: 1,
    items: { type: 'string', enum: ALLOWED_ALG_NAMES },
    description: 'Algorithm allowlist, case-sensitive. "none" may be listed and is still always rejected.',
  },
  required_claims: { ...stringList, description: 'Claims that must be present.' },
  required_scopes: { ...stringList, description: 'Scopes that must be in scope (space-delimited) or scp.' },
  required_custom_claims: { type: 'object', description: 'Claim name to expected value (scalar, array subset, or object matched on its keys).' },
  max_ttl_seconds: { type: 'integer', minimum: 1, description: 'Maximum exp - iat.' },
  clock_skew_seconds: { type: 'integer', minimum: 0, maximum: 86400, default: 0, description: 'Leeway for exp, nbf and iat.' },
  token_type: { type: 'string', minLength: 1, description: 'Expected typ header, compared case-insensitively without an application/ prefix.' },
} as const;

export const verifyPolicyClaimRequired = ['issuer', 'audiences', 'allowed_algs'] as const;

export const verifyPolicySchema = {
  type: 'object',
  additionalProperties: false,
  required: [...verifyPolicyClaimRequired],
  properties: {
    secret: { type: 'string', minLength: 1, description: 'HMAC shared secret for HS*. Exactly one of secret and public_key.' },
    secret_encoding: { type: 'string', enum: ['utf8', 'base64url'], default: 'utf8', description: 'How secret is encoded.' },
    public_key: { type: 'string', minLength: 1, description: 'SPKI PEM or X.509 certificate PEM for RS*, PS*, ES*, EdDSA.' },
    ...verifyPolicyClaimProperties,
  },
} as const;

export const validateRequestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://oidc-gate.dev/schemas/validate-request.json',
  title: 'ValidateRequest',
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 16384, description: 'The compact JWS to validate (at most 16 KiB).' },
    policy: verifyPolicySchema,
    issuer_profile_id: { type: 'string', minLength: 1, description: 'A registered issuer profile. Exactly one of policy and issuer_profile_id.' },
  },
} as const;
