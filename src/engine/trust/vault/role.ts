/**
 * The Vault JWT auth role as the request carries it: the `data` that `vault read auth/jwt/role/NAME
 * -format=json` prints, or that command's whole output (then the role is its `data` member). Also the
 * limits a role must keep to be judged: a role over them is refused, never judged in part.
 */
import type { RequestProblem } from '../../errors.ts';
import { MAX_ARRAY_ITEMS, MAX_PATTERN_LENGTH } from '../../schema/limits.ts';
import { isRecord } from '../aws-conditions.ts';

/** A role's size at the most, as JSON text in UTF-8 bytes. */
export const MAX_ROLE_BYTES = 64 * 1024;
/**
 * Claims bound_claims may bind. A CI token carries a few dozen claims (GitHub's about 25, GitLab's about
 * 30), and every bound claim must be present, so a role binding more than this many is not one any
 * CI token can use; the limit keeps the work of judging one role small.
 */
export const MAX_BOUND_CLAIMS = 50;
/** Values one bound claim, or bound_audiences, may list: as many as a request's other lists. */
export const MAX_ROLE_VALUES = MAX_ARRAY_ITEMS;
/** Characters of one value (a claim name, a bound value, an audience): as long as a claim pattern may be. */
export const MAX_ROLE_VALUE_LENGTH = MAX_PATTERN_LENGTH;

/**
 * The members a role read from Vault has. Those that do not decide which tokens may log in (the Vault
 * token's own settings, the browser login's settings, clock leeways) are known and not evaluated.
 */
export const DECIDING_FIELDS = new Set(['role_type', 'bound_audiences', 'bound_subject', 'bound_claims_type', 'bound_claims', 'user_claim', 'user_claim_json_pointer', 'groups_claim']);
export const OTHER_FIELDS = new Set([
  'claim_mappings', 'allowed_redirect_uris', 'oidc_scopes', 'verbose_oidc_logging', 'max_age',
  'expiration_leeway', 'not_before_leeway', 'clock_skew_leeway',
  'token_policies', 'token_ttl', 'token_max_ttl', 'token_explicit_max_ttl', 'token_period', 'token_num_uses',
  'token_no_default_policy', 'token_type', 'token_bound_cidrs', 'alias_metadata',
  'policies', 'ttl', 'max_ttl', 'period', 'num_uses', 'bound_cidrs',
]);

/** The role, and the JSON Pointer its members are under. */
export interface RoleAt {
  readonly role: Readonly<Record<string, unknown>>;
  readonly at: string;
}

/**
 * The role inside the document: the document itself, or its `data` member when the document is the
 * whole output of `vault read` (a `data` object beside no member a role has).
 */
export function roleOf(document: Readonly<Record<string, unknown>>, at: string): RoleAt {
  const data = document.data;
  const isRole = Object.keys(document).some((k) => DECIDING_FIELDS.has(k) || OTHER_FIELDS.has(k));
  return isRecord(data) && !isRole ? { role: data, at: `${at}/data` } : { role: document, at };
}

/** Why the role is not judged: too large, too many bound claims or values, a value too long. */
export function roleRefusals(document: Readonly<Record<string, unknown>>, member: string): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(document), 'utf8');
  if (bytes > MAX_ROLE_BYTES) {
    problems.push({ pointer: member, message: `The Vault role is ${bytes.toLocaleString('en-US')} bytes as JSON; at most ${MAX_ROLE_BYTES.toLocaleString('en-US')} are judged. Send the role's own data, as vault read auth/jwt/role/NAME -format=json prints it.` });
    return problems;
  }
  const { role, at } = roleOf(document, member);
  const audiences = audienceList(role.bound_audiences);
  if (Array.isArray(audiences) && audiences.length > MAX_ROLE_VALUES) {
    problems.push({ pointer: `${at}/bound_audiences`, message: `bound_audiences lists ${audiences.length} audiences; at most ${MAX_ROLE_VALUES} are judged. A role needs the one audience its CI jobs request.` });
  }
  problems.push(...boundClaimRefusals(role.bound_claims, at));
  for (const name of ['bound_subject', 'user_claim', 'groups_claim'] as const) {
    const value = role[name];
    if (typeof value === 'string' && value.length > MAX_ROLE_VALUE_LENGTH) {
      problems.push({ pointer: `${at}/${name}`, message: `${name} is longer than ${MAX_ROLE_VALUE_LENGTH} characters; longer values are not judged.` });
    }
  }
  const longAudience = Array.isArray(audiences) ? audiences.findIndex((a) => typeof a === 'string' && a.length > MAX_ROLE_VALUE_LENGTH) : -1;
  if (longAudience >= 0) {
    const pointer = Array.isArray(role.bound_audiences) ? `${at}/bound_audiences/${longAudience}` : `${at}/bound_audiences`;
    problems.push({ pointer, message: `An audience is longer than ${MAX_ROLE_VALUE_LENGTH} characters; longer values are not judged.` });
  }
  return problems;
}

/** Too many bound claims, too many values of one, a name or value too long. */
function boundClaimRefusals(claims: unknown, at: string): RequestProblem[] {
  const problems: RequestProblem[] = [];
  if (!isRecord(claims)) return problems;
  const keys = Object.keys(claims);
  if (keys.length > MAX_BOUND_CLAIMS) {
    problems.push({ pointer: `${at}/bound_claims`, message: `bound_claims binds ${keys.length} claims; at most ${MAX_BOUND_CLAIMS} are judged (a CI token carries fewer claims than that, and each one bound must be present). Bind the claims that name the repository and the run.` });
    return problems;
  }
  keys.forEach((key, index) => {
    const field = `${at}/bound_claims/${escapeToken(key)}`;
    const values = claims[key];
    if (key.length > MAX_ROLE_VALUE_LENGTH) {
      problems.push({ pointer: `${at}/bound_claims`, message: `The name of bound claim number ${index + 1} is ${key.length.toLocaleString('en-US')} characters long; at most ${MAX_ROLE_VALUE_LENGTH} are judged.` });
    }
    if (Array.isArray(values) && values.length > MAX_ROLE_VALUES) {
      problems.push({ pointer: field, message: `The bound claim lists ${values.length} values; at most ${MAX_ROLE_VALUES} are judged. Bind fewer values, or a glob that covers them.` });
    }
    const long = (Array.isArray(values) ? values : [values]).findIndex((v) => typeof v === 'string' && v.length > MAX_ROLE_VALUE_LENGTH);
    if (long >= 0) {
      problems.push({ pointer: Array.isArray(values) ? `${field}/${long}` : field, message: `A bound claim value is longer than ${MAX_ROLE_VALUE_LENGTH} characters; longer values are not judged.` });
    }
  });
  return problems;
}

/**
 * bound_audiences as a list: Vault prints a list, and takes a comma-separated string when the role is
 * written (each audience trimmed, empty ones dropped); absent, null, "" and [] are no audience at all.
 * Undefined when it is neither a string nor a list.
 */
export function audienceList(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.split(',').map((a) => a.trim()).filter((a) => a !== '');
  return Array.isArray(value) ? value : undefined;
}

/** A JSON Pointer reference token for a member name (RFC 6901: ~ and / escaped). */
export function escapeToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
