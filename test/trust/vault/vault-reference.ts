/**
 * A reference of Vault's JWT login for a role, written from HashiCorp's documentation of the JWT/OIDC
 * auth method and its API (bound_audiences, bound_subject, bound_claims with bound_claims_type string or
 * glob, user_claim, groups_claim, claim_mappings, role_type) and kept apart from the checker: it reads the
 * role's JSON and the token's claims directly, shares no code with src/, and is slow and literal on
 * purpose. Where the documentation leaves a detail open (how a number in a claim compares, how a glob is
 * matched), it follows what Vault's JWT plugin does: numbers in the token become their integer text,
 * values compare by type and value, and the glob is go-glob's algorithm, written out below line by line.
 *
 * Not modelled, because they are not about the token's claims: the signature, the issuer (set on the
 * mount), expiry and clock leeways, bound CIDRs, and groups fetched by a mount's provider_config (the
 * reference assumes none, so it can only deny more than Vault, never less, for groups_claim).
 */

type Json = Record<string, unknown>;

/** A claim value as Vault holds it after decoding the token: numbers at the top level become integer text. */
type Value = { kind: 'string'; s: string } | { kind: 'bool'; b: boolean } | { kind: 'number'; text: string } | { kind: 'float' } | { kind: 'other' };

/** go-glob's Glob: `*` is the only wildcard; the whole subject must match. */
export function goGlob(pattern: string, subject: string): boolean {
  if (pattern === '') return subject === pattern;
  if (pattern === '*') return true;
  const parts = pattern.split('*');
  if (parts.length === 1) return subject === pattern;
  const leadingGlob = pattern.startsWith('*');
  const trailingGlob = pattern.endsWith('*');
  const end = parts.length - 1;
  let subj = subject;
  for (let i = 0; i < end; i++) {
    const part = parts[i] as string;
    const idx = subj.indexOf(part);
    if (i === 0) {
      if (!leadingGlob && idx !== 0) return false;
    } else if (idx < 0) {
      return false;
    }
    subj = subj.slice(idx + part.length);
  }
  return trailingGlob || subj.endsWith(parts[end] as string);
}

/** RFC 6901: the value a JSON Pointer names, or undefined. */
function pointerGet(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      node = node[Number(token)];
    } else if (typeof node === 'object' && node !== null) {
      node = Object.hasOwn(node, token) ? (node as Json)[token] : undefined;
    } else {
      return undefined;
    }
  }
  return node;
}

/** A claim by name, or by JSON Pointer when the name starts with `/` (bound_claims, groups_claim, claim_mappings). */
function getClaim(claims: Json, name: string): unknown {
  const value = name.startsWith('/') ? pointerGet(claims, name) : Object.hasOwn(claims, name) ? claims[name] : undefined;
  return value === null ? undefined : value;
}

/** A top-level claim as Vault compares it (a number becomes the text of its integer part). */
function topValue(v: unknown): Value {
  if (typeof v === 'string') return { kind: 'string', s: v };
  if (typeof v === 'boolean') return { kind: 'bool', b: v };
  if (typeof v === 'number') return Number.isFinite(v) ? { kind: 'number', text: String(Math.trunc(v)) } : { kind: 'other' };
  return { kind: 'other' };
}

/** A member of a list claim: numbers stay floating-point numbers, which equal nothing Vault stores. */
function memberValue(v: unknown): Value {
  if (typeof v === 'number') return { kind: 'float' };
  return topValue(v);
}

/** A bound value as Vault stores it (a number keeps its text). */
function boundValue(v: unknown): Value {
  if (typeof v === 'number') return { kind: 'number', text: String(v) };
  return topValue(v);
}

function same(a: Value, b: Value): boolean {
  if (a.kind === 'string' && b.kind === 'string') return a.s === b.s;
  if (a.kind === 'bool' && b.kind === 'bool') return a.b === b.b;
  if (a.kind === 'number' && b.kind === 'number') return a.text === b.text;
  return false;
}

