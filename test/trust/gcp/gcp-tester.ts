/**
 * Google Cloud workload identity providers for the tests of the gcp_workload_identity format: GitHub's
 * issuer, the attribute mapping google-github-actions/auth recommends, and bindings in the provider's
 * pool, as Terraform (snake_case) or the REST API (camelCase) writes them.
 */
import { createEngineContext } from '../../../src/engine/context.ts';
import { lintTrustPolicy, type TrustPolicyResponse } from '../../../src/engine/trust/lint.ts';

export const GITHUB = 'https://token.actions.githubusercontent.com';
export const POOL = 'projects/123456789/locations/global/workloadIdentityPools/github';
export const PROVIDER_NAME = `${POOL}/providers/my-repo`;
/** The audience Google expects when allowed_audiences is empty, as google-github-actions/auth requests it. */
export const DEFAULT_AUD = `https://iam.googleapis.com/${PROVIDER_NAME}`;
export const AT = '/gcp_workload_identity';
export const CONDITION = `${AT}/provider/attribute_condition`;
export const MAPPING = {
  'google.subject': 'assertion.sub',
  'attribute.actor': 'assertion.actor',
  'attribute.repository': 'assertion.repository',
  'attribute.repository_owner': 'assertion.repository_owner',
  'attribute.repository_id': 'assertion.repository_id',
};
export const OWNER_ONLY = 'assertion.repository_owner == \'acme\'';

type Json = Record<string, unknown>;

/** A provider (Terraform's snake_case) with this condition (undefined: none) and `extra` members. */
export function provider(condition: string | undefined, extra: Json = {}): Json {
  return {
    name: PROVIDER_NAME,
    attribute_mapping: MAPPING,
    ...(condition === undefined ? {} : { attribute_condition: condition }),
    oidc: { issuer_uri: GITHUB },
    ...extra,
  };
}

/** A member of the pool: `attribute.repository/acme/app`, `subject/repo:…`, `*`. */
export function inPool(tail: string): string {
  return `${tail.startsWith('subject/') ? 'principal' : 'principalSet'}://iam.googleapis.com/${POOL}/${tail}`;
}

/** A request judging the provider with these members granted one role (undefined: no bindings given). */
export function request(p: Json, members?: readonly string[], extra: Json = {}): Json {
  return { gcp_workload_identity: { provider: p, ...(members === undefined ? {} : { bindings: [{ role: 'roles/iam.workloadIdentityUser', members }] }) }, ...extra };
}

/** GitHub claims of a run of `repository` (owner/name) on `ref`, for the provider's default audience. */
export function claims(repository = 'acme/app', ref = 'refs/heads/main', overrides: Json = {}): Json {
  const owner = repository.slice(0, repository.indexOf('/'));
  const all: Json = {
    iss: GITHUB, aud: DEFAULT_AUD, sub: `repo:${repository}:ref:${ref}`, repository, repository_owner: owner,
    repository_id: owner === 'acme' ? '2002' : '9999', repository_owner_id: owner === 'acme' ? '1001' : '8888', ref, actor: 'octocat', ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}

export async function lint(body: Json): Promise<TrustPolicyResponse> {
  return lintTrustPolicy(structuredClone(body), createEngineContext());
}

/** Each case's outcome, in order. */
export async function outcomes(body: Json, claimSets: readonly Json[]): Promise<string[]> {
  const res = await lint({ ...body, cases: claimSets.map((c) => ({ claims: c, expect: 'deny' })) });
  return res.metadata.cases.map((c) => c.outcome);
}
