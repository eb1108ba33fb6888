import { tokenFingerprint, type Finding, type Operation, type OperationResponse } from '../../engine/index.ts';
import type { RequestState } from '../http/request.ts';

/**
 * What one operation's exchange adds to its audit line and metrics. It is read from the operation's
 * published schemas, so a new operation needs nothing here: a request that documents a `token` has it
 * fingerprinted, a response whose `metadata` documents `warnings` has their codes audited and counted
 * with the findings', and one whose `metadata` documents `request_id` gets it filled in. A response
 * whose metadata is something else (discovery's is the provider's document) is never touched.
 */
export interface AuditTraits {
  readonly token: boolean;
  readonly warnings: boolean;
  readonly requestId: boolean;
}

interface ObjectSchema {
  properties?: Record<string, ObjectSchema | undefined>;
}

export function auditTraitsOf(operation: Operation): AuditTraits {
  const request = operation.request.schema as ObjectSchema;
  const metadata = (operation.response.schema as ObjectSchema).properties?.metadata?.properties ?? {};
  return {
    token: request.properties?.token !== undefined,
    warnings: metadata.warnings !== undefined,
    requestId: metadata.request_id !== undefined,
  };
}

/** Before the engine runs: the token's fingerprint, so a request the engine refuses is still traceable. */
export function auditRequest(state: RequestState, traits: AuditTraits, body: unknown): void {
  if (!traits.token) return;
  const token = (body as { token?: unknown } | null)?.token;
  if (typeof token === 'string') state.tokenFingerprint = tokenFingerprint(token);
}

type WithMetadata = OperationResponse & { metadata?: { warnings?: Finding[] } & Record<string, unknown> };

/** After: the finding codes, warnings included. */
export function auditResponse(state: RequestState, traits: AuditTraits, response: OperationResponse): void {
  const warnings = traits.warnings ? (response as WithMetadata).metadata?.warnings ?? [] : [];
  state.findingCodes = [...response.findings, ...warnings].map((f) => f.code);
}

/** The request id in the response (always, audit log or not), so a client can quote it. */
export function stampRequestId(state: RequestState, traits: AuditTraits, response: OperationResponse): void {
  if (!traits.requestId) return;
  const withMetadata = response as WithMetadata;
  if (withMetadata.metadata === undefined) withMetadata.metadata = { request_id: state.id };
  else withMetadata.metadata.request_id = state.id;
}
