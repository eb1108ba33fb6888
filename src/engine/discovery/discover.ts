import { runChecks } from '../check.ts';
import type { EngineContext } from '../context.ts';
import { finding } from '../findings.ts';
import type { FetchFailureReason } from '../net/types.ts';
import { parseDiscoverRequest } from '../schema/discover-request.ts';
import type { DiscoverResponse, Finding, LintRequest } from '../types.ts';
import { checkSkipped } from '../lint/rules/check-skipped.ts';
import { certificateExpiring } from '../lint/rules/endpoint-cert-expiring.ts';
import { insecureUri } from '../lint/rules/insecure-uri.ts';
import { issuerInvalid, issuerProblems } from '../lint/rules/issuer-invalid.ts';
import { documentSpeaksFor } from '../issuer-template.ts';
import { report } from '../lint/types.ts';
import { summarise } from '../summary.ts';
import { isHttpsUri, nearMiss, redactUri } from '../uri.ts';
import { discoveryUris, fetchDiscoveryDocument } from './fetch.ts';
import { DISCOVERY_FINDINGS } from './findings.ts';
import { DISCOVERY_METADATA_CHECKS } from './checks/registry.ts';

const F = DISCOVERY_FINDINGS;

/** Members OpenID Connect Discovery requires every provider to publish (token_endpoint is handled on its own: see below). */
const REQUIRED_MEMBERS = [
  'issuer', 'authorization_endpoint', 'jwks_uri', 'response_types_supported',
  'subject_types_supported', 'id_token_signing_alg_values_supported',
] as const;

/** Checks that need the network, reported by CHECK_SKIPPED in offline mode. */
const NETWORK_CHECKS = [
  'DISCOVERY_UNREACHABLE', 'DISCOVERY_INVALID', 'DISCOVERY_ISSUER_MISMATCH', 'METADATA_MISSING', 'ENDPOINT_CERT_EXPIRING',
  ...DISCOVERY_METADATA_CHECKS.map((check) => check.code),
];

function isUrlMember(name: string): boolean {
  return name === 'issuer' || name === 'jwks_uri' || name.endsWith('_endpoint');
}

/**
 * Members that OpenID Connect Discovery and OAuth server metadata (RFC 8414) define as JSON arrays of strings. Names
 * ending in _supported are not all lists (claims_parameter_supported is a boolean), so the list is
 * explicit; members nobody defined are not type-checked.
 */
const LIST_MEMBERS = new Set([
  'scopes_supported', 'response_types_supported', 'response_modes_supported', 'grant_types_supported',
  'acr_values_supported', 'subject_types_supported', 'claim_types_supported', 'claims_supported',
  'display_values_supported', 'claims_locales_supported', 'ui_locales_supported', 'code_challenge_methods_supported',
  'token_endpoint_auth_methods_supported', 'revocation_endpoint_auth_methods_supported',
  'introspection_endpoint_auth_methods_supported',
]);

/** Boolean members of OpenID Connect Discovery, Front- and Back-Channel Logout, and RFC 9207. */
const BOOLEAN_MEMBERS = new Set([
  'claims_parameter_supported', 'request_parameter_supported', 'request_uri_parameter_supported',
  'require_request_uri_registration', 'frontchannel_logout_supported', 'frontchannel_logout_session_supported',
  'backchannel_logout_supported', 'backchannel_logout_session_supported', 'authorization_response_iss_parameter_supported',
]);

function expectedType(name: string, value: unknown): string | undefined {
  if (isUrlMember(name)) return typeof value === 'string' ? undefined : 'a string';
  if (LIST_MEMBERS.has(name) || /_(alg|enc)_values_supported$/.test(name)) {
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : 'an array of strings';
  }
  if (BOOLEAN_MEMBERS.has(name)) return typeof value === 'boolean' ? undefined : 'a boolean';
  return undefined;
}

/**
 * POST /v1/providers/discover. Throws RequestInvalidError (422) for a bad body; everything else is a
 * finding. Pure apart from the discovery fetches through ctx.fetcher.
 */
export async function discoverProvider(body: unknown, ctx: EngineContext): Promise<DiscoverResponse> {
  const request = parseDiscoverRequest(body);
  const issuer = request.issuer;
  const httpsRequired = request.https_required ?? true;
  const findings: Finding[] = [];
  const response = (discoveryUri: string | null, jwksUri: string | null, metadata: Record<string, unknown>): DiscoverResponse => ({
    valid: !findings.some((f) => f.severity === 'error'),
    // Echoed without its user info: a password written into the issuer URL must not come back in the answer.
    issuer: redactUri(issuer),
    discovery_uri: discoveryUri,
    jwks_uri: jwksUri,
    metadata,
    findings,
    summary: summarise('Provider metadata', findings),
  });

  const problems = issuerProblems(issuer);
  if (problems.length > 0) {
    findings.push(report(issuerInvalid, `issuer ${problems.join(', ')}.`, { field: '/issuer', uri: redactUri(issuer), problems }));
  }
  if (httpsRequired && !isHttpsUri(issuer)) {
    findings.push(report(insecureUri, 'issuer is not an https:// URI.', { field: '/issuer', uri: redactUri(issuer) }));
  }

  if (!ctx.fetcher.online) {
    findings.push(report(checkSkipped, `Discovery was not fetched (offline mode); not run: ${NETWORK_CHECKS.join(', ')}.`, {
      field: '/issuer',
      uri: discoveryUris(issuer)?.openid ?? redactUri(issuer),
      checks: NETWORK_CHECKS,
    }, 'Run again with network access to fetch and check the discovery document.'));
    return response(null, null, {});
  }

  const fetched = await fetchDiscoveryDocument(ctx.fetcher, issuer, { allowHttp: !httpsRequired });
  if (fetched.state === 'not_http') {
    findings.push(finding(F.DISCOVERY_UNREACHABLE, 'Discovery was not fetched: the issuer is not an http(s) URL.', {
      field: '/issuer', reason: 'blocked' satisfies FetchFailureReason, attempts: [],
    }));
    return response(null, null, {});
  }
  if (fetched.state === 'unreachable') {
    const { attempts } = fetched;
    findings.push(finding(
      F.DISCOVERY_UNREACHABLE,
      `No discovery document: ${attempts.map((a) => `${a.uri} (${a.reason}: ${a.detail})`).join('; ')}.`,
      { field: '/issuer', reason: attempts[0].reason, attempts: attempts.map(({ uri, reason, status }) => (status === undefined ? { uri, reason } : { uri, reason, status })) },
    ));
    return response(null, null, {});
  }
  if (fetched.state === 'not_an_object') {
    findings.push(finding(F.DISCOVERY_INVALID, `The discovery document at ${fetched.uri} is not a JSON object.`, {
      field: '/issuer', discovery_uri: fetched.uri,
    }));
    return response(fetched.uri, null, {});
  }
  const metadata = fetched.document;
  checkDocument(metadata, issuer, httpsRequired, fetched.uri, findings);
  findings.push(...runChecks(DISCOVERY_METADATA_CHECKS, { document: metadata, discoveryUri: fetched.uri }));
  if (fetched.tls !== undefined) findings.push(...certificateExpiring(fetched.tls, ctx.now(), '/issuer'));
  return response(fetched.uri, typeof metadata.jwks_uri === 'string' ? metadata.jwks_uri : null, pickMetadata(metadata));
}

