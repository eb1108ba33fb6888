/**
 * A CI issuer's subject grammar: how its `sub` names an owner, a repository (or project, pipeline,
 * workspace) and the run a token is for. The breadth checks read sub values through it, so "bounded to
 * one repository", "every run" and "a wildcard in the run part" mean the same for every issuer whose
 * grammar is known. One issuer is one entry in table.ts.
 */
import type { SubjectBinding } from '../subject.ts';

/** One kind of run the issuer issues tokens for, with names nobody would pin. */
export interface IssuerRun {
  readonly kind: string;
  /** The run's part of the sub, after the repository part. */
  readonly context: string;
  /** The run's other claims that a role may bind (ref, environment, run phase). */
  readonly claims: Readonly<Record<string, string>>;
}

/** A claim that names one repository, and whether a literal value has the shape of one. */
export interface RepositoryKey {
  readonly claim: string;
  names(value: string): boolean;
}

const DIGITS = /^[0-9]+$/;
/** A numeric ID (GitHub's repository_id, GitLab's project_id). */
export function idKey(claim: string): RepositoryKey {
  return { claim, names: (value) => DIGITS.test(value) };
}
/** OWNER/…/NAME: a path with an owner and a name. */
export function pathKey(claim: string): RepositoryKey {
  return { claim, names: (value) => value.indexOf('/') > 0 && !value.endsWith('/') };
}
/** Any non-empty value (an opaque ID such as a UUID or ws-…). */
export function opaqueKey(claim: string): RepositoryKey {
  return { claim, names: (value) => value !== '' };
}

/** How messages name the parts of the issuer's subjects. */
export interface GrammarWords {
  /** What the sub pins when it is bounded: repository, project, pipeline, workspace. */
  readonly repository: string;
  /** What owns several of them: owner, group, organization. */
  readonly owner: string;
  /** A sub pinned as it should be, for remediations. */
  readonly pinned: string;
  /** How to bind by immutable IDs instead of names; undefined when the sub holds IDs only. */
  readonly immutable: string | undefined;
}

export interface IssuerGrammar {
  /** The CI system, as users call it. */
  readonly name: string;
  /** Whether tokens of this issuer URL follow the grammar. */
  matches(issuer: string): boolean;
  /** Claims the issuer puts in every token: a condition that holds when they are absent still binds them. */
  readonly alwaysPresent: ReadonlySet<string>;
  /** What one sub value binds; `like` says whether `*` and `?` are wildcards. */
  subjectBinding(value: string, like: boolean): SubjectBinding;
  /** Claims whose value pins one repository by itself: by immutable ID, and by name. */
  readonly repositoryKeys: {
    readonly byId: readonly RepositoryKey[];
    readonly byName: readonly RepositoryKey[];
    /** Claims that name one repository only together (Buildkite's organization_slug and pipeline_slug), by name. */
    readonly together?: readonly (readonly string[])[];
  };
  /** A sub that, for an issuer whose URL says nothing (a self-managed instance), shows the issuer's grammar. */
  readonly looksLike?: RegExp;
  /** Claims that pin the owner only (every repository of it): GitHub's repository_owner, GitLab's namespace_path. */
  readonly ownerKeys: readonly RepositoryKey[];
  /** A claim that, pinned to one workflow at one ref, bounds an owner-wide sub (GitHub's job_workflow_ref). */
  readonly workflowKey?: string;
  /** One run of each kind. */
  readonly runs: readonly IssuerRun[];
  /** Whether "every run of the repository" is judged (TRUST_ANY_REF): false where runs are phases, not refs. */
  readonly anyRef: boolean;
  /** The claims a run is judged on: sub and the claims the runs carry. */
  readonly runClaims: ReadonlySet<string>;
  /** The sub of a repository's run: its repository part and run context joined. */
  join(prefix: string, context: string): string;
  /** The context names the run (a ref, an environment, a phase, a pull request). */
  hasRunContext(context: string): boolean;
  /** A wildcard in the context can choose the run (not only a commit or a step within it). */
  wildRun(context: string): boolean;
  /** The claims a run context names. */
  runClaimsOf(context: string): Record<string, string>;
  /** A sub of some repository of the owner, with this run context, for a repository bound by a key. */
  anySubject(context: string): string;
  readonly words: GrammarWords;
}
