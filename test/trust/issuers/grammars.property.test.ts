/**
 * The §17 property for every issuer grammar: a sub pattern the checker does not call unbounded matches
 * the subjects of one repository (project, pipeline, workspace) of one owner at the most. Patterns are
 * real subjects with spans cut out for `*` and characters swapped for `?`; what they match is decided
 * by the reference StringLike matcher (reference-evaluator.ts), over a population of real-shaped
 * subjects of other owners and repositories, look-alike names included. Fixed seed; FC_SEED and FC_RUNS
 * explore further.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../../src/engine/context.ts';
import { lintTrustPolicy } from '../../../src/engine/trust/lint.ts';
import { stringLike } from '../reference-evaluator.ts';

const SEED = process.env.FC_SEED === undefined ? 27027 : Number(process.env.FC_SEED);
const RUNS = process.env.FC_RUNS === undefined ? 300 : Number(process.env.FC_RUNS);

interface Subject {
  readonly sub: string;
  /** The owner and repository the subject belongs to. */
  readonly scope: string;
}

interface GrammarCase {
  readonly issuer: string;
  /** The subjects the pattern is grown from (one repository of acme). */
  readonly seeds: readonly string[];
  readonly population: readonly Subject[];
}

const OWNERS = ['acme', 'acme-evil', 'evil', 'ac', 'acmeacme'];
const REPOS = ['app', 'app-evil', 'other', 'ap'];

function cross<T>(f: (owner: string, repo: string) => T[]): T[] {
  return OWNERS.flatMap((o) => REPOS.flatMap((r) => f(o, r)));
}

const CASES: Record<string, GrammarCase> = {
  gitlab: {
    issuer: 'https://gitlab.com',
    seeds: ['project_path:acme/app:ref_type:branch:ref:main', 'project_path:acme/app:ref_type:tag:ref:v1'],
    population: cross((o, r) => ['branch:ref:main', 'branch:ref:main-evil', 'tag:ref:v1'].flatMap((ctx) => [
      { sub: `project_path:${o}/${r}:ref_type:${ctx}`, scope: `${o}/${r}` },
      { sub: `project_path:${o}/sub/${r}:ref_type:${ctx}`, scope: `${o}/sub/${r}` },
    ])),
  },
  buildkite: {
    issuer: 'https://agent.buildkite.com',
    seeds: ['organization:acme:pipeline:app:ref:refs/heads/main:commit:0a1b:step:deploy'],
    population: cross((o, r) => ['refs/heads/main', 'refs/heads/main-evil', 'refs/tags/v1'].map((ref) => ({
      sub: `organization:${o}:pipeline:${r}:ref:${ref}:commit:0a1b:step:deploy`, scope: `${o}/${r}`,
    }))),
  },
  'hcp terraform': {
    issuer: 'https://app.terraform.io',
    seeds: ['organization:acme:project:core:workspace:app:run_phase:apply'],
    population: cross((o, r) => ['plan', 'apply'].flatMap((phase) => ['core', 'Default Project'].map((project) => ({
      sub: `organization:${o}:project:${project}:workspace:${r}:run_phase:${phase}`, scope: `${o}/${r}`,
    })))),
  },
  circleci: {
    issuer: 'https://oidc.circleci.com/org/acme',
    seeds: ['org/acme/project/app/user/u1'],
    // The issuer is the organisation's: its tokens are all of org acme.
    population: REPOS.flatMap((r) => ['u1', 'u2'].map((u) => ({ sub: `org/acme/project/${r}/user/${u}`, scope: `acme/${r}` }))),
  },
};

/** A seed with up to three edits: a span replaced by `*`, or one character by `?`. */
function patternArb(seeds: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.record({ star: fc.boolean(), at: fc.nat(), length: fc.nat({ max: 12 }) });
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 1, maxLength: 3 })).map(([seed, edits]) => {
    let p = seed;
    for (const e of edits) {
      const at = e.at % (p.length + 1);
      p = e.star ? `${p.slice(0, at)}*${p.slice(at + e.length)}` : `${p.slice(0, at)}?${p.slice(at + 1)}`;
    }
    return p;
  });
}

describe('issuer grammars: a pattern not called unbounded admits one repository at the most', () => {
  for (const [name, grammar] of Object.entries(CASES)) {
    it(name, async () => {
      await fc.assert(fc.asyncProperty(patternArb(grammar.seeds), async (sub) => {
        const response = await lintTrustPolicy({ issuer: grammar.issuer, audiences: ['sts.amazonaws.com'], claim_patterns: { sub } }, createEngineContext());
        if (response.findings.some((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED')) return;
        const scopes = new Set(grammar.population.filter((s) => stringLike(sub, s.sub)).map((s) => s.scope));
        expect([...scopes].length, `${sub} admits ${[...scopes].join(', ')}`).toBeLessThanOrEqual(1);
      }), { seed: SEED, numRuns: RUNS });
    });
  }
});
