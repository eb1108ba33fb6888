/**
 * Property tests of the trust-policy checker against the reference evaluator (reference-evaluator.ts), a
 * small, slow evaluator written from AWS's IAM documentation apart from the checker (issue 23, product
 * decisions §17: "the checker answers for the role that AWS runs").
 *
 * a. For generated documents and claim sets, a case outcome "deny" never holds where the reference allows.
 * b. A document the checker calls valid never lets in a claim set of another owner ("evil").
 *
 * The checker is used as a black box through lintTrustPolicy. Seeds are fixed so a run is reproducible;
 * set FC_SEED (and FC_RUNS) to explore further.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { lintTrustPolicy, type TrustPolicyResponse } from '../../src/engine/trust/lint.ts';
import { GITHUB_ISSUER_HOST, referenceDecision, STRING_OPERATORS, stringLike, usesUnknownConstructs } from './reference-evaluator.ts';

type Json = Record<string, unknown>;
type Claims = Record<string, string>;

const HOST = GITHUB_ISSUER_HOST;
const PROVIDER = `arn:aws:iam::123456789012:oidc-provider/${HOST}`;
const OTHER_PROVIDER = 'arn:aws:iam::123456789012:oidc-provider/accounts.google.com';
const ENTERPRISE_PROVIDER = `arn:aws:iam::123456789012:oidc-provider/${HOST}/acme`;
const ACCOUNT_ROOT = 'arn:aws:iam::123456789012:root';
const WEB_IDENTITY = 'sts:AssumeRoleWithWebIdentity';
const JWR = 'acme/automation/.github/workflows/deploy.yml@refs/heads/main';

const SEED = process.env.FC_SEED === undefined ? 23017 : Number(process.env.FC_SEED);
const RUNS = process.env.FC_RUNS === undefined ? 400 : Number(process.env.FC_RUNS);

const key = (claim: string): string => `${HOST}:${claim}`;

function policy(...statements: Json[]): Json {
  return { Version: '2012-10-17', Statement: statements };
}

function allow(condition?: Json, extra: Json = {}): Json {
  const s: Json = { Effect: 'Allow', Principal: { Federated: PROVIDER }, Action: WEB_IDENTITY, ...extra };
  if (condition !== undefined) s.Condition = condition;
  return s;
}

function deny(condition?: Json, extra: Json = {}): Json {
  return { ...allow(condition, extra), Effect: 'Deny' };
}

async function lint(request: Json): Promise<TrustPolicyResponse> {
  return lintTrustPolicy(structuredClone(request), createEngineContext());
}

/** Flip the letter case of the characters whose bit in `mask` is set (mask 0: unchanged). */
function recase(s: string, mask: number): string {
  if (mask === 0) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] ?? '';
    out += (mask >>> (i % 31)) & 1 ? (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) : ch;
  }
  return out;
}

const caseMask = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat() });

// =========================================================================================================
// The reference itself, by example (from AWS's documentation of condition operators and policy evaluation)

