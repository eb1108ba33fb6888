import { GITHUB_ACTIONS_ISSUER } from '../trust/findings.ts';
import { TRUST_FORMATS } from '../trust/formats.ts';
import type { TrustPolicyRequest } from '../trust/request.ts';
import { compileSchema } from './ajv.ts';
import { MAX_ARRAY_ITEMS, MAX_CUSTOM_CLAIMS, MAX_PATTERN_LENGTH } from './limits.ts';
import { claimPatternsSchema } from './validate-request.ts';

const ANY_JSON = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const;

/**
 * A claim value of a case. Strings are capped like patterns: a case's claims are matched against every
 * pattern, and the cost of a match grows with both lengths.
 */
const caseClaimValue = {
  type: ANY_JSON,
  maxLength: MAX_PATTERN_LENGTH,
  maxItems: MAX_ARRAY_ITEMS,
  items: { type: ANY_JSON, maxLength: MAX_PATTERN_LENGTH },
} as const;

/**
 * Trust-policy lint request: the conditions a cloud role puts on a CI issuer's tokens, given directly
 * (audiences, claim_patterns) or as an AWS IAM role trust policy document, plus cases of claims that
 * must be allowed or denied. Every field is optional: what is missing (no sub or aud condition) is
 * reported as a finding. Whether the AWS document is well formed is a finding too
 * (TRUST_CONDITION_UNSUPPORTED with its pointer), not a 422: it is AWS's format, not this request's.
 * A document beside claim_patterns, over its limits, or costing more than the work budget is a 422,
 * refused by the lint itself (trustRequestRefusals), which says why in words a schema cannot.
 */
/** One member per trust format, each holding one document of it (at most one per request). */
function documentMembers(): Record<string, { type: 'object'; description: string }> {
  return Object.fromEntries(TRUST_FORMATS.map((f) => [f.member, { type: 'object', description: f.description }]));
}

export const trustPolicyRequestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'TrustPolicyRequest',
  type: 'object',
  additionalProperties: false,
  properties: {
    issuer: {
      type: 'string', minLength: 1, maxLength: 2048, default: GITHUB_ACTIONS_ISSUER,
      description: 'The issuer whose tokens the role trusts; its URL without https:// prefixes the AWS condition keys (token.actions.githubusercontent.com:sub). Absent: with aws_trust_policy, every GitHub issuer its Allow statements name (GitHub Enterprise Cloud\'s token.actions.githubusercontent.com/ENTERPRISE included), else GitHub\'s.',
    },
    audiences: {
      type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS, items: { type: 'string', minLength: 1 },
      description: 'aud must equal one of these (a StringEquals condition on aud). With aws_trust_policy, only the audience id_token requests: the document alone decides.',
    },
    claim_patterns: {
      ...claimPatternsSchema,
      description: `Claim name to an AWS StringLike pattern or a list of them, any of which must match (* any run of characters, ? one character). At most ${MAX_CUSTOM_CLAIMS} claims. Refused beside aws_trust_policy: state intent as cases.`,
    },
    ...documentMembers(),
    cases: {
      type: 'array',
      maxItems: MAX_ARRAY_ITEMS,
      description: 'Claim sets and whether the role must let them in, evaluated as AWS evaluates the conditions.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['claims', 'expect'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200, description: 'Shown in findings; default "case <index>".' },
          claims: { type: 'object', maxProperties: MAX_CUSTOM_CLAIMS, additionalProperties: caseClaimValue, description: 'The token\'s claims (decoded payload).' },
          expect: { type: 'string', enum: ['allow', 'deny'] },
        },
      },
    },
  },
} as const;

export const parseTrustPolicyRequest: (body: unknown) => TrustPolicyRequest = compileSchema<TrustPolicyRequest>(trustPolicyRequestSchema);
