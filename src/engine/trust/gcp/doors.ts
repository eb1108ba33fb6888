/**
 * A Google Cloud workload identity provider and the IAM bindings of its pool, read as Google decides a
 * token exchange: the token's issuer and audience must match the provider, its attribute condition
 * must hold, and an identity of the pool gets a role through one binding member that matches it. Each
 * way in is a door: one disjunct of the condition, with the audience, and one federated member (or,
 * when no bindings are given, the whole pool). What is not evaluated is named and taken to admit.
 */
import { finding } from '../../findings.ts';
import type { Finding } from '../../types.ts';
import { clip, escape, isRecord } from '../aws-conditions.ts';
import { makeCondition, type Condition, type Door } from '../conditions.ts';
import { TRUST_FINDINGS as F } from '../findings.ts';
import type { TrustReading } from '../format.ts';
import { providerOf, readProvider, type ProviderReading } from './document.ts';
import { defaultAudience, type Unsupported } from './literals.ts';
import { readMapping } from './mapping.ts';
import { poolOfProvider, type PoolName } from './members.ts';
import { conditionAlternatives, memberWays } from './ways-in.ts';

/** TRUST_CONDITION_UNSUPPORTED findings listed for one document; the rest are counted in one more. */
const MAX_UNSUPPORTED = 50;
const DOCUMENT_MEMBERS = new Set(['provider', 'bindings']);
/** Provider members of other kinds of provider: a provider has exactly one of them and oidc. */
const OTHER_KINDS = ['aws', 'saml', 'x509'];

export function readGcpDocument(document: Readonly<Record<string, unknown>>, issuer: string, at: string): TrustReading {
  const findings: Finding[] = [];
  let untold = 0;
  const unsupported: Unsupported = (field, message, evidence = {}) => {
    if (findings.filter((f) => f.code === 'TRUST_CONDITION_UNSUPPORTED').length < MAX_UNSUPPORTED) findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, message, { field, ...evidence }));
    else untold++;
  };
  for (const key of Object.keys(document).filter((k) => !DOCUMENT_MEMBERS.has(k))) {
    unsupported(`${at}/${escape(key)}`, `The member ${clip(key)} is not one a gcp_workload_identity document has ({ provider, bindings }); it was not evaluated.`, { key: clip(key) });
  }
  const providerAt = `${at}/provider`;
  if (!isRecord(document.provider)) unsupported(document.provider !== undefined ? providerAt : at, 'The document has no provider object: it is judged as a provider without attribute condition or mapping.');
  const provider = readProvider(providerOf(document), providerAt);
  for (const u of provider.unknown) {
    const key = String(u.value);
    const why = OTHER_KINDS.includes(key) ? `makes it a provider of another kind than OIDC, which the checker does not judge; its OIDC settings are judged` : 'is not evaluated';
    unsupported(u.at, `The provider member ${clip(key)} ${why}.`, { key: clip(key) });
  }
  const mapping = readMapping(provider.mapping?.value);
  if (provider.mapping === undefined) unsupported(providerAt, 'The provider has no attribute mapping: conditions and bindings on attribute.* and google.subject cannot be evaluated, and are taken to admit.');
  const pool = poolName(provider);
  const audience = audienceCondition(provider, pool, unsupported);
  const alternatives = conditionAlternatives(provider.condition, mapping, unsupported);
  const ways = memberWays(document.bindings, `${at}/bindings`, pool, mapping, unsupported, findings);
  const conditionField = provider.condition?.at ?? providerAt;

  const doors: Door[] = [];
  if (alternatives.length === 0) {
    findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, 'The attribute condition can never hold: the provider lets no token in.', { field: conditionField }));
  } else if (ways !== undefined && ways.length === 0 && !findings.some((f) => f.code === 'TRUST_CONDITION_NEVER_HOLDS')) {
    findings.push(finding(F.TRUST_CONDITION_NEVER_HOLDS, 'No binding grants an identity of the provider\'s pool (principal:// or principalSet:// members of its workload identity pool): no token gets a role through them.', { field: `${at}/bindings` }));
  }
  const numbered = (i: number): string => (alternatives.length > 1 ? `alternative ${i + 1} of ${alternatives.length} of the attribute condition` : '');
  alternatives.forEach((conjunct, i) => {
    const head = [...(audience === undefined ? [] : [audience]), ...conjunct];
    if (ways === undefined) {
      const name = alternatives.length > 1 ? numbered(i) : provider.condition === undefined ? 'the provider (no attribute condition, no bindings given)' : 'the provider\'s attribute condition';
      doors.push({ field: conditionField, effect: 'Allow', conditions: head, name, missingAt: { sub: conditionField, aud: audienceField(provider) } });
      return;
    }
    for (const way of ways) {
      const name = alternatives.length > 1 ? `${way.name}, where ${numbered(i)} holds` : way.name;
      doors.push({ field: way.field, effect: 'Allow', conditions: [...head, ...way.conditions], name, missingAt: { sub: way.field, aud: audienceField(provider) } });
    }
  });
  if (untold > 0) {
    findings.push(finding(F.TRUST_CONDITION_UNSUPPORTED, `${untold} more parts of the document are not evaluated either (the first ${MAX_UNSUPPORTED} are listed); each is taken to admit.`, { field: at }));
  }
  return { issuer, doors, findings };
}

