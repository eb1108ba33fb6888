/**
 * What each Allow statement admits, judged over GitHub's whole subject vocabulary: whether a stranger's
 * repository gets in (TRUST_SUBJECT_UNBOUNDED), and for one repository which runs (every ref, a
 * wildcard ref or environment, pull requests), whether it is bound by names a stranger could take over,
 * whether the audience is bound, and whether the statement can hold at all.
 *
 * A statement's conditions all hold together, so its narrowest binding on a claim decides. A Deny
 * statement with one condition narrows every Allow statement by the opposite of that condition (a Deny
 * of `StringNotLike sub repo:acme/app:*` binds the role to acme/app); a Deny with several conditions
 * only denies where all of them hold, which no single binding says, so it is not credited here (the
 * cases still evaluate it exactly). Whatever is not credited makes the verdict stricter, never looser.
 */
import { finding } from '../findings.ts';
import type { Finding } from '../types.ts';
import { conditionHolds, matchesValue, statementName, type Condition, type Door, type MatchCondition } from './conditions.ts';
import { TRUST_FINDINGS as F } from './findings.ts';
import { hasRunContext, hasWildcard, pinnedWorkflow, subjectBinding, type SubjectBinding } from './subject.ts';

/** Claims GitHub puts in every token, so …IfExists and ForAllValues on them bind like the plain operator. */
const ALWAYS_PRESENT = new Set(['sub', 'aud', 'repository', 'repository_id', 'actor', 'actor_id', 'workflow', 'ref']);
/** The claims that say which run of a repository a token is for. */
const RUN_CLAIMS = new Set(['sub', 'ref', 'environment']);
/** Audiences no role means: a pattern matching all of them matches any audience. */
const OTHER_AUDIENCES = ['x', 'api://another-service', 'https://attacker.example/audience'];

/**
 * A condition every admitted token must meet on one claim, with the Deny statement it came from when it
 * is the opposite of a Deny's only condition.
 */
interface Binding {
  readonly condition: MatchCondition;
  /** The claim must match one of the values (true), or, from a Deny's positive condition, none (false). */
  readonly positive: boolean;
}

/** Where a door's missing conditions are reported: its Condition block, or the request's own fields. */
export interface MissingFields {
  sub(door: Door): string;
  aud(door: Door): string;
}

/**
 * `github`: the issuer is GitHub's (or a GitHub Enterprise Cloud issuer), whose subject vocabulary is
 * known. For another issuer only a statement with no sub binding, or one whose sub values are all
 * wildcards from their first character, is judged unbounded; its subject grammar is not judged.
 */
export function checkBreadth(doors: readonly Door[], missing: MissingFields, github: boolean): Finding[] {
  const denies = doors.filter((d) => d.effect === 'Deny');
  const findings: Finding[] = [];
  const denyAll = denies.find((d) => d.conditions.length === 0);
  for (const door of doors) {
    if (door.effect !== 'Allow') continue;
    if (denyAll !== undefined) {
      findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, `The Deny statement ${statementName(denyAll.field)} has no condition, so it denies every token this statement would let in.`, { field: door.field, denied_by: denyAll.field }));
      continue;
    }
    const bindings = bindingsOf(door, denies);
    const never = neverHolds(door, bindings);
    if (never !== undefined) {
      findings.push(never);
      continue;
    }
    findings.push(...judgeAudience(door, bindings, missing), ...(github ? judgeSubject(door, denies, bindings, missing) : judgeOtherSubject(door, bindings, missing)));
  }
  return dedupe(findings);
}

/** The door's own positive conditions, and the opposites of the Deny statements that have one condition. */
function bindingsOf(door: Door, denies: readonly Door[]): Binding[] {
  const out: Binding[] = [];
  for (const c of door.conditions) {
    if (c.kind === 'match' && !c.negated && c.offContext !== true && bindsWhenAbsent(c, false)) out.push({ condition: c, positive: true });
  }
  for (const deny of denies) {
    const only = deny.conditions.length === 1 ? deny.conditions[0] : undefined;
    if (only?.kind !== 'match' || only.offContext === true) continue;
    // The opposite of a negated condition is "present and matching one of the values".
    if (only.negated && bindsWhenAbsent(only, true)) out.push({ condition: only, positive: true });
    else if (!only.negated && only.set === undefined) out.push({ condition: only, positive: false });
  }
  return out;
}

