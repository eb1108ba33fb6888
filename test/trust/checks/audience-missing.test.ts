import { audienceMissing } from '../../../src/engine/trust/checks/audience-missing.ts';
import { AUD, AUD_OK, awsPolicy, PINNED, runTrustCheck, sound, SUB } from '../trust-tester.ts';

runTrustCheck(audienceMissing, {
  valid: [
    { name: 'audiences given', request: sound() },
    { name: 'aud bound by a Deny of every other audience', request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [SUB]: PINNED } }).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:*', Condition: { StringNotEquals: { [AUD]: 'sts.amazonaws.com' } } }] } } },
    { name: 'aud in the AWS policy', request: { aws_trust_policy: awsPolicy({ ...AUD_OK, StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
  ],
  invalid: [
    { name: 'no audiences', request: { claim_patterns: { sub: PINNED } }, findings: [{ severity: 'warning', evidence: { field: '/audiences' } }] },
    { name: 'an AWS statement without aud', request: { aws_trust_policy: awsPolicy({ StringEquals: { [SUB]: PINNED } }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition' } }] },
    { name: 'aud StringLike * lets any audience through', request: { aws_trust_policy: awsPolicy({ StringLike: { [AUD]: '*' }, StringEquals: { [SUB]: PINNED } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringLike/${AUD}` } }] },
  ],
});
