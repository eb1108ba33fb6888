import type { TlsCertificateSeen } from '../../net/types.ts';
import type { Finding } from '../../types.ts';
import { redactUri } from '../../uri.ts';
import { certificateExpiry, describeDaysLeft, EXPIRY_WARNING_DAYS } from '../cert-expiry.ts';
import { report, type LintRule } from '../types.ts';

export const endpointCertExpiring: LintRule = {
  code: 'ENDPOINT_CERT_EXPIRING',
  severity: 'warning',
  title: `The TLS certificate of the JWKS or discovery endpoint expires within ${EXPIRY_WARNING_DAYS} days`,
  docs: `Read from the TLS connection that fetched the document: the server certificate (the leaf) that expires first among the connections of the fetch, redirects included, since any of them expiring breaks it. It warns when that certificate expires within ${EXPIRY_WARNING_DAYS} days of the engine's clock; evidence.uri names the connection, evidence.not_after the date and evidence.days_left the whole days left. Lint checks jwks_uri, discovery the discovery document.`,
  remediation: 'Renew the endpoint\'s certificate (or ask the provider to) before it expires, and check that its renewal is automated.',
  alsoIn: ['discover'],
  why: 'The day the certificate expires, every validator that fetches keys from the endpoint fails its TLS handshake: once cached keys run out, no token verifies and sign-in stops for everyone. A scheduled audit that warns two weeks ahead turns that outage into a ticket.',
  securitySeverity: 4.3,
  example: {
    scenario: 'The certificate of the JWKS endpoint runs out in 5 days: a scheduled audit warns now.',
    transcript: '.github/oidc-gate/identity.yml:6:5  warning  ENDPOINT_CERT_EXPIRING  The TLS certificate of https://idp.example.com/keys expires in 5 days (2026-03-06T12:00:00.000Z). [provider orders-web]',
  },
  needsJwks: true,
  check({ jwks, now }) {
    if (jwks.state !== 'fetched' || jwks.tls === undefined) return [];
    return certificateExpiring(jwks.tls, now, '/jwks_uri');
  },
};

/** The finding for a certificate a fetch saw, if it expires within the warning window; `field` is the request member fetched. */
export function certificateExpiring(tls: TlsCertificateSeen, now: number, field: string): Finding[] {
  const expiry = certificateExpiry(tls.notAfter, now);
  if (!expiry.withinWarning) return [];
  const uri = redactUri(tls.url);
  const when = expiry.expired ? `expired on ${tls.notAfter}` : `expires ${describeDaysLeft(expiry.daysLeft)} (${tls.notAfter})`;
  return [report(endpointCertExpiring, `The TLS certificate of ${uri} ${when}.`, { field, uri, not_after: tls.notAfter, days_left: expiry.daysLeft })];
}
