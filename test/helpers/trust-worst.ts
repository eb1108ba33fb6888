/**
 * The costliest trust-policy requests the work budget accepts, one per shape of work: many cases
 * against `?`-heavy patterns, many sub values tried against each other, many statements, and the
 * request's own claim_patterns. Each shape is grown until the next step would be refused, so the
 * request sent is the largest of its shape that the service answers. Shared by bench/trust.bench.ts
 * (CPU per request) and the service test that /healthz answers while such requests run.
 */
import { trustRequestRefusals } from '../../src/engine/index.ts';
import { SHAPES as GCP_SHAPES } from '../trust/gcp/worst.ts';
import { SHAPES as AZURE_SHAPES } from './trust-worst-azure.ts';

const HOST = 'token.actions.githubusercontent.com';
const ARN = `arn:aws:iam::123456789012:oidc-provider/${HOST}`;

/** A pattern made to cost the most per character: a `?` segment the matcher searches bit-parallel. */
function costly(length: number, seed: number): string {
  const middle = `?${'a'.repeat(Math.max(1, length - 4))}${String.fromCharCode(98 + (seed % 20))}`;
  return `*${middle}*`;
}

function claimOf(length: number): string {
  return 'a'.repeat(length);
}

type Build = (n: number) => Record<string, unknown>;
/** A request of size n, and the largest n its schema allows (100 cases, statements or values at most). */
export interface Shape {
  readonly max: number;
  readonly build: Build;
}

const BUILDS: Readonly<Record<string, Build>> = {
  /** n cases of long claims against one statement of costly sub patterns. */
  'cases × costly patterns': (n) => ({
    aws_trust_policy: {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Principal: { Federated: ARN }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: { StringEquals: { [`${HOST}:aud`]: 'sts.amazonaws.com' }, StringLike: { [`${HOST}:sub`]: Array.from({ length: 5 }, (_, i) => costly(100, i)) } } }],
    },
    cases: Array.from({ length: n }, (_, i) => ({ name: `case ${i}`, claims: { sub: claimOf(1024), aud: 'sts.amazonaws.com' }, expect: 'deny' })),
  }),
  /** One statement with n sub values, each probed against all the others. */
  'sub values × each other': (n) => ({
    aws_trust_policy: {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Principal: { Federated: ARN }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: {
        StringEquals: { [`${HOST}:aud`]: 'sts.amazonaws.com' },
        StringLike: { [`${HOST}:sub`]: Array.from({ length: Math.max(1, n) }, (_, i) => `repo:acme@1/app@2:ref:refs/heads/${costly(60, i)}`) },
        StringLikeIfExists: { [`${HOST}:sub`]: Array.from({ length: Math.max(1, n) }, (_, i) => `repo:acme@1/app@2:${costly(60, i)}`) },
      } }],
    },
  }),
  /** n statements of a few conditions each, and cases against all of them. */
  'statements × cases': (n) => ({
    aws_trust_policy: {
      Version: '2012-10-17',
      Statement: Array.from({ length: Math.max(1, n) }, (_, i) => ({ Effect: i % 5 === 0 ? 'Deny' : 'Allow', Principal: { Federated: ARN }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: {
        StringEquals: { [`${HOST}:aud`]: 'sts.amazonaws.com' },
        StringNotLike: { [`${HOST}:ref`]: costly(40, i) },
        StringLike: { [`${HOST}:sub`]: [`repo:acme@1/app@2:ref:refs/heads/${costly(40, i)}`, costly(30, i + 1)] },
      } })),
    },
    cases: Array.from({ length: 20 }, (_, i) => ({ claims: { sub: claimOf(512), ref: claimOf(256), aud: 'sts.amazonaws.com' }, expect: i % 2 === 0 ? 'allow' : 'deny' })),
  }),
  /** Four providers named, and n condition keys read once for each (keys AWS does not receive). */
  'providers × condition keys read': (n) => ({
    aws_trust_policy: {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Principal: { Federated: Array.from({ length: 4 }, (_, j) => `${ARN}/e${j}`) }, Action: 'sts:AssumeRoleWithWebIdentity', Condition: {
        StringLike: Object.fromEntries(Array.from({ length: Math.max(1, n) }, (_, i) => [`${HOST}/e0:k${i}`, 'x'])),
      } }],
    },
  }),
  /** GitLab's grammar: n project sub values, each probed against the others, with cases. */
  'GitLab sub values × each other': (n) => ({
    issuer: 'https://gitlab.com',
    audiences: ['https://gitlab.com'],
    claim_patterns: { sub: Array.from({ length: Math.max(1, n) }, (_, i) => `project_path:acme/app:ref_type:branch:ref:${costly(60, i)}`) },
    cases: Array.from({ length: 10 }, () => ({ claims: { sub: claimOf(1024), aud: 'https://gitlab.com' }, expect: 'deny' })),
  }),
  /** HCP Terraform's grammar: n workspace sub values with costly run phases. */
  'HCP Terraform sub values × each other': (n) => ({
    issuer: 'https://app.terraform.io',
    audiences: ['aws.workload.identity'],
    claim_patterns: { sub: Array.from({ length: Math.max(1, n) }, (_, i) => `organization:acme:project:${costly(30, i)}:workspace:prod:run_phase:${costly(30, i + 1)}`) },
  }),
  /** A Vault role whose glob bound claims hold long pieces with a ? (Vault's ? is literal: searched as text), and n cases. */
  'vault_jwt_role: cases × glob bound claims': (n) => ({
    vault_jwt_role: {
      role_type: 'jwt', bound_audiences: ['https://github.com/acme'], user_claim: 'sub', bound_claims_type: 'glob',
      bound_claims: { repository_id: '2002', ref: Array.from({ length: 5 }, (_, i) => `*${'a'.repeat(200)}?${String.fromCharCode(98 + i)}*`), sub: Array.from({ length: 5 }, (_, i) => costly(200, i)) },
    },
    cases: Array.from({ length: n }, () => ({ claims: { sub: claimOf(1024), ref: claimOf(1024), repository_id: '2002', aud: 'https://github.com/acme' }, expect: 'deny' })),
  }),
  /** The request's own claim_patterns on many claims, and cases of long claims. */
  'own claim_patterns × cases': (n) => ({
    audiences: ['sts.amazonaws.com'],
    claim_patterns: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, Array.from({ length: 3 }, (_, j) => costly(60, i + j))])),
    cases: Array.from({ length: n }, () => ({ claims: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`c${i}`, claimOf(1024)])), expect: 'deny' })),
  }),
};