describe('reference evaluator', () => {
  const stranger = { aud: 'sts.amazonaws.com', sub: 'repo:evil/app:ref:refs/heads/main' };
  const acme = { aud: 'sts.amazonaws.com', sub: 'repo:acme/app:ref:refs/heads/main' };

  it('an explicit Deny that applies wins over any Allow', () => {
    const doc = policy(allow(), deny({ StringNotLike: { [key('sub')]: 'repo:acme/app:*' } }));
    expect(referenceDecision(doc, stranger)).toBe('deny');
    expect(referenceDecision(doc, acme)).toBe('allow');
    expect(referenceDecision(policy(deny(), allow()), acme)).toBe('deny');
    expect(referenceDecision(policy(deny({ StringEquals: { [key('sub')]: 'x' } }), allow()), acme)).toBe('allow');
  });

  it('with no Allow that applies, the answer is deny', () => {
    expect(referenceDecision(policy(), acme)).toBe('deny');
    expect(referenceDecision({ Statement: allow({ StringEquals: { [key('sub')]: 'repo:acme/other:ref:refs/heads/main' } }) }, acme)).toBe('deny');
  });

  it('negated operators hold when the value matches none of the values (NOR); positive ones when it matches any (OR)', () => {
    const notLike = policy(allow({ StringNotLike: { [key('sub')]: ['repo:evil/*', 'repo:acme/app:pull_request'] } }));
    expect(referenceDecision(notLike, acme)).toBe('allow');
    expect(referenceDecision(notLike, stranger)).toBe('deny');
    expect(referenceDecision(notLike, { sub: 'repo:acme/app:pull_request' })).toBe('deny');
    const like = policy(allow({ StringLike: { [key('sub')]: ['repo:evil/*', 'repo:acme/app:pull_request'] } }));
    expect(referenceDecision(like, stranger)).toBe('allow');
    expect(referenceDecision(like, acme)).toBe('deny');
    const notEquals = policy(allow({ StringNotEqualsIgnoreCase: { [key('sub')]: ['REPO:EVIL/APP:REF:REFS/HEADS/MAIN', 'x'] } }));
    expect(referenceDecision(notEquals, stranger)).toBe('deny');
    expect(referenceDecision(notEquals, acme)).toBe('allow');
  });

  it('a key absent from the token: positive false, negated true, IfExists true', () => {
    const env = key('environment');
    const none = { sub: 'repo:acme/app:ref:refs/heads/main' };
    expect(referenceDecision(policy(allow({ StringLike: { [env]: 'prod*' } })), none)).toBe('deny');
    expect(referenceDecision(policy(allow({ StringEquals: { [env]: 'production' } })), none)).toBe('deny');
    expect(referenceDecision(policy(allow({ StringNotLike: { [env]: 'prod*' } })), none)).toBe('allow');
    expect(referenceDecision(policy(allow({ StringNotEqualsIgnoreCase: { [env]: 'production' } })), none)).toBe('allow');
    expect(referenceDecision(policy(allow({ StringLikeIfExists: { [env]: 'prod*' } })), none)).toBe('allow');
    expect(referenceDecision(policy(allow({ StringLikeIfExists: { [env]: 'prod*' } })), { ...none, environment: 'dev' })).toBe('deny');
    expect(referenceDecision(policy(allow({ StringLikeIfExists: { [env]: 'prod*' } })), { ...none, environment: 'production' })).toBe('allow');
    expect(referenceDecision(policy(allow({ StringNotEqualsIfExists: { [env]: 'production' } })), { ...none, environment: 'production' })).toBe('deny');
  });

  it('ForAllValues holds for an absent key, ForAnyValue does not; present single values act as the plain operator', () => {
    const env = key('environment');
    const none = { sub: 'x' };
    expect(referenceDecision(policy(allow({ 'ForAllValues:StringEquals': { [env]: 'production' } })), none)).toBe('allow');
    expect(referenceDecision(policy(allow({ 'ForAnyValue:StringEquals': { [env]: 'production' } })), none)).toBe('deny');
    expect(referenceDecision(policy(allow({ 'ForAnyValue:StringNotEquals': { [env]: 'production' } })), none)).toBe('deny');
    expect(referenceDecision(policy(allow({ 'ForAllValues:StringNotLike': { [env]: 'prod*' } })), none)).toBe('allow');
    expect(referenceDecision(policy(allow({ 'ForAllValues:StringEquals': { [env]: 'production' } })), { environment: 'dev' })).toBe('deny');
    expect(referenceDecision(policy(allow({ 'ForAnyValue:StringLike': { [env]: 'prod*' } })), { environment: 'production' })).toBe('allow');
  });

  it('Null "true" holds when the key is absent, "false" when it is present', () => {
    const env = key('environment');
    expect(referenceDecision(policy(allow({ Null: { [env]: 'true' } })), {})).toBe('allow');
    expect(referenceDecision(policy(allow({ Null: { [env]: 'true' } })), { environment: 'production' })).toBe('deny');
    expect(referenceDecision(policy(allow({ Null: { [env]: 'false' } })), {})).toBe('deny');
    expect(referenceDecision(policy(allow({ Null: { [env]: 'false' } })), { environment: 'production' })).toBe('allow');
    expect(referenceDecision(policy(deny({ Null: { [env]: 'true' } }), allow()), {})).toBe('deny');
  });

  it('operators AND, keys AND; key names compare case-insensitively; keys of another host are absent', () => {
    const doc = policy(allow({ StringEquals: { [key('aud')]: 'sts.amazonaws.com', 'TOKEN.actions.githubusercontent.com:SUB': 'repo:acme/app:ref:refs/heads/main' }, StringLike: { [key('ref')]: 'refs/heads/*' } }));
    expect(referenceDecision(doc, { ...acme, ref: 'refs/heads/main' })).toBe('allow');
    expect(referenceDecision(doc, acme)).toBe('deny');
    expect(referenceDecision(doc, { ...acme, aud: 'x', ref: 'refs/heads/main' })).toBe('deny');
    expect(referenceDecision(policy(allow({ StringEquals: { 'accounts.google.com:sub': 'repo:acme/app:ref:refs/heads/main' } })), acme)).toBe('deny');
    expect(referenceDecision(policy(allow({ StringNotEquals: { [`${HOST}/acme:sub`]: 'x' } })), acme)).toBe('allow');
  });

  it('StringLike: * any run (none included), ? exactly one character, case-sensitive, all else literal', () => {
    expect(stringLike('repo:acme/app:*', 'repo:acme/app:')).toBe(true);
    expect(stringLike('repo:acme/*', 'repo:acme/app:ref:refs/heads/main')).toBe(true);
    expect(stringLike('refs/heads/ma?n', 'refs/heads/main')).toBe(true);
    expect(stringLike('refs/heads/ma?n', 'refs/heads/man')).toBe(false);
    expect(stringLike('repo:acme/app:*', 'REPO:ACME/APP:x')).toBe(false);
    expect(stringLike('a.b', 'axb')).toBe(false);
    expect(stringLike('a(b|c)+', 'a(b|c)+')).toBe(true);
    expect(stringLike('*', '')).toBe(true);
  });

  it('Principal, NotPrincipal, Action and NotAction decide whether a statement applies', () => {
    const open = (extra: Json) => policy({ Effect: 'Allow', ...extra });
    const act = { Action: WEB_IDENTITY };
    expect(referenceDecision(open({ Principal: '*', ...act }), acme)).toBe('allow');
    expect(referenceDecision(open({ Principal: { AWS: '*' }, ...act }), acme)).toBe('allow');
    expect(referenceDecision(open({ Principal: { Federated: '*' }, ...act }), acme)).toBe('allow');
    expect(referenceDecision(open({ Principal: { Federated: [OTHER_PROVIDER, PROVIDER] }, ...act }), acme)).toBe('allow');
    expect(referenceDecision(open({ Principal: { Federated: OTHER_PROVIDER }, ...act }), acme)).toBe('deny');
    expect(referenceDecision(open({ Principal: { Federated: ENTERPRISE_PROVIDER }, ...act }), acme)).toBe('deny');
    expect(referenceDecision(open({ Principal: { Federated: ENTERPRISE_PROVIDER }, ...act }), acme, `${HOST}/acme`)).toBe('allow');
    expect(referenceDecision(open({ Principal: { AWS: ACCOUNT_ROOT }, ...act }), acme)).toBe('deny');
    expect(referenceDecision(open({ NotPrincipal: { AWS: ACCOUNT_ROOT }, ...act }), acme)).toBe('allow');
    expect(referenceDecision(open({ NotPrincipal: { Federated: PROVIDER }, ...act }), acme)).toBe('deny');
    const fed = { Principal: { Federated: PROVIDER } };
    expect(referenceDecision(open({ ...fed, Action: 'STS:assumerolewith*' }), acme)).toBe('allow');
    expect(referenceDecision(open({ ...fed, Action: ['sts:AssumeRole', 'sts:TagSession'] }), acme)).toBe('deny');
    expect(referenceDecision(open({ ...fed, Action: 'sts:AssumeRoleWith?ebIdentity' }), acme)).toBe('allow');
    expect(referenceDecision(open({ ...fed, NotAction: 'sts:TagSession' }), acme)).toBe('allow');
    expect(referenceDecision(open({ ...fed, NotAction: 'sts:*' }), acme)).toBe('deny');
  });

  it('a condition on a claim AWS does not receive holds in an Allow and does not hold in a Deny (§17)', () => {
    const owner = key('repository_owner');
    expect(referenceDecision(policy(allow({ StringEquals: { [owner]: 'acme' } })), { repository_owner: 'evil' })).toBe('allow');
    expect(referenceDecision(policy(allow(), deny({ StringNotEquals: { [owner]: 'acme' } })), { repository_owner: 'evil' })).toBe('allow');
    expect(usesUnknownConstructs(policy(allow({ StringEquals: { [owner]: 'acme' } })))).toBe(true);
    expect(usesUnknownConstructs(policy(allow({ StringEquals: { [key('sub')]: 'acme' } })))).toBe(false);
  });
});

