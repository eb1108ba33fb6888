/**
 * GCP workload identity in a Terraform plan: each `google_iam_workload_identity_pool_provider` with an
 * OIDC block is one document, judged together with every IAM grant of the plan to its pool's identities,
 * whatever the role: on a service account (`google_service_account_iam_member` and `_binding`; the
 * workload identity user role lets them act as it, and the token creator role or any other grant is a
 * way in too) or on the project (`google_project_iam_member` and `_binding`). A grant belongs to a provider
 * when its member names the provider's pool
 * (`principalSet://iam.googleapis.com/projects/N/locations/global/workloadIdentityPools/POOL/…`); the plan
 * does not hold the project's number, so pools are matched by their ID, and when the pool's members name
 * more than one project (a pool of the same ID elsewhere), no grant is credited: the provider is judged
 * at its broadest.
 *
 * A binding only ever narrows what a provider admits (provider condition AND binding), and a provider
 * judged without bindings is judged at its broadest. So when a binding's members or role are known
 * only after apply, every provider of the plan is judged without bindings, and a warning says so:
 * dropping one binding of several could make the rest look narrower than they are.
 */
import type { SourcePart, SourceWarning } from './source.ts';
import type { ResourceReading } from './terraform-resources.ts';
import { attributeName, field, unreadable, type AttributePath, type PlanResource } from './terraform-values.ts';

export const GCP_PROVIDER_TYPE = 'google_iam_workload_identity_pool_provider';
export const GCP_BINDING_TYPES: readonly string[] = ['google_service_account_iam_member', 'google_service_account_iam_binding', 'google_project_iam_member', 'google_project_iam_binding'];
/** Members a provider's grants may name, as the Google Cloud format reads at the most (an IAM policy's own cap). */
const MAX_GRANTED_MEMBERS = 1_500;
const POOL_MEMBER = /^principal(?:Set)?:\/\/iam\.googleapis\.com\/projects\/([^/]+)\/locations\/[^/]+\/workloadIdentityPools\/([^/]+)\//;

interface Binding {
  resource: PlanResource;
  role: string;
  members: string[];
}

export interface GcpReading {
  resource: PlanResource;
  reading: ResourceReading;
  parts: SourcePart[];
}

/** The IAM grants of the plan (every role), or the one that cannot be known. */
function bindingsOf(resources: readonly PlanResource[]): { bindings: Binding[] } | { blocked: PlanResource; path: AttributePath; state: 'unknown' | 'sensitive' } {
  const bindings: Binding[] = [];
  for (const resource of resources) {
    const path: AttributePath = resource.type.endsWith('_iam_member') ? ['member'] : ['members'];
    const role = field(resource, ['role']);
    if (role.state !== 'known') return { blocked: resource, path: ['role'], state: role.state };
    const members = field(resource, path);
    if (members.state !== 'known') return { blocked: resource, path, state: members.state };
    const list = (Array.isArray(members.value) ? members.value : [members.value]).filter((m): m is string => typeof m === 'string');
    bindings.push({ resource, role: typeof role.value === 'string' ? role.value : String(role.value), members: list });
  }
  return { bindings };
}

/** Each pool's grants: per binding, its members naming the pool, and the projects they name. Read once. */
interface PoolGrants {
  readonly byBinding: Map<Binding, string[]>;
  readonly projects: Set<string>;
}

function poolIndex(bindings: readonly Binding[]): Map<string, PoolGrants> {
  const pools = new Map<string, PoolGrants>();
  for (const binding of bindings) {
    for (const member of binding.members) {
      const m = POOL_MEMBER.exec(member);
      if (m === null) continue;
      const pool = m[2] as string;
      let grants = pools.get(pool);
      if (grants === undefined) pools.set(pool, grants = { byBinding: new Map(), projects: new Set() });
      grants.projects.add(m[1] as string);
      const list = grants.byBinding.get(binding);
      if (list === undefined) grants.byBinding.set(binding, [member]);
      else list.push(member);
    }
  }
  return pools;
}

const PROVIDER_ATTRIBUTES: readonly (readonly [string, AttributePath])[] = [
  ['/provider/attribute_condition', ['attribute_condition']],
  ['/provider/attribute_mapping', ['attribute_mapping']],
  ['/provider/oidc/issuer_uri', ['oidc', 0, 'issuer_uri']],
  ['/provider/oidc/allowed_audiences', ['oidc', 0, 'allowed_audiences']],
  ['/provider/oidc', ['oidc']],
  ['/provider/workload_identity_pool_id', ['workload_identity_pool_id']],
  ['/provider/workload_identity_pool_provider_id', ['workload_identity_pool_provider_id']],
  ['/provider/name', ['name']],
];

