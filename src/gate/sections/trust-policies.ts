/** `trust_policies:`: cloud role trust policies for CI tokens, with the cases they must allow and deny. */
import { getOperation } from '../../engine/index.ts';
import { runTrust } from './run-trust.ts';
import { entryNameSchema } from './schema-parts.ts';
import { defineSection, type Json } from './section.ts';
import { parseTrustEntry, type TrustEntry } from './trust-entry.ts';
import { MAX_TEMPLATE_BYTES } from './trust-sources/cloudformation.ts';
import { documentMembers, memberLabel, readsYaml } from './trust-sources/members.ts';
import { MAX_SOURCE_DOCUMENTS } from './trust-sources/limits.ts';
import { SOURCE_KEYS } from './trust-sources/source.ts';
import { MAX_PLAN_BYTES } from './trust-sources/terraform-plan.ts';

const MIB = 1024 * 1024;

/** The schema of a format's key in config: the path of the document's file, described with what the engine says of the document. */
function documentFileSchema(member: string, engineSchema: unknown): Json {
  if (member === 'aws_trust_policy') {
    return {
      type: 'string', minLength: 1,
      description: 'An AWS IAM role trust policy JSON file, relative to this config file and inside the repository (at most 64 KiB, 100 statements): the role admits what it says, judged as AWS evaluates it. The entry may not also give claim_patterns (state intent as cases); its audiences then only name what id_token requests.',
    };
  }
  const about = (engineSchema as { description?: unknown } | undefined)?.description;
  return {
    type: 'string', minLength: 1,
    description: `${/^[AEIOU]/i.test(memberLabel(member)) ? 'An' : 'A'} ${memberLabel(member)} file (${readsYaml(member) ? 'JSON or YAML' : 'JSON'}), relative to this config file and inside the repository (at most 64 KiB). ${typeof about === 'string' ? about : ''} The entry may not also give claim_patterns (state intent as cases).`.trim(),
  };
}

/** Every pair of keys of which an entry may hold at most one. */
function pairs(keys: readonly string[]): Json[] {
  return keys.flatMap((a, i) => keys.slice(i + 1).map((b) => ({ required: [a, b] })));
}

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
    // A finding's fingerprint binds what the files held, not only their names.
    const out: Record<string, unknown> = { ...raw };
    const file = trust.documentFile;
    if (file !== undefined) out[file.member] = { file: raw[file.member], document: trust.request[file.member] };
    const source = trust.source;
    if (source !== undefined) {
      out[source.key] = { file: raw[source.key], documents: source.documents.map((d) => ({ name: d.name, [d.member]: d.document })) };
    }
    return out;
  },
  schema: {
    definition: 'TrustPolicy',
    description: 'Cloud role trust policies for CI tokens (GitHub Actions OIDC and others), with the cases they must allow and deny.',
    build(embed) {
      const trust = embed(getOperation('trust-policy')?.request.schema ?? {});
      const engineProperties = (trust.properties ?? {}) as Json;
      const members = documentMembers();
      const fileKeys = [...members, ...SOURCE_KEYS];
      return {
        ...trust,
        title: 'Trust policy',
        description: 'A cloud role\'s trust in CI tokens, with cases it must allow and deny: a POST /v1/lint/trust-policy request, plus name and id_token, with the trust document given as the path of its file (aws_trust_policy, or the key of another format), or many documents read from a Terraform plan (terraform_plan) or a CloudFormation template (cloudformation).',
        properties: {
          ...engineProperties,
          name: entryNameSchema('trust policy (default: trust_policies[index])'),
          ...Object.fromEntries(members.map((m) => [m, documentFileSchema(m, engineProperties[m])])),
          terraform_plan: {
            type: 'string', minLength: 1,
            description: `The JSON of a Terraform plan (terraform show -json PLANFILE), relative to this config file and inside the repository (at most ${MAX_PLAN_BYTES / MIB} MiB). Every resource the plan leaves in place that holds a CI trust document (aws_iam_role, google_iam_workload_identity_pool_provider with its service accounts' workloadIdentityUser bindings, azurerm_federated_identity_credential, azuread_application_federated_identity_credential, azuread_application_flexible_federated_identity_credential, vault_jwt_auth_backend_role; at most ${MAX_SOURCE_DOCUMENTS}) is judged as its own trust policy with this entry's issuer, audiences and cases; findings are named by Terraform address and placed at the resource in the plan. A trust value known only after apply, or marked sensitive, is an error: the resource cannot be judged. See docs/trust/sources.md.`,
          },
          cloudformation: {
            type: 'string', minLength: 1,
            description: `A CloudFormation template, JSON or YAML (short-form tags such as !Sub and !Ref are read, never evaluated), relative to this config file and inside the repository (at most ${MAX_TEMPLATE_BYTES / MIB} MiB). Every AWS::IAM::Role whose AssumeRolePolicyDocument could admit a web identity token (at most ${MAX_SOURCE_DOCUMENTS}) is judged as its own trust policy with this entry's issuer, audiences and cases; findings are named by logical ID and placed at the resource. A value the stack substitutes is read as whatever admits most. See docs/trust/sources.md.`,
          },
          id_token: {
            type: 'boolean', default: false,
            description: 'true (action only, needs permissions: id-token: write): request the job\'s own ID token for the first audience and check it against this entry, with the issuer\'s discovery document and RS256. The CLI reports CHECK_SKIPPED. Not with terraform_plan or cloudformation.',
          },
        },
        // One document (or file of documents) per entry; the document alone decides, so claim_patterns
        // is refused beside it; the job's token is checked against one document, not a file of many.
        not: {
          anyOf: [
            ...fileKeys.map((k) => ({ required: [k, 'claim_patterns'] })),
            ...pairs(fileKeys),
            ...SOURCE_KEYS.map((k) => ({ required: [k, 'id_token'], properties: { id_token: { const: true } } })),
          ],
        },
      };
    },
  },
});