// =========================================================================================================
// a. Never unsafe on cases

/** Condition values: a small vocabulary, so that values match claims often. */
const CONDITION_VALUES = [
  'repo:acme/app:ref:refs/heads/main', 'repo:acme/*', 'repo:acme/app:*', '*', 'sts.amazonaws.com', 'repo:evil/app:pull_request',
  'acme/app', 'repo:acme/app:pull_request', 'REPO:ACME/APP:REF:REFS/HEADS/MAIN', 'repo:acme/app:ref:refs/heads/ma?n', 'refs/heads/main',
  'refs/heads/*', 'production', 'prod*', 'environment:production', '2002', JWR, 'acme/automation/*', 'evil/app', 'repo:*', 'Acme/App', '',
];

/** Claim values beyond those derived from the document. */
const CLAIM_VALUES = [
  'repo:acme/app:ref:refs/heads/main', 'repo:acme/app:pull_request', 'repo:evil/app:pull_request', 'repo:acme/other:ref:refs/heads/main',
  'Repo:Acme/App:Ref:Refs/Heads/Main', 'repo:acme/*', '*', 'sts.amazonaws.com', 'acme/app', 'evil/app', 'refs/heads/main',
  'refs/heads/main-evil', 'production', 'environment:production', '2002', '999', JWR, 'repo:acme/app:ref:refs/heads/maxn', '',
];

/** Claims AWS receives for GitHub, and a few it does not (used rarely). */
const RECEIVED = ['sub', 'aud', 'repository', 'repository_id', 'job_workflow_ref', 'ref', 'environment', 'actor', 'workflow', 'enterprise_id', 'amr', 'actor_id'];
const NOT_RECEIVED = ['repository_owner', 'repository_visibility', 'event_name'];

const conditionKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 60, arbitrary: fc.tuple(fc.constantFrom(...RECEIVED), caseMask).map(([c, m]) => recase(key(c), m)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NOT_RECEIVED), caseMask).map(([c, m]) => recase(key(c), m)) },
  { weight: 2, arbitrary: fc.constantFrom('accounts.google.com:sub', `${HOST}/acme:sub`, `${HOST}/acme:aud`) },
);

const stringOperator = fc.constantFrom(...STRING_OPERATORS);
const operatorName: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: stringOperator },
  { weight: 2, arbitrary: stringOperator.map((o) => `${o}IfExists`) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('ForAnyValue:', 'ForAllValues:'), stringOperator).map(([p, o]) => p + o) },
  { weight: 1, arbitrary: fc.constant('Null') },
);

const conditionValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CONDITION_VALUES) },
  { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...CONDITION_VALUES), { minLength: 1, maxLength: 3 }) },
);

const conditionEntry = fc.tuple(conditionKey, conditionValue, fc.constantFrom<string | boolean>('true', 'false', true, false));

/** A Condition block: operators with keys; duplicate operators merged, keys unique (case-insensitively) per operator. */
const conditionBlock: fc.Arbitrary<Json | undefined> = fc
  .array(fc.tuple(operatorName, fc.array(conditionEntry, { minLength: 1, maxLength: 3 })), { maxLength: 3 })
  .map((ops) => {
    if (ops.length === 0) return undefined;
    const out: Record<string, Record<string, unknown>> = {};
    for (const [op, entries] of ops) {
      const block = (out[op] ??= {});
      for (const [k, values, nullValue] of entries) {
        if (Object.keys(block).some((existing) => existing.toLowerCase() === k.toLowerCase())) continue;
        block[k] = op === 'Null' ? nullValue : values;
      }
    }
    return out;
  });

