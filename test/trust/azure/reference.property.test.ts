/**
 * Property tests of the azure_federated_credential format against the reference (reference.ts), written
 * from Microsoft's documentation apart from the checker:
 * a. for generated credentials (classic and flexible) and claim sets, a case outcome "deny" never holds
 *    where the reference lets the token in;
 * b. a credential the checker calls valid never lets in a claim set of another owner ("evil").
 * The checker is used through lintTrustPolicy. Seeds are fixed; set FC_SEED (and FC_RUNS) to explore.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIENCE, GITHUB, lint, request } from './azure-tester.ts';
import { clausesOf, referenceDecision, wildcardMatch } from './reference.ts';

type Json = Record<string, unknown>;

const SEED = process.env.FC_SEED === undefined ? 27020 : Number(process.env.FC_SEED);
const RUNS = process.env.FC_RUNS === undefined ? 300 : Number(process.env.FC_RUNS);

describe('the reference itself, by example', () => {
  it('wildcards: ? one character, * any run, the rest literal and case-sensitive', () => {
    expect(wildcardMatch('repo:acme/*', 'repo:acme/app:ref:refs/heads/main')).toBe(true);
    expect(wildcardMatch('refs/heads/????', 'refs/heads/main')).toBe(true);
    expect(wildcardMatch('refs/heads/????', 'refs/heads/mai')).toBe(false);
    expect(wildcardMatch('a*', 'a')).toBe(true);
    expect(wildcardMatch('repo:acme/*', 'repo:ACME/app')).toBe(false);
    expect(wildcardMatch('a.b', 'axb')).toBe(false);
  });

  it('reads only plain conjunctions of documented clauses', () => {
    expect(clausesOf("claims['sub'] matches 'a*' and claims['repository_id'] eq '1'")).toEqual([{ claim: 'sub', op: 'matches', comparand: 'a*' }, { claim: 'repository_id', op: 'eq', comparand: '1' }]);
    expect(clausesOf("claims['sub'] eq 'a' or claims['sub'] eq 'b'")).toBeUndefined();
  });

  it('iss, aud and a classic subject exactly; an unreadable expression lets every token in', () => {
    const cred = { issuer: GITHUB, subject: 'repo:acme/app:ref:refs/heads/main', audiences: [AUDIENCE] };
    expect(referenceDecision(cred, { sub: 'repo:acme/app:ref:refs/heads/main', aud: AUDIENCE })).toBe('allow');
    expect(referenceDecision(cred, { sub: 'repo:acme/app:ref:refs/heads/main', aud: AUDIENCE, iss: `${GITHUB}/` })).toBe('deny');
    expect(referenceDecision(cred, { sub: 'repo:Acme/app:ref:refs/heads/main', aud: AUDIENCE })).toBe('deny');
    expect(referenceDecision({ ...cred, subject: 'repo:acme/*' }, { sub: 'repo:acme/app', aud: AUDIENCE })).toBe('deny');
    expect(referenceDecision({ issuer: GITHUB, audiences: [AUDIENCE], claimsMatchingExpression: { value: "claims['sub'] eq 'a' or claims['sub'] eq 'b'" } }, { sub: 'z', aud: AUDIENCE })).toBe('allow');
  });
});

// =========================================================================================================
// Generators

/** Subjects and comparands for sub: pinned, wildcards in every part, customised templates, literal stars. */
const SUBS = [
  'repo:acme/app:ref:refs/heads/main', 'repo:acme@1001/app@2002:environment:production', 'repo:acme@1001/app@2002:ref:refs/heads/main',
  'repo:acme/app:pull_request', 'repo:acme/*', 'repo:acme/app:*', 'repo:acme/app:ref:refs/heads/*', 'repo:acme*', 'repo:*', '*',
  'repo:acme/ap?:*', 'repo:?cme/app:*', 'repo:acme@1001/*', 'repo:acme@*/app@2002:*', 'repo:acme/app@*:*', '*:environment:production',
  'repository_owner_id:1001:repository_id:2002:*', 'repository_owner_id:1001:*', 'environment:production', 'repo:acme/app', 'repo:acme/app:environment:prod-?',
  'job_workflow_ref:acme/automation/.github/workflows/deploy.yml@refs/heads/main', 'repo:acme/app:environment:production', '',
];
const JWRS = ['acme/automation/.github/workflows/deploy.yml@refs/heads/main', 'acme/automation/.github/workflows/*@refs/heads/main', 'acme/*', '*', 'evil/app/.github/workflows/x.yml@refs/heads/main'];
const IDS = ['2002', '1001', '3003', '2*', ''];

const clauseArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom('matches', 'eq'), fc.constantFrom(...SUBS)).map(([op, v]) => `claims['sub'] ${op} '${v}'`) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('matches', 'eq'), fc.constantFrom(...JWRS)).map(([op, v]) => `claims['job_workflow_ref'] ${op} '${v}'`) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('repository_id', 'repository_owner_id'), fc.constantFrom('eq', 'eq', 'matches'), fc.constantFrom(...IDS)).map(([c, op, v]) => `claims['${c}'] ${op} '${v}'`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('repository', 'repository_owner', 'environment', 'Sub'), fc.constantFrom('acme/app', 'acme', 'production', '*')).map(([c, v]) => `claims['${c}'] eq '${v}'`) },
  { weight: 1, arbitrary: fc.constantFrom("claims['sub'] startswith 'repo:acme/'", "claims['sub'] matches 'repo:acme/\\*'", "claims['sub'] ne 'repo:evil/app:pull_request'") },
);

const expressionArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.array(clauseArb, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' and ')) },
  { weight: 1, arbitrary: fc.array(clauseArb, { minLength: 2, maxLength: 3 }).map((cs) => cs.join(' or ')) },
  { weight: 1, arbitrary: fc.array(clauseArb, { minLength: 1, maxLength: 2 }).map((cs) => `(${cs.join(' and ')})`) },
);

const ISSUERS = [GITHUB, GITHUB, GITHUB, `${GITHUB}/`, 'https://Token.Actions.GitHubUserContent.com', 'https://gitlab.com', 'https://app.terraform.io'];
const AUDS: readonly (readonly string[] | undefined)[] = [[AUDIENCE], [AUDIENCE], ['api://other'], [], undefined];

const credentialArb: fc.Arbitrary<Json> = fc
  .tuple(fc.boolean(), fc.constantFrom(...SUBS), expressionArb, fc.constantFrom(...ISSUERS), fc.constantFrom(...AUDS), fc.constantFrom<unknown>(1, 1, 1, undefined, 2))
  .map(([isClassic, subject, value, issuer, audiences, languageVersion]) => {
    const credential: Json = { name: 'deploy', issuer, ...(audiences === undefined ? {} : { audiences: [...audiences] }) };
    if (isClassic) credential.subject = subject;
    else credential.claimsMatchingExpression = { value, ...(languageVersion === undefined ? {} : { languageVersion }) };
    return credential;
  });

/** Strings the credential compares with, and strings its wildcards match (and do not). */
function valuesOf(credential: Json): string[] {
  const out = new Set<string>();
  const add = (v: string): void => {
    out.add(v);
    out.add(v.replaceAll('*', '').replaceAll('?', 'x'));
    out.add(v.replaceAll('*', 'evil').replaceAll('?', 'e'));
    out.add(v.toUpperCase());
  };
  if (typeof credential.subject === 'string') add(credential.subject);
  const expression = (credential.claimsMatchingExpression as Json | undefined)?.value;
  if (typeof expression === 'string') for (const m of expression.matchAll(/'([^']*)'/g)) add(m[1] as string);
  return [...out];
}

const CLAIM_VALUES = ['repo:acme/app:ref:refs/heads/main', 'repo:evil/app:pull_request', '2002', '777', '3003', AUDIENCE, 'acme/app', ''];

function claimSetsFor(credential: Json): fc.Arbitrary<Json[]> {
  const pool = valuesOf(credential);
  const value = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool, ...CLAIM_VALUES) }, { weight: 1, arbitrary: fc.constantFrom(...CLAIM_VALUES) });
  const claims = fc.record({
    sub: value, aud: fc.constantFrom(AUDIENCE, AUDIENCE, AUDIENCE, 'api://other', AUDIENCE.toUpperCase()),
    iss: fc.oneof({ weight: 4, arbitrary: fc.constant(credential.issuer) }, { weight: 1, arbitrary: fc.constantFrom(...ISSUERS) }),
    repository_id: value, repository_owner_id: value, job_workflow_ref: value, repository: value,
  }, { requiredKeys: ['sub', 'aud'] });
  return fc.array(claims as fc.Arbitrary<Json>, { minLength: 1, maxLength: 6 });
}