/**
 * A condition that holds when the claim is absent binds only a claim GitHub always sends: …IfExists
 * and ForAllValues in an Allow, ForAnyValue in the opposite of a Deny.
 */
function bindsWhenAbsent(c: MatchCondition, fromDeny: boolean): boolean {
  const holdsAbsent = fromDeny ? c.set === 'ForAnyValue' : c.ifExists || c.set === 'ForAllValues';
  return !holdsAbsent || ALWAYS_PRESENT.has(c.claim);
}

function positiveOn(bindings: readonly Binding[], claim: string): MatchCondition[] {
  return bindings.filter((b) => b.positive && b.condition.claim === claim).map((b) => b.condition);
}

/**
 * TRUST_CONDITION_NEVER_HOLDS: a condition no token of the issuer can meet (a key of another issuer,
 * which AWS never has in the request context; Null true on a claim GitHub always sends), or literal
 * values on one claim that another condition on it rules out.
 */
function neverHolds(door: Door, bindings: readonly Binding[]): Finding | undefined {
  for (const c of door.conditions) {
    const offContext = c.offContext === true && (c.kind === 'null' ? !c.absent : c.kind === 'match' && !c.negated && !c.ifExists && c.set !== 'ForAllValues');
    if (offContext) {
      return finding(F.TRUST_CONDITION_NEVER_HOLDS, `The ${c.operator} condition of ${statementName(c.field)} names a key of another issuer, which AWS never puts in the request context for this issuer's tokens: the statement can never let a token in.`, { field: c.field, operator: c.operator });
    }
    if (c.kind === 'null' && c.absent && ALWAYS_PRESENT.has(c.claim) && c.offContext !== true) {
      return finding(F.TRUST_CONDITION_NEVER_HOLDS, `The Null condition of ${statementName(c.field)} requires ${c.claim} to be absent, and GitHub puts it in every token: the statement can never let a token in.`, { field: c.field, operator: c.operator });
    }
  }
  const byClaim = new Map<string, Binding[]>();
  for (const b of bindings) {
    const group = byClaim.get(b.condition.claim);
    if (group === undefined) byClaim.set(b.condition.claim, [b]);
    else group.push(b);
  }
  for (const [claim, on] of byClaim) {
    const literal = on.find((b) => b.positive && b.condition.match === 'StringEquals' && b.condition.set === undefined);
    if (literal === undefined) continue;
    const fits = literal.condition.values.some((value) => on.every((b) => matchesValue(b.condition, value) === b.positive));
    if (!fits) {
      return finding(F.TRUST_CONDITION_NEVER_HOLDS, `No value of ${claim} meets every condition on it: the StringEquals values of ${statementName(literal.condition.field)} are ruled out by another condition on ${claim}, so the statement can never let a token in.`, { field: literal.condition.field, claim });
    }
  }
  return undefined;
}

/** TRUST_AUDIENCE_MISSING: no condition binds aud, or every one lets any audience through (`*`). */
function judgeAudience(door: Door, bindings: readonly Binding[], missing: MissingFields): Finding[] {
  const aud = positiveOn(bindings, 'aud');
  if (aud.some((c) => !c.values.some((_, i) => matchesAnyAudience(c, i)))) return [];
  const broad = aud[0];
  return [finding(F.TRUST_AUDIENCE_MISSING, broad === undefined
    ? 'No condition binds aud: a token the workflow requested for any other audience is accepted too.'
    : `The ${broad.operator} condition on aud lets any audience through: a token the workflow requested for any other audience is accepted too.`,
  { field: broad === undefined ? missing.aud(door) : broad.field })];
}

function matchesAnyAudience(c: MatchCondition, index: number): boolean {
  if (c.match !== 'StringLike') return false;
  const pattern = c.patterns[index];
  return pattern !== undefined && OTHER_AUDIENCES.every((a) => pattern.matches(a));
}

/** One value of a condition binding sub, and what it binds. */
interface SubjectValue {
  readonly condition: MatchCondition;
  readonly index: number;
  readonly binding: SubjectBinding;
}

