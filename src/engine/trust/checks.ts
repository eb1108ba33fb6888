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
 * that way, and then for each broad value.
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
    const report = (broad: Breadth, make: (value: SubjectValue) => Finding): void => {
      if (!values.every((ofCondition) => ofCondition.some(broad))) return;
      for (const value of values.flat()) if (broad(value)) findings.push(make(value));
    };
    report(unbounded, (v) => finding(F.TRUST_SUBJECT_UNBOUNDED,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" has a wildcard in the owner or repository part, so workflows of other repositories match it.`,
      evidence(v)));
    report(anyRef, (v) => finding(F.TRUST_ANY_REF,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" admits every branch, tag, environment and pull request of the repository.`,
      evidence(v)));
    report(pullRequest, (v) => finding(F.TRUST_PULL_REQUEST_ALLOWED,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" admits pull_request runs (${pullRequestSubject((v.shape as { repository: string }).repository)}).`,
      evidence(v)));
    report(mutable, (v) => finding(F.TRUST_SUBJECT_MUTABLE,
      `The sub ${operatorName(v.condition)} value "${v.condition.values[v.index]}" names the owner and repository without their immutable IDs (repo:OWNER@ID/REPO@ID:…).`,
      evidence(v)));
  }
  return dedupe(findings);
}

const unbounded: Breadth = (v) => v.shape.kind === 'unbounded';

const anyRef: Breadth = (v) => v.shape.kind === 'repository' && v.condition.operator === 'StringLike' && v.shape.context.startsWith('*');

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
