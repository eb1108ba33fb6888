import { finding } from '../../findings.ts';
import { discoveryDocument, discoveryExample } from '../findings.ts';
import { documentEvidence, responseTypeValues, stringList, type DiscoveryMetadataCheck } from './context.ts';

export const discoveryPkceMissing: DiscoveryMetadataCheck = {
  code: 'DISCOVERY_PKCE_MISSING',
  severity: 'warning',
  title: 'The provider offers the authorization code flow but does not advertise PKCE S256',
  docs: 'When a response type in response_types_supported includes "code", code_challenge_methods_supported must list S256 (RFC 7636). An absent member counts as no PKCE, as RFC 8414 §2 defines it; evidence.methods is then null. Providers with no code response type (such as GitHub Actions\' token-only issuer) are not judged.',
  remediation: 'Ask the provider to support PKCE with S256 and to list it in code_challenge_methods_supported; use S256 in every client.',
  why: 'Without PKCE an intercepted or injected authorization code can be redeemed by someone else (RFC 9700 requires PKCE for public clients and recommends it for all). Client libraries that configure themselves from discovery skip PKCE when S256 is not advertised, even if the provider would accept it.',
  securitySeverity: 5.3,
  example: discoveryExample('The provider offers the code flow and lists no PKCE method.', discoveryDocument({ code_challenge_methods_supported: undefined })),
  check(ctx) {
    const responseTypes = stringList(ctx.document, 'response_types_supported');
    const methods = stringList(ctx.document, 'code_challenge_methods_supported');
    const offersCode = Array.isArray(responseTypes) && responseTypes.some((t) => responseTypeValues(t).includes('code'));
    if (!offersCode || methods === 'wrong_type' || (methods ?? []).includes('S256')) return [];
    return [finding(discoveryPkceMissing, methods === undefined
      ? 'The provider offers the authorization code flow but publishes no code_challenge_methods_supported, so it advertises no PKCE.'
      : `The provider offers the authorization code flow but code_challenge_methods_supported does not list S256${methods.length > 0 ? ` (it lists ${methods.join(', ')})` : ''}.`, {
      ...documentEvidence(ctx), member: 'code_challenge_methods_supported', methods: methods ?? null,
    })];
  },
};
