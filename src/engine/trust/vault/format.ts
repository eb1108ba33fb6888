/**
 * HashiCorp Vault JWT auth roles as a trust format: the request member vault_jwt_role holds the role as
 * `vault read auth/jwt/role/NAME -format=json` prints its data (or that command's whole output). The
 * role is read into one door (read.ts); the breadth checks and the cases judge it like any other.
 */
import type { TrustFormat } from '../format.ts';
import { GITHUB_ACTIONS_ISSUER } from '../findings.ts';
import { readVaultRole } from './read.ts';
import { MAX_BOUND_CLAIMS, MAX_ROLE_BYTES, MAX_ROLE_VALUES, roleRefusals } from './role.ts';

export const vaultJwtRoleFormat: TrustFormat = {
  member: 'vault_jwt_role',
  label: 'Vault JWT auth role',
  description: `A HashiCorp Vault JWT auth role: the data that vault read auth/jwt/role/NAME -format=json prints, or that command's whole output. bound_audiences, bound_subject, bound_claims (bound_claims_type string or glob, where only * is a wildcard), user_claim and role_type are evaluated as Vault's JWT login does (a role without bound_audiences refuses every token that carries an aud, since Vault 1.17). The issuer is set on the auth mount, not the role: the request's issuer, else GitHub's. At most ${MAX_ROLE_BYTES / 1024} KiB as JSON, ${MAX_BOUND_CLAIMS} bound claims and ${MAX_ROLE_VALUES} values each.`,
  docs: 'docs/trust/vault.md',
  refuse: (document, at) => roleRefusals(document, at),
  issuers: (_document, requested) => [requested === undefined ? GITHUB_ACTIONS_ISSUER : requested.replace(/\/+$/, '')],
  read: readVaultRole,
};
