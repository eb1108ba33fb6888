/**
 * A Vault JWT auth role read as Vault's JWT login checks a CI token against it. The role is one door:
 * every condition below must hold for the token to get in.
 * - bound_audiences: the token's aud (a string or a list) must hold one of them. With none, since Vault
 *   1.17 a token that carries an aud is refused, and CI tokens always carry one: the role is unusable.
 * - bound_subject: sub must equal it.
 * - bound_claims (bound_claims.ts): each claim named must be present and match one of its values.
 * - user_claim (sub when the role names none): the token must carry it, as the name of the identity
 *   Vault creates.
 * - role_type "oidc": the role is for the browser login, and refuses a JWT login outright.
 * What the checker cannot evaluate (groups_claim, which the mount may fetch from elsewhere; a member no
 * Vault role has) is named in a TRUST_CONDITION_UNSUPPORTED finding and taken to hold. The issuer is set
 * on the auth mount (bound_issuer), not on the role, so it is the one the request names.
 */
import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { clip, type Unsupported } from '../aws-conditions.ts';
import { makeCondition, type Condition, type Door } from '../conditions.ts';
import { TRUST_FINDINGS as F } from '../findings.ts';
import type { TrustReading } from '../format.ts';
import { boundClaimConditions, claimName } from './bound-claims.ts';
import { audienceList, DECIDING_FIELDS, escapeToken, OTHER_FIELDS, roleOf } from './role.ts';

/** How messages name the door. */
export const ROLE_NAME = 'the Vault role';
/** TRUST_CONDITION_UNSUPPORTED findings listed for one role; the rest are counted in one more. */
const MAX_UNSUPPORTED = 50;

export function readVaultRole(document: Readonly<Record<string, unknown>>, issuer: string, member: string): TrustReading {
  const { role, at } = roleOf(document, member);
  const findings: Finding[] = [];
  let listed = 0;
  let untold = 0;
  const unsupported: Unsupported = (field, message, evidence = {}) => {
    if (listed++ < MAX_UNSUPPORTED) findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
    else untold++;
  };
  const told = (): void => {
    if (untold > 0) findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, `${untold} more parts of the role are not evaluated either (the first ${MAX_UNSUPPORTED} are listed); each is taken to hold.`, { field: at }));
  };
  for (const key of Object.keys(role)) {
    if (!DECIDING_FIELDS.has(key) && !OTHER_FIELDS.has(key)) {
      unsupported(`${at}/${escapeToken(key)}`, `${clip(key)} is not a member of a Vault JWT role; it was not evaluated.`, { key: clip(key) });
    }
  }
  if (role.role_type === 'oidc') {
    told();
    findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, 'The role\'s role_type is "oidc": it is for the browser login through the OIDC provider, and Vault refuses a JWT login with it, so no CI token can use it.', { field: `${at}/role_type` }));
    return { issuer, doors: [], findings };
  }
  if (role.role_type !== undefined && role.role_type !== 'jwt') {
    unsupported(`${at}/role_type`, `role_type ${clip(JSON.stringify(role.role_type) ?? '')} is neither "jwt" nor "oidc"; the role is evaluated as a "jwt" role.`, { key: 'role_type' });
  }
  const conditions: Condition[] = [
    audienceCondition(role.bound_audiences, at, unsupported, findings),
    ...subjectCondition(role.bound_subject, at, unsupported),
    ...boundClaimConditions(role.bound_claims, role.bound_claims_type, at, unsupported),
    userClaimCondition(role.user_claim, role.user_claim_json_pointer === true, at, unsupported),
  ];
  if (typeof role.groups_claim === 'string' && role.groups_claim !== '') {
    const field = `${at}/groups_claim`;
    unsupported(field, `groups_claim is not evaluated: the login also fails unless ${clip(role.groups_claim)} is a list of strings in the token, or one the auth mount's provider_config fetches from the identity provider. It is taken to hold.`, { key: 'groups_claim' });
    conditions.push({ kind: 'unknown', field, claim: '', operator: 'groups_claim' });
  }
  told();
  const door: Door = {
    field: at, effect: 'Allow', conditions, name: ROLE_NAME,
    missingAt: { sub: `${at}/bound_subject`, aud: `${at}/bound_audiences` },
  };
  return { issuer, doors: [door], findings };
}

