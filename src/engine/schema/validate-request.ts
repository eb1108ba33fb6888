import { TENANT_ID_PATTERN } from '../issuer-template.ts';
import { REGISTERED_JWS_ALGORITHMS } from '../types.ts';
import { MAX_ARRAY_ITEMS, MAX_CUSTOM_CLAIMS, MAX_PATTERN_LENGTH } from './limits.ts';

/** `allowed_algs` entries: registered JWS algorithm names, plus `none`, accepted in the list and always rejected. */
const ALLOWED_ALG_NAMES: readonly string[] = [...REGISTERED_JWS_ALGORITHMS, 'none'];

const stringList = { type: 'array', maxItems: MAX_ARRAY_ITEMS, items: { type: 'string', minLength: 1 } } as const;

const CUSTOM_CLAIM_VALUE_ID = 'https://oidc-gate.dev/schemas/custom-claim-value.json';
const anyValueWithShortArrays = {
  type: ['string', 'number', 'boolean', 'null', 'array', 'object'],
  maxItems: MAX_ARRAY_ITEMS,
} as const;

/**
 * An expected value in required_custom_claims: any JSON value whose arrays, at any depth, hold at most
 * MAX_ARRAY_ITEMS items. An expected array is matched by looking up each of its items in the token's
 * array, so its length multiplies the work of the check. This recursive form is what the OpenAPI
 * document publishes.
 */
export const customClaimValueSchema = {
  $id: CUSTOM_CLAIM_VALUE_ID,
  title: 'CustomClaimValue',
  ...anyValueWithShortArrays,
  items: { $ref: CUSTOM_CLAIM_VALUE_ID },
  additionalProperties: { $ref: CUSTOM_CLAIM_VALUE_ID },
  description: `A claim value to match; arrays hold at most ${MAX_ARRAY_ITEMS} items at any depth.`,
} as const;

/** The same rule with its first `levels` levels written out, deeper values checked by the recursive form. */
function unrolled(levels: number): object {
  if (levels === 0) return { $ref: CUSTOM_CLAIM_VALUE_ID };
  const inner = unrolled(levels - 1);
  return { ...anyValueWithShortArrays, items: inner, additionalProperties: inner };
}

/**
 * customClaimValueSchema as the validator checks it. Each recursive step is a function call that also
 * builds the field's JSON pointer, about a microsecond for a policy with a few custom claims; written out
 * two levels deep, the usual shapes (a value, a list or a map of values) are checked inline.
 */
export const customClaimValueUnrolled: object = unrolled(2);

/**
 * required_claim_patterns (and a trust policy's claim_patterns): claim name to one AWS StringLike pattern
 * or a list of them.
 */
export const claimPatternsSchema = {
  type: 'object',
  maxProperties: MAX_CUSTOM_CLAIMS,
  additionalProperties: {
    type: ['string', 'array'],
    minLength: 1,
    maxLength: MAX_PATTERN_LENGTH,
    minItems: 1,
    maxItems: MAX_ARRAY_ITEMS,
    items: { type: 'string', minLength: 1, maxLength: MAX_PATTERN_LENGTH },
  },
  description: `Claim name to an AWS StringLike pattern or a list of them, any of which must match (* any run of characters, ? one character, all else literal); the claim must be a string. At most ${MAX_CUSTOM_CLAIMS} claims, patterns of at most ${MAX_PATTERN_LENGTH} characters.`,
} as const;

/**
 * The claim-and-algorithm part of a VerifyPolicy, shared with issuer profiles (which add `id` and a
 * key source). Kept as plain JSON Schema 2020-12 so the OpenAPI 3.1 document reuses it verbatim.
 */
export const verifyPolicyClaimProperties = {
  issuer: { type: 'string', minLength: 1, description: 'Expected iss claim, compared exactly (case and trailing slash matter). Microsoft Entra ID\'s multi-tenant template https://login.microsoftonline.com/{tenantid}/v2.0 (or https://sts.windows.net/{tenantid}/) accepts iss equal to it with the token\'s tid (a GUID) in place of {tenantid}.' },
  audiences: { ...stringList, minItems: 1, description: 'Allowed aud values; any one must match.' },
  allowed_algs: {
    type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS,
    items: { type: 'string', enum: ALLOWED_ALG_NAMES },
    description: 'Algorithm allowlist, case-sensitive. "none" may be listed and is still always rejected.',
  },
  required_claims: { ...stringList, description: 'Claims that must be present.' },
  required_scopes: { ...stringList, description: 'Scopes that must be in scope (space-delimited) or scp.' },
  required_custom_claims: {
    type: 'object',
    maxProperties: MAX_CUSTOM_CLAIMS,
    $defs: { CustomClaimValue: customClaimValueSchema },
    additionalProperties: customClaimValueUnrolled,
    description: `Claim name to expected value (scalar, array subset, or object matched on its keys); at most ${MAX_CUSTOM_CLAIMS} claims.`,
  },
  required_claim_patterns: claimPatternsSchema,
  max_ttl_seconds: { type: 'integer', minimum: 1, description: 'Maximum exp - iat.' },
  clock_skew_seconds: { type: 'integer', minimum: 0, maximum: 86400, default: 0, description: 'Leeway for exp, nbf and iat.' },
  token_type: { type: 'string', minLength: 1, description: 'Expected typ header, compared case-insensitively without an application/ prefix.' },
  tenants: {
    type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS, uniqueItems: true,
    items: { type: 'string', pattern: TENANT_ID_PATTERN },
    description: 'Only with Microsoft Entra ID\'s multi-tenant issuer https://login.microsoftonline.com/{tenantid}/v2.0 (or https://sts.windows.net/{tenantid}/): the tenant IDs (lower-case GUIDs) whose tokens are accepted; the token\'s tid must be one of them.',
  },
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