const principal: fc.Arbitrary<Json> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ Principal: { Federated: PROVIDER } }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom<Json>(
      { Principal: { Federated: [OTHER_PROVIDER, PROVIDER] } },
      { Principal: { Federated: '*' } },
      { Principal: '*' },
      { Principal: { AWS: '*' } },
      { Principal: { Federated: OTHER_PROVIDER } },
      { Principal: { Federated: ENTERPRISE_PROVIDER } },
      { Principal: { AWS: ACCOUNT_ROOT } },
      { NotPrincipal: { Federated: PROVIDER } },
      { NotPrincipal: { AWS: ACCOUNT_ROOT } },
      { NotPrincipal: { Federated: OTHER_PROVIDER } },
    ),
  },
);

const action: fc.Arbitrary<Json> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ Action: WEB_IDENTITY }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom<Json>(
      { Action: 'sts:*' },
      { Action: '*' },
      { Action: 'STS:assumerolewithwebidentity' },
      { Action: [WEB_IDENTITY, 'sts:TagSession'] },
      { Action: ['sts:AssumeRole', 'sts:TagSession'] },
      { Action: 'sts:AssumeRoleWith?ebIdentity' },
      { Action: 'sts:AssumeRole' },
      { NotAction: 'sts:TagSession' },
      { NotAction: 'sts:AssumeRole*' },
    ),
  },
);

const statement: fc.Arbitrary<Json> = fc
  .tuple(fc.oneof({ weight: 3, arbitrary: fc.constant('Allow') }, { weight: 1, arbitrary: fc.constant('Deny') }), principal, action, conditionBlock)
  .map(([effect, p, a, c]) => {
    const s: Json = { Effect: effect, ...p, ...a };
    if (c !== undefined) s.Condition = c;
    return s;
  });

const documentArb: fc.Arbitrary<Json> = fc
  .tuple(fc.array(statement, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([statements, single]) => ({ Version: '2012-10-17', Statement: single && statements.length === 1 ? statements[0] : statements }));

/** Every string a document's conditions compare with, and concrete strings its patterns match. */
function documentValues(doc: Json): string[] {
  const out = new Set<string>();
  const statements = Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement];
  for (const s of statements as Json[]) {
    for (const [op, block] of Object.entries((s.Condition ?? {}) as Record<string, Json>)) {
      if (op === 'Null') continue;
      for (const raw of Object.values(block)) {
        for (const v of Array.isArray(raw) ? raw : [raw]) {
          const value = String(v);
          out.add(value);
          out.add(value.replaceAll('*', '').replaceAll('?', 'x'));
          out.add(value.replaceAll('*', 'evil').replaceAll('?', 'e'));
          out.add(value.toLowerCase());
        }
      }
    }
  }
  return [...out];
}

const RECORD_CLAIMS = [...RECEIVED, ...NOT_RECEIVED];

function claimSetsFor(doc: Json): fc.Arbitrary<Claims[]> {
  const pool = documentValues(doc);
  const value = pool.length === 0
    ? fc.constantFrom(...CLAIM_VALUES)
    : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.constantFrom(...CLAIM_VALUES) });
  const claims = fc.record(Object.fromEntries(RECORD_CLAIMS.map((c) => [c, value])), { requiredKeys: [] }) as fc.Arbitrary<Claims>;
  return fc.array(claims, { minLength: 1, maxLength: 8 });
}

/**
 * The issuer the cases' tokens come from, named in the request: GitHub's, or GitHub Enterprise Cloud's
 * `<host>/acme`. For the latter the generated document is rewritten so that the two hosts trade places (its
 * own provider and keys name the enterprise host, the "other" ones github.com's).
 */
type World = 'github.com' | 'enterprise';
const ENTERPRISE_HOST = `${HOST}/acme`;
const hostOf = (world: World): string => (world === 'github.com' ? HOST : ENTERPRISE_HOST);

function swapHosts(doc: Json): Json {
  return JSON.parse(JSON.stringify(doc).replace(/githubusercontent\.com(\/acme)?/gi, (m, ent: string | undefined) => (ent ? m.slice(0, -ent.length) : `${m}/acme`))) as Json;
}

const documentWithClaims = fc
  .tuple(fc.oneof({ weight: 4, arbitrary: fc.constant<World>('github.com') }, { weight: 1, arbitrary: fc.constant<World>('enterprise') }), documentArb)
  .chain(([world, plain]) => {
    const doc = world === 'github.com' ? plain : swapHosts(plain);
    return claimSetsFor(doc).map((claimSets) => ({ world, doc, claimSets }));
  });

interface Comparison {
  claims: Claims;
  reference: 'allow' | 'deny';
  checker: string | undefined;
}

async function compare(world: World, doc: Json, claimSets: Claims[]): Promise<Comparison[]> {
  const host = hostOf(world);
  const res = await lint({ issuer: `https://${host}`, aws_trust_policy: doc, cases: claimSets.map((claims) => ({ claims, expect: 'deny' })) });
  if (res.metadata.cases.length !== claimSets.length) {
    throw new Error(`the checker answered ${res.metadata.cases.length} cases of ${claimSets.length}`);
  }
  return claimSets.map((claims, i) => ({ claims, reference: referenceDecision(doc, claims, host), checker: res.metadata.cases[i]?.outcome }));
}

