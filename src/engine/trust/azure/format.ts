/**
 * Microsoft Entra federated identity credentials (Microsoft Graph's federatedIdentityCredential), the
 * trust an app registration or a managed identity puts in a CI issuer's tokens: classic ones (issuer,
 * subject and audience, matched exactly) and flexible ones (a claims matching expression instead of
 * the subject). One credential per request; its own issuer decides whose tokens it is judged for.
 */
import { GITHUB_ACTIONS_ISSUER } from '../findings.ts';
import type { TrustFormat } from '../format.ts';
import { credentialRefusals, MAX_CLAUSES, MAX_EXPRESSION_LENGTH } from './limits.ts';
import { credentialIssuer, readCredential } from './read.ts';

export const azureFederatedCredentialFormat: TrustFormat = {
  member: 'azure_federated_credential',
  label: 'Microsoft Entra federated identity credential',
  description: `A Microsoft Entra federated identity credential as Microsoft Graph returns it: { name, issuer, audiences, and subject or claimsMatchingExpression: { value, languageVersion: 1 } } (at most 64 KiB as JSON; an expression of at most ${MAX_EXPRESSION_LENGTH.toLocaleString('en-US')} characters and ${MAX_CLAUSES} clauses). Entra compares issuer, subject and audience with the token's iss, sub and aud exactly and case-sensitively; an expression's clauses (claims['sub'] matches 'repo:acme/app:*', claims['repository_id'] eq '2002') are joined by and, matches with * and ? as wildcards. Judged for tokens of the credential's own issuer.`,
  docs: 'docs/trust/azure.md',
  refuse: credentialRefusals,
  /**
   * The credential's own issuer (what Entra compares with iss), else the request's, else GitHub's; and
   * the request's issuer beside a different own one, whose tokens the credential never lets in.
   */
  issuers(document, requested) {
    const own = credentialIssuer(document);
    const asked = requested?.replace(/\/+$/, '');
    if (own === undefined) return [asked ?? GITHUB_ACTIONS_ISSUER];
    return asked === undefined || asked === own.replace(/\/+$/, '') ? [own] : [own, asked];
  },
  read: readCredential,
};
