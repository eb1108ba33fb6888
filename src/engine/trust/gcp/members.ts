/**
 * IAM binding members, read for what they grant a workload identity pool's federated identities:
 * `principal://…/subject/S` (the identity whose google.subject is S), `principalSet://…/attribute.NAME/V`
 * (every identity whose attribute.NAME is V), `principalSet://…/group/G` (google.groups holds G) and
 * `principalSet://…/*` (every identity of the pool). `allUsers` and `allAuthenticatedUsers` are taken
 * to take in every identity of the pool too. Users, groups, service accounts, domains and workforce
 * pools are other kinds of principal: a CI token never becomes one of them.
 */

/** The pool a member names: the project number (or ID, as written) and the pool's ID. */
export interface PoolName {
  readonly project: string;
  readonly pool: string;
}

export type Member =
  | { readonly kind: 'subject'; readonly pool: PoolName; readonly value: string }
  | { readonly kind: 'attribute'; readonly pool: PoolName; readonly name: string; readonly value: string }
  | { readonly kind: 'group'; readonly pool: PoolName; readonly value: string }
  | { readonly kind: 'pool'; readonly pool: PoolName }
  /** allUsers, allAuthenticatedUsers. */
  | { readonly kind: 'everyone'; readonly text: string }
  /** A workload identity pool member of a form the checker does not read. */
  | { readonly kind: 'unreadable'; readonly text: string }
  /** Not a federated workload identity: not a way in for a CI token. */
  | { readonly kind: 'other' };

const POOL_PATH = /^projects\/([^/]+)\/locations\/([^/]+)\/workloadIdentityPools\/([^/]+)\/(.*)$/s;
const PRINCIPAL = 'principal://iam.googleapis.com/';
const PRINCIPAL_SET = 'principalSet://iam.googleapis.com/';

export function readMember(text: string): Member {
  if (text === 'allUsers' || text === 'allAuthenticatedUsers') return { kind: 'everyone', text };
  const set = text.startsWith(PRINCIPAL_SET);
  if (!set && !text.startsWith(PRINCIPAL)) return { kind: 'other' };
  const path = text.slice(set ? PRINCIPAL_SET.length : PRINCIPAL.length);
  if (!path.startsWith('projects/') || !path.includes('/workloadIdentityPools/')) return { kind: 'other' };
  const parts = POOL_PATH.exec(path);
  if (parts === null) return { kind: 'unreadable', text };
  const pool: PoolName = { project: parts[1] as string, pool: parts[3] as string };
  const rest = parts[4] as string;
  if (!set) return rest.startsWith('subject/') && rest.length > 'subject/'.length ? { kind: 'subject', pool, value: rest.slice('subject/'.length) } : { kind: 'unreadable', text };
  if (rest === '*') return { kind: 'pool', pool };
  if (rest.startsWith('group/') && rest.length > 'group/'.length) return { kind: 'group', pool, value: rest.slice('group/'.length) };
  const attribute = /^attribute\.([^/]+)\/(.+)$/s.exec(rest);
  if (attribute !== null) return { kind: 'attribute', pool, name: attribute[1] as string, value: attribute[2] as string };
  return { kind: 'unreadable', text };
}

/** The pool of a provider's resource name (projects/P/locations/global/workloadIdentityPools/POOL/providers/ID). */
export function poolOfProvider(name: string): PoolName | undefined {
  const parts = /^(?:\/\/iam\.googleapis\.com\/)?projects\/([^/]+)\/locations\/[^/]+\/workloadIdentityPools\/([^/]+)\/providers\/[^/]+$/.exec(name);
  return parts === null ? undefined : { project: parts[1] as string, pool: parts[2] as string };
}

/**
 * Whether a member's pool may be the provider's. Pool IDs are unique in a project; projects compare
 * only when both are written as numbers (a project ID and a number may be the same project).
 */
export function samePool(member: PoolName, provider: PoolName | undefined): boolean {
  if (provider === undefined) return true;
  if (member.pool !== provider.pool) return false;
  return !(/^[0-9]+$/.test(member.project) && /^[0-9]+$/.test(provider.project)) || member.project === provider.project;
}

/** The member as a message names it: the pool's path shortened to an ellipsis. */
export function shortMember(text: string): string {
  const m = /^(principal(?:Set)?:\/\/)iam\.googleapis\.com\/projects\/[^/]+\/locations\/[^/]+\/workloadIdentityPools\/[^/]+\/(.*)$/s.exec(text);
  const short = m === null ? text : `${m[1] as string}…/${m[2] as string}`;
  return short.length > 160 ? `${short.slice(0, 160)}…` : short;
}
