import { awsTrustPolicyFormat } from './aws-format.ts';
import { azureFederatedCredentialFormat } from './azure/format.ts';
import type { TrustFormat } from './format.ts';
import { gcpWorkloadIdentityFormat } from './gcp/format.ts';
import { vaultJwtRoleFormat } from './vault/format.ts';

/** Every trust document format the checker reads, by the request member that holds it. */
export const TRUST_FORMATS: readonly TrustFormat[] = [awsTrustPolicyFormat, azureFederatedCredentialFormat, gcpWorkloadIdentityFormat, vaultJwtRoleFormat];