describe('property a: the checker never says deny where AWS (the reference) allows', () => {
  it('the generator exercises both answers of the reference', () => {
    const sample = fc.sample(documentWithClaims, { seed: SEED, numRuns: RUNS });
    const all = sample.flatMap(({ world, doc, claimSets }) => claimSets.map((c) => referenceDecision(doc, c, hostOf(world))));
    const allowed = all.filter((d) => d === 'allow').length;
    expect(allowed / all.length).toBeGreaterThan(0.1);
    expect(allowed / all.length).toBeLessThan(0.9);
    const withDeny = sample.filter(({ doc }) => JSON.stringify(doc).includes('"Deny"')).length;
    expect(withDeny).toBeGreaterThan(RUNS / 10);
  });

  it('case outcome "deny" never holds where the reference allows', async () => {
    await fc.assert(
      fc.asyncProperty(documentWithClaims, async ({ world, doc, claimSets }) => {
        for (const c of await compare(world, doc, claimSets)) {
          if (c.reference === 'allow' && c.checker !== 'allow') {
            throw new Error(`checker says ${String(c.checker)}, reference allows: claims ${JSON.stringify(c.claims)}`);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('reports (does not fail on) the other direction: checker allows where the reference denies, for documents without unknown claims', async () => {
    const sample = fc.sample(documentWithClaims, { seed: SEED + 1, numRuns: RUNS });
    let cases = 0;
    const disagreements: { world: World; doc: Json; claims: Claims }[] = [];
    for (const { world, doc, claimSets } of sample) {
      if (usesUnknownConstructs(doc, hostOf(world))) continue;
      for (const c of await compare(world, doc, claimSets)) {
        cases++;
        if (c.reference === 'deny' && c.checker === 'allow') disagreements.push({ world, doc, claims: c.claims });
      }
    }
    disagreements.sort((x, y) => JSON.stringify(x).length - JSON.stringify(y).length);
    console.log(`[reference property a, other direction] checker allow / reference deny: ${disagreements.length} of ${cases} cases`);
    for (const d of disagreements.slice(0, 3)) console.log(JSON.stringify(d));
    expect(cases).toBeGreaterThan(0);
  });
});

// =========================================================================================================
// b. A "valid" verdict never admits another owner

const CONTEXTS = ['ref:refs/heads/main', 'ref:refs/tags/v1', 'environment:production', 'pull_request'];

/** Parts of a customised subject template (GitHub: include_claim_keys, rendered `key:value`, context as is). */
const TEMPLATE_PARTS = [
  'repo:acme/app', 'repository_owner:acme', 'repository_owner_id:1001', 'repository_id:2002', 'environment:production',
  'ref:refs/heads/main', 'ref_type:branch', `job_workflow_ref:${JWR}`, 'workflow:deploy', 'repository_visibility:private', ...CONTEXTS,
];

const subjectArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('acme', 'acme@1001'), fc.constantFrom('app', 'app@2002'), fc.constantFrom(...CONTEXTS)).map(([o, r, c]) => `repo:${o}/${r}:${c}`) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTEXTS).map((c) => `repo:acme@1001/app@2002:${c}`) },
  { weight: 3, arbitrary: fc.uniqueArray(fc.constantFrom(...TEMPLATE_PARTS), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(':')) },
  { weight: 1, arbitrary: fc.constant('*') },
);

/** Wildcards put into a pattern: inserted at, or replacing the character at, a position. */
const mutations = fc.array(fc.tuple(fc.nat(), fc.constantFrom('insert*', 'insert?', 'replace*', 'replace?')), { maxLength: 2 });

function mutate(pattern: string, edits: [number, string][]): string {
  let out = pattern;
  for (const [at, how] of edits) {
    const wildcard = how.endsWith('*') ? '*' : '?';
    if (how.startsWith('insert') || out.length === 0) {
      const i = at % (out.length + 1);
      out = out.slice(0, i) + wildcard + out.slice(i);
    } else {
      const i = at % out.length;
      out = out.slice(0, i) + wildcard + out.slice(i + 1);
    }
  }
  return out;
}

interface KeyCondition {
  operator: string;
  claim: string;
  values: string[];
}

function keyCondition(claim: string, patterns: fc.Arbitrary<string>, maxValues = 1): fc.Arbitrary<KeyCondition> {
  const values = fc.array(fc.tuple(patterns, mutations, caseMask), { minLength: 1, maxLength: maxValues });
  return fc.tuple(fc.constantFrom('StringEquals', 'StringLike', 'StringLike', 'StringEqualsIgnoreCase'), values).map(([operator, vs]) => ({
    operator,
    claim,
    values: vs.map(([p, edits, mask]) => {
      if (operator === 'StringLike') return mutate(p, edits);
      if (operator === 'StringEqualsIgnoreCase') return recase(p, mask);
      return p;
    }),
  }));
}

const optional = <T>(arb: fc.Arbitrary<T>, weightAbsent: number, weightPresent: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: weightAbsent, arbitrary: fc.constant(undefined) }, { weight: weightPresent, arbitrary: arb });

const boundStatement: fc.Arbitrary<Json> = fc
  .record({
    sub: optional(keyCondition('sub', subjectArb, 2), 1, 8),
    /** A second condition on sub (ANDed with the first; under ForAnyValue: when the operator is the same, which means the same for a single value). */
    sub2: optional(keyCondition('sub', subjectArb, 1), 6, 1),
    repository: optional(keyCondition('repository', fc.constantFrom('acme/app', 'acme/*')), 4, 1),
    repository_id: optional(keyCondition('repository_id', fc.constant('2002')), 4, 1),
    job_workflow_ref: optional(keyCondition('job_workflow_ref', fc.constantFrom(JWR, 'acme/automation/.github/workflows/*', 'acme/automation/.github/workflows/deploy.yml@*')), 3, 1),
    aud: optional(fc.constantFrom<KeyCondition>(
      { operator: 'StringEquals', claim: 'aud', values: ['sts.amazonaws.com'] },
      { operator: 'StringEquals', claim: 'aud', values: ['sts.amazonaws.com'] },
      { operator: 'StringLike', claim: 'aud', values: ['*'] },
    ), 1, 4),
    keyCase: caseMask,
    principal: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Json>({ Principal: { Federated: PROVIDER } }) },
      { weight: 1, arbitrary: fc.constantFrom<Json>({ Principal: '*' }, { Principal: { AWS: '*' } }, { Principal: { Federated: '*' } }, { Principal: { Federated: [OTHER_PROVIDER, PROVIDER] } }) },
    ),
  })
  .map(({ keyCase, principal, ...conditions }) => {
    const block: Record<string, Record<string, string | string[]>> = {};
    for (const c of Object.values(conditions)) {
      if (c === undefined) continue;
      const operator = block[c.operator]?.[recase(key(c.claim), keyCase)] === undefined ? c.operator : `ForAnyValue:${c.operator}`;
      (block[operator] ??= {})[recase(key(c.claim), keyCase)] = c.values.length === 1 ? (c.values[0] ?? '') : c.values;
    }
    return allow(Object.keys(block).length === 0 ? undefined : block, principal);
  });

