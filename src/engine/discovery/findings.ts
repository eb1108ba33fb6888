import { defineFinding, type FindingDefinition } from '../findings.ts';

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
  }),
  DISCOVERY_INVALID: defineFinding({
    code: 'DISCOVERY_INVALID', severity: 'error', area: 'discover',
    title: 'The discovery document is not a JSON object, or a member has the wrong type',
    remediation: 'Publish metadata as in OpenID Connect Discovery §3: strings for URLs, arrays of strings for *_supported.',
  }),
  DISCOVERY_ISSUER_MISMATCH: defineFinding({
    code: 'DISCOVERY_ISSUER_MISMATCH', severity: 'error', area: 'discover',
    title: 'The issuer in the discovery document is not exactly the issuer requested',
    remediation: 'Configure the issuer exactly as the provider publishes it (OpenID Connect Discovery §4.3): letter case and a trailing slash matter.',
  }),
  METADATA_MISSING: defineFinding({
    code: 'METADATA_MISSING', severity: 'error', area: 'discover',
    title: 'A metadata member required by OpenID Connect Discovery §3 is absent',
    remediation: 'Ask the provider to publish the member; without it relying parties cannot configure themselves.',
  }),
} as const satisfies Record<string, FindingDefinition>;