function judgeSubject(door: Door, denies: readonly Door[], bindings: readonly Binding[], missing: MissingFields): Finding[] {
  const subGroups = positiveOn(bindings, 'sub').map((condition) => condition.values.map((_, index): SubjectValue => ({
    condition, index, binding: subjectBinding(condition.values[index] as string, condition.match === 'StringLike'),
  })));
  const byKey = repositoryKeyBinding(bindings);
  const workflowKey = positiveOn(bindings, 'job_workflow_ref').find((c) => c.values.every((v) => !(c.match === 'StringLike' && hasWildcard(v)) && pinnedWorkflow(v)));
  // A group binds as loosely as its loosest value (any one may match); the door as tightly as its tightest group.
  const levelOf = (group: readonly SubjectValue[]): number => Math.max(...group.map((v) => rank(v.binding, workflowKey !== undefined)));
  const tightest = Math.min(...subGroups.map(levelOf), byKey === undefined ? 2 : 0);
  if (tightest > 0) return unbounded(door, subGroups, workflowKey !== undefined, missing);
  const findings: Finding[] = [];
  const repositoryGroups = subGroups.filter((g) => levelOf(g) === 0);
  const immutable = byKey?.immutable === true || repositoryGroups.some((g) => g.every((v) => v.binding.level === 'repository' && v.binding.immutable));
  if (!immutable) findings.push(...mutable(repositoryGroups, byKey, workflowKey));
  // Values of one repository probe the same runs: each probe is judged once per statement.
  const admits = memo((claims: Readonly<Record<string, string>>) => runAdmitted(door, denies, claims));
  for (const group of repositoryGroups) {
    for (const value of group) findings.push(...judgeRuns(value, admits));
  }
  if (repositoryGroups.length === 0 && byKey !== undefined) findings.push(...judgeKeyRuns(door, denies, subGroups, byKey.condition));
  return findings;
}

/** For an issuer whose subject grammar the checker does not know: only a sub anyone's token can meet. */
function judgeOtherSubject(door: Door, bindings: readonly Binding[], missing: MissingFields): Finding[] {
  const subs = positiveOn(bindings, 'sub');
  if (subs.length === 0) {
    return [finding(F.TRUST_SUBJECT_UNBOUNDED, 'No condition binds sub: any workload the issuer issues tokens to can use a token this role accepts.', { field: missing.sub(door) })];
  }
  const open = (c: MatchCondition, v: string): boolean => c.match === 'StringLike' && (v.startsWith('*') || v.startsWith('?'));
  if (!subs.every((c) => c.values.some((v) => open(c, v)))) return [];
  return subs.flatMap((c) => c.values.flatMap((v, i) => (open(c, v)
    ? [finding(F.TRUST_SUBJECT_UNBOUNDED, `The sub ${c.operator} value "${v}" begins with a wildcard, so any subject the issuer issues can match it.`, { field: c.valueFields[i], operator: c.operator, value: v })]
    : [])));
}

/**
 * 0: one repository, or an owner together with one pinned workflow at one ref; 1: every repository of
 * one owner; 2: anyone.
 */
function rank(binding: SubjectBinding, workflowKey: boolean): number {
  if (binding.level === 'repository') return 0;
  if (binding.level === 'owner') return binding.workflow !== undefined || workflowKey ? 0 : 1;
  return 2;
}

/** The repository pinned by the `repository` or `repository_id` key: every value names one. */
function repositoryKeyBinding(bindings: readonly Binding[]): { condition: MatchCondition; immutable: boolean } | undefined {
  const byId = positiveOn(bindings, 'repository_id').find((c) => c.values.every((v) => /^[0-9]+$/.test(v)));
  if (byId !== undefined) return { condition: byId, immutable: true };
  const byName = positiveOn(bindings, 'repository').find((c) => c.values.every((v) => {
    const slash = v.indexOf('/');
    return slash > 0 && slash < v.length - 1 && !(c.match === 'StringLike' && hasWildcard(v));
  }));
  return byName === undefined ? undefined : { condition: byName, immutable: false };
}

function unbounded(door: Door, groups: readonly (readonly SubjectValue[])[], workflowKey: boolean, missing: MissingFields): Finding[] {
  if (groups.length === 0) {
    return [finding(F.TRUST_SUBJECT_UNBOUNDED, 'No condition binds sub (or the repository): a workflow of any repository can use a token this role accepts.', { field: missing.sub(door) })];
  }
  return groups.flat().filter((v) => rank(v.binding, workflowKey) > 0).map((v) => finding(F.TRUST_SUBJECT_UNBOUNDED,
    `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" ${v.binding.level === 'owner'
      ? 'admits every repository of its owner (and a job_workflow_ref pinned to one workflow at one ref would bound it)'
      : 'pins no repository: a workflow of another owner can get a token whose sub matches it (a repository chooses its own subject template)'}.`,
    evidence(v)));
}