/**
 * The sizes each shape's schema allows: the condition-keys shape is bounded by the document's size
 * instead. Then each other trust format's own shapes, named by its request member.
 */
export const SHAPES: Readonly<Record<string, Shape>> = {
  ...Object.fromEntries(Object.entries(BUILDS).map(([name, build]) => [name, { build, max: name.startsWith('providers') ? 1000 : 100 }])),
  ...Object.fromEntries(Object.entries(AZURE_SHAPES).map(([name, shape]) => [`azure_federated_credential: ${name}`, shape])),
  ...Object.fromEntries(Object.entries(GCP_SHAPES).map(([name, shape]) => [`gcp_workload_identity: ${name}`, shape])),
};

/** The largest n (up to the shape's max) whose request the budget accepts. */
export function largestAccepted(shape: Shape): { n: number; request: Record<string, unknown> } {
  let lo = 0;
  let hi = shape.max;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (trustRequestRefusals(shape.build(mid)).length === 0) lo = mid;
    else hi = mid - 1;
  }
  return { n: lo, request: shape.build(lo) };
}

/** One step past the largest accepted: the request the budget refuses. */
export function smallestRefused(shape: Shape): Record<string, unknown> | undefined {
  const { n } = largestAccepted(shape);
  return n < shape.max ? shape.build(n + 1) : undefined;
}

/** The costliest accepted request of each shape whose JSON fits in `maxBytes` (the service's body limit). */
export function largestWithin(shape: Shape, maxBytes: number): { n: number; request: Record<string, unknown> } {
  let { n } = largestAccepted(shape);
  while (n > 0 && JSON.stringify(shape.build(n)).length > maxBytes) n--;
  return { n, request: shape.build(n) };
}
