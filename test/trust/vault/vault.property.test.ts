/**
 * Property tests of the Vault JWT role format against the reference (vault-reference.ts), written from
 * HashiCorp's documentation apart from the checker (product decisions §17 and §20: a verdict is a promise).
 *
 * a. For generated roles and claim sets, a case outcome "deny" never holds where the reference allows.
 * b. A role the checker calls valid never lets in a claim set of another owner ("evil").
 *
 * The checker is used as a black box through lintTrustPolicy. Seeds are fixed so a run is reproducible;
 * set FC_SEED (and FC_RUNS) to explore further.
 *
 * Claim names are generated in their own letter case only: the shared evaluator finds a claim by a name
 * equal but for letter case when the exact one is missing (AWS compares key names that way), which a token
 * carrying AUD but no aud would meet where Vault does not (see docs/trust/vault.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../../src/engine/context.ts';
import { lintTrustPolicy, type TrustPolicyResponse } from '../../../src/engine/trust/lint.ts';
import { referenceDecision, refusals } from './vault-reference.ts';

type Json = Record<string, unknown>;

const SEED = process.env.FC_SEED === undefined ? 27020 : Number(process.env.FC_SEED);
const RUNS = process.env.FC_RUNS === undefined ? 300 : Number(process.env.FC_RUNS);

const AUD = 'https://vault.example.com';
const JWR = 'acme/automation/.github/workflows/deploy.yml@refs/heads/main';

async function lint(request: Json): Promise<TrustPolicyResponse> {
  return lintTrustPolicy(structuredClone(request), createEngineContext());
}

const pick = <T>(...xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const weighted = <T>(...xs: [number, fc.Arbitrary<T>][]): fc.Arbitrary<T> => fc.oneof(...xs.map(([weight, arbitrary]) => ({ weight, arbitrary })));

// =========================================================================================================
// a. deny is a promise

const VALUES = [
  'acme/app', 'acme/*', 'acme/ap?', 'evil/x', '*', '', 'refs/heads/main', 'refs/heads/*', 'refs/heads/mai?', 'refs/tags/*',
  'production', 'prod*', '2002', '999', 'acme', 'evil', 'repo:acme/app:ref:refs/heads/main', 'repo:acme/*', 'repo:acme/app:*',
  'repo:acme@1001/app@2002:ref:refs/heads/main', 'repo:*/app:*', '*/app', 'a*b?c', 'repo:evil/x:ref:refs/heads/main', JWR, 'acme/automation/*',
  '*:ref:refs/heads/main', 'x*x*x',
];
const CLAIM_VALUES = [...new Set([...VALUES, ...VALUES.map((v) => v.replaceAll('*', '')), ...VALUES.map((v) => v.replaceAll('*', 'evil')), 'a-b?c', 'axxbxc', 'x?x'])];
const KEYS = ['sub', 'repository', 'repository_id', 'repository_owner', 'ref', 'environment', 'job_workflow_ref', '/repository', '/ref', '/a/b', 'groups', 'aud', 'custom'];

const boundValue: fc.Arbitrary<unknown> = weighted(
  [6, pick(...VALUES)],
  [3, fc.array(pick(...VALUES), { minLength: 0, maxLength: 3 })],
  [1, pick<unknown>(2002, true, 'true', ['x', 2002], null)],
);

const anyRole: fc.Arbitrary<Json> = fc.record({
  role_type: weighted([8, fc.constant('jwt')], [1, fc.constant(undefined)], [1, fc.constant('oidc')], [1, fc.constant('JWT')]),
  bound_audiences: weighted<unknown>([6, fc.constant([AUD])], [1, fc.constant([])], [1, fc.constant(undefined)], [1, fc.constant(`other, ${AUD}`)], [1, fc.constant([AUD, ''])], [1, fc.constant([42])], [1, fc.constant('')]),
  bound_subject: weighted([3, fc.constant('')], [2, pick(...VALUES)], [1, fc.constant(undefined)]),
  bound_claims_type: weighted([4, fc.constant('string')], [4, fc.constant('glob')], [1, fc.constant(undefined)], [1, fc.constant('regex')]),
  bound_claims: weighted([1, fc.constant(undefined)], [6, fc.dictionary(pick(...KEYS), boundValue, { minKeys: 0, maxKeys: 3 })]),
  user_claim: weighted([3, fc.constant(undefined)], [3, pick('sub', 'actor', 'email', '/sub', '/a/b', 'repository')]),
  user_claim_json_pointer: fc.boolean(),
  groups_claim: weighted([6, fc.constant(undefined)], [1, pick('groups', '/a/b', '')]),
  claim_mappings: weighted([6, fc.constant(undefined)], [1, fc.constant({ actor: 'actor', run_number: 'run' })]),
}).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));

const claimValue: fc.Arbitrary<unknown> = weighted(
  [8, pick(...CLAIM_VALUES)],
  [2, fc.array(pick(...CLAIM_VALUES), { minLength: 0, maxLength: 3 })],
  [1, pick<unknown>(2002, 2002.7, true, null, { b: 'x' }, [2002])],
);
const audValue: fc.Arbitrary<unknown> = weighted([6, fc.constant(AUD)], [2, pick<unknown>('other', [AUD, 'x'], ['x'], [], '', [''], 5)]);

const anyClaims: fc.Arbitrary<Json> = fc.record({
  aud: weighted([8, audValue], [1, fc.constant(undefined)]),
  sub: weighted<unknown>([8, pick(...CLAIM_VALUES)], [1, fc.constant(undefined)], [1, fc.constant(5)]),
  rest: fc.dictionary(pick(...KEYS.filter((k) => !k.startsWith('/') && k !== 'aud' && k !== 'sub'), 'actor', 'email', 'a', 'run_number'), claimValue, { maxKeys: 6 }),
  nested: weighted([4, fc.constant(undefined)], [1, fc.record({ b: claimValue })]),
}).map(({ aud, sub, rest, nested }) => {
  const claims: Json = { ...rest };
  if (aud !== undefined) claims.aud = aud;
  if (sub !== undefined) claims.sub = sub;
  if (nested !== undefined) claims.a = nested;
  return claims;
});

describe('property a: a case outcome "deny" never holds where Vault lets the token in', () => {
  it('the generator gives claim sets Vault allows and claim sets it refuses', () => {
    const sample = fc.sample(fc.tuple(anyRole, anyClaims), { seed: SEED, numRuns: RUNS * 4 });
    const allowed = sample.filter(([r, c]) => referenceDecision(r, c) === 'allow').length;
    expect(allowed).toBeGreaterThan(RUNS / 20);
    expect(allowed).toBeLessThan(RUNS * 4 * 0.9);
  });

  it('every claim set the reference allows, the checker allows', async () => {
    await fc.assert(
      fc.asyncProperty(anyRole, fc.array(anyClaims, { minLength: 1, maxLength: 6 }), async (role, claimSets) => {
        const res = await lint({ vault_jwt_role: role, cases: claimSets.map((claims, i) => ({ name: `c${i}`, claims, expect: 'allow' })) });
        claimSets.forEach((claims, i) => {
          if (res.metadata.cases[i]?.outcome === 'deny' && referenceDecision(role, claims) === 'allow') {
            throw new Error(`the checker denies what Vault allows: ${JSON.stringify(claims)}`);
          }
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('and a claim set built to meet the role, field by field, too', async () => {
    // Claim sets drawn at random seldom meet every bound claim; these take a value each condition admits.
    await fc.assert(
      fc.asyncProperty(anyRole, fc.nat(), async (role, seed) => {
        const claims = meeting(role, seed);
        const res = await lint({ vault_jwt_role: role, cases: [{ name: 'meets', claims, expect: 'allow' }] });
        if (res.metadata.cases[0]?.outcome === 'deny' && referenceDecision(role, claims) === 'allow') {
          throw new Error(`the checker denies what Vault allows: ${JSON.stringify(claims)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/** A claim set that tries to meet each of the role's conditions: its own values, stars filled. */
