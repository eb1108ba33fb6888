import { compileSchema } from './ajv.ts';
import type { DiscoverRequest } from '../types.ts';

/**
 * Discovery request body. Whether the issuer is a usable URL is not a schema matter: it is reported as a
 * finding (ISSUER_INVALID, INSECURE_URI), so one answer shows every problem instead of a bare 422.
 */
export const discoverRequestSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'DiscoverRequest',
  type: 'object',
  additionalProperties: false,
  required: ['issuer'],
  properties: {
    issuer: { type: 'string', description: 'OIDC issuer URL; discovery fetches <issuer>/.well-known/openid-configuration.' },
    https_required: {
      type: 'boolean',
      default: true,
      description: 'When true, the issuer and every endpoint in the discovered document must use https://.',
    },
  },
} as const;

export const parseDiscoverRequest: (body: unknown) => DiscoverRequest = compileSchema<DiscoverRequest>(discoverRequestSchema);
