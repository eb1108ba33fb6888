/**
 * Subjects of a fixed shape: keys and values in a fixed order, joined by one separator that no value
 * holds (`project_path:acme/app:ref_type:branch:ref:main` on GitLab, `org/ID/project/ID/user/ID` on
 * CircleCI). Such a subject always has the same number of separators, so a pattern with that many
 * literal separators keeps each wildcard inside one value; a pattern with fewer lets a wildcard span
 * several values, and nothing from the first wildcard on binds.
 */
import { hasWildcard, type SubjectBinding } from '../subject.ts';

export interface KeyedShape {
  readonly separator: string;
  /** The keys, in the order the issuer writes them. */
  readonly keys: readonly string[];
  /** The key whose value names the owner; undefined when the issuer URL itself is the owner's (CircleCI). */
  readonly owner: string | undefined;
  /** The owner is the first path segment of this key's value (GitLab's project_path: GROUP/…/PROJECT). */
  readonly ownerInPath?: string;
  /** The keys that together name one repository (project, pipeline, workspace), in order; the last ends it. */
  readonly repository: readonly string[];
  /**
   * Keys between the owner and the last repository key whose value may be left open: the last key's
   * value is unique within the owner (an HCP Terraform workspace name within its organisation), so a
   * wildcard confined to these values still binds one repository.
   */
  readonly optional?: readonly string[];
  /** The keys whose values choose the run (ref, ref_type, run_phase). */
  readonly run: readonly string[];
  /**
   * A sub that is one ID alone (Buildkite's --subject-claim): it may be a pipeline's or the whole
   * organisation's, which the value does not say, so it counts as the organisation's.
   */
  readonly bareId?: RegExp;
  /** The values are immutable IDs (CircleCI), not names anyone can take over after a rename. */
  readonly ids: boolean;
}

export function keyedBinding(shape: KeyedShape, value: string, like: boolean): SubjectBinding {
  const tokens = value.split(shape.separator);
  const confined = tokens.length === shape.keys.length * 2;
  const mayBeOpen = (i: number): boolean => confined && i % 2 === 1 && (shape.optional ?? []).includes(shape.keys[(i - 1) / 2] as string);
  const firstWild = tokens.findIndex((t, i) => like && hasWildcard(t) && !mayBeOpen(i));
  const upTo = firstWild < 0 ? tokens.length : firstWild;
  const ownerAt = shape.owner === undefined ? -1 : 2 * shape.keys.indexOf(shape.owner) + 1;
  const repositoryEnd = 2 * shape.keys.indexOf(shape.repository.at(-1) as string) + 1;
  // The literal tokens before the first wildcard are the subject's own: each value holds no separator.
  // A key other than the grammar's there never matches a real subject; what is literal before it still binds.
  if (shape.bareId !== undefined && !(like && hasWildcard(value)) && shape.bareId.test(value)) return { level: 'owner', ownerById: true };
  const wrongKey = tokens.findIndex((t, i) => i < upTo && i <= repositoryEnd && i % 2 === 0 && t !== shape.keys[i / 2]);
  if (wrongKey >= 0) return ownerOnly(shape, tokens, Math.min(wrongKey, repositoryEnd), ownerAt);
  if (upTo <= repositoryEnd) return ownerOnly(shape, tokens, upTo, ownerAt);
  if (shape.ownerInPath !== undefined && ownerOfPath(tokens[2 * shape.keys.indexOf(shape.ownerInPath) + 1] as string, false) !== 'named') return { level: 'anyone' };
  const prefix = tokens.slice(0, repositoryEnd + 1).join(shape.separator);
  const repository = tokens.slice(1, repositoryEnd + 1).filter((_, i) => i % 2 === 0).join('/');
  return { level: 'repository', repository, immutable: shape.ids, prefix, context: tokens.slice(repositoryEnd + 1).join(shape.separator) };
}

/** The values before `upTo` are literal: the owner is bound when its value is among them. */
function ownerOnly(shape: KeyedShape, tokens: readonly string[], upTo: number, ownerAt: number): SubjectBinding {
  if (shape.ownerInPath !== undefined) {
    const at = 2 * shape.keys.indexOf(shape.ownerInPath) + 1;
    const path = tokens[at];
    if (at > upTo || path === undefined) return { level: 'anyone' };
    return ownerOfPath(path, true) === 'named' ? { level: 'owner', ownerById: shape.ids } : { level: 'anyone' };
  }
  if (shape.owner === undefined) return { level: 'owner', ownerById: shape.ids };
  return ownerAt < upTo ? { level: 'owner', ownerById: shape.ids } : { level: 'anyone' };
}

/** GROUP/…/PROJECT: 'named' when the top-level group is written out before any wildcard. */
function ownerOfPath(path: string, like: boolean): 'named' | 'open' {
  const slash = path.indexOf('/');
  const group = slash < 0 ? path : path.slice(0, slash);
  return group !== '' && slash > 0 && !(like && hasWildcard(group)) ? 'named' : 'open';
}

/** The claims a run context names, for the keys given (key: claim). */
export function keyedRunClaims(separator: string, context: string, claimOf: Readonly<Record<string, string>>): Record<string, string> {
  const tokens = context.split(separator);
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    const claim = claimOf[tokens[i] as string];
    if (claim !== undefined) out[claim] = tokens[i + 1] as string;
  }
  return out;
}

/** A wildcard in a run-choosing value, or one before the run keys are all written out. */
export function keyedWildRun(shape: KeyedShape, context: string): boolean {
  const tokens = context.split(shape.separator);
  let seen = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (i % 2 === 0) {
      if (hasWildcard(t)) return seen < shape.run.length;
      continue;
    }
    const key = tokens[i - 1] as string;
    if (shape.run.includes(key)) {
      if (hasWildcard(t)) return true;
      seen++;
    }
  }
  return false;
}

export function keyedHasRunContext(shape: KeyedShape, context: string): boolean {
  const tokens = context.split(shape.separator);
  return tokens.some((t, i) => i % 2 === 0 && shape.run.includes(t));
}