/** The values of a claim: a list's members, or the one value; undefined when it is neither (an object). */
function claimValues(raw: unknown): Value[] | undefined {
  if (Array.isArray(raw)) return raw.map(memberValue);
  const v = topValue(raw);
  return v.kind === 'other' ? undefined : [v];
}

function audiences(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.split(',').map((a) => a.trim()).filter((a) => a !== '');
  return Array.isArray(value) && value.every((a) => typeof a === 'string') ? value : undefined;
}

/**
 * Why Vault refuses the login, each reason naming the role member that refuses it; [] when the token
 * gets in. The role is the data `vault read` prints.
 */
export function refusals(role: Json, claims: Json): string[] {
  const out: string[] = [];
  if (role.role_type === 'oidc') return ['role_type'];
  // The token's own registered claims must have their types: sub a string, aud a string or strings.
  const aud = claims.aud;
  const audList = aud === undefined || aud === null ? undefined : typeof aud === 'string' ? [aud] : Array.isArray(aud) && aud.every((a) => typeof a === 'string') ? aud as string[] : null;
  if (audList === null) out.push('aud');
  if (claims.sub !== undefined && claims.sub !== null && typeof claims.sub !== 'string') out.push('sub');
  const bound = audiences(role.bound_audiences);
  if (bound === undefined) {
    out.push('bound_audiences');
  } else if (bound.length > 0) {
    if (!bound.some((b) => (audList ?? []).includes(b))) out.push('bound_audiences');
  } else if (Array.isArray(aud) && aud.length > 0) {
    // With no bound audience, Vault 1.17 refuses any aud, and earlier versions a list: a single string
    // aud got in before 1.17, and which version runs is not known, so that is allowed.
    out.push('bound_audiences');
  }
  if (typeof role.bound_subject === 'string' && role.bound_subject !== '' && claims.sub !== role.bound_subject) out.push('bound_subject');
  const userClaim = typeof role.user_claim === 'string' ? role.user_claim : 'sub';
  const user = role.user_claim_json_pointer === true ? getClaim(claims, userClaim) : (Object.hasOwn(claims, userClaim) ? claims[userClaim] : undefined);
  if (typeof user !== 'string') out.push('user_claim');
  if (typeof role.groups_claim === 'string' && role.groups_claim !== '') {
    const groups = getClaim(claims, role.groups_claim);
    const list = Array.isArray(groups) ? groups : typeof groups === 'string' ? [groups] : undefined;
    if (list === undefined || !list.every((g) => typeof g === 'string')) out.push('groups_claim');
  }
  if (typeof role.claim_mappings === 'object' && role.claim_mappings !== null) {
    for (const source of Object.keys(role.claim_mappings)) {
      const v = getClaim(claims, source);
      if (v !== undefined && typeof v !== 'string') out.push('claim_mappings');
    }
  }
  const glob = role.bound_claims_type === 'glob';
  const boundClaims = (typeof role.bound_claims === 'object' && role.bound_claims !== null ? role.bound_claims : {}) as Json;
  for (const [name, expected] of Object.entries(boundClaims)) {
    const actual = getClaim(claims, name);
    const actVals = actual === undefined ? undefined : claimValues(actual);
    const expList = Array.isArray(expected) ? expected : [expected];
    if (actVals === undefined || expList.some((e) => typeof e === 'object' && e !== null)) {
      out.push(`bound_claims/${name}`);
      continue;
    }
    const found = expList.some((e) => actVals.some((a) => {
      if (!glob) return same(a, boundValue(e));
      return typeof e === 'string' && a.kind === 'string' && goGlob(e, a.s);
    }));
    if (!found) out.push(`bound_claims/${name}`);
  }
  return out;
}

export function referenceDecision(role: Json, claims: Json): 'allow' | 'deny' {
  return refusals(role, claims).length === 0 ? 'allow' : 'deny';
}
