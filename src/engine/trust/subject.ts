/**
 * What one condition value on GitHub's `sub` binds. GitHub builds the subject from a template of claim
 * keys, each written `key:value` and joined by `:`: by default `repo:OWNER/REPO:<context>` (the context
 * being `ref:refs/heads/BRANCH`, `ref:refs/tags/TAG`, `environment:NAME` or `pull_request`), in the
 * immutable form `repo:OWNER@OWNER_ID/REPO@REPO_ID:<context>`, and under a customised template any keys
 * in any order (`repository_owner:acme:environment:prod`, `job_workflow_ref:…`).
 *
 * The template is chosen by the repository or organisation the token comes from, not by the role: a
 * stranger can give their own repository a template that writes `environment:production` and nothing
 * else. So a value binds a repository only where it names one (`repo:OWNER/REPO`, `repository_id:ID`)
 * before anything a stranger could choose. Values a stranger controls and that may hold a colon
 * (environment and workflow names, workflow paths) end what can be read: nothing after them binds.
 */
export type SubjectBinding =
  /** Nothing pins an owner: a stranger's token can match. */
  | { readonly level: 'anyone' }
  /** Every repository of one owner; `workflow` when a job_workflow_ref at one ref is also pinned. */
  | { readonly level: 'owner'; readonly ownerById: boolean; readonly workflow?: string }
  /** One repository. `prefix` is the value up to the end of the repository's part; `context` the rest. */
  | { readonly level: 'repository'; readonly repository: string; readonly immutable: boolean; readonly prefix: string; readonly context: string };

/** Keys whose values never hold a colon: GitHub names, IDs, refs (git forbids `:` in ref names). */
const COLON_FREE_KEYS = new Set([
  'repository_owner', 'repository_owner_id', 'repository_visibility', 'actor', 'actor_id', 'ref', 'ref_type',
  'event_name', 'enterprise', 'enterprise_id', 'runner_environment', 'sha', 'base_ref', 'head_ref', 'repo', 'repository', 'repository_id',
]);
const DIGITS = /^[0-9]+$/;

/** The binding of one value. `like` says whether `*` and `?` are wildcards (StringLike) or plain characters. */
export function subjectBinding(value: string, like: boolean): SubjectBinding {
  const wildAt = (from: number, to: number): boolean => like && hasWildcard(value.slice(from, to));
  let ownerById: boolean | undefined;
  let workflow: string | undefined;
  let pos = 0;
  while (pos < value.length) {
    const colon = value.indexOf(':', pos);
    const key = colon < 0 ? value.slice(pos) : value.slice(pos, colon);
    if (wildAt(pos, colon < 0 ? value.length : colon)) break;
    if (colon < 0) {
      if (key !== 'pull_request') break;
      pos = value.length;
      continue;
    }
    const end = value.indexOf(':', colon + 1) < 0 ? value.length : value.indexOf(':', colon + 1);
    const text = value.slice(colon + 1, end);
    if (key === 'repo' || key === 'repository') {
      const repository = readRepository(text, like);
      if (repository === 'owner') {
        // A * in the owner's ID can run past the slash: the rest of the value then binds no repository.
        ownerById = false;
        break;
      }
      if (repository === 'wild') break;
      if (repository !== undefined) {
        return { level: 'repository', repository: text, immutable: repository.immutable, prefix: value.slice(0, end), context: value.slice(end + 1) };
      }
    } else if (key === 'repository_id' && !wildAt(colon + 1, end) && DIGITS.test(text)) {
      return { level: 'repository', repository: `repository_id:${text}`, immutable: true, prefix: value.slice(0, end), context: value.slice(end + 1) };
    } else if (key === 'repository_owner' && !wildAt(colon + 1, end) && text !== '') {
      ownerById ??= false;
    } else if (key === 'repository_owner_id' && !wildAt(colon + 1, end) && DIGITS.test(text)) {
      ownerById = true;
    } else if (key === 'job_workflow_ref' && ownerById !== undefined) {
      // The last component a stranger could shape: a pinned workflow at one ref completes an owner binding.
      if (!wildAt(colon + 1, value.length) && pinnedWorkflow(value.slice(colon + 1))) workflow = value.slice(colon + 1);
      break;
    }
    if (!COLON_FREE_KEYS.has(key) || wildAt(colon + 1, end)) break;
    pos = end + 1;
  }
  if (ownerById === undefined) return ownerOfRepoPart(value, like) ?? { level: 'anyone' };
  return workflow === undefined ? { level: 'owner', ownerById } : { level: 'owner', ownerById, workflow };
}

/**
 * `OWNER/REPO` with optional `@ID` on each: undefined when it is not that shape, 'wild' when a wildcard
 * stands in a name (other repositories match). A wildcard in the repository's ID leaves its name bound
 * but not its ID. A star in the owner's ID binds the owner's name only ('owner'): it matches any run of
 * characters, the slash and another repository's name included (`repo:acme@` star `/app@2002` admits
 * `repo:acme@1001/other@77:workflow:x/app@2002`, the workflow's name being free text).
 */
function readRepository(text: string, like: boolean): { immutable: boolean } | 'owner' | 'wild' | undefined {
  const slash = text.indexOf('/');
  const ownerPart = slash < 0 ? text : text.slice(0, slash);
  const owner = readName(ownerPart, like);
  if (owner === 'wild') return 'wild';
  if (owner !== undefined && like && ownerPart.includes('@') && ownerPart.slice(ownerPart.indexOf('@')).includes('*')) return 'owner';
  if (slash < 0 || owner === undefined) return undefined;
  const repo = readName(text.slice(slash + 1), like);
  if (repo === 'wild') return 'wild';
  if (repo === undefined) return undefined;
  return { immutable: owner.id && repo.id };
}

function readName(part: string, like: boolean): { id: boolean } | 'wild' | undefined {
  const at = part.indexOf('@');
  const name = at < 0 ? part : part.slice(0, at);
  if (like && hasWildcard(name)) return 'wild';
  if (name === '') return undefined;
  if (at < 0) return { id: false };
  const id = part.slice(at + 1);
  return { id: !(like && hasWildcard(id)) && DIGITS.test(id) };
}

/**
 * A value that starts `repo:OWNER/` with a wildcard in the repository's name binds the owner only
 * (`repo:acme/*`, `repo:acme@1001/*`); any other wildcard before the repository binds nobody.
 */
function ownerOfRepoPart(value: string, like: boolean): SubjectBinding | undefined {
  if (!like || !value.startsWith('repo:')) return undefined;
  const slash = value.indexOf('/');
  if (slash < 0) return undefined;
  const owner = readName(value.slice('repo:'.length, slash), like);
  if (owner === undefined || owner === 'wild' || value.slice('repo:'.length, slash).includes(':')) return undefined;
  return { level: 'owner', ownerById: owner.id };
}

/** `OWNER/REPO/PATH@REF` with nothing left open: one workflow file at one ref. */
export function pinnedWorkflow(text: string): boolean {
  const at = text.lastIndexOf('@');
  return at > 0 && at < text.length - 1 && text.slice(0, at).split('/').length >= 3 && !text.includes(':');
}

export function hasWildcard(text: string): boolean {
  return text.includes('*') || text.includes('?');
}

/** The context parts GitHub's default and customised templates put after the repository. */
export function hasRunContext(context: string): boolean {
  return /(^|:)(ref|environment|job_workflow_ref):|(^|:)pull_request(:|$)/.test(context);
}
