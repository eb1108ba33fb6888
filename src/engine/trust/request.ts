import type { TrustCase } from './cases.ts';

/**
 * The body of POST /v1/lint/trust-policy, as its schema (schema/trust-policy-request.ts) admits it and
 * the lint (lint.ts) reads it: a module of its own, so the schema and the lint both import it and
 * neither imports the other back.
 */
export interface TrustPolicyRequest {
  issuer?: string;
  audiences?: string[];
  claim_patterns?: Record<string, string | string[]>;
  aws_trust_policy?: Record<string, unknown>;
  gcp_workload_identity?: Record<string, unknown>;
  azure_federated_credential?: Record<string, unknown>;
  vault_jwt_role?: Record<string, unknown>;
  cases?: TrustCase[];
}
