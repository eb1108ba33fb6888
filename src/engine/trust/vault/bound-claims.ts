/**
 * A Vault JWT role's bound_claims, read as Vault's login checks them: every claim named must be in the
 * token, and match one of its values (a list claim in the token matches when one of its members does).
 * With bound_claims_type "string" (the default) a value matches only itself; with "glob", `*` matches
 * any run of characters and everything else, `?` included, only itself (see glob.ts).
 *
 * A claim named by a JSON Pointer (`/repository`) is the claim it points at; one that points inside a
 * claim (`/a/b`) is not evaluated. Values other than strings are not evaluated either: Vault compares
 * them with the token's claim by type as well as by value.
 */
import { makeCondition, type Condition } from '../conditions.ts';
import { clip, isRecord, type Unsupported } from '../aws-conditions.ts';
import { compileVaultGlob } from './glob.ts';
import { escapeToken } from './role.ts';

export type BoundClaimsType = 'string' | 'glob';

/**
 * The conditions bound_claims puts on the token. `type` is bound_claims_type as the role gives it;
 * `at` the role's pointer.
 */
export function boundClaimConditions(claims: unknown, type: unknown, at: string, unsupported: Unsupported): Condition[] {
  const field = `${at}/bound_claims`;
  if (claims === undefined || claims === null) return [];
  if (!isRecord(claims)) {
    unsupported(field, 'bound_claims is not a JSON object of claims; it was not evaluated, and is taken to hold.');
    return [{ kind: 'unknown', field, claim: '', operator: 'bound_claims' }];
  }
  const kind = claimsType(type);
  if (kind === undefined) {
    unsupported(`${at}/bound_claims_type`, `bound_claims_type ${clip(JSON.stringify(type) ?? '')} is neither "string" nor "glob"; no bound claim was evaluated, and each is taken to hold.`, { key: 'bound_claims_type' });
  }
  return Object.entries(claims).map(([key, values]) => {
    const keyField = `${field}/${escapeToken(key)}`;
    if (kind === undefined) return { kind: 'unknown', field: keyField, claim: '', operator: 'bound_claims' };
    return boundClaim(key, values, kind, keyField, unsupported);
  });
}

/** bound_claims_type: absent means "string", as Vault reads a role stored without one. */
function claimsType(type: unknown): BoundClaimsType | undefined {
  if (type === undefined || type === null || type === '' || type === 'string') return 'string';
  return type === 'glob' ? 'glob' : undefined;
}

function boundClaim(key: string, values: unknown, kind: BoundClaimsType, field: string, unsupported: Unsupported): Condition {
  const operator = kind === 'glob' ? 'bound_claims glob' : 'bound_claims';
  const unknown = (why: string): Condition => {
    unsupported(field, `The bound claim ${clip(key)} is not evaluated: ${why}. It is taken to hold.`, { key: clip(key) });
    return { kind: 'unknown', field, claim: '', operator };
  };
  const claim = claimName(key);
  if (claim === undefined) return unknown('its JSON Pointer points inside a claim (a nested value), which the checker does not follow');
  const list: readonly unknown[] = Array.isArray(values) ? values : [values];
  if (!list.every((v): v is string => typeof v === 'string')) {
    return unknown('its values are not all strings. Vault compares a number or boolean with the token\'s claim by type as well as by value, and CI tokens carry their claims as strings (repository_id "123", ref_protected "true"), so such a value may never match');
  }
  const given = values as string | string[];
  const parts = { field, claim, operator };
  if (kind === 'string' || !list.some((v) => v.includes('*'))) {
    // Without a star, a glob matches only the value itself.
    return makeCondition({ ...parts, match: 'StringEquals' }, given);
  }
  // The checks read each glob as a StringLike pattern, where `?` is a wildcard too: a pattern that
  // matches every string the glob matches, and possibly more.
  return makeCondition({ ...parts, match: 'StringLike' }, given, list.map(compileVaultGlob));
}

/**
 * The claim a bound_claims key names: the key itself, or for a JSON Pointer of one reference token
 * (`/repository`) the claim it points at. Undefined for a pointer into a claim (`/a/b`) or to no name.
 */
export function claimName(key: string): string | undefined {
  if (!key.startsWith('/')) return key;
  const token = key.slice(1);
  if (token === '' || token.includes('/')) return undefined;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
