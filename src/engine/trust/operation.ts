import { defineOperation } from '../operation.ts';
import { trustPolicyResponseSchema } from '../schema/responses.ts';
import { trustPolicyRequestSchema } from '../schema/trust-policy-request.ts';
import { lintTrustPolicy } from './lint.ts';

export const trustPolicyOperation = defineOperation({
  name: 'trust-policy',
  method: 'POST',
  path: '/v1/lint/trust-policy',
  operationId: 'lintTrustPolicy',
  summary: 'Lint a workload identity trust policy',
  description: 'Checks the conditions a cloud role puts on a CI issuer\'s tokens (audiences, claim patterns, an AWS IAM role trust policy): what subjects they admit, and whether stated cases are allowed or denied as expected.',
  tag: 'lint',
  request: { name: 'TrustPolicyRequest', schema: trustPolicyRequestSchema },
  response: { name: 'TrustPolicyResponse', schema: trustPolicyResponseSchema },
  run: lintTrustPolicy,
});
