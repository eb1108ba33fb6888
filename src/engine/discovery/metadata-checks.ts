import { defineFinding, finding, type FindingDefinition } from '../findings.ts';
import type { Finding } from '../types.ts';
import { discoveryDocument, discoveryExample } from './findings.ts';

/**
 * What a provider's discovery document offers that a relying party should not use: unsigned ID tokens,
 * authorization codes without PKCE, PKCE method names nobody registered, access tokens in the
 * front channel. These judge the provider's published metadata, not the relying party's own settings
 * (which lint checks: `none` in allowed_algs is WEAK_ALGORITHM there), so they are discovery findings.
 */

/** The PKCE methods of the IANA "PKCE Code Challenge Methods" registry (RFC 7636 §6.2). Names are case-sensitive. */
const REGISTERED_PKCE_METHODS = ['plain', 'S256'] as const;

export const METADATA_CHECK_FINDINGS = {
  DISCOVERY_ALG_NONE: defineFinding({
    code: 'DISCOVERY_ALG_NONE', severity: 'error', area: 'discover',
    title: 'The provider offers unsigned ID tokens (none in id_token_signing_alg_values_supported)',
    docs: 'id_token_signing_alg_values_supported lists "none" (in any letter case). evidence.alg is the entry as written.',
    remediation: 'Ask the provider to drop "none" from id_token_signing_alg_values_supported, and never list none in a relying party\'s allowed_algs.',
    why: 'An unsigned ID token proves nothing: anyone can write one. A client library that configures its accepted algorithms from discovery inherits "none" and accepts forged tokens; OpenID Connect allows it only for tokens that come straight from the token endpoint, which few clients can guarantee.',
    securitySeverity: 8.1,
    example: discoveryExample('The provider advertises unsigned ID tokens beside RS256.', discoveryDocument({ id_token_signing_alg_values_supported: ['RS256', 'none'] })),
  }),
  DISCOVERY_PKCE_MISSING: defineFinding({
    code: 'DISCOVERY_PKCE_MISSING', severity: 'warning', area: 'discover',
    title: 'The provider offers the authorization code flow but does not advertise PKCE S256',
    docs: 'When a response type in response_types_supported includes "code", code_challenge_methods_supported must list S256 (RFC 7636). An absent member counts as no PKCE, as RFC 8414 §2 defines it; evidence.methods is then null. Providers with no code response type (such as GitHub Actions\' token-only issuer) are not judged.',
    remediation: 'Ask the provider to support PKCE with S256 and to list it in code_challenge_methods_supported; use S256 in every client.',
    why: 'Without PKCE an intercepted or injected authorization code can be redeemed by someone else (RFC 9700 requires PKCE for public clients and recommends it for all). Client libraries that configure themselves from discovery skip PKCE when S256 is not advertised, even if the provider would accept it.',
    securitySeverity: 5.3,
    example: discoveryExample('The provider offers the code flow and lists no PKCE method.', discoveryDocument({ code_challenge_methods_supported: undefined })),
  }),
  DISCOVERY_PKCE_METHOD_INVALID: defineFinding({
    code: 'DISCOVERY_PKCE_METHOD_INVALID', severity: 'warning', area: 'discover',
    title: 'code_challenge_methods_supported lists a name that is no registered PKCE method',
    docs: 'The IANA PKCE Code Challenge Methods registry holds "plain" and "S256" only, and the names are case-sensitive. evidence.methods lists the other names, as written.',
    remediation: 'Ask the provider to list only registered methods (S256, and plain only if it must); signature algorithm names such as RS256 are not PKCE methods.',
    why: 'A client that picks a method from the list may choose a name the provider does not implement as PKCE, and then either fails or sends no usable challenge. A wrong list also shows that nobody checked the PKCE support it describes.',
    securitySeverity: 2.0,
    example: discoveryExample('The provider lists signature algorithm names among its PKCE methods.', discoveryDocument({ code_challenge_methods_supported: ['RS256', 'ES256', 'S256'] })),
  }),
  DISCOVERY_IMPLICIT_FLOW: defineFinding({
    code: 'DISCOVERY_IMPLICIT_FLOW', severity: 'warning', area: 'discover',
    title: 'The provider offers response types that return access tokens from the authorization endpoint',
    docs: 'A response type in response_types_supported includes "token" (token, id_token token, code token, code id_token token, in any order): the implicit or a hybrid flow that puts an access token in the redirect. evidence.response_types lists them.',
    remediation: 'Use the authorization code flow with PKCE in every client, and ask the provider to turn off response types with "token" for your clients.',
    why: 'An access token in the front channel leaks through browser history, referrer headers and logs, and can be injected or replayed; RFC 9700 says clients should not use these response types.',
    securitySeverity: 4.3,
    example: discoveryExample('The provider offers the implicit flow beside the code flow.', discoveryDocument({ response_types_supported: ['code', 'token', 'id_token token'] })),
  }),
} as const satisfies Record<string, FindingDefinition>;

