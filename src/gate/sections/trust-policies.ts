/** `trust_policies:`: cloud role trust policies for CI tokens, with the cases they must allow and deny. */
import { getOperation } from '../../engine/index.ts';
import { runTrust } from './run-trust.ts';
import { entryNameSchema } from './schema-parts.ts';
import { defineSection, type Json } from './section.ts';
import { parseTrustEntry, type TrustEntry } from './trust-entry.ts';

export const trustPoliciesSection = defineSection<TrustEntry>({
  key: 'trust_policies',
  what: 'trust policy',
  noun: ['trust policy', 'trust policies'],
  title: 'Trust policies',
  entries: true,
  uniqueNames: true,
  kind: 'trust-policy',
  parse: parseTrustEntry,
  run: (entry, run) => runTrust(run.config, entry, run.engine, { source: run.idToken, online: run.online }),
  outcomeCodes: ['TRUST_CASE_FAILED'],
  bindFiles(trust, raw) {
    // A finding's fingerprint binds the policy document the file held, not only the file's name.
    return trust.awsPolicyFile !== undefined
      ? { ...raw, aws_trust_policy: { file: raw.aws_trust_policy, document: trust.request.aws_trust_policy } }
      : raw;
  },
  schema: {
    definition: 'TrustPolicy',
    description: 'Cloud role trust policies for CI tokens (GitHub Actions OIDC and others), with the cases they must allow and deny.',
    build(embed) {
      const trust = embed(getOperation('trust-policy')?.request.schema ?? {});
      return {
        ...trust,
        title: 'Trust policy',
        description: 'A cloud role\'s trust in CI tokens, with cases it must allow and deny: a POST /v1/lint/trust-policy request, plus name and id_token, with aws_trust_policy given as the path of the policy\'s JSON file.',
        properties: {
          ...(trust.properties as Json),
          name: entryNameSchema('trust policy (default: trust_policies[index])'),
          aws_trust_policy: {
            type: 'string', minLength: 1,
            description: 'An AWS IAM role trust policy JSON file, relative to this config file and inside the repository (at most 64 KiB, 100 statements): the role admits what it says, judged as AWS evaluates it. The entry may not also give claim_patterns (state intent as cases); its audiences then only name what id_token requests.',
          },
          id_token: {
            type: 'boolean', default: false,
            description: 'true (action only, needs permissions: id-token: write): request the job\'s own ID token for the first audience and check it against this entry, with the issuer\'s discovery document and RS256. The CLI reports CHECK_SKIPPED.',
          },
        },
        // The policy file alone decides what the role admits: claim_patterns beside it is refused.
        not: { required: ['aws_trust_policy', 'claim_patterns'] },
      };
    },
  },
});
