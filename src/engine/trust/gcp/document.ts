/**
 * The members of a `gcp_workload_identity` document, in either of the shapes people keep it in: the
 * REST API's and gcloud's camelCase (`attributeCondition`, `oidc.issuerUri`) or Terraform's snake_case
 * (`attribute_condition`, `oidc.issuer_uri`). Each member is read with the JSON Pointer of the key the
 * document actually uses, so findings point at what the user wrote. A member given in both spellings
 * is refused by the format (limits.ts): the checker would not know which one Google sees.
 */
import { escape, isRecord } from '../aws-conditions.ts';

/** One member as found: its value and its pointer. */
export interface Found<T> {
  readonly value: T;
  readonly at: string;
}

/** The spellings of each provider member the checker reads. */
export const PROVIDER_MEMBERS = {
  condition: ['attribute_condition', 'attributeCondition'],
  mapping: ['attribute_mapping', 'attributeMapping'],
  name: ['name'],
  poolId: ['workload_identity_pool_id', 'workloadIdentityPoolId'],
  providerId: ['workload_identity_pool_provider_id', 'workloadIdentityPoolProviderId'],
  oidc: ['oidc'],
} as const;

export const OIDC_MEMBERS = {
  issuer: ['issuer_uri', 'issuerUri'],
  audiences: ['allowed_audiences', 'allowedAudiences'],
} as const;

/**
 * Provider members that cannot change which tokens get in: descriptions, output-only fields, the
 * project (the pool's resource name says which), and the JWKS (it decides which signatures verify,
 * not which claims pass). `disabled` is read as if the provider were enabled: whoever enables it gets
 * what its condition says.
 */
const HARMLESS_PROVIDER_MEMBERS = new Set([
  'display_name', 'displayName', 'description', 'disabled', 'state', 'expire_time', 'expireTime', 'project', 'location', 'id',
]);
const HARMLESS_OIDC_MEMBERS = new Set(['jwks_json', 'jwksJson']);

/** The one spelling of a member the record uses (the first, when it uses several: refused elsewhere). */
export function member<T extends readonly string[]>(record: Readonly<Record<string, unknown>>, names: T, at: string): Found<unknown> | undefined {
  const key = names.find((n) => Object.hasOwn(record, n));
  return key === undefined ? undefined : { value: record[key], at: `${at}/${escape(key)}` };
}

/** The members given in two spellings, each with the pointer of the object that holds them. */
export function doubled(record: Readonly<Record<string, unknown>>, at: string, groups: Readonly<Record<string, readonly string[]>>): { at: string; names: string[] }[] {
  return Object.values(groups).flatMap((names) => {
    const given = names.filter((n) => Object.hasOwn(record, n));
    return given.length > 1 ? [{ at, names: given }] : [];
  });
}

/** What a provider holds that the checker reads, and the members it does not know. */
export interface ProviderReading {
  readonly at: string;
  readonly condition: Found<unknown> | undefined;
  readonly mapping: Found<unknown> | undefined;
  readonly name: Found<unknown> | undefined;
  readonly poolId: Found<unknown> | undefined;
  readonly providerId: Found<unknown> | undefined;
  readonly issuer: Found<unknown> | undefined;
  readonly audiences: Found<unknown> | undefined;
  /** Pointers of members that may change who gets in and are not read. */
  readonly unknown: readonly Found<unknown>[];
  /** The pointer of the OIDC block (where it would be, when the provider has none). */
  readonly oidcAt: string;
  /** The provider has an OIDC block. */
  readonly hasOidc: boolean;
}

export function readProvider(provider: Readonly<Record<string, unknown>>, at: string): ProviderReading {
  const oidcFound = member(provider, PROVIDER_MEMBERS.oidc, at);
  const oidc = isRecord(oidcFound?.value) ? oidcFound.value : {};
  const oidcAt = oidcFound?.at ?? `${at}/oidc`;
  const known = new Set<string>(Object.values(PROVIDER_MEMBERS).flat());
  const knownOidc = new Set<string>(Object.values(OIDC_MEMBERS).flat());
  const unknown = [
    ...Object.keys(provider).filter((k) => !known.has(k) && !HARMLESS_PROVIDER_MEMBERS.has(k)).map((k) => ({ value: k, at: `${at}/${escape(k)}` })),
    ...Object.keys(oidc).filter((k) => !knownOidc.has(k) && !HARMLESS_OIDC_MEMBERS.has(k)).map((k) => ({ value: k, at: `${oidcAt}/${escape(k)}` })),
  ];
  return {
    at,
    condition: member(provider, PROVIDER_MEMBERS.condition, at),
    mapping: member(provider, PROVIDER_MEMBERS.mapping, at),
    name: member(provider, PROVIDER_MEMBERS.name, at),
    poolId: member(provider, PROVIDER_MEMBERS.poolId, at),
    providerId: member(provider, PROVIDER_MEMBERS.providerId, at),
    issuer: member(oidc, OIDC_MEMBERS.issuer, oidcAt),
    audiences: member(oidc, OIDC_MEMBERS.audiences, oidcAt),
    unknown,
    oidcAt,
    hasOidc: isRecord(oidcFound?.value),
  };
}

/** The provider object of a document (an empty one when it has none). */
export function providerOf(document: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return isRecord(document.provider) ? document.provider : {};
}

/** The issuer the provider trusts: its issuer URI, else the request's, else undefined. Trailing slashes dropped. */
export function issuerOf(document: Readonly<Record<string, unknown>>, requested: string | undefined): string | undefined {
  const provider = providerOf(document);
  const oidc = member(provider, PROVIDER_MEMBERS.oidc, '')?.value;
  const uri = isRecord(oidc) ? member(oidc, OIDC_MEMBERS.issuer, '')?.value : undefined;
  const given = typeof uri === 'string' && uri !== '' ? uri : requested;
  return given === undefined ? undefined : trimSlashes(given);
}

/** The text without trailing slashes (a loop: a regular expression on document text could take quadratic time). */
export function trimSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}
