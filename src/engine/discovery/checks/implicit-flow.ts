import { finding } from '../../findings.ts';
import { discoveryDocument, discoveryExample } from '../findings.ts';
import { documentEvidence, responseTypeValues, stringList, type DiscoveryMetadataCheck } from './context.ts';

export const discoveryImplicitFlow: DiscoveryMetadataCheck = {
  code: 'DISCOVERY_IMPLICIT_FLOW',
  severity: 'warning',
  title: 'The provider offers response types that return access tokens from the authorization endpoint',
  docs: 'A response type in response_types_supported includes "token" (token, id_token token, code token, code id_token token, in any order): the implicit or a hybrid flow that puts an access token in the redirect. evidence.response_types lists them.',
  remediation: 'Use the authorization code flow with PKCE in every client, and ask the provider to turn off response types with "token" for your clients.',
  why: 'An access token in the front channel leaks through browser history, referrer headers and logs, and can be injected or replayed; RFC 9700 says clients should not use these response types.',
  securitySeverity: 4.3,
  example: discoveryExample('The provider offers the implicit flow beside the code flow.', discoveryDocument({ response_types_supported: ['code', 'token', 'id_token token'] })),
  check(ctx) {
    const responseTypes = stringList(ctx.document, 'response_types_supported');
    const withToken = Array.isArray(responseTypes) ? responseTypes.filter((t) => responseTypeValues(t).includes('token')) : [];
    if (withToken.length === 0) return [];
    return [finding(
      discoveryImplicitFlow,
      `The provider offers response types that return an access token from the authorization endpoint: ${withToken.map((t) => `"${t}"`).join(', ')}.`,
      { ...documentEvidence(ctx), member: 'response_types_supported', response_types: withToken },
    )];
  },
};