/** The provider's pool, from its resource name or Terraform's pool ID. */
function poolName(provider: ProviderReading): PoolName | undefined {
  const name = provider.name?.value;
  if (typeof name === 'string') {
    const fromName = poolOfProvider(name);
    if (fromName !== undefined) return fromName;
  }
  const poolId = provider.poolId?.value;
  return typeof poolId === 'string' && poolId !== '' && !poolId.includes('/') ? { project: '', pool: poolId } : undefined;
}

function audienceField(provider: ProviderReading): string {
  return provider.audiences?.at ?? (provider.hasOidc ? provider.oidcAt : provider.at);
}

/**
 * aud must be one of allowed_audiences, exactly; with none listed, the provider's own resource name
 * (see defaultAudience), whose unknown parts (no name given, a project ID in place of its number) match
 * any one path segment.
 */
function audienceCondition(provider: ProviderReading, pool: PoolName | undefined, unsupported: Unsupported): Condition | undefined {
  const given = provider.audiences?.value;
  if (Array.isArray(given) && given.length > 0) {
    if (given.every((a) => typeof a === 'string')) {
      return makeCondition({ field: provider.audiences?.at as string, claim: 'aud', operator: 'allowed_audiences', match: 'StringEquals' }, given as string[]);
    }
    unsupported(provider.audiences?.at as string, 'allowed_audiences holds values that are not strings; the audience is not evaluated.');
    return undefined;
  }
  if (given !== undefined && given !== null && !Array.isArray(given)) {
    unsupported(provider.audiences?.at as string, 'allowed_audiences is not a list; the audience is not evaluated.');
    return undefined;
  }
  const name = typeof provider.name?.value === 'string' ? provider.name.value.replace(/^\/\/iam\.googleapis\.com\//, '') : undefined;
  const parts = name?.split('/');
  const known = parts !== undefined && parts.length === 8 && parts[0] === 'projects' && parts[2] === 'locations' && parts[4] === 'workloadIdentityPools' && parts[6] === 'providers';
  const providerId = typeof provider.providerId?.value === 'string' && provider.providerId.value !== '' ? provider.providerId.value : undefined;
  const segment = (i: number): string | undefined => (known ? parts[i] : undefined);
  const project = segment(1);
  return defaultAudience([
    'projects', project !== undefined && /^[0-9]+$/.test(project) ? project : undefined, 'locations', segment(3),
    'workloadIdentityPools', segment(5) ?? pool?.pool, 'providers', segment(7) ?? providerId,
  ], audienceField(provider));
}