/** TRUST_SUBJECT_MUTABLE on each name-only value, or on the repository key when that is the binding. */
function mutable(repositoryGroups: readonly (readonly SubjectValue[])[], byKey: { condition: MatchCondition } | undefined, workflowKey: MatchCondition | undefined): Finding[] {
  const named = repositoryGroups.flat().filter((v) => v.binding.level === 'repository' ? !v.binding.immutable : v.binding.level === 'owner' && !v.binding.ownerById);
  if (named.length > 0) {
    return named.map((v) => finding(F.TRUST_SUBJECT_MUTABLE,
      `The sub ${v.condition.operator} value "${v.condition.values[v.index]}" binds ${v.binding.level === 'owner' ? `the owner by name only${workflowKey === undefined ? '' : ' (with the pinned job_workflow_ref)'}` : 'the owner and repository by name, without their immutable IDs (repo:OWNER@ID/REPO@ID:…)'}.`,
      evidence(v)));
  }
  if (byKey !== undefined) {
    return [finding(F.TRUST_SUBJECT_MUTABLE, `The ${byKey.condition.operator} condition on repository binds the repository by name only; pin repository_id too.`, { field: byKey.condition.field, operator: byKey.condition.operator })];
  }
  return [];
}

/** One token of each kind of run GitHub issues for a repository, with names nobody would pin. */
export const RUNS = [
  { kind: 'branch', context: 'ref:refs/heads/any-branch', claims: { ref: 'refs/heads/any-branch' } },
  { kind: 'tag', context: 'ref:refs/tags/any-tag', claims: { ref: 'refs/tags/any-tag' } },
  { kind: 'environment', context: 'environment:any-environment', claims: { ref: 'refs/heads/any-branch', environment: 'any-environment' } },
  { kind: 'pull request', context: 'pull_request', claims: { ref: 'refs/pull/1/merge' } },
] as const;

/**
 * TRUST_ANY_REF, TRUST_PULL_REQUEST_ALLOWED and TRUST_REF_WILDCARD for one value that binds a
 * repository: which of that repository's runs the whole statement lets in (its other conditions on sub,
 * ref and environment, and the Deny statements with one condition, included).
 */
function judgeRuns(v: SubjectValue, admits: (claims: Readonly<Record<string, string>>) => boolean): Finding[] {
  if (v.binding.level !== 'repository') return [];
  const { prefix, context } = v.binding;
  const value = v.condition.values[v.index] as string;
  const like = v.condition.match === 'StringLike';
  // A template without a run context gives every run of the repository the same sub.
  const carriesRun = hasRunContext(context) || (like && hasWildcard(context));
  const subOf = (runContext: string): string => (carriesRun ? `${prefix}:${runContext}` : instance(value));
  const admitted = RUNS.filter((run) => valueMatches(v, subOf(run.context)) && admits({ sub: subOf(run.context), ...run.claims }));
  const shown = `The sub ${v.condition.operator} value "${value}"`;
  const pullRequests = admitted.some((run) => run.kind === 'pull request');
  if (admitted.filter((run) => run.kind !== 'pull request').length === RUNS.length - 1) {
    const what = pullRequests ? 'every branch, tag, environment and pull request' : 'every branch, tag and environment';
    return [finding(F.TRUST_ANY_REF, `${shown} admits ${what} of the repository${carriesRun ? '' : ' (its subject template has no ref or environment part)'}.`, evidence(v))];
  }
  const findings: Finding[] = [];
  if (pullRequests) {
    findings.push(finding(F.TRUST_PULL_REQUEST_ALLOWED, `${shown} admits pull_request runs (${prefix}:pull_request).`, evidence(v)));
  }
  if (v.condition.match === 'StringEqualsIgnoreCase' && hasRunContext(context) && context !== context.toUpperCase()) {
    // Git ref and environment names are case-sensitive: REFS/HEADS/MAIN is another branch, unprotected.
    const example = otherCase(context);
    if (valueMatches(v, `${prefix}:${example}`) && admits({ sub: `${prefix}:${example}`, ...runClaimsOf(example) })) {
      findings.push(finding(F.TRUST_REF_WILDCARD, `${shown} ignores letter case: it admits ${example}, a different branch or environment that anyone who can push a branch or edit a workflow can create.`, { ...evidence(v), admits: example }));
    }
  }
  if (like && hasWildcard(context) && hasRunContext(context)) {
    const example = instance(context);
    const claims = runClaimsOf(example);
    if (valueMatches(v, `${prefix}:${example}`) && admits({ sub: `${prefix}:${example}`, ...claims })) {
      findings.push(finding(F.TRUST_REF_WILDCARD, `${shown} has a wildcard in its ${/^environment:/.test(context) ? 'environment' : 'ref'} part: it admits ${example}, which anyone who can push a branch or tag or edit a workflow can produce.`, { ...evidence(v), admits: example }));
    }
  }
  return findings;
}

