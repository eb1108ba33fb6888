/**
 * The work a trust-policy request needs, counted before any of it is done, so that a request whose
 * evaluation would exceed MATCH_WORK_BUDGET is refused up front (422 naming what to shrink) rather than
 * holding a worker. The count is an upper bound in the units of matchCost: one step over one character.
 */
import type { RequestProblem } from '../errors.ts';
import { MATCH_WORK_BUDGET } from '../schema/limits.ts';
import { githubGrammar } from './issuers/github.ts';
import type { IssuerGrammar } from './issuers/grammar.ts';
import { instance } from './runs.ts';
import { claimValue, type Condition, type Door, type MatchCondition } from './conditions.ts';
import type { TrustCase } from './cases.ts';
import { matchCost, type StringLikePattern } from './string-like.ts';

/** Room for the longest context a breadth probe appends to a sub value (`:environment:any-environment`). */
const PROBE_EXTRA = 64;
/** Probes of one sub value: one per kind of run, and one instance of its wildcard. */
const PROBES_PER_VALUE = 5;
/** Kinds of run probed for a repository, at the most (GitHub's branch, tag, environment, pull request). */
const RUN_KINDS = 4;

/**
 * The refusal, when the request needs more than the budget; `at` is the document's member. Each reading
 * is the doors for one issuer, with its subject grammar (GitHub's probes, the most, count for an issuer
 * whose grammar is not known).
 */
export function workRefusal(readings: readonly { doors: readonly Door[]; grammar: IssuerGrammar | undefined }[], cases: readonly TrustCase[], at: string): RequestProblem | undefined {
  const doors = readings.flatMap((r) => r.doors);
  const caseWork = cases.reduce((sum, c) => sum + doors.reduce((s, door) => s + doorWork(door.conditions, (claim) => claimLength(c.claims, claim)), 0), 0);
  const breadthWork = readings.reduce((sum, r) => sum + breadth(r.doors, r.grammar ?? githubGrammar), 0);
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
 * What judging each Allow statement costs. Every probe (a run of a repository its sub values bind, or
 * an instance of a value) is matched against the statement's sub conditions: a pattern whose literal
 * start does not begin the probe fails within that many characters, and only the rest cost a whole
 * match. The probes are sorted, so which patterns can fit which probes is counted by binary search
 * rather than by trying each pair. Conditions on the run's other claims, each literal value checked
 * against the other conditions on its claim, and the audience probes are counted in full.
 */
function breadth(doors: readonly Door[], grammar: IssuerGrammar): number {
  const denyConditions = doors.filter((d) => d.effect === 'Deny' && d.conditions.length === 1).flatMap((d) => d.conditions);
  let work = 0;
  for (const door of doors) {
    if (door.effect !== 'Allow') continue;
    const conditions = [...door.conditions, ...denyConditions];
    const longest = Math.max(0, ...conditions.flatMap((c) => (c.kind === 'match' ? c.values.map((v) => v.length) : [])));
    const onRun = conditions.filter((c) => grammar.runClaims.has(c.claim));
    const onSub = onRun.filter((c): c is MatchCondition => c.kind === 'match' && c.claim === 'sub');
    const probes = probesOf(onSub, grammar);
    const length = (): number => longest + PROBE_EXTRA;
    work += probes.length * doorWork(onRun.filter((c) => c.claim !== 'sub'), length);
    work += subWork(onSub, probes, longest + PROBE_EXTRA);
    // Each value against its own probes, and the probes of a repository bound by a key.
    work += (PROBES_PER_VALUE + RUN_KINDS) * doorWork(onSub, length);
    for (const on of byClaim(conditions).values()) {
      const literals = on.reduce((s, c) => s + (c.kind === 'match' && c.match === 'StringEquals' ? c.values.length : 0), 0);
      if (literals > 0) work += literals * doorWork(on, () => longest);
    }
    work += doorWork(conditions.filter((c) => c.claim === 'aud'), () => 40) * 3;
  }
  return work;
}

function byClaim(conditions: readonly Condition[]): Map<string, Condition[]> {
  const groups = new Map<string, Condition[]>();
  for (const c of conditions) {
    const group = groups.get(c.claim);
    if (group === undefined) groups.set(c.claim, [c]);
    else group.push(c);
  }
  return groups;
}

/** The sub subjects the run checks probe for these conditions, sorted: each repository's runs, and an instance of each value. */
function probesOf(onSub: readonly MatchCondition[], grammar: IssuerGrammar): string[] {
  const probes = new Set<string>();
  for (const c of onSub) {
    for (const value of c.values) {
      const binding = grammar.subjectBinding(value, c.match === 'StringLike');
      if (binding.level === 'repository') {
        for (const run of grammar.runs) probes.add(grammar.join(binding.prefix, run.context));
        probes.add(grammar.join(binding.prefix, instance(binding.context)));
      }
      probes.add(instance(value));
    }
  }
  return [...probes].sort();
}

/** Matching every probe against every sub value: the literal start of each, and a whole match where it fits. */
function subWork(onSub: readonly MatchCondition[], sortedProbes: readonly string[], probeLength: number): number {
  let work = 0;
  for (const c of onSub) {
    c.values.forEach((value, i) => {
      const like = c.match === 'StringLike';
      // The start every subject it matches begins with (IgnoreCase folds case first: any start).
      const start = c.match === 'StringEqualsIgnoreCase' ? '' : like ? value.slice(0, firstWildcard(value)) : value;
      const fitting = countStartingWith(sortedProbes, start);
      const whole = like ? matchCost(probeLength, c.patterns[i] as StringLikePattern) : probeLength + value.length;
      work += fitting * whole + (sortedProbes.length - fitting) * (start.length + 1);
    });
  }
  return work;
}

function firstWildcard(value: string): number {
  const found = [value.indexOf('*'), value.indexOf('?')].filter((i) => i >= 0);
  return found.length === 0 ? value.length : Math.min(...found);
}

/** How many of the sorted strings begin with `start`: they are contiguous from its lower bound. */
function countStartingWith(sorted: readonly string[], start: string): number {
  if (start === '') return sorted.length;
  const first = bisect(sorted, (i) => (sorted[i] as string) < start, 0);
  const end = bisect(sorted, (i) => (sorted[i] as string).startsWith(start), first);
  return end - first;
}

/** The first index from `lo` where `before` stops holding (it holds on a prefix of the range). */
function bisect(sorted: readonly string[], before: (index: number) => boolean, lo: number): number {
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The characters a claim puts before the matcher: a string's length, a list's members' together. */
function claimLength(claims: Readonly<Record<string, unknown>>, claim: string): number {
  const value = claimValue(claims, claim);
  const members = Array.isArray(value) ? value : [value];
  return members.reduce((s: number, m) => s + (typeof m === 'string' ? m.length : 24), 0) + Object.keys(claims).length;
}
