import { finding } from '../findings.ts';
import type { Finding } from '../types.ts';
import { operatorName, type Condition, type Door } from './conditions.ts';
import { TRUST_FINDINGS as F } from './findings.ts';
import { pullRequestSubject, subjectShape, type SubjectShape } from './subject.ts';

/** One value of a sub condition and what it admits. */
interface SubjectValue {
  readonly condition: Condition;
  readonly index: number;
  readonly shape: SubjectShape;
}

/** A value is too broad in one way (TRUST_SUBJECT_UNBOUNDED, TRUST_ANY_REF, …). */
type Breadth = (value: SubjectValue) => boolean;

/**
 * The findings about what each door admits: its audience, and the breadth of its subject. All the
 * conditions of a door must hold, so a door with two conditions on sub admits no more than the
 * narrower one: a breadth finding is reported only when every sub condition of the door is broad
 * that way, and then for each broad value. For the breadths about one repository's runs (every run,
 * pull requests) a value counts when the door's other sub conditions let those same runs through:
 * repo:acme/* beside repo:acme/app:* still admits every run of acme/app.
 */
export function checkDoors(doors: readonly Door[], missingSubField: (door: Door) => string, missingAudField: (door: Door) => string): Finding[] {
  const findings: Finding[] = [];
  for (const door of doors) {
    if (!door.conditions.some((c) => c.claim.toLowerCase() === 'aud')) {
      findings.push(finding(F.TRUST_AUDIENCE_MISSING, 'No condition on aud: a token the workflow requested for any other audience is accepted too.', { field: missingAudField(door) }));
    }
    const subs = door.conditions.filter((c) => c.claim.toLowerCase() === 'sub');
    if (subs.length === 0) {
      findings.push(finding(F.TRUST_SUBJECT_UNBOUNDED, 'No condition on sub: a workflow of any repository can use a token this role accepts.', { field: missingSubField(door) }));
      continue;
    }
    const values = subs.map((condition) => condition.values.map((_, index) => ({
      condition, index, shape: subjectShape(condition.values[index] as string, condition.operator === 'StringLike'),
    })));
    // Every sub condition holds for each of these subjects: the door lets all of them in.
    const doorAdmits = (subjects: readonly string[]): boolean =>
      subs.every((c) => subjects.every((subject) => c.matchers.some((m) => m(subject))));
    const report = (broad: Breadth, make: (value: SubjectValue) => Finding, admitted?: (value: SubjectValue) => readonly string[]): void => {
      // A value's breadth matters when the door's other sub conditions let the same subjects through:
      // those `admitted` lists when the breadth is about one repository's runs, else every condition must be broad.
      if (admitted === undefined && !values.every((ofCondition) => ofCondition.some(broad))) return;
      const counts = (value: SubjectValue): boolean => admitted === undefined || doorAdmits(admitted(value));
      for (const value of values.flat()) if (broad(value) && counts(value)) findings.push(make(value));
    };
    const runsOf = (v: SubjectValue): readonly string[] => contextProbes((v.shape as { repository: string }).repository);
    const pullRequestOf = (v: SubjectValue): readonly string[] => [pullRequestSubject((v.shape as { repository: string }).repository)];
    report(unbounded, (v) => finding(F.TRUST_SUBJECT_UNBOUNDED,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" has a wildcard in the owner or repository part, so workflows of other repositories match it.`,
      evidence(v)));
    report(anyRef, (v) => finding(F.TRUST_ANY_REF,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" admits every branch, tag, environment and pull request of the repository.`,
      evidence(v)), runsOf);
    report(pullRequest, (v) => finding(F.TRUST_PULL_REQUEST_ALLOWED,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" admits pull_request runs (${pullRequestSubject((v.shape as { repository: string }).repository)}).`,
      evidence(v)), pullRequestOf);
    report(mutable, (v) => finding(F.TRUST_SUBJECT_MUTABLE,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" names the owner and repository without their immutable IDs (repo:OWNER@ID/REPO@ID:…).`,
      evidence(v)));
  }
  return dedupe(findings);
}

const unbounded: Breadth = (v) => v.shape.kind === 'unbounded';

/**
 * Admits every kind of run of the repository: its context starts with a wildcard, or the value matches a
 * branch, a tag, an environment and a pull request alike (repo:acme/app:?*, repo:acme/app:*e*).
 */
const anyRef: Breadth = (v) => v.shape.kind === 'repository' && v.condition.operator === 'StringLike' &&
  (v.shape.context.startsWith('*') || everyContext(v.condition.matchers[v.index] as (s: string) => boolean, v.shape.repository));

/** One subject of each kind GitHub issues (its documented forms), with names nobody would pin. */
const CONTEXT_PROBES = ['ref:refs/heads/any-branch', 'ref:refs/tags/any-tag', 'environment:any-environment', 'pull_request'];

function contextProbes(repository: string): string[] {
  return CONTEXT_PROBES.map((context) => `repo:${repository}:${context}`);
}

function everyContext(matches: (s: string) => boolean, repository: string): boolean {
  return contextProbes(repository).every(matches);
}

/** Admits the pull_request subject, unless TRUST_ANY_REF already says so (it admits everything). */
const pullRequest: Breadth = (v) => v.shape.kind === 'repository' && !anyRef(v) &&
  (v.condition.matchers[v.index] as (s: string) => boolean)(pullRequestSubject(v.shape.repository));

const mutable: Breadth = (v) => v.shape.kind === 'repository' && !v.shape.immutable;

function evidence(v: SubjectValue): Record<string, unknown> {
  return { field: v.condition.valueFields[v.index], operator: operatorName(v.condition), value: v.condition.values[v.index] };
}

/** A condition of the request belongs to every statement's door: its findings are reported once. */
function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.code} ${String(f.evidence?.field)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
