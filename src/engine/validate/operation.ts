import { defineOperation } from '../operation.ts';
import { validateResponseSchema } from '../schema/responses.ts';
import { validateRequestSchema } from '../schema/validate-request.ts';
import { validateJwt } from './validate.ts';

export const validateOperation = defineOperation({
  name: 'validate',
  method: 'POST',
  path: '/v1/validate/jwt',
  operationId: 'validateJwt',
  summary: 'Validate a JWT',
  description: 'Verifies the signature, then the claims, against exactly one of policy and issuer_profile_id. HTTP 200 for every validation outcome.',
  tag: 'validate',
  request: { name: 'ValidateRequest', schema: validateRequestSchema },
  response: { name: 'ValidateResponse', schema: validateResponseSchema },
  malformedToken: true,
  run: validateJwt,
});
