/**
 * A resource of a Terraform plan as the gate reads it: its planned values (`change.after`), and which
 * of them Terraform will know only after apply (`after_unknown`) or marks sensitive (`after_sensitive`).
 * Both markers mirror the values: `true` at a leaf, or at an attribute or block that is wholly unknown
 * or sensitive.
 */
import { isRecord } from '../../config/values.ts';
import type { SourcePlace } from './source.ts';

export interface PlanResource {
  address: string;
  type: string;
  after: Record<string, unknown>;
  unknown: unknown;
  sensitive: unknown;
  at: SourcePlace;
}

/** An attribute path: names and list positions (`['oidc', 0, 'issuer_uri']`). */
export type AttributePath = readonly (string | number)[];

export type FieldValue =
  | { state: 'known'; value: unknown }
  /** Known only after apply: the document cannot be judged from the plan. */
  | { state: 'unknown' }
  /** Marked sensitive: its value is never shown, so the document is not judged. */
  | { state: 'sensitive' };

function step(value: unknown, key: string | number): unknown {
  if (Array.isArray(value) && typeof key === 'number') return value[key];
  return isRecord(value) && typeof key === 'string' && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** Whether a marker tree says `true` at the path, at an ancestor of it, or anywhere below it. */
function marked(markers: unknown, path: AttributePath): boolean {
  let node = markers;
  for (const key of path) {
    if (node === true) return true;
    node = step(node, key);
  }
  return holdsTrue(node);
}

/** `true` anywhere in a marker tree. Iterative: a plan is deep and large. */
function holdsTrue(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === true) return true;
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isRecord(node)) for (const item of Object.values(node)) stack.push(item);
  }
  return false;
}

/** The attribute's planned value, or why it cannot be read. Unknown wins over sensitive: it says what to do. */
export function field(resource: PlanResource, path: AttributePath): FieldValue {
  if (marked(resource.unknown, path)) return { state: 'unknown' };
  if (marked(resource.sensitive, path)) return { state: 'sensitive' };
  let value: unknown = resource.after;
  for (const key of path) value = step(value, key);
  return { state: 'known', value };
}

/** An attribute path as Terraform writes it: `oidc[0].issuer_uri`. */
export function attributeName(path: AttributePath): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

/** Why a resource is not judged: the attribute that is unknown or sensitive, said plainly. */
export function unreadable(address: string, path: AttributePath, state: 'unknown' | 'sensitive'): { message: string; remediation: string } {
  const name = attributeName(path);
  return state === 'unknown'
    ? {
      message: `${address}: ${name} is known only after apply, so what this resource trusts cannot be judged from the plan; it is not valid until it can be.`,
      remediation: `Make ${name} known when planning: build it from literal values, variables and data sources rather than from attributes of resources the same plan creates (an OIDC provider's ARN can be written from the account ID), or apply first and check the next plan.`,
    }
    : {
      message: `${address}: ${name} is marked sensitive in the plan, so its value is neither shown nor judged; what this resource trusts is not valid until it can be.`,
      remediation: `Keep ${name} out of sensitive values (a trust condition is no secret): do not derive it from a sensitive variable or output.`,
    };
}