/** A pinned statement for GitHub Enterprise Cloud's issuer, which a role may trust beside github.com's. */
const ENTERPRISE_STATEMENT = allow(
  { StringEquals: { [`${HOST}/acme:aud`]: 'sts.amazonaws.com', [`${HOST}/acme:sub`]: 'repo:acme@1001/app@2002:ref:refs/heads/main' } },
  { Principal: { Federated: ENTERPRISE_PROVIDER } },
);

const boundDocument: fc.Arbitrary<Json> = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.array(boundStatement, { minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.array(boundStatement, { minLength: 2, maxLength: 2 }) }),
    fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  )
  .map(([statements, enterprise]) => policy(...(enterprise ? [ENTERPRISE_STATEMENT, ...statements] : statements)));

// ---------------------------------------------------------------------------------------------------------
// The stranger: owner evil (ID 888), repository evil/x (ID 999), calling any public reusable workflow.

const STRANGER_DEFAULTS: Claims = {
  aud: 'sts.amazonaws.com',
  sub: 'repo:evil/x:ref:refs/heads/main',
  repository: 'evil/x',
  repository_id: '999',
  repository_owner: 'evil',
  repository_owner_id: '888',
  job_workflow_ref: 'evil/x/.github/workflows/w.yml@refs/heads/main',
  ref: 'refs/heads/main',
  ref_type: 'branch',
  environment: 'production',
  workflow: 'deploy',
  actor: 'evil',
  actor_id: '777',
  event_name: 'push',
};

/** The dimensions a stranger chooses; the other claims keep their default. */
const DIMENSIONS = ['aud', 'sub', 'repository', 'repository_id', 'job_workflow_ref'] as const;
type Dimension = (typeof DIMENSIONS)[number];

const STAR_FILLS = ['', 'evil', 'x', '9', 'evil/x', 'repo:evil/x', 'evil/x:ref:refs/heads/main', 'evil/x/.github/workflows/w.yml@refs/heads/main'];
const QUESTION_FILLS = ['e', 'x', '9', '/', ':', '-'];

/** Concrete strings a pattern matches, wildcards filled with a stranger's strings: every combination for up to two wildcards. */
function fills(pattern: string): string[] {
  const pieces = pattern.split(/([*?])/);
  const wildcards = pieces.filter((p) => p === '*' || p === '?').length;
  const out = new Set<string>([pattern]);
  const choices = (w: string): string[] => (w === '*' ? STAR_FILLS : QUESTION_FILLS);
  if (wildcards <= 2) {
    let partial = [''];
    for (const piece of pieces) {
      partial = piece === '*' || piece === '?' ? partial.flatMap((p) => choices(piece).map((f) => p + f)) : partial.map((p) => p + piece);
    }
    partial.forEach((p) => out.add(p));
  } else {
    for (const star of STAR_FILLS) for (const q of QUESTION_FILLS) out.add(pieces.map((p) => (p === '*' ? star : p === '?' ? q : p)).join(''));
  }
  return [...out];
}

const OWNER = '[A-Za-z0-9-]+(?:@[0-9]+)?';
const REPO_NAME = '[A-Za-z0-9._-]+(?:@[0-9]+)?';

/** Whether a subject could only come from acme: its repository or owner by name, or its IDs. */
function acmeOnly(sub: string): boolean {
  const s = sub.toLowerCase();
  return s.includes('repo:acme/') || s.includes('repo:acme@') || /repository_owner:acme(?::|$)/.test(s) || /(?<![0-9])(?:1001|2002)(?![0-9])/.test(s);
}