function meeting(role: Json, seed: number): Json {
  const fill = (v: unknown): unknown => (typeof v === 'string' ? v.replaceAll('*', seed % 2 === 0 ? '' : 'zz') : v);
  const claims: Json = { sub: 'repo:acme/app:ref:refs/heads/main', actor: 'octocat' };
  const audiences = Array.isArray(role.bound_audiences) ? role.bound_audiences : typeof role.bound_audiences === 'string' ? role.bound_audiences.split(',').map((a) => a.trim()) : [];
  if (audiences.length > 0) claims.aud = audiences[seed % audiences.length];
  if (typeof role.bound_subject === 'string' && role.bound_subject !== '') claims.sub = role.bound_subject;
  for (const [key, value] of Object.entries((role.bound_claims ?? {}) as Json)) {
    const list = Array.isArray(value) ? value : [value];
    const chosen = fill(list[seed % Math.max(1, list.length)]);
    const name = key.startsWith('/') && !key.slice(1).includes('/') ? key.slice(1) : key;
    if (name === '/a/b') claims.a = { b: chosen };
    else claims[name] = chosen;
  }
  if (typeof role.user_claim === 'string' && !(role.user_claim in claims)) claims[role.user_claim.replace(/^\//, '')] = 'someone';
  return JSON.parse(JSON.stringify(claims)) as Json;
}

// =========================================================================================================
// b. valid is a promise: the stranger (owner evil, ID 888; repository evil/x, ID 999)

const STRANGER: Record<string, string> = {
  aud: 'https://github.com/evil', sub: 'repo:evil/x:ref:refs/heads/main', repository: 'evil/x', repository_id: '999',
  repository_owner: 'evil', repository_owner_id: '888', job_workflow_ref: 'evil/x/.github/workflows/w.yml@refs/heads/main',
  ref: 'refs/heads/main', ref_type: 'branch', environment: 'production', workflow: 'deploy', actor: 'evil', actor_id: '777', event_name: 'push',
};
const STAR_FILLS = ['', 'evil', 'x', '9', 'evil/x', 'repo:evil/x', 'evil/x:ref:refs/heads/main', 'evil/x/.github/workflows/w.yml@refs/heads/main'];

/** Concrete strings a glob matches, its stars filled with a stranger's strings (every combination for up to two stars). */
function fills(pattern: string): string[] {
  const pieces = pattern.split('*');
  let partial = [pieces[0] as string];
  if (pieces.length > 3) return [pattern, ...STAR_FILLS.map((f) => pieces.join(f))];
  for (const piece of pieces.slice(1)) partial = partial.flatMap((p) => STAR_FILLS.map((f) => `${p}${f}${piece}`));
  return [pattern, ...partial];
}

/** A subject only acme's own tokens can carry: its repository or owner by name, or its IDs. */
function acmeOnly(sub: string): boolean {
  return sub.includes('repo:acme/') || sub.includes('repo:acme@') || /repository_owner:acme(?::|$)/.test(sub) || /(?<![0-9])(?:1001|2002)(?![0-9])/.test(sub);
}

/** Whether GitHub could render the subject: each repo: part OWNER/NAME (each optionally @ID), and no ? or * in names. */
function renderable(sub: string): boolean {
  for (const m of sub.matchAll(/(?:^|:)repo:/g)) {
    if (!/^[A-Za-z0-9-]+(?:@[0-9]+)?\/[A-Za-z0-9._-]+(?:@[0-9]+)?(?::|$)/.test(sub.slice((m.index ?? 0) + m[0].length))) return false;
  }
  return !/(?:^|:)repository_owner:(?![A-Za-z0-9-]+(?::|$))/.test(sub);
}

const strangerRepository = (r: string): boolean => /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(r) && !r.toLowerCase().startsWith('acme/');
const strangerId = (id: string): boolean => /^[0-9]+$/.test(id) && id !== '1001' && id !== '2002';
const strangerOwner = (o: string): boolean => /^[A-Za-z0-9-]+$/.test(o) && o.toLowerCase() !== 'acme';

/** Every string value the role gives for a claim (bound_subject for sub, bound_audiences for aud). */
function roleValues(role: Json, claim: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries((role.bound_claims ?? {}) as Json)) {
    if (key === claim || key === `/${claim}`) out.push(...(Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string'));
  }
  if (claim === 'sub' && typeof role.bound_subject === 'string') out.push(role.bound_subject);
  if (claim === 'aud') out.push(...(Array.isArray(role.bound_audiences) ? role.bound_audiences.filter((a): a is string => typeof a === 'string') : []));
  return out;
}

/** The values a stranger can give each claim, defaults first. */
function choices(role: Json, claim: string): string[] {
  const derived = roleValues(role, claim).flatMap(fills);
  const all = [...new Set([STRANGER[claim] ?? 'evil', ...(claim === 'job_workflow_ref' ? [JWR] : []), ...derived])];
  switch (claim) {
    case 'sub': return [...new Set([...all, 'environment:production', 'repository_owner:evil', `job_workflow_ref:${JWR}`, 'repo:evil/x:pull_request', 'repo:evil@888/x@999:ref:refs/heads/main'])].filter((s) => !acmeOnly(s) && renderable(s));
    case 'repository': return all.filter(strangerRepository);
    case 'repository_id': case 'repository_owner_id': case 'actor_id': return all.filter(strangerId);
    case 'repository_owner': return all.filter(strangerOwner);
    default: return all;
  }
}

/** What a sub names about the other claims of the same token. */
function impliedBy(sub: string): Json {
  const repo = /(?:^|:)repo:([A-Za-z0-9-]+)(?:@[0-9]+)?\/([A-Za-z0-9._-]+)(?:@([0-9]+))?(?::|$)/.exec(sub);
  if (repo === null) return {};
  return { repository: `${repo[1]}/${repo[2]}`, repository_owner: repo[1], ...(repo[3] === undefined ? {} : { repository_id: repo[3] }) };
}

/** The claims of a stranger's token the role lets in, if any: each sub the stranger can have, then each other claim in turn. */
function strangerAdmitted(role: Json): Json | undefined {
  const bound = Object.keys((role.bound_claims ?? {}) as Json).map((k) => (k.startsWith('/') && !k.slice(1).includes('/') ? k.slice(1) : k));
  const claimsToChoose = [...new Set(['aud', ...bound, ...Object.keys(STRANGER)])].filter((c) => c !== 'sub');
  for (const sub of choices(role, 'sub')) {
    const implied = impliedBy(sub);
    const claims: Json = { ...STRANGER, sub, ...implied };
    for (const claim of claimsToChoose) {
      if (claim in implied) continue;
      const failing = (): boolean => refusals(role, claims).some((r) => r === `bound_claims/${claim}` || r === `bound_claims//${claim}` || (claim === 'aud' && r === 'bound_audiences'));
      for (const value of choices(role, claim)) {
        claims[claim] = value;
        if (!failing()) break;
      }
    }
    if (referenceDecision(role, claims) === 'allow') return claims;
  }
  return undefined;
}

const SUBS = [
  '', 'repo:acme/app:ref:refs/heads/main', 'repo:acme@1001/app@2002:ref:refs/heads/main', 'repo:acme/*', 'repo:acme/app:*', '*',
  'repo:*/app:ref:refs/heads/main', 'environment:production', `job_workflow_ref:${JWR}`, 'repository_owner:acme', 'repo:acme/ap?:ref:refs/heads/main',
  'repo:acme*', '*:ref:refs/heads/main', 'repo:acme/app:environment:prod*',
];
const BOUND_KEYS: Record<string, string[]> = {
  repository: ['acme/app', 'acme/*', 'acme/ap?', '*/app', 'acme*', 'acme/other'],
  repository_id: ['2002', '200*', '*'],
  repository_owner: ['acme', 'acm*'],
  repository_owner_id: ['1001'],
  ref: ['refs/heads/main', 'refs/heads/*'],
  environment: ['production', 'prod*'],
  job_workflow_ref: [JWR, 'acme/automation/*'],
  sub: SUBS.filter((s) => s !== ''),
  '/repository': ['acme/app', 'acme/*'],
};

const boundRole: fc.Arbitrary<Json> = fc.record({
  bound_audiences: weighted<unknown>([8, fc.constant([AUD])], [1, fc.constant([])]),
  bound_subject: pick(...SUBS),
  bound_claims_type: pick('string', 'glob'),
  bound_claims: fc.dictionary(pick(...Object.keys(BOUND_KEYS)), fc.constant(null), { maxKeys: 3 }).chain((keys) =>
    fc.tuple(...Object.keys(keys).map((k) => weighted<unknown>([3, pick(...(BOUND_KEYS[k] ?? []))], [1, fc.array(pick(...(BOUND_KEYS[k] ?? [])), { minLength: 1, maxLength: 2 })])))
      .map((values) => Object.fromEntries(Object.keys(keys).map((k, i) => [k, values[i]])))),
  user_claim: pick('sub', 'actor'),
}).map((r) => ({ role_type: 'jwt', ...r }));

describe('property b: a "valid" role never admits another owner', () => {
  it('the stranger finds the ways in, and none into a bound role', () => {
    const open: Json[] = [
      { bound_audiences: [AUD], user_claim: 'sub' },
      { bound_audiences: [AUD], bound_claims_type: 'glob', bound_claims: { repository: 'acme*' } },
      { bound_audiences: [AUD], bound_claims_type: 'glob', bound_claims: { sub: 'repo:*/app:*' } },
      { bound_audiences: [AUD], bound_subject: 'environment:production' },
      { bound_audiences: [AUD], bound_claims: { job_workflow_ref: JWR } },
      { bound_audiences: [AUD], bound_claims_type: 'glob', bound_claims: { repository_id: '*' } },
      // No bound audience: refused since Vault 1.17, let in before it; the version is not known.
      { bound_audiences: [], bound_claims_type: 'glob', bound_claims: { repository: '*' } },
    ];
    for (const r of open) expect(strangerAdmitted({ role_type: 'jwt', ...r }), JSON.stringify(r)).toBeDefined();
    const closed: Json[] = [
      { bound_audiences: [AUD], bound_subject: 'repo:acme/app:ref:refs/heads/main' },
      { bound_audiences: [AUD], bound_claims_type: 'glob', bound_claims: { repository: 'acme/*' } },
      { bound_audiences: [AUD], bound_claims_type: 'glob', bound_claims: { repository: 'acme/ap?' } },
      { bound_audiences: [AUD], bound_claims: { repository_id: '2002' } },
      { role_type: 'oidc', bound_audiences: [AUD] },
    ];
    for (const r of closed) expect(strangerAdmitted({ role_type: 'jwt', ...r }), JSON.stringify(r)).toBeUndefined();
  });

  it('the generator gives roles a stranger can enter and roles they cannot', () => {
    const sample = fc.sample(boundRole, { seed: SEED, numRuns: RUNS });
    const open = sample.filter((r) => strangerAdmitted(r) !== undefined).length;
    expect(open).toBeGreaterThan(RUNS / 10);
    expect(open).toBeLessThan(RUNS * 0.9);
  });

  it('every role the checker calls valid keeps every stranger out', async () => {
    await fc.assert(
      fc.asyncProperty(boundRole, async (role) => {
        const res = await lint({ vault_jwt_role: role });
        if (res.valid !== true) return;
        const claims = strangerAdmitted(role);
        if (claims !== undefined) {
          throw new Error(`valid, yet the reference admits a stranger: ${JSON.stringify(claims)} (findings: ${res.findings.map((f) => f.code).join(', ') || 'none'})`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
