import { defineFinding, type FindingDefinition, type FindingExample } from '../findings.ts';
import { providerExample } from '../lint/types.ts';

/** A provider's discovery document as the examples' provider serves it, with `changes` (undefined drops a member). */
export function discoveryDocument(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const document: Record<string, unknown> = {
    issuer: 'https://idp.example.com',
    authorization_endpoint: 'https://idp.example.com/authorize',
    token_endpoint: 'https://idp.example.com/token',
    jwks_uri: 'https://idp.example.com/keys',
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    ...changes,
  };
  return Object.fromEntries(Object.entries(document).filter(([, value]) => value !== undefined));
}

/** A discovery example: the examples' provider with discover: true, and what its discovery URL serves (nothing: HTTP 404). */
export function discoveryExample(scenario: string, document?: Record<string, unknown>): FindingExample {
  const config = providerExample({ discover: 'true' });
  return document === undefined
    ? { scenario, config }
    : { scenario, config, served: { 'https://idp.example.com/.well-known/openid-configuration': document } };
}

/**
 * Discovery findings: what can go wrong fetching and reading a provider's discovery document.
 * Discovery also reports INSECURE_URI, ISSUER_INVALID and CHECK_SKIPPED, whose definitions belong to
 * the lint rules, so each code has one meaning wherever it appears. Every discovery finding is about
 * the request's issuer, so evidence.field is "/issuer"; evidence.member names the document member.
 */
export const DISCOVERY_FINDINGS = {
  DISCOVERY_UNREACHABLE: defineFinding({
    code: 'DISCOVERY_UNREACHABLE', severity: 'error', area: 'discover',
    title: 'Neither the OpenID Connect nor the RFC 8414 discovery document gave a 2xx JSON answer',
    remediation: 'Check the issuer URL: discovery is fetched from <issuer>/.well-known/openid-configuration.',
    why: 'Without the discovery document nothing can be checked against what the provider publishes (its issuer, its jwks_uri), and clients that configure themselves from it cannot start.',
    securitySeverity: 5.3,
    example: discoveryExample('Neither discovery URL of the issuer answers (HTTP 404): the issuer is probably missing a path segment such as a realm or tenant.'),
  }),
  DISCOVERY_INVALID: defineFinding({
    code: 'DISCOVERY_INVALID', severity: 'error', area: 'discover',
    title: 'The discovery document is not a JSON object, or a member has the wrong type',
    remediation: 'Publish metadata as in OpenID Connect Discovery §3: strings for URLs, arrays of strings for *_supported.',
    why: 'Clients read the document to find the endpoints and keys to trust. A member of the wrong type is read differently by different libraries, or not at all, so what they end up trusting is anyone\'s guess.',
    securitySeverity: 5.3,
    example: discoveryExample('The document lists its response types as a string instead of an array.', discoveryDocument({ response_types_supported: 'code' })),
  }),
  DISCOVERY_ISSUER_MISMATCH: defineFinding({
    code: 'DISCOVERY_ISSUER_MISMATCH', severity: 'error', area: 'discover',
    title: 'The issuer in the discovery document is not exactly the issuer requested',
    remediation: 'Configure the issuer exactly as the provider publishes it (OpenID Connect Discovery §4.3): letter case and a trailing slash matter.',
    why: 'A client must check that the document it fetched speaks for the issuer it asked (OpenID Connect Discovery §4.3): otherwise a document served elsewhere, or by another tenant of the same host, can point it at keys and endpoints it should not trust, and tokens with the document\'s issuer will fail the client\'s exact issuer check anyway.',
    securitySeverity: 7.4,
    example: discoveryExample('The provider publishes its issuer with a trailing slash; the configuration has none.', discoveryDocument({ issuer: 'https://idp.example.com/' })),
  }),
  METADATA_MISSING: defineFinding({
    code: 'METADATA_MISSING', severity: 'error', area: 'discover',
    title: 'A metadata member required by OpenID Connect Discovery §3 is absent',
    remediation: 'Ask the provider to publish the member; without it relying parties cannot configure themselves.',
    why: 'Relying parties configure themselves from these members. A provider without id_token_signing_alg_values_supported, for instance, leaves each client to guess which algorithms to accept.',
    securitySeverity: 4.3,
    example: discoveryExample('The document does not say which algorithms sign its ID tokens.', discoveryDocument({ id_token_signing_alg_values_supported: undefined })),
  }),
} as const satisfies Record<string, FindingDefinition>;
