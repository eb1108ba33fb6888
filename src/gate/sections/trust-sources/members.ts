/**
 * The trust document formats a `trust_policies:` entry may name a file of, as the engine's trust-policy
 * request schema lists them: one object member per format (aws_trust_policy, gcp_workload_identity,
 * azure_federated_credential, vault_jwt_role, …). A format the engine registers is then a config key at
 * once, read the same way as every other, with no change here.
 */
import { getOperation } from '../../../engine/index.ts';
import { isRecord } from '../../config/values.ts';

/** Request members that are not documents: what the entry itself says about the role. */
const ENTRY_MEMBERS = new Set(['issuer', 'audiences', 'claim_patterns', 'cases']);

/**
 * The request members that hold one trust document each, in the schema's order. A document member is
 * an open object (the format reads it, not the schema); claim_patterns is a map of patterns, not one.
 */
export function documentMembers(): readonly string[] {
  const properties = (getOperation('trust-policy')?.request.schema as { properties?: unknown } | undefined)?.properties;
  if (!isRecord(properties)) return [];
  return Object.entries(properties)
    .filter(([key, schema]) => !ENTRY_MEMBERS.has(key) && isRecord(schema) && schema.type === 'object')
    .map(([key]) => key);
}

/** How messages name a file of each format: "AWS trust policy file roles/deploy.json". */
const LABELS: Readonly<Record<string, string>> = {
  aws_trust_policy: 'AWS trust policy',
  gcp_workload_identity: 'GCP workload identity',
  azure_federated_credential: 'Azure federated credential',
  vault_jwt_role: 'Vault JWT role',
};

/** What a file of the format is called in messages; a format registered later is named by its key. */
export function memberLabel(member: string): string {
  return LABELS[member] ?? member.replace(/_/g, ' ');
}

/**
 * Where the document of each format comes from, for the fix of a file that cannot be read: the
 * command that prints it. A format registered later gets a generic hint.
 */
const SOURCES: Readonly<Record<string, string>> = {
  aws_trust_policy: 'aws iam get-role --role-name ROLE --query Role.AssumeRolePolicyDocument prints it',
  gcp_workload_identity: 'gcloud iam workload-identity-pools providers describe PROVIDER --location=global --workload-identity-pool=POOL prints the provider; put it under provider:, and the service account\'s bindings (gcloud iam service-accounts get-iam-policy) under bindings:',
  azure_federated_credential: 'az ad app federated-credential show --id APP_ID --federated-credential-id NAME prints it',
  vault_jwt_role: 'vault read auth/jwt/role/NAME -format=json prints it',
};

export function memberSource(member: string): string {
  return SOURCES[member] ?? `save the ${memberLabel(member)} as the system prints it`;
}

/**
 * AWS policy documents are JSON only, as IAM takes them. The other formats are also read as YAML (gcloud
 * prints YAML), which includes JSON.
 */
export function readsYaml(member: string): boolean {
  return member !== 'aws_trust_policy';
}
