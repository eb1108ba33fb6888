import { conditionNeverHolds } from '../../../src/engine/trust/checks/condition-never-holds.ts';
import { AUD, awsPolicy, ISSUER_HOST, PINNED, PROVIDER_ARN, runTrustCheck, SUB } from '../trust-tester.ts';

runTrustCheck(conditionNeverHolds, {
  valid: [
    { name: 'a sound policy', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }) } },
    { name: 'an enterprise provider with its own keys', request: { aws_trust_policy: { Statement: [{ Effect: 'Allow', Principal: { Federated: `${PROVIDER_ARN}/acme` }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { [`${ISSUER_HOST}/acme:aud`]: 'sts.amazonaws.com', [`${ISSUER_HOST}/acme:sub`]: PINNED } } }] } } },
    { name: 'a key of another issuer under a negated operator (absent: holds)', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, StringNotEquals: { 'gitlab.com:sub': 'x' } }) } },
  ],
  invalid: [
    {
      name: 'the plain host\'s keys under an enterprise provider',
      request: { aws_trust_policy: { Statement: [{ Effect: 'Allow', Principal: { Federated: `${PROVIDER_ARN}/acme` }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } } }] } },
      findings: [{ severity: 'warning', evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringEquals/${AUD}`, operator: 'StringEquals' } }],
    },
    { name: 'a key of another issuer', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, StringLike: { 'gitlab.com:sub': 'x' } }) }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0/Condition/StringLike/gitlab.com:sub' } }] },
    { name: 'contradictory values on sub', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, StringLike: { [SUB]: 'repo:acme@1001/app@2002:environment:*' } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/StringEquals/${SUB}`, claim: 'sub' } }] },
    { name: 'Null true on sub', request: { aws_trust_policy: awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED }, Null: { [SUB]: 'true' } }) }, findings: [{ evidence: { field: `/aws_trust_policy/Statement/0/Condition/Null/${SUB}` } }] },
    { name: 'a Deny without conditions', request: { aws_trust_policy: { Statement: [(awsPolicy({ StringEquals: { [AUD]: 'sts.amazonaws.com', [SUB]: PINNED } }).Statement as unknown[])[0], { Effect: 'Deny', Principal: '*', Action: 'sts:*' }] } }, findings: [{ evidence: { field: '/aws_trust_policy/Statement/0', denied_by: '/aws_trust_policy/Statement/1' } }] },
  ],
});