/**
 * TRUST_ANY_REF for a statement bound to one repository by the repository or repository_id key while
 * its sub conditions bind only the owner: whether every kind of run gets a sub they admit.
 */
function judgeKeyRuns(door: Door, denies: readonly Door[], groups: readonly (readonly SubjectValue[])[], key: MatchCondition): Finding[] {
  const open = groups.flat().find((v) => v.condition.match === 'StringLike' && (v.condition.values[v.index] as string).endsWith('*'));
  if (groups.length > 0 && open === undefined) return [];
  const subOf = (context: string): string => (open === undefined ? `repo:any/any:${context}` : `${instance((open.condition.values[open.index] as string).slice(0, -1))}x:${context}`);
  if (!RUNS.every((run) => runAdmitted(door, denies, { sub: subOf(run.context), ...run.claims }))) return [];
  return [finding(F.TRUST_ANY_REF, `The ${key.operator} condition on ${key.claim} binds one repository, and no condition binds its runs: every branch, tag, environment and pull request of it is admitted.`, { field: key.field, operator: key.operator })];
}

/** `judge` asked once per distinct run (its claims, in a fixed order). */
function memo(judge: (claims: Readonly<Record<string, string>>) => boolean): (claims: Readonly<Record<string, string>>) => boolean {
  const known = new Map<string, boolean>();
  return (claims) => {
    const key = JSON.stringify([claims.sub, claims.ref, claims.environment]);
    let answer = known.get(key);
    if (answer === undefined) known.set(key, answer = judge(claims));
    return answer;
  };
}

/** The one value (not the others listed with it) matches the subject. */
function valueMatches(v: SubjectValue, subject: string): boolean {
  const { condition, index } = v;
  if (condition.match === 'StringLike') return condition.patterns[index]?.matches(subject) === true;
  const value = condition.values[index] as string;
  return condition.match === 'StringEquals' ? value === subject : value.toLowerCase() === subject.toLowerCase();
}

/** The context with the name after its kind (`ref:`, `environment:`) in upper case: the same run to IgnoreCase, not to git. */
function otherCase(context: string): string {
  return context.replace(/((?:^|:)(?:ref|environment):)([^:]*)/g, (_all, kind: string, name: string) => `${kind}${name.toUpperCase()}`);
}

/** The value with each `*` made `-evil` and each `?` made `x`: a string it admits that nobody meant. */
export function instance(pattern: string): string {
  return pattern.replace(/\*/g, '-evil').replace(/\?/g, 'x');
}

function runClaimsOf(context: string): Record<string, string> {
  const ref = /(?:^|:)ref:([^:]*)/.exec(context)?.[1];
  const environment = /(?:^|:)environment:([^:]*)/.exec(context)?.[1];
  return { ...(ref === undefined ? {} : { ref }), ...(environment === undefined ? {} : { environment }) };
}

/**
 * Whether the door lets this run in, judged on the run's claims only (sub, ref, environment): its
 * conditions on other claims are taken to hold, and a Deny statement with one condition on these
 * claims keeps the run out.
 */
function runAdmitted(door: Door, denies: readonly Door[], claims: Readonly<Record<string, string>>): boolean {
  const onRun = (c: Condition): boolean => c.kind !== 'unknown' && RUN_CLAIMS.has(c.claim);
  if (!door.conditions.filter(onRun).every((c) => conditionHolds(c, claims) !== false)) return false;
  return !denies.some((d) => d.conditions.length === 1 && onRun(d.conditions[0] as Condition) && conditionHolds(d.conditions[0] as Condition, claims) === true);
}

function evidence(v: SubjectValue): Record<string, unknown> {
  return { field: v.condition.valueFields[v.index], operator: v.condition.operator, value: v.condition.values[v.index] };
}

/** The same finding about the same place is reported once, however many statements lead to it. */
function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.code} ${String(f.evidence?.field)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