const credentialWithClaims = credentialArb.chain((credential) => claimSetsFor(credential).map((claimSets) => ({ credential, claimSets })));

async function checkerOutcomes(credential: Json, claimSets: readonly Json[]): Promise<{ valid: boolean; outcomes: (string | undefined)[] }> {
  const res = await lint(request(credential, { cases: claimSets.map((claims) => ({ claims, expect: 'deny' })) }));
  return { valid: res.valid, outcomes: claimSets.map((_, i) => res.metadata.cases[i]?.outcome) };
}

// =========================================================================================================
// a. Never unsafe on cases

describe('property a: the checker never says deny where Entra (the reference) lets the token in', () => {
  it('the generator exercises both answers of the reference', () => {
    const sample = fc.sample(credentialWithClaims, { seed: SEED, numRuns: RUNS });
    const all = sample.flatMap(({ credential, claimSets }) => claimSets.map((c) => referenceDecision(credential, c)));
    const allowed = all.filter((d) => d === 'allow').length / all.length;
    expect(allowed).toBeGreaterThan(0.1);
    expect(allowed).toBeLessThan(0.9);
    expect(sample.filter(({ credential }) => credential.subject === undefined).length).toBeGreaterThan(RUNS / 4);
  });

  it('case outcome "deny" never holds where the reference allows', async () => {
    await fc.assert(
      fc.asyncProperty(credentialWithClaims, async ({ credential, claimSets }) => {
        const { outcomes } = await checkerOutcomes(credential, claimSets);
        claimSets.forEach((claims, i) => {
          if (referenceDecision(credential, claims) === 'allow' && outcomes[i] !== 'allow') {
            throw new Error(`checker says ${String(outcomes[i])}, the reference allows: ${JSON.stringify({ credential, claims })}`);
          }
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

// =========================================================================================================
// b. A "valid" verdict never admits another owner

/** Tokens of the evil owner's repositories, by name and by ID, with every kind of run and the audience Entra expects. */
const EVIL: readonly Json[] = ['ref:refs/heads/main', 'ref:refs/tags/v1', 'environment:production', 'pull_request'].flatMap((context) => [
  `repo:evil/app:${context}`, `repo:evil@666/app@777:${context}`, `repository_owner_id:666:repository_id:777:${context}`, `repo:evil/acme-app:${context}`,
]).concat(['environment:production', 'job_workflow_ref:acme/automation/.github/workflows/deploy.yml@refs/heads/main', 'repo:evil/app'])
  .flatMap((sub) => [undefined, 'acme/automation/.github/workflows/deploy.yml@refs/heads/main', 'evil/app/.github/workflows/x.yml@refs/heads/main'].map((jwr) => ({
    iss: GITHUB, aud: AUDIENCE, sub, repository_id: '777', repository_owner_id: '666', repository: 'evil/app', ...(jwr === undefined ? {} : { job_workflow_ref: jwr }),
  })));

describe('property b: a credential the checker calls valid never lets in another owner', () => {
  it('for GitHub\'s issuer, every credential called valid denies every evil token', async () => {
    let valid = 0;
    await fc.assert(
      fc.asyncProperty(credentialArb.map((c) => ({ ...c, issuer: GITHUB })), async (credential) => {
        const { valid: isValid } = await checkerOutcomes(credential, [EVIL[0] as Json]);
        if (!isValid) return;
        valid++;
        const admitted = EVIL.filter((claims) => referenceDecision(credential, claims) === 'allow');
        if (admitted.length > 0) throw new Error(`called valid, yet Entra lets in ${JSON.stringify(admitted[0])}: ${JSON.stringify(credential)}`);
      }),
      { seed: SEED + 1, numRuns: RUNS },
    );
    // Enough valid credentials to mean something.
    expect(valid).toBeGreaterThan(RUNS / 10);
  });
});