function readProvider(resource: PlanResource, pools: ReadonlyMap<string, PoolGrants>): GcpReading {
  const oidc = field(resource, ['oidc']);
  if (oidc.state === 'known' && (!Array.isArray(oidc.value) || oidc.value.length === 0)) {
    return { resource, reading: { kind: 'skip', why: 'is not an OIDC provider (no oidc block)' }, parts: [] };
  }
  const provider: Record<string, unknown> = {};
  for (const [key, path] of [['attribute_mapping', ['attribute_mapping']], ['attribute_condition', ['attribute_condition']]] as const) {
    const f = field(resource, path);
    if (f.state !== 'known') return { resource, reading: { kind: 'refused', ...unreadable(resource.address, path, f.state) }, parts: [] };
    if (f.value !== null && f.value !== undefined && f.value !== '') provider[key] = f.value;
  }
  const block: Record<string, unknown> = {};
  for (const [key, path] of [['issuer_uri', ['oidc', 0, 'issuer_uri']], ['allowed_audiences', ['oidc', 0, 'allowed_audiences']]] as const) {
    const f = field(resource, path);
    if (f.state !== 'known') return { resource, reading: { kind: 'refused', ...unreadable(resource.address, path, f.state) }, parts: [] };
    if (f.value !== null && f.value !== undefined) block[key] = f.value;
  }
  provider.oidc = block;
  // Names only: one known after apply is left out (the provider's own ID is what the pool is matched by).
  for (const key of ['workload_identity_pool_id', 'workload_identity_pool_provider_id', 'name']) {
    const f = field(resource, [key]);
    if (f.state === 'known' && typeof f.value === 'string' && f.value !== '') provider[key] = f.value;
  }
  const document: Record<string, unknown> = { provider };
  const parts: SourcePart[] = [];
  const pool = provider.workload_identity_pool_id;
  const grants = typeof pool === 'string' ? pools.get(pool) : undefined;
  if (grants !== undefined && grants.projects.size <= 1) {
    // One member more than a provider's document may hold is enough for its refusal: no more are copied.
    let room = MAX_GRANTED_MEMBERS + 1;
    const matched = [...grants.byBinding].map(([b, all]) => {
      const members = room > 0 ? all.slice(0, room) : [];
      room -= members.length;
      return { b, members };
    }).filter((m) => m.members.length > 0);
    if (matched.length > 0) {
      document.bindings = matched.map(({ b, members }) => ({ role: b.role, members }));
      matched.forEach(({ b }, k) => parts.push({ prefix: `/bindings/${k}`, name: b.resource.address, at: b.resource.at }));
    }
  }
  const describe = (inner: string): string => {
    const binding = /^\/bindings\/(\d+)/.exec(inner);
    if (binding !== null) {
      const part = parts[Number(binding[1])];
      return part !== undefined ? `${part.name}${inner.includes('/members') ? ', a member naming the pool' : ''}` : `at ${inner}`;
    }
    const match = PROVIDER_ATTRIBUTES.find(([prefix]) => inner === prefix || inner.startsWith(`${prefix}/`));
    return match !== undefined ? `${attributeName(match[1])}${inner.length > match[0].length ? `, at ${inner.slice(match[0].length)}` : ''}` : inner === '' ? 'the provider' : `at ${inner}`;
  };
  return { resource, reading: { kind: 'document', member: 'gcp_workload_identity', document, describe }, parts };
}

/** Every OIDC provider of the plan as a document, with the bindings of its pool; and what to warn about. */
export function readGcpProviders(providers: readonly PlanResource[], bindingResources: readonly PlanResource[]): { readings: GcpReading[]; warnings: SourceWarning[] } {
  if (providers.length === 0) return { readings: [], warnings: [] };
  const found = bindingsOf(bindingResources);
  const warnings: SourceWarning[] = [];
  let bindings: Binding[] = [];
  if ('blocked' in found) {
    const name = attributeName(found.path);
    warnings.push({
      message: `${found.blocked.address}: ${name} is ${found.state === 'unknown' ? 'known only after apply' : 'marked sensitive'}, so this binding cannot be matched to a workload identity pool: every workload identity provider of the plan is judged without its IAM bindings, as if any identity of its pool could act as a service account.`,
      remediation: `Make ${name} known when planning (write the member from the pool's ID, such as principalSet://iam.googleapis.com/projects/NUMBER/locations/global/workloadIdentityPools/POOL/attribute.repository/OWNER/REPO), or apply first and check the next plan.`,
      at: found.blocked.at,
      name: found.blocked.address,
    });
  } else {
    bindings = found.bindings;
  }
  const pools = poolIndex(bindings);
  return { readings: providers.map((p) => readProvider(p, pools)), warnings };
}

