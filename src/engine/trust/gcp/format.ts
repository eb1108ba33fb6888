/**
 * The `gcp_workload_identity` trust format: a Google Cloud workload identity pool provider (attribute
 * mapping, attribute condition, OIDC issuer and audiences) with, optionally, the IAM bindings that
 * grant its pool's identities a role. See doors.ts for how it is read and docs/trust/gcp.md for what
 * Google checks.
 */
import { GITHUB_ACTIONS_ISSUER } from '../findings.ts';
import type { TrustFormat } from '../format.ts';
import { issuerOf } from './document.ts';
import { readGcpDocument } from './doors.ts';
import { MAX_CONDITION_LENGTH, MAX_DOCUMENT_BYTES, refuseGcpDocument } from './limits.ts';

export const gcpWorkloadIdentityFormat: TrustFormat = {
  member: 'gcp_workload_identity',
  label: 'Google Cloud workload identity provider',
  description: `A workload identity pool provider and, optionally, the IAM bindings of its pool: { provider: { attribute_mapping, attribute_condition, oidc: { issuer_uri, allowed_audiences }, name? }, bindings?: [{ role, members: [...] }] }, in Terraform's snake_case or the REST API's camelCase (attributeMapping, attributeCondition, oidc.issuerUri, oidc.allowedAudiences). The attribute condition (CEL, at most ${MAX_CONDITION_LENGTH} characters) is judged together with the principal:// and principalSet:// members: a role admits a token when the condition, the audience and one member all hold. Without bindings, the condition alone decides. At most ${MAX_DOCUMENT_BYTES / 1024} KiB as JSON.`,
  docs: 'docs/trust/gcp.md',
  refuse: refuseGcpDocument,
  /** The provider's issuer URI, else the request's issuer, else GitHub's: a provider trusts one issuer. */
  issuers: (document, requested) => [issuerOf(document, requested) ?? GITHUB_ACTIONS_ISSUER],
  read: readGcpDocument,
};
