/**
 * One Allow statement as the trust checks judge it: its conditions, the Deny statements beside it, and
 * what its conditions bind, read once and shared by every check.
 *
 * A statement's conditions all hold together, so its narrowest binding on a claim decides. A Deny
 * statement with one condition narrows every Allow statement by the opposite of that condition (a Deny
 * of `StringNotLike sub repo:acme/app:*` binds the role to acme/app); a Deny with several conditions
 * only denies where all of them hold, which no single binding says, so it is not credited here (the
 * cases still evaluate it exactly). Whatever is not credited makes the verdict stricter, never looser.
 */
import type { Check } from '../check.ts';
import type { Door, MatchCondition } from './conditions.ts';
import type { IssuerGrammar, RepositoryKey } from './issuers/grammar.ts';
import { hasWildcard, pinnedWorkflow, type SubjectBinding } from './subject.ts';

/** Claims every token of an issuer whose grammar is not known carries. */
const ALWAYS_PRESENT_ANYWHERE: ReadonlySet<string> = new Set(['sub', 'aud']);

/** Claims the issuer puts in every token, so …IfExists and ForAllValues on them bind like the plain operator. */
export function alwaysPresent(grammar: IssuerGrammar | undefined): ReadonlySet<string> {
  return grammar?.alwaysPresent ?? ALWAYS_PRESENT_ANYWHERE;
}

/**
 * A condition every admitted token must meet on one claim, with the Deny statement it came from when it
 * is the opposite of a Deny's only condition.
 */
export interface Binding {
  readonly condition: MatchCondition;
  /** The claim must match one of the values (true), or, from a Deny's positive condition, none (false). */
  readonly positive: boolean;
}

/** Where a door's missing conditions are reported: its Condition block, or the request's own fields. */
export interface MissingFields {
  sub(door: Door): string;
  aud(door: Door): string;
}

/** One value of a condition binding sub, and what it binds. */
export interface SubjectValue {
  readonly condition: MatchCondition;
  readonly index: number;
  readonly binding: SubjectBinding;
}

/** What a statement's conditions on sub and the issuer's repository and workflow keys bind, for an issuer whose grammar is known. */
export interface SubjectReading {
  /** One group per sub condition, one value each: a group binds as loosely as its loosest value (any one may match). */
  readonly groups: readonly (readonly SubjectValue[])[];
  /** The repository pinned by the `repository` or `repository_id` key. */
  readonly byKey: { readonly condition: MatchCondition; readonly immutable: boolean } | undefined;
  /** A condition on one of the issuer's owner keys that pins one owner (every repository of it). */
  readonly ownerKey: MatchCondition | undefined;
  /** A job_workflow_ref condition that pins one workflow at one ref. */
  readonly workflowKey: MatchCondition | undefined;
  /** How tightly the statement binds, as its tightest group or key: 0 one repository, 1 one owner, 2 anyone. */
  readonly tightest: number;
  /** The groups that bind one repository (or an owner with one pinned workflow). */
  readonly repositoryGroups: readonly (readonly SubjectValue[])[];
}

/** What every statement check reads. */
export interface TrustStatementContext {
  /** The Allow statement judged. */
  readonly door: Door;
  /** Every Deny statement of the same reading: they narrow what the Allow statement lets in. */
  readonly denies: readonly Door[];
  readonly missing: MissingFields;
  /**
   * The issuer's subject grammar (GitHub's, GitLab's, …). For an issuer whose grammar is not known only a
   * sub anyone's token can meet is judged.
   */
  readonly grammar: IssuerGrammar | undefined;
  /** The statement's own positive conditions, and the opposites of the Deny statements that have one condition. */
  readonly bindings: readonly Binding[];
  /** What the statement binds (read on first use); undefined for an issuer whose grammar is not known. */
  readonly subject: SubjectReading | undefined;
}

/** A trust check: a statement check, or a check of one repository binding's runs (see runs.ts). */
export interface TrustCheck<Ctx> extends Check<Ctx> {
  /**
   * When it finds something, the checks after it are not run on the same statement (or binding): a
   * statement no token can use, or a binding that admits every run, has nothing narrower left to say.
   */
  readonly final?: true;
}

/** One check of an Allow statement: a module in checks/, listed once in checks/registry.ts. */
export type TrustStatementCheck = TrustCheck<TrustStatementContext>;

export function statementContext(door: Door, denies: readonly Door[], missing: MissingFields, grammar: IssuerGrammar | undefined): TrustStatementContext {
  const bindings = bindingsOf(door, denies, alwaysPresent(grammar));
  let subject: SubjectReading | undefined;
  return {
    door, denies, missing, grammar, bindings,
    get subject() {
      if (grammar !== undefined) subject ??= readSubject(bindings, grammar);
      return subject;
    },
  };
}

