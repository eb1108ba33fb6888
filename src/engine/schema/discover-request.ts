import { compileSchema } from './ajv.ts';
import type { DiscoverRequest } from '../types.ts';

/** Discovery request body (product-decisions §4). URL-ness of issuer is reported as a finding. */
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
