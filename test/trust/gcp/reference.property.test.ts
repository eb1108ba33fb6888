/**
 * Property tests of the gcp_workload_identity format against the reference (reference.ts), written from
 * Google's documentation apart from the checker (product decisions §17 and §20: a verdict is a promise).
 *
 * a. For generated providers, bindings and claim sets, a case outcome "deny" never holds where the
 *    reference lets the token in.
 * b. A document the checker calls valid never lets in a claim set of another owner than acme: tokens
 *    of repositories, branches, environments and subject templates a stranger controls, carrying the
 *    audience the provider accepts (any workflow can ask GitHub for any audience).
 *
 * The checker is used as a black box through lintTrustPolicy. Seeds are fixed; set FC_SEED and FC_RUNS
 * to explore further.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claims as githubClaims, DEFAULT_AUD, GITHUB, inPool, lint, PROVIDER_NAME } from './gcp-tester.ts';
import { referenceDecision, type GcpDocument } from './reference.ts';

type Json = Record<string, unknown>;

const SEED = process.env.FC_SEED === undefined ? 27_020 : Number(process.env.FC_SEED);
const RUNS = process.env.FC_RUNS === undefined ? 300 : Number(process.env.FC_RUNS);

const MAPPING: Record<string, string> = {
  'google.subject': 'assertion.sub',
  'attribute.repository': 'assertion[\'repository\']',
  'attribute.repository_owner': 'assertion.repository_owner',
  'attribute.repository_id': 'assertion.repository_id',
  // Computed: the checker does not evaluate it, the reference does.
  'attribute.repo_ref': 'assertion.repository + \':\' + assertion.ref',
};

const REFS = ['assertion.repository_owner', 'assertion.repository', 'assertion.sub', 'assertion.ref', 'assertion[\'repository_id\']', 'assertion.environment',
  'attribute.repository', 'attribute.repository_owner', 'attribute.repository_id', 'google.subject', 'attribute.repo_ref'];
const VALUES = ['acme', 'evil', 'acme/app', 'acme/lib', 'evil/app', 'evilacme/app', 'repo:acme/app:ref:refs/heads/main', 'repo:acme/app:pull_request',
  'refs/heads/main', 'refs/heads/main-evil', '2002', '9999', 'production', 'acme/app:refs/heads/main', 'repo:acme/', 'repo:acme/app:', 'app', ''];
const PATTERNS = ['acme/app', '^acme/app$', '^acme/', '^acme/[a-z]+$', '^repo:acme/app:ref:refs/heads/main', '^repo:acme/app:ref:refs/heads/main$', 'acme',
  '^(acme|evil)/app$', '^repo:acme/(app|lib):', '.*', '^refs/heads/(main|release)$', '\\d+', '^\\d+$', 'main$', '^[^/]+/app$', '^acme/app(-[a-z]+)?$', '^acme/app{2}$'];

const quote = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, '\\\'')}'`;

const atom: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...REFS), fc.constantFrom('==', '!='), fc.constantFrom(...VALUES)).map(([r, op, v]) => `${r} ${op} ${quote(v)}`),
  fc.tuple(fc.constantFrom(...REFS), fc.uniqueArray(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 })).map(([r, vs]) => `${r} in [${vs.map(quote).join(', ')}]`),
  fc.tuple(fc.constantFrom(...REFS), fc.constantFrom('startsWith', 'endsWith', 'contains'), fc.constantFrom(...VALUES)).map(([r, f, v]) => `${r}.${f}(${quote(v)})`),
  fc.tuple(fc.constantFrom(...REFS), fc.constantFrom(...PATTERNS)).map(([r, p]) => `${r}.matches(${quote(p)})`),
  fc.constantFrom('true', 'false'),
  // Not evaluated by the checker (taken to admit); the reference evaluates it.
  fc.tuple(fc.constantFrom(...REFS), fc.constantFrom(...VALUES)).map(([r, v]) => `(${r} + '') == ${quote(v)}`),
);

const condition: fc.Arbitrary<string> = fc.letrec<{ c: string }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('c'), fc.constantFrom('&&', '||'), tie('c')).map(([a, op, b]) => `(${a}) ${op} (${b})`),
    tie('c').map((c) => `!(${c})`),
  ),
})).c;

const MEMBERS = [inPool('*'), inPool('attribute.repository/acme/app'), inPool('attribute.repository/evil/app'), inPool('attribute.repository_owner/acme'),
  inPool('subject/repo:acme/app:ref:refs/heads/main'), inPool('attribute.repo_ref/acme/app:refs/heads/main'), inPool('attribute.repository_id/2002'),
  inPool('attribute.unmapped/x'), 'user:alice@example.com', 'principalSet://iam.googleapis.com/projects/123456789/locations/global/workloadIdentityPools/other/*'];

const documents: fc.Arbitrary<GcpDocument> = fc.record({
  condition: fc.option(condition, { nil: undefined }),
  audiences: fc.constantFrom(undefined, [], ['https://github.com/acme', 'sts.example']),
  bindings: fc.option(fc.uniqueArray(fc.constantFrom(...MEMBERS), { minLength: 1, maxLength: 3 }), { nil: undefined }),
}).map(({ condition: c, audiences, bindings }) => ({
  provider: {
    name: PROVIDER_NAME,
    attribute_mapping: MAPPING,
    ...(c === undefined ? {} : { attribute_condition: c }),
    oidc: { issuer_uri: GITHUB, ...(audiences === undefined ? {} : { allowed_audiences: audiences }) },
  },
  ...(bindings === undefined ? {} : { bindings: [{ role: 'roles/iam.workloadIdentityUser', members: bindings }] }),
}));

const REPOSITORIES = ['acme/app', 'acme/lib', 'evil/app', 'evilacme/app'];
const GIT_REFS = ['refs/heads/main', 'refs/heads/main-evil', 'refs/pull/1/merge', 'refs/tags/v1'];
const AUDIENCES = [DEFAULT_AUD, DEFAULT_AUD.replace('https:', ''), 'https://github.com/acme', 'sts.amazonaws.com'];

const claimSets: fc.Arbitrary<Json> = fc.record({
  repository: fc.constantFrom(...REPOSITORIES),
  ref: fc.constantFrom(...GIT_REFS),
  aud: fc.constantFrom(...AUDIENCES),
  environment: fc.option(fc.constantFrom('production', 'staging'), { nil: undefined }),
  drop: fc.option(fc.constantFrom('repository_owner', 'sub', 'repository'), { nil: undefined }),
}).map(({ repository, ref, aud, environment, drop }) => {
  const sub = environment !== undefined ? `repo:${repository}:environment:${environment}` : ref.startsWith('refs/pull/') ? `repo:${repository}:pull_request` : `repo:${repository}:ref:${ref}`;
  return githubClaims(repository, ref, { aud, sub, environment, ...(drop === undefined ? {} : { [drop]: undefined }) });
});

/**
 * Tokens a stranger can get from GitHub: owners no generated document names (a document that binds
 * evil/app on purpose trusts evil), repository and branch names of their choosing, any environment,
 * subject template and audience.
 */
