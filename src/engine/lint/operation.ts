import { defineOperation } from '../operation.ts';
import { lintRequestSchema } from '../schema/lint-request.ts';
import { lintResponseSchema } from '../schema/responses.ts';
import { lintOidcConfig } from './lint.ts';

export const lintOperation = defineOperation({
  name: 'lint',
  method: 'POST',
  path: '/v1/lint/oidc-config',
  operationId: 'lintOidcConfig',
  summary: 'Lint an OIDC provider configuration',
  description: 'Static checks (algorithms, URIs, redirect URIs) plus a reachability and content check of the JWKS.',
  tag: 'lint',
  request: { name: 'LintRequest', schema: lintRequestSchema },
  response: { name: 'LintResponse', schema: lintResponseSchema },
  run: lintOidcConfig,
});