function checkDocument(doc: Record<string, unknown>, issuer: string, httpsRequired: boolean, discoveryUri: string, findings: Finding[]): void {
  const wrongType = new Set<string>();
  for (const [member, value] of Object.entries(doc)) {
    const expected = expectedType(member, value);
    if (expected === undefined) continue;
    wrongType.add(member);
    findings.push(finding(F.DISCOVERY_INVALID, `Discovery member ${member} is not ${expected}.`, { field: '/issuer', member, discovery_uri: discoveryUri }));
  }

  const responseTypes = Array.isArray(doc.response_types_supported) ? doc.response_types_supported : undefined;
  // OpenID Connect Discovery requires token_endpoint "unless only the Implicit Flow is used", which the
  // document shows by offering only response types made of id_token and token.
  const implicitOnly = responseTypes !== undefined && responseTypes.length > 0 &&
    responseTypes.every((t) => t === 'id_token' || t === 'id_token token' || t === 'token id_token');
  const required: string[] = [...REQUIRED_MEMBERS];
  if (!implicitOnly) required.splice(2, 0, 'token_endpoint');
  // An issuer that offers no code flow sends no user to an authorization endpoint: GitHub's issues ID
  // tokens to workflows only and publishes none. Its absence is then worth a warning, not a failure.
  const noCodeFlow = responseTypes !== undefined && !responseTypes.some((t) => typeof t === 'string' && t.split(' ').includes('code'));
  for (const member of required) {
    if (doc[member] !== undefined) continue;
    const definition = member === 'authorization_endpoint' && noCodeFlow ? { ...F.METADATA_MISSING, severity: 'warning' as const } : F.METADATA_MISSING;
    const message = definition.severity === 'warning'
      ? `Discovery member ${member} is missing; the issuer offers no code flow (response_types_supported), so no client is sent to it.`
      : `Discovery member ${member} is missing.`;
    findings.push(finding(definition, message, { field: '/issuer', member, discovery_uri: discoveryUri }));
  }

  // Exact (Discovery §4.3), except the pairing Microsoft documents for Entra ID: its tenant-independent
  // documents (/common/v2.0, /organizations/v2.0) publish https://login.microsoftonline.com/{tenantid}/v2.0.
  if (typeof doc.issuer === 'string' && !documentSpeaksFor(issuer, doc.issuer)) {
    const hint = nearMiss(issuer, doc.issuer);
    findings.push(finding(
      F.DISCOVERY_ISSUER_MISMATCH,
      `The discovery document names issuer ${redactUri(doc.issuer)}, not ${redactUri(issuer)}${hint !== undefined ? ` (${hint})` : ''}.`,
      { field: '/issuer', expected: redactUri(issuer), actual: redactUri(doc.issuer), discovery_uri: discoveryUri },
    ));
  }

  if (httpsRequired) {
    for (const [member, value] of Object.entries(doc)) {
      if (!isUrlMember(member) || wrongType.has(member) || typeof value !== 'string' || isHttpsUri(value)) continue;
      findings.push(report(insecureUri, `Discovery member ${member} is not an https:// URI.`, { field: '/issuer', member, uri: redactUri(value) }));
    }
  }
}

/** The members a relying party configures itself from (signing algorithms and endpoints), with the right types only. */
function pickMetadata(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [member, value] of Object.entries(doc)) {
    if (member.endsWith('_endpoint') && typeof value === 'string') out[member] = value;
    else if (member.endsWith('_signing_alg_values_supported') && Array.isArray(value) && value.every((v) => typeof v === 'string')) out[member] = value;
  }
  return out;
}

/**
 * For `discover: true` provider entries (action and CLI): the lint request with discovered_jwks_uri
 * set to what discovery found. A discovery that found no jwks_uri leaves the request as it was, so
 * the lint does not invent a mismatch; the discovery findings say what went wrong.
 */
export function withDiscoveredJwksUri(request: LintRequest, discovery: DiscoverResponse): LintRequest {
  if (discovery.jwks_uri === null) return request;
  return { ...request, discovered_jwks_uri: discovery.jwks_uri };
}
