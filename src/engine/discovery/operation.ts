import { defineOperation } from '../operation.ts';
import { discoverRequestSchema } from '../schema/discover-request.ts';
import { discoverResponseSchema } from '../schema/responses.ts';
import { discoverProvider } from './discover.ts';

export const discoverOperation = defineOperation({
  name: 'discover',
  method: 'POST',
  path: '/v1/providers/discover',
  operationId: 'discoverProvider',
  summary: 'Fetch and check a provider discovery document',
  description: 'Fetches <issuer>/.well-known/openid-configuration (then the RFC 8414 form) and reports its jwks_uri and findings.',
  tag: 'lint',
  request: { name: 'DiscoverRequest', schema: discoverRequestSchema },
  response: { name: 'DiscoverResponse', schema: discoverResponseSchema },
  run: discoverProvider,
});