/** The door's own positive conditions, and the opposites of the Deny statements that have one condition. */
function bindingsOf(door: Door, denies: readonly Door[], present: ReadonlySet<string>): Binding[] {
  const out: Binding[] = [];
  for (const c of door.conditions) {
    if (c.kind === 'match' && !c.negated && c.offContext !== true && bindsWhenAbsent(c, false, present)) out.push({ condition: c, positive: true });
  }
  for (const deny of denies) {
    const only = deny.conditions.length === 1 ? deny.conditions[0] : undefined;
    if (only?.kind !== 'match' || only.offContext === true) continue;
    // The opposite of a negated condition is "present and matching one of the values".
    if (only.negated && bindsWhenAbsent(only, true, present)) out.push({ condition: only, positive: true });
    else if (!only.negated && only.set === undefined) out.push({ condition: only, positive: false });
  }
  return out;
}

/**
 * A condition that holds when the claim is absent binds only a claim the issuer always sends: …IfExists
 * and ForAllValues in an Allow, ForAnyValue in the opposite of a Deny.
 */
function bindsWhenAbsent(c: MatchCondition, fromDeny: boolean, present: ReadonlySet<string>): boolean {
  const holdsAbsent = fromDeny ? c.set === 'ForAnyValue' : c.ifExists || c.set === 'ForAllValues';
  return !holdsAbsent || present.has(c.claim);
}

export function positiveOn(bindings: readonly Binding[], claim: string): MatchCondition[] {
  return bindings.filter((b) => b.positive && b.condition.claim === claim).map((b) => b.condition);
}

function readSubject(bindings: readonly Binding[], grammar: IssuerGrammar): SubjectReading {
  const groups = positiveOn(bindings, 'sub').map((condition) => condition.values.map((_, index): SubjectValue => ({
    condition, index, binding: grammar.subjectBinding(condition.values[index] as string, condition.match === 'StringLike'),
  })));
  const byKey = repositoryKeyBinding(bindings, grammar);
  const workflowKey = grammar.workflowKey === undefined ? undefined : positiveOn(bindings, grammar.workflowKey).find((c) => c.values.every((v) => !(c.match === 'StringLike' && hasWildcard(v)) && pinnedWorkflow(v)));
  // A group binds as loosely as its loosest value (any one may match); the door as tightly as its tightest group.
  const levelOf = (group: readonly SubjectValue[]): number => Math.max(...group.map((v) => rank(v.binding, workflowKey !== undefined)));
  const tightest = Math.min(...groups.map(levelOf), byKey === undefined ? 2 : 0);
  const ownerKey = grammar.ownerKeys.map((key) => pinnedBy(bindings, key)).find((c) => c !== undefined);
  return { groups, byKey, ownerKey, workflowKey, tightest, repositoryGroups: groups.filter((g) => levelOf(g) === 0) };
}

/**
 * 0: one repository, or an owner together with one pinned workflow at one ref; 1: every repository of
 * one owner; 2: anyone.
 */
export function rank(binding: SubjectBinding, workflowKey: boolean): number {
  if (binding.level === 'repository') return 0;
  if (binding.level === 'owner') return binding.workflow !== undefined || workflowKey ? 0 : 1;
  return 2;
}

/**
 * The repository pinned by one of the issuer's repository keys (GitHub's repository and repository_id):
 * every value names one, with no wildcard.
 */
function repositoryKeyBinding(bindings: readonly Binding[], grammar: IssuerGrammar): { condition: MatchCondition; immutable: boolean } | undefined {
  const pinned = (key: RepositoryKey): MatchCondition | undefined => pinnedBy(bindings, key);
  for (const key of grammar.repositoryKeys.byId) {
    const byId = pinned(key);
    if (byId !== undefined) return { condition: byId, immutable: true };
  }
  for (const key of grammar.repositoryKeys.byName) {
    const byName = pinned(key);
    if (byName !== undefined) return { condition: byName, immutable: false };
  }
  for (const claims of grammar.repositoryKeys.together ?? []) {
    const each = claims.map((claim) => pinned({ claim, names: (v) => v !== '' }));
    const last = each.at(-1);
    if (last !== undefined && each.every((c) => c !== undefined)) return { condition: last, immutable: false };
  }
  return undefined;
}

/** A positive condition on the key whose every value names one, with no wildcard. */
function pinnedBy(bindings: readonly Binding[], key: RepositoryKey): MatchCondition | undefined {
  return positiveOn(bindings, key.claim).find((c) => c.values.every((v) => !(c.match === 'StringLike' && hasWildcard(v)) && key.names(v)));
}

/** Where a finding about one sub value points, and what it names. */
export function valueEvidence(v: SubjectValue): Record<string, unknown> {
  return { field: v.condition.valueFields[v.index], operator: v.condition.operator, value: v.condition.values[v.index] };
}
