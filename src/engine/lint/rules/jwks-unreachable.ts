import { providerExample, report, type LintRule } from '../types.ts';
import { redactUri } from '../../uri.ts';

export const jwksUnreachable: LintRule = {
  code: 'JWKS_UNREACHABLE',
  severity: 'error',
  title: 'GET jwks_uri did not give a 2xx JSON answer in time',
  docs: 'The configured JWKS endpoint is fetched once, through the guarded fetcher (public addresses only unless OUTBOUND_ALLOW names the host, 5 s, 512 KiB). evidence.reason says why it failed: dns, refused, timeout, tls, http_status, blocked, too_large or not_json.',
  remediation: 'Check that jwks_uri is right and reachable from where tokens are validated.',
  why: 'Validators that cannot fetch the JWKS refuse every token once their cache runs out, so an unreachable jwks_uri is an outage waiting for the next key rotation or restart.',
  securitySeverity: 5.3,
  example: {
    scenario: 'The jwks_uri answers HTTP 404.',
    config: providerExample(),
  },
  needsJwks: true,
  check({ jwks }) {
    if (jwks.state !== 'unreachable') return [];
    const evidence: Record<string, unknown> = { field: '/jwks_uri', uri: redactUri(jwks.uri), reason: jwks.reason };
    if (jwks.status !== undefined) evidence.status = jwks.status;
    return [report(jwksUnreachable, `jwks_uri could not be fetched (${jwks.reason}): ${jwks.detail}`, evidence)];
  },
};