/**
 * bound_audiences: aud must hold one of them. With none, Vault 1.17 and later let in only a token without
 * an audience, and earlier versions one whose aud is a single string: the version is not known, so the
 * audience is not evaluated (it admits), and TRUST_CONDITION_NEVER_HOLDS says what 1.17 does.
 */
function audienceCondition(given: unknown, at: string, unsupported: Unsupported, findings: Finding[]): Condition {
  const field = `${at}/bound_audiences`;
  const list = audienceList(given);
  if (list === undefined || !list.every((a) => typeof a === 'string')) {
    unsupported(field, 'bound_audiences is not a list of strings; it was not evaluated, and is taken to hold.', { key: 'bound_audiences' });
    return { kind: 'unknown', field, claim: '', operator: 'bound_audiences' };
  }
  if (list.length === 0) {
    findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, 'The role binds no audience. Since Vault 1.17 a JWT login is refused when the token carries an aud and the role\'s bound_audiences does not list one of its values, and CI tokens always carry an aud: no CI token can use this role (before 1.17 it accepted any audience).', { field }, 'Set bound_audiences to the audience your CI jobs request for Vault (with hashicorp/vault-action, its jwtGithubAudience; in GitLab, the aud of the job\'s id_tokens), for example https://vault.example.com.'));
    // Which Vault runs the role is not known: before 1.17 a token whose aud is one string got in, so no
    // case is denied on the audience (the condition is not evaluated, and admits).
    return { kind: 'unknown', field, claim: 'aud', operator: 'no bound_audiences' };
  }
  const fields = Array.isArray(given) ? undefined : list.map(() => field);
  return makeCondition({ field, claim: 'aud', operator: 'bound_audiences', match: 'StringEquals' }, list as string[], undefined, fields);
}

/** bound_subject: sub must equal it; an empty one binds nothing. */
function subjectCondition(given: unknown, at: string, unsupported: Unsupported): Condition[] {
  const field = `${at}/bound_subject`;
  if (given === undefined || given === null || given === '') return [];
  if (typeof given !== 'string') {
    unsupported(field, 'bound_subject is not a string; it was not evaluated, and is taken to hold.', { key: 'bound_subject' });
    return [{ kind: 'unknown', field, claim: '', operator: 'bound_subject' }];
  }
  return [makeCondition({ field, claim: 'sub', operator: 'bound_subject', match: 'StringEquals' }, given)];
}

/**
 * user_claim: the token must carry it (Vault names the identity after it). A role without one is read
 * as naming sub. With user_claim_json_pointer, a pointer into a claim is not followed.
 */
function userClaimCondition(given: unknown, pointer: boolean, at: string, unsupported: Unsupported): Condition {
  const field = `${at}/user_claim`;
  if (given !== undefined && given !== null && (typeof given !== 'string' || given === '')) {
    unsupported(field, 'user_claim is not a claim name; it was not evaluated, and is taken to hold.', { key: 'user_claim' });
    return { kind: 'unknown', field, claim: '', operator: 'user_claim' };
  }
  const name = typeof given === 'string' ? given : 'sub';
  const claim = pointer ? claimName(name) : name;
  if (claim === undefined) {
    unsupported(field, `user_claim ${clip(name)} is a JSON Pointer into a claim, which the checker does not follow; the token is taken to carry it.`, { key: 'user_claim' });
    return { kind: 'unknown', field, claim: '', operator: 'user_claim' };
  }
  return { kind: 'null', field, claim, operator: 'user_claim', absent: false };
}
