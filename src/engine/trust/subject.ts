/**
 * What a condition value on GitHub's `sub` admits. GitHub documents the subject as
 * `repo:OWNER/REPO:<context>` (the context being `ref:refs/heads/BRANCH`, `ref:refs/tags/TAG`,
 * `environment:NAME` or `pull_request`), and, in the immutable form, `repo:OWNER@OWNER_ID/REPO@REPO_ID:<context>`.
 */
export type SubjectShape =
  /** A wildcard before the repository name ends: other repositories match. */
  | { readonly kind: 'unbounded' }
  /** The owner and repository are fixed. */
  | { readonly kind: 'repository'; readonly repository: string; readonly immutable: boolean; readonly context: string }
  /** Another form (a customised subject template): no judgement about its breadth. */
  | { readonly kind: 'other' };

const REPO = 'repo:';
const IMMUTABLE_PART = /@[0-9]+$/;

/**
 * The shape of one value. `like` says whether `*` and `?` are wildcards (StringLike) or plain characters
 * (StringEquals).
 */
export function subjectShape(value: string, like: boolean): SubjectShape {
  const wild = (c: string | undefined): boolean => like && (c === '*' || c === '?');
  const firstWild = like ? firstWildcard(value) : -1;
  if (!value.startsWith(REPO)) {
    // `*`, `re*`, `?epo:…`: the wildcard stands where the owner is named, so any owner matches.
    return firstWild >= 0 && firstWild <= REPO.length && REPO.startsWith(value.slice(0, firstWild)) ? { kind: 'unbounded' } : { kind: 'other' };
  }
  let i = REPO.length;
  for (; i < value.length && value[i] !== '/'; i++) if (wild(value[i])) return { kind: 'unbounded' };
  if (i === value.length || i === REPO.length) return { kind: 'other' };
  let j = i + 1;
  for (; j < value.length && value[j] !== ':'; j++) if (wild(value[j])) return { kind: 'unbounded' };
  if (j === i + 1) return { kind: 'other' };
  const owner = value.slice(REPO.length, i);
  const repo = value.slice(i + 1, j);
  return {
    kind: 'repository',
    repository: value.slice(REPO.length, j),
    immutable: IMMUTABLE_PART.test(owner) && IMMUTABLE_PART.test(repo),
    context: value.slice(j + 1),
  };
}

function firstWildcard(value: string): number {
  const star = value.indexOf('*');
  const question = value.indexOf('?');
  if (star < 0) return question;
  return question < 0 ? star : Math.min(star, question);
}

/** The subject of a pull_request run of the repository. */
export function pullRequestSubject(repository: string): string {
  return `${REPO}${repository}:pull_request`;
}
