/**
 * The work a trust-policy request needs, counted before any of it is done, so that a request whose
 * evaluation would exceed MATCH_WORK_BUDGET is refused up front (422 naming what to shrink) rather than
 * holding a worker. The count is an upper bound in the units of matchCost: one step over one character.
 */
import type { RequestProblem } from '../errors.ts';
import { MATCH_WORK_BUDGET } from '../schema/limits.ts';
import { claimValue, type Condition, type Door } from './conditions.ts';
import type { TrustCase } from './cases.ts';
import { matchCost } from './string-like.ts';
import { hasWildcard, subjectBinding } from './subject.ts';

/** Room for the longest context a breadth probe appends to a sub value (`:environment:any-environment`). */
const PROBE_EXTRA = 64;
/** Probes of one sub value: one per kind of run, and one instance of its wildcard. */
const PROBES_PER_VALUE = 5;
/** Kinds of run probed for a repository: branch, tag, environment, pull request. */
const RUN_KINDS = 4;
/** The claims a probe of a repository's runs is judged on (see breadth.ts). */
const RUN_CLAIMS = new Set(['sub', 'ref', 'environment']);

/** The refusal, when the request needs more than the budget; `at` is the document's member. */
export function workRefusal(doors: readonly Door[], cases: readonly TrustCase[], at: string): RequestProblem | undefined {
  const caseWork = cases.reduce((sum, c) => sum + doors.reduce((s, door) => s + doorWork(door.conditions, (claim) => claimLength(c.claims, claim)), 0), 0);
  const breadthWork = breadth(doors);
  const total = caseWork + breadthWork + doors.length * cases.length;
  if (total <= MATCH_WORK_BUDGET) return undefined;
  const units = `${Math.ceil(total / 1e6)} million units of matching work, where at most ${MATCH_WORK_BUDGET / 1e6} million are done for one request`;
  return caseWork >= breadthWork
    ? { pointer: '/cases', message: `The cases need ${units}: every case's claims are matched against every condition. Send fewer cases, shorter claim values, or fewer and shorter condition values (a pattern's ? costs the most).` }
    : { pointer: at, message: `Judging the conditions needs ${units}: each sub value is tried against every other condition of its statement. Use fewer and shorter condition values (a pattern's ? costs the most).` };
}

function doorWork(conditions: readonly Condition[], length: (claim: string) => number): number {
  let work = 0;
  for (const c of conditions) {
    if (c.kind !== 'match') {
      work += 1;
      continue;
    }
    const n = length(c.claim);
    work += c.match === 'StringLike' ? c.patterns.reduce((s, p) => s + matchCost(n, p), 0) : c.values.reduce((s, v) => s + n + v.length, 0);
  }
  return work;
}

/**
 * What judging each Allow statement costs: every sub value probed, a few runs each, against the
 * statement's conditions on the run's claims (and the one-condition Deny statements); and each literal
 * value checked against the other conditions on its claim.
 */
function breadth(doors: readonly Door[]): number {
  const denyConditions = doors.filter((d) => d.effect === 'Deny' && d.conditions.length === 1).flatMap((d) => d.conditions);
  let work = 0;
  for (const door of doors) {
    if (door.effect !== 'Allow') continue;
    const conditions = [...door.conditions, ...denyConditions];
    const longest = Math.max(0, ...conditions.flatMap((c) => (c.kind === 'match' ? c.values.map((v) => v.length) : [])));
    const onRun = conditions.filter((c) => RUN_CLAIMS.has(c.claim));
    work += distinctProbes(onRun) * doorWork(onRun, () => longest + PROBE_EXTRA);
    // Each value is also matched against each of its own probes.
    work += PROBES_PER_VALUE * doorWork(onRun, () => longest + PROBE_EXTRA);
    for (const claim of new Set(conditions.map((c) => c.claim))) {
      const on = conditions.filter((c) => c.claim === claim);
      const literals = on.reduce((s, c) => s + (c.kind === 'match' && c.match === 'StringEquals' ? c.values.length : 0), 0);
      if (literals > 0) work += literals * doorWork(on, () => longest);
    }
    work += doorWork(conditions.filter((c) => c.claim === 'aud'), () => 40) * 3;
  }
  return work;
}

/**
 * The runs judged against a statement's conditions: one per kind of run for each repository its sub
 * values bind (values of one repository share them), and one instance of each wildcard value.
 */
function distinctProbes(onRun: readonly Condition[]): number {
  const prefixes = new Set<string>();
  let wildcards = 0;
  for (const c of onRun) {
    if (c.kind !== 'match' || c.claim !== 'sub') continue;
    c.values.forEach((value) => {
      const binding = subjectBinding(value, c.match === 'StringLike');
      prefixes.add(binding.level === 'repository' ? binding.prefix : value);
      if (c.match === 'StringLike' && hasWildcard(value)) wildcards++;
    });
  }
  return (prefixes.size + 1) * RUN_KINDS + wildcards;
}

/** The characters a claim puts before the matcher: a string's length, a list's members' together. */
function claimLength(claims: Readonly<Record<string, unknown>>, claim: string): number {
  const value = claimValue(claims, claim);
  const members = Array.isArray(value) ? value : [value];
  return members.reduce((s: number, m) => s + (typeof m === 'string' ? m.length : 24), 0) + Object.keys(claims).length;
}