function strangers(audience: string): Json[] {
  const out: Json[] = [];
  for (const repository of ['zz/app', 'zzacme/app', 'acmezz/app', 'zz/acme']) {
    const [owner] = repository.split('/') as [string];
    for (const ref of ['refs/heads/main', 'refs/heads/acme/app']) {
      const subs = [`repo:${repository}:ref:${ref}`, `repo:${repository}:environment:production`, `repo:${repository}:pull_request`,
        `repository_owner:${owner}:environment:production`, 'environment:production', `repo:${repository}:job_workflow_ref:${repository}/.github/workflows/d.yml@${ref}`];
      for (const sub of subs) {
        out.push(githubClaims(repository, ref, { aud: audience, sub, repository_id: '7777', repository_owner_id: '6666', environment: sub.includes('environment:') ? 'production' : undefined }));
      }
    }
  }
  return out;
}

function acceptedAudience(doc: GcpDocument): string {
  const listed = doc.provider.oidc.allowed_audiences ?? [];
  return listed[0] ?? DEFAULT_AUD;
}

describe('the reference, by example', () => {
  it('google-github-actions/auth\'s setup: acme/app in, others out', () => {
    const doc: GcpDocument = { provider: { name: PROVIDER_NAME, attribute_mapping: MAPPING, attribute_condition: 'assertion.repository_owner == \'acme\'', oidc: { issuer_uri: GITHUB } },
      bindings: [{ role: 'r', members: [inPool('attribute.repository/acme/app')] }] };
    expect(referenceDecision(doc, githubClaims())).toBe('allow');
    expect(referenceDecision(doc, githubClaims('acme/lib'))).toBe('deny');
    expect(referenceDecision(doc, githubClaims('evil/app'))).toBe('deny');
    expect(referenceDecision(doc, githubClaims('acme/app', 'refs/heads/main', { aud: 'other' }))).toBe('deny');
    expect(referenceDecision(doc, githubClaims('acme/app', 'refs/heads/main', { repository_owner: undefined }))).toBe('deny');
  });

  it('CEL errors: absorbed by a deciding || or &&, fatal otherwise', () => {
    const doc = (c: string): GcpDocument => ({ provider: { name: PROVIDER_NAME, attribute_mapping: MAPPING, attribute_condition: c, oidc: {} } });
    expect(referenceDecision(doc('assertion.environment == \'x\' || assertion.repository == \'acme/app\''), githubClaims())).toBe('allow');
    expect(referenceDecision(doc('assertion.environment == \'x\' && assertion.repository == \'acme/app\''), githubClaims())).toBe('deny');
    expect(referenceDecision(doc('!(assertion.environment == \'x\')'), githubClaims())).toBe('deny');
    expect(referenceDecision(doc('assertion.environment != \'x\' || false'), githubClaims())).toBe('deny');
  });
});

