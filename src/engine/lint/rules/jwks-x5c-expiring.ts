import { certificateExpiry, describeDaysLeft, EXPIRY_WARNING_DAYS } from '../cert-expiry.ts';
import { keyRef } from '../jwks.ts';
import { report, type LintRule } from '../types.ts';

export const jwksX5cExpiring: LintRule = {
  code: 'JWKS_X5C_EXPIRING',
  severity: 'warning',
  title: `The certificate in a JWKS key's x5c expires within ${EXPIRY_WARNING_DAYS} days`,
  docs: `The first certificate of a key's x5c (RFC 7517 §4.7) holds the key. It warns when that certificate's notAfter is less than ${EXPIRY_WARNING_DAYS} days after the engine's clock; evidence.not_after gives the date and evidence.days_left the whole days left. Once it has passed, JWKS_X5C_EXPIRED reports it instead.`,
  remediation: 'Ask the provider to renew the key\'s certificate (or rotate to a key with a current one) before it expires.',
  why: 'Clients that take the key from x5c refuse it once the certificate expires, and every token it signs fails for them. Two weeks\' warning is time to renew.',
  securitySeverity: 3.1,
  example: {
    scenario: 'The key\'s certificate runs out in 9 days.',
    transcript: '.github/oidc-gate/identity.yml:6:5  warning  JWKS_X5C_EXPIRING  The x5c certificate of JWKS key 0 (kid "orders-2026") expires in 9 days (2026-03-10T00:00:00.000Z). [provider orders-web]',
  },
  needsJwks: true,
  check({ jwks, now }) {
    if (jwks.state !== 'fetched') return [];
    return jwks.analysis.keys.flatMap((k) => {
      if (k.x5c === undefined) return [];
      const expiry = certificateExpiry(k.x5c.notAfter, now);
      if (expiry.expired || !expiry.withinWarning) return [];
      return [report(
        jwksX5cExpiring,
        `The x5c certificate of JWKS key ${k.index}${k.kid !== undefined ? ` (kid "${k.kid}")` : ''} expires ${describeDaysLeft(expiry.daysLeft)} (${k.x5c.notAfter}).`,
        { field: '/jwks_uri', ...keyRef(k), not_after: k.x5c.notAfter, days_left: expiry.daysLeft },
      )];
    });
  },
};
