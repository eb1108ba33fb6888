import { compileSchema } from './ajv.ts';
import { MAX_ARRAY_ITEMS } from './limits.ts';
import type { LintRequest } from '../types.ts';

/**
 * Lint request body. Only presence and JSON types are schema matters: whether a
 * string is a usable URL is reported as a finding (ISSUER_INVALID, INSECURE_URI, ...) so that one run
 * shows every problem instead of stopping at the first 422.
 */
export const lintRequestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'LintRequest',
  type: 'object',
  additionalProperties: false,
  required: ['issuer', 'client_id', 'audiences', 'jwks_uri', 'redirect_uris', 'alg_policy'],
  properties: {
    issuer: { type: 'string', description: 'OIDC issuer URL.' },
    client_id: { type: 'string', minLength: 1, description: 'OAuth client ID.' },
    audiences: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ARRAY_ITEMS,
      items: { type: 'string', minLength: 1 },
      description: 'Expected aud values.',
    },
    jwks_uri: { type: 'string', description: 'Configured JWKS endpoint.' },
    redirect_uris: {
      type: 'array',
      maxItems: MAX_ARRAY_ITEMS,
      items: { type: 'string' },
      description: 'Allowed OAuth redirect URIs. May be empty for clients that never redirect.',
    },
    alg_policy: {
      type: 'object',
      additionalProperties: false,
      required: ['allowed_algs'],
      properties: {
        allowed_algs: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_ARRAY_ITEMS,
          items: { type: 'string' },
          description: 'Algorithm allowlist (case-sensitive JWS names).',
        },
      },
    },
    discovered_jwks_uri: {
      type: 'string',
      description: 'JWKS URI returned by the provider discovery endpoint; jwks_uri must equal it.',
    },
    https_required: {
      type: 'boolean',
      default: true,
      description: 'When true, every URI in the request must use https://.',
    },
  },
} as const;

export const parseLintRequest: (body: unknown) => LintRequest = compileSchema<LintRequest>(lintRequestSchema);