describe('property a: the checker never says deny where Google (the reference) allows', () => {
  it('the generator exercises both answers of the reference', () => {
    const answers = new Set<string>();
    fc.assert(fc.property(documents, claimSets, (doc, claims) => {
      answers.add(referenceDecision(doc, claims));
    }), { seed: SEED, numRuns: 300 });
    expect([...answers].sort()).toEqual(['allow', 'deny']);
  });

  it('case outcome "deny" never holds where the reference allows', async () => {
    await fc.assert(fc.asyncProperty(documents, fc.array(claimSets, { minLength: 1, maxLength: 8 }), async (doc, sets) => {
      const res = await lint({ gcp_workload_identity: doc, cases: sets.map((claims) => ({ claims, expect: 'allow' })) });
      sets.forEach((claims, i) => {
        if (res.metadata.cases[i]?.outcome === 'deny') {
          expect(referenceDecision(doc, claims), `${JSON.stringify(doc)}\n${JSON.stringify(claims)}`).toBe('deny');
        }
      });
    }), { seed: SEED, numRuns: RUNS });
  });
});

describe('property b: a document the checker calls valid lets no other owner in', () => {
  it('valid documents deny every stranger\'s token', async () => {
    let valid = 0;
    await fc.assert(fc.asyncProperty(documents, async (doc) => {
      const res = await lint({ gcp_workload_identity: doc });
      if (!res.valid) return;
      valid++;
      for (const claims of strangers(acceptedAudience(doc))) {
        expect(referenceDecision(doc, claims), `valid: ${JSON.stringify(doc)}\nadmits ${JSON.stringify(claims)}\n${JSON.stringify(res.findings.map((f) => f.code))}`).toBe('deny');
      }
    }), { seed: SEED, numRuns: RUNS * 2 });
    // The property says nothing unless some generated documents are valid.
    expect(valid).toBeGreaterThan(10);
  });
});
