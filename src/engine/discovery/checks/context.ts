import type { Check } from '../../check.ts';

/**
 * What every metadata check reads: one provider's discovery document, as fetched. The checks judge what
 * the provider publishes, not the relying party's own settings (lint checks those: `none` in
 * allowed_algs is WEAK_ALGORITHM there), so they are discovery findings.
 */
export interface DiscoveryMetadataContext {
  /** The document, a JSON object; a member of the wrong type is DISCOVERY_INVALID's and not read here. */
  readonly document: Readonly<Record<string, unknown>>;
  /** Where the document was found (the OpenID Connect or the RFC 8414 well-known URL). */
  readonly discoveryUri: string;
}

/** One check of a provider's discovery document: a module in this folder, listed once in registry.ts. */
export type DiscoveryMetadataCheck = Check<DiscoveryMetadataContext>;

/** Where every metadata finding points: the request's issuer, and the document that was read. */
export function documentEvidence(ctx: DiscoveryMetadataContext): { field: string; discovery_uri: string } {
  return { field: '/issuer', discovery_uri: ctx.discoveryUri };
}

/** A member that is an array of strings, undefined when absent; a member of another type is DISCOVERY_INVALID's and not read. */
export function stringList(doc: Readonly<Record<string, unknown>>, member: string): string[] | undefined | 'wrong_type' {
  const value = doc[member];
  if (value === undefined) return undefined;
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : 'wrong_type';
}

/** A response type's values: "code id_token" and "id_token code" are the same set (OAuth Multiple Response Types). */
export function responseTypeValues(responseType: string): string[] {
  return responseType.split(' ').filter((v) => v !== '');
}