/**
 * Whether GitHub could render this subject: every `repo:` segment is OWNER/NAME (each optionally @ID), every
 * ID segment digits, every `repository_owner:` segment a login. (Branch names cannot hold `:`; other values may.)
 */
const SEGMENTS: [RegExp, RegExp][] = [
  ['repo', `${OWNER}/${REPO_NAME}`], ['repository_owner', '[A-Za-z0-9-]+'], ['repository_owner_id', '[0-9]+'], ['repository_id', '[0-9]+'],
].map(([name, value]) => [new RegExp(`(?:^|:)${name}:`, 'g'), new RegExp(`^${value}(?::|$)`)]);

function renderable(sub: string): boolean {
  for (const [segment, value] of SEGMENTS) {
    for (const m of sub.matchAll(segment)) {
      if (!value.test(sub.slice((m.index ?? 0) + m[0].length))) return false;
    }
  }
  return true;
}

const strangerRepository = (r: string): boolean => /^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(r) && !r.toLowerCase().startsWith('acme/');
const strangerId = (id: string): boolean => /^[0-9]+$/.test(id) && id !== '1001' && id !== '2002';

function statementsOf(doc: Json): Json[] {
  return (Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement]) as Json[];
}

/** Every value a document's conditions give for one claim (any operator). */
function patternsFor(doc: Json, claim: string): string[] {
  const out: string[] = [];
  for (const s of statementsOf(doc)) {
    for (const block of Object.values((s.Condition ?? {}) as Record<string, Json>)) {
      for (const [k, v] of Object.entries(block)) {
        if (k.toLowerCase() === key(claim)) out.push(...(Array.isArray(v) ? v.map(String) : [String(v)]));
      }
    }
  }
  return out;
}

/** The parts of a customised subject template, as the stranger's own repository renders them. */
const STRANGER_TEMPLATE_PARTS = [
  'repo:evil/x', 'repository_owner:evil', 'repository_owner_id:888', 'repository_id:999', 'environment:production', 'ref:refs/heads/main',
  'ref:refs/tags/v1', 'ref_type:branch', 'workflow:deploy', 'repository_visibility:private', 'repository_visibility:public', 'pull_request',
];
const STRANGER_CORE_PARTS = ['repo:evil/x', 'environment:production', 'ref:refs/heads/main', 'pull_request', 'repository_owner:evil', `job_workflow_ref:${JWR}`];

/** Every sequence of up to `max` distinct parts, in any order, joined as GitHub joins them. */
function templates(parts: readonly string[], max: number): string[] {
  let level: string[][] = [[]];
  const out: string[] = [];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((seq) => parts.filter((p) => !seq.includes(p)).map((p) => [...seq, p]));
    out.push(...level.map((seq) => seq.join(':')));
  }
  return out;
}

/** The values a stranger may choose for each dimension, defaults first. */
function strangerChoices(doc: Json): Record<Dimension, string[]> {
  const derived = (claim: string): string[] => patternsFor(doc, claim).flatMap(fills);
  const workflows = [...new Set([STRANGER_DEFAULTS.job_workflow_ref ?? '', JWR, ...derived('job_workflow_ref')])];
  const subs = [
    STRANGER_DEFAULTS.sub ?? '', 'repo:evil@888/x@999:ref:refs/heads/main', 'repo:evil@888/x@999:environment:production',
    ...templates(STRANGER_TEMPLATE_PARTS, 2),
    ...templates(STRANGER_CORE_PARTS, 3),
    ...workflows.flatMap((w) => [`job_workflow_ref:${w}`, `repo:evil/x:job_workflow_ref:${w}`, `job_workflow_ref:${w}:repo:evil/x`, `environment:production:job_workflow_ref:${w}`]),
    ...derived('sub'),
  ];
  return {
    aud: [...new Set([STRANGER_DEFAULTS.aud ?? '', ...derived('aud')])],
    sub: [...new Set(subs)].filter((s) => !acmeOnly(s) && renderable(s)),
    repository: [...new Set([STRANGER_DEFAULTS.repository ?? '', ...derived('repository')])].filter(strangerRepository),
    repository_id: [...new Set([STRANGER_DEFAULTS.repository_id ?? '', ...derived('repository_id')])].filter(strangerId),
    job_workflow_ref: workflows,
  };
}

/** What a subject fixes about the other claims of the same token. */
function impliedBy(sub: string): Partial<Record<Dimension, string>> {
  const implied: Partial<Record<Dimension, string>> = {};
  const repo = new RegExp(`(?:^|:)repo:(${OWNER})/(${REPO_NAME})(?::|$)`).exec(sub);
  if (repo) {
    const [owner = '', name = ''] = [repo[1], repo[2]];
    implied.repository = `${owner.split('@')[0]}/${name.split('@')[0]}`;
    const id = name.split('@')[1];
    if (id !== undefined) implied.repository_id = id;
  }
  const repositoryId = /(?:^|:)repository_id:([0-9]+)(?::|$)/.exec(sub);
  if (repositoryId?.[1] !== undefined) implied.repository_id = repositoryId[1];
  const workflow = /(?:^|:)job_workflow_ref:([^:]*)/.exec(sub);
  if (workflow?.[1] !== undefined) implied.job_workflow_ref = workflow[1];
  return implied;
}

/** The statement with only its conditions on one claim. */
function restrictedTo(statement: Json, claim: string): Json {
  const kept: Record<string, Json> = {};
  for (const [op, block] of Object.entries((statement.Condition ?? {}) as Record<string, Json>)) {
    const entries = Object.entries(block).filter(([k]) => k.toLowerCase() === key(claim));
    if (entries.length > 0) kept[op] = Object.fromEntries(entries);
  }
  return policy({ ...statement, Condition: kept });
}

