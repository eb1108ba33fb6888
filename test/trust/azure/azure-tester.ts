/**
 * Microsoft Entra federated identity credentials for the tests of the azure_federated_credential format:
 * a classic one (subject) and a flexible one (claimsMatchingExpression), for GitHub's issuer and the
 * audience Entra recommends, as Microsoft Graph returns them.
 */
import { createEngineContext } from '../../../src/engine/context.ts';
import { lintTrustPolicy, type TrustPolicyResponse } from '../../../src/engine/trust/lint.ts';

export const GITHUB = 'https://token.actions.githubusercontent.com';
export const AUDIENCE = 'api://AzureADTokenExchange';
/** The request member, and the pointers findings about a credential use. */
export const AT = '/azure_federated_credential';
export const SUBJECT = `${AT}/subject`;
export const VALUE = `${AT}/claimsMatchingExpression/value`;
export const AUDIENCES = `${AT}/audiences`;
export const ISSUER = `${AT}/issuer`;
/** A subject bound to one repository by its immutable IDs and to one protected environment: nothing to report. */
export const PINNED = 'repo:acme@1001/app@2002:environment:production';

type Json = Record<string, unknown>;

/** A classic credential: Entra compares the token's sub with `subject` exactly. */
export function classic(subject: unknown, extra: Json = {}): Json {
  return { name: 'deploy', issuer: GITHUB, subject, audiences: [AUDIENCE], ...extra };
}

/** A flexible credential with this expression (language version 1). */
export function flexible(value: unknown, extra: Json = {}): Json {
  return { name: 'deploy', issuer: GITHUB, claimsMatchingExpression: { value, languageVersion: 1 }, audiences: [AUDIENCE], ...extra };
}

/** A request judging the credential, with `extra` request members (issuer, cases). */
export function request(credential: Json, extra: Json = {}): Json {
  return { azure_federated_credential: credential, ...extra };
}

/** Claims of a GitHub Actions token for Entra, with these overrides. */
export function claims(overrides: Json = {}): Json {
  const all: Json = { iss: GITHUB, aud: AUDIENCE, sub: PINNED, repository_id: '2002', repository_owner_id: '1001', ...overrides };
  // An override of undefined removes the claim: the token does not carry it.
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}

export async function lint(body: Json): Promise<TrustPolicyResponse> {
  return lintTrustPolicy(structuredClone(body), createEngineContext());
}

/** Each case's outcome, in order, for the credential. */
export async function outcomes(credential: Json, claimSets: readonly Json[], extra: Json = {}): Promise<string[]> {
  const res = await lint(request(credential, { ...extra, cases: claimSets.map((c) => ({ claims: c, expect: 'deny' })) }));
  return res.metadata.cases.map((c) => c.outcome);
}
