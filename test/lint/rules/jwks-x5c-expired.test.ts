import { jwksX5cExpired } from '../../../src/engine/lint/rules/jwks-x5c-expired.ts';
import { ecKey, expiringIn, whole, x5cCertificate } from '../../audit/certs.ts';
import { runRule } from '../rule-tester.ts';

const NOW = Date.now();
const signer = ecKey();
const expired = expiringIn(-3, NOW);
const expiredCert = x5cCertificate(signer.privateKey, expired);
const currentCert = x5cCertificate(signer.privateKey, expiringIn(60, NOW));

runRule(jwksX5cExpired, {
  valid: [
    { name: 'is silent for a current certificate', now: NOW, jwks: { keys: [{ ...signer.jwk, kid: 'k', x5c: [currentCert] }] } },
    { name: 'is silent for a key without x5c', now: NOW, jwks: { keys: [{ ...signer.jwk, kid: 'k' }] } },
    { name: 'is silent for an x5c that is no certificate (JWKS_INVALID reports it)', now: NOW, jwks: { keys: [{ ...signer.jwk, x5c: ['AAAA'] }] } },
    { name: 'is silent before the engine clock reaches the date (a clock set back)', now: NOW - 10 * 86_400_000, jwks: { keys: [{ ...signer.jwk, x5c: [expiredCert] }] } },
    { name: 'is not run offline', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for a certificate that expired 3 days ago, naming the key and the date',
      now: NOW,
      jwks: { keys: [{ ...signer.jwk, kid: 'ok', x5c: [currentCert] }, { ...signer.jwk, kid: 'old', x5c: [expiredCert, currentCert] }] },
      findings: [{
        severity: 'error',
        message: `The x5c certificate of JWKS key 1 (kid "old") expired on ${whole(expired.notAfter)}.`,
        evidence: { field: '/jwks_uri', key_index: 1, kid: 'old', not_after: whole(expired.notAfter) },
      }],
    },
    {
      name: 'judges by the engine clock: a current certificate is expired for a clock 61 days ahead',
      now: NOW + 61 * 86_400_000,
      jwks: { keys: [{ ...signer.jwk, x5c: [currentCert] }] },
      findings: [{ evidence: { field: '/jwks_uri', key_index: 0, not_after: whole(expiringIn(60, NOW).notAfter) } }],
    },
  ],
});