/**
 * A stranger's claim set the reference lets in, or undefined. Conditions test one key each, so per statement
 * the stranger's choice for each dimension can be made on that dimension's conditions alone; the subject fixes
 * the repository, its ID and the called workflow where it names them. The claim set found is checked against
 * the whole document.
 */
function strangerAdmitted(doc: Json): Claims | undefined {
  const choices = strangerChoices(doc);
  for (const statement of statementsOf(doc)) {
    if (referenceDecision(policy({ ...statement, Condition: {} }), STRANGER_DEFAULTS) === 'deny') continue; // not for github.com's tokens
    const restricted = Object.fromEntries(DIMENSIONS.map((dim) => [dim, restrictedTo(statement, dim)])) as Record<Dimension, Json>;
    const memo = new Map<string, boolean>();
    const passes = (dim: Dimension, value: string): boolean => {
      const memoKey = `${dim}\u0000${value}`;
      let result = memo.get(memoKey);
      if (result === undefined) {
        result = referenceDecision(restricted[dim], { ...STRANGER_DEFAULTS, [dim]: value }) === 'allow';
        memo.set(memoKey, result);
      }
      return result;
    };
    const free = Object.fromEntries(DIMENSIONS.map((dim) => [dim, choices[dim].find((v) => passes(dim, v))])) as Record<Dimension, string | undefined>;
    if (free.aud === undefined || free.sub === undefined) continue;
    for (const sub of choices.sub) {
      if (!passes('sub', sub)) continue;
      const implied = impliedBy(sub);
      const claims: Claims = { ...STRANGER_DEFAULTS, sub };
      let ok = true;
      for (const dim of DIMENSIONS) {
        if (dim === 'sub') continue;
        const value = implied[dim] ?? free[dim];
        if (value === undefined || !passes(dim, value)) {
          ok = false;
          break;
        }
        claims[dim] = value;
      }
      if (ok && referenceDecision(doc, claims) === 'allow') return claims;
    }
  }
  return undefined;
}

describe('property b: a "valid" document never admits another owner', () => {
  it('the stranger finds the ways in that §17 names, and none into a bound role', () => {
    const aud = { [key('aud')]: 'sts.amazonaws.com' };
    const open = [
      { StringEquals: { ...aud, [key('sub')]: 'environment:production' } },
      { StringEquals: { ...aud, [key('sub')]: `job_workflow_ref:${JWR}` } },
      { StringLike: { ...aud, [key('sub')]: 'repo:acme*/app:ref:refs/heads/main' } },
      { StringLike: { ...aud, [key('sub')]: 'repo:*/app:ref:refs/heads/main' } },
      { StringEquals: { ...aud, [key('job_workflow_ref')]: JWR } },
      { StringEquals: aud, StringLike: { [key('repository')]: 'a?me/app' } },
      { StringEquals: aud, StringLike: { [key('repository_id')]: '200*' } },
      { StringEquals: aud, StringLike: { [key('sub')]: '*', [key('job_workflow_ref')]: 'acme/automation/*' } },
    ];
    for (const condition of open) expect(strangerAdmitted(policy(allow(condition))), JSON.stringify(condition)).toBeDefined();
    const bound = [
      { StringEquals: { ...aud, [key('sub')]: 'repo:acme/app:ref:refs/heads/main' } },
      { StringLike: { ...aud, [key('sub')]: 'repo:acme/*' } },
      { StringLike: { ...aud, [key('sub')]: 'repo:acme@1001/*' } },
      { StringEquals: { ...aud, [key('sub')]: 'repository_owner:acme:environment:production' } },
      { StringEquals: { ...aud, [key('sub')]: 'environment:production', [key('repository')]: 'acme/app' } },
      { StringEquals: { ...aud, [key('repository_id')]: '2002' } },
      { StringLike: { [key('sub')]: 'repo:acme?app:ref:refs/heads/main' } },
      { StringLike: { [key('repository')]: 'acme?app' } },
      { StringEquals: { [key('sub')]: 'repo:evil/x:ref:refs/heads/main', [key('repository')]: 'acme/app' } },
      { StringEquals: aud, StringLike: { [key('sub')]: 'repo:acme/app:*', [key('job_workflow_ref')]: '*' } },
    ];
    for (const condition of bound) expect(strangerAdmitted(policy(allow(condition))), JSON.stringify(condition)).toBeUndefined();
  });

  it('the generator gives documents a stranger can enter and documents they cannot', () => {
    const sample = fc.sample(boundDocument, { seed: SEED, numRuns: RUNS });
    const open = sample.filter((doc) => strangerAdmitted(doc) !== undefined).length;
    expect(open).toBeGreaterThan(RUNS / 10);
    expect(open).toBeLessThan(RUNS * 0.9);
  });

  it('every document the checker calls valid keeps every stranger out', async () => {
    await fc.assert(
      fc.asyncProperty(boundDocument, async (doc) => {
        const res = await lint({ aws_trust_policy: doc });
        if (res.valid !== true) return;
        const claims = strangerAdmitted(doc);
        if (claims !== undefined) {
          throw new Error(`valid, yet the reference admits a stranger: ${JSON.stringify(claims)} (findings: ${res.findings.map((f) => f.code).join(', ') || 'none'})`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
