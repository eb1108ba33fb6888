/**
 * Which runs of one repository a statement lets in. Once a statement binds one repository (a sub value
 * naming it, or the repository or repository_id key), what is left to judge is which of that
 * repository's runs get a token it accepts: every branch, tag, environment and pull request, or a
 * wildcard branch or environment that anyone who can push can create.
 */
import { conditionHolds, type Condition, type Door, type MatchCondition } from './conditions.ts';
import type { TrustCheck, TrustStatementContext, SubjectValue } from './statement.ts';
import type { IssuerGrammar, IssuerRun } from './issuers/grammar.ts';
import { hasWildcard } from './subject.ts';

export type Run = IssuerRun;

/** A sub value that binds one repository, and the runs of it the whole statement lets in. */
export interface SubValueRuns {
  readonly kind: 'sub';
  readonly value: SubjectValue;
  /** The value up to the end of the repository's part, and the rest (see SubjectBinding). */
  readonly prefix: string;
  readonly context: string;
  /** The value carries the run in its context; without one, every run of the repository has the same sub. */
  readonly carriesRun: boolean;
  /** The kinds of run the statement lets in through this value (its other conditions and the Deny statements included). */
  readonly admitted: readonly Run[];
}

/** The repository or repository_id key binds the repository while the statement's sub conditions bind only the owner. */
export interface KeyRuns {
  readonly kind: 'key';
  readonly condition: MatchCondition;
}

/** What every run check reads: one repository binding of one statement. */
export interface TrustRunContext {
  readonly statement: TrustStatementContext;
  readonly binding: SubValueRuns | KeyRuns;
  /** Whether the statement lets this run in; asked once per distinct run of the statement. */
  admits(claims: Readonly<Record<string, string>>): boolean;
}

/** One check of a repository binding's runs: a module in checks/, listed once in checks/registry.ts. */
export type TrustRunCheck = TrustCheck<TrustRunContext>;

/**
 * The repository bindings of a statement bound to one repository, in the order of its conditions: each
 * sub value that names the repository, else the repository key when no sub value binds one.
 */
export function runContexts(statement: TrustStatementContext): TrustRunContext[] {
  const { subject, grammar } = statement;
  if (subject === undefined || grammar === undefined) return [];
  const { door, denies } = statement;
  // Values of one repository probe the same runs: each probe is judged once per statement.
  const admits = memo((claims: Readonly<Record<string, string>>) => runAdmitted(door, denies, claims, grammar));
  const out: TrustRunContext[] = [];
  for (const group of subject.repositoryGroups) {
    for (const value of group) {
      if (value.binding.level !== 'repository') continue;
      const { prefix, context } = value.binding;
      // A template without a run context gives every run of the repository the same sub.
      const carriesRun = grammar.hasRunContext(context) || (value.condition.match === 'StringLike' && hasWildcard(context));
      const subOf = (runContext: string): string => (carriesRun ? grammar.join(prefix, runContext) : instance(value.condition.values[value.index] as string));
      const admitted = grammar.runs.filter((run) => valueMatches(value, subOf(run.context)) && admits({ sub: subOf(run.context), ...run.claims }));
      out.push({ statement, admits, binding: { kind: 'sub', value, prefix, context, carriesRun, admitted } });
    }
  }
  if (subject.repositoryGroups.length === 0 && subject.byKey !== undefined) out.push({ statement, admits, binding: { kind: 'key', condition: subject.byKey.condition } });
  return out;
}

/** `judge` asked once per distinct run (its claims, in a fixed order). */
function memo(judge: (claims: Readonly<Record<string, string>>) => boolean): (claims: Readonly<Record<string, string>>) => boolean {
  const known = new Map<string, boolean>();
  return (claims) => {
    const key = JSON.stringify(Object.entries(claims).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    let answer = known.get(key);
    if (answer === undefined) known.set(key, answer = judge(claims));
    return answer;
  };
}

/** The one value (not the others listed with it) matches the subject. */
export function valueMatches(v: SubjectValue, subject: string): boolean {
  const { condition, index } = v;
  if (condition.match === 'StringLike') return condition.patterns[index]?.matches(subject) === true;
  const value = condition.values[index] as string;
  return condition.match === 'StringEquals' ? value === subject : value.toLowerCase() === subject.toLowerCase();
}

/** The value with each `*` made `-evil` and each `?` made `x`: a string it admits that nobody meant. */
export function instance(pattern: string): string {
  return pattern.replace(/\*/g, '-evil').replace(/\?/g, 'x');
}

/**
 * Whether the door lets this run in, judged on the run's claims only (sub, ref, environment): its
 * conditions on other claims are taken to hold, and a Deny statement with one condition on these
 * claims keeps the run out.
 */
export function runAdmitted(door: Door, denies: readonly Door[], claims: Readonly<Record<string, string>>, grammar: IssuerGrammar): boolean {
  const onRun = (c: Condition): boolean => c.kind !== 'unknown' && grammar.runClaims.has(c.claim);
  if (!door.conditions.filter(onRun).every((c) => conditionHolds(c, claims) !== false)) return false;
  return !denies.some((d) => d.conditions.length === 1 && onRun(d.conditions[0] as Condition) && conditionHolds(d.conditions[0] as Condition, claims) === true);
}
