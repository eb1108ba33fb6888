import { jwksX5cExpiring } from '../../../src/engine/lint/rules/jwks-x5c-expiring.ts';
import { ecKey, expiringIn, whole, x5cCertificate } from '../../audit/certs.ts';
import { runRule } from '../rule-tester.ts';

const NOW = Date.now();
const signer = ecKey();
const soon = expiringIn(3, NOW);
const soonCert = x5cCertificate(signer.privateKey, soon);
const laterCert = x5cCertificate(signer.privateKey, expiringIn(60, NOW));
const expiredCert = x5cCertificate(signer.privateKey, expiringIn(-1, NOW));

runRule(jwksX5cExpiring, {
  valid: [
    { name: 'is silent for a certificate valid 60 more days', now: NOW, jwks: { keys: [{ ...signer.jwk, kid: 'k', x5c: [laterCert] }] } },
    { name: 'is silent for an expired certificate (JWKS_X5C_EXPIRED reports it)', now: NOW, jwks: { keys: [{ ...signer.jwk, kid: 'k', x5c: [expiredCert] }] } },
    { name: 'is silent for a key without x5c', now: NOW },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for a certificate that expires in 3 days, with the whole days left',
      now: NOW,
      jwks: { keys: [{ ...signer.jwk, kid: 'later', x5c: [laterCert] }, { ...signer.jwk, kid: 'soon', x5c: [soonCert] }] },
      findings: [{
        severity: 'warning',
        message: `The x5c certificate of JWKS key 1 (kid "soon") expires in 2 days (${whole(soon.notAfter)}).`,
        evidence: { field: '/jwks_uri', key_index: 1, kid: 'soon', not_after: whole(soon.notAfter), days_left: 2 },
      }],
    },
    {
      name: 'judges by the engine clock: the 60-day certificate warns for a clock 50 days ahead',
      now: NOW + 50 * 86_400_000,
      jwks: { keys: [{ ...signer.jwk, x5c: [laterCert] }] },
      findings: [{ evidence: { field: '/jwks_uri', key_index: 0, not_after: whole(expiringIn(60, NOW).notAfter), days_left: 9 } }],
    },
  ],
});