const F = METADATA_CHECK_FINDINGS;

/** A member that is an array of strings, undefined when absent; a member of another type is DISCOVERY_INVALID's and not read. */
function stringList(doc: Record<string, unknown>, member: string): string[] | undefined | 'wrong_type' {
  const value = doc[member];
  if (value === undefined) return undefined;
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : 'wrong_type';
}

/** A response type's values: "code id_token" and "id_token code" are the same set (OAuth Multiple Response Types). */
function responseTypeValues(responseType: string): string[] {
  return responseType.split(' ').filter((v) => v !== '');
}

/** The metadata findings of one discovery document, in the order of the codes above. */
export function checkMetadata(doc: Record<string, unknown>, discoveryUri: string): Finding[] {
  const findings: Finding[] = [];
  const where = { field: '/issuer', discovery_uri: discoveryUri };

  const algs = stringList(doc, 'id_token_signing_alg_values_supported');
  for (const alg of Array.isArray(algs) ? algs : []) {
    if (alg.toLowerCase() !== 'none') continue;
    findings.push(finding(F.DISCOVERY_ALG_NONE, `The provider offers unsigned ID tokens: id_token_signing_alg_values_supported lists "${alg}".`, {
      ...where, member: 'id_token_signing_alg_values_supported', alg,
    }));
  }

  const responseTypes = stringList(doc, 'response_types_supported');
  const methods = stringList(doc, 'code_challenge_methods_supported');
  const offersCode = Array.isArray(responseTypes) && responseTypes.some((t) => responseTypeValues(t).includes('code'));
  if (offersCode && methods !== 'wrong_type' && !(methods ?? []).includes('S256')) {
    findings.push(finding(F.DISCOVERY_PKCE_MISSING, methods === undefined
      ? 'The provider offers the authorization code flow but publishes no code_challenge_methods_supported, so it advertises no PKCE.'
      : `The provider offers the authorization code flow but code_challenge_methods_supported does not list S256${methods.length > 0 ? ` (it lists ${methods.join(', ')})` : ''}.`, {
      ...where, member: 'code_challenge_methods_supported', methods: methods ?? null,
    }));
  }

  const unregistered = Array.isArray(methods) ? methods.filter((m) => !(REGISTERED_PKCE_METHODS as readonly string[]).includes(m)) : [];
  if (unregistered.length > 0) {
    const hints = unregistered.flatMap((m) => REGISTERED_PKCE_METHODS.filter((r) => r.toLowerCase() === m.toLowerCase()).map((r) => `"${m}" should be "${r}"`));
    findings.push(finding(
      F.DISCOVERY_PKCE_METHOD_INVALID,
      `code_challenge_methods_supported lists ${unregistered.map((m) => `"${m}"`).join(', ')}, which ${unregistered.length === 1 ? 'is no registered PKCE method' : 'are no registered PKCE methods'} (registered: plain, S256)${hints.length > 0 ? `; ${hints.join(', ')}` : ''}.`,
      { ...where, member: 'code_challenge_methods_supported', methods: unregistered },
    ));
  }

  const withToken = Array.isArray(responseTypes) ? responseTypes.filter((t) => responseTypeValues(t).includes('token')) : [];
  if (withToken.length > 0) {
    findings.push(finding(
      F.DISCOVERY_IMPLICIT_FLOW,
      `The provider offers response types that return an access token from the authorization endpoint: ${withToken.map((t) => `"${t}"`).join(', ')}.`,
      { ...where, member: 'response_types_supported', response_types: withToken },
    ));
  }
  return findings;
}
