import { expect } from 'vitest';
import { endpointCertExpiring } from '../../../src/engine/lint/rules/endpoint-cert-expiring.ts';
import { JWKS_URI, runRule } from '../rule-tester.ts';

/** A fixed engine clock: the rule must read it, never the system clock. */
const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

runRule(endpointCertExpiring, {
  valid: [
    { name: 'is silent for a certificate valid 60 more days', now: NOW, tls: { notAfter: at(60), url: JWKS_URI } },
    { name: 'is silent at exactly 14 days left', now: NOW, tls: { notAfter: at(14), url: JWKS_URI } },
    { name: 'is silent when the JWKS came over plain http (no certificate)', now: NOW },
    { name: 'is silent when the fetch failed (JWKS_UNREACHABLE reports it)', now: NOW, jwks: { unreachable: 'tls' } },
    { name: 'is not run offline', now: NOW, jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires for a certificate that expires in 3 days, judged by the engine clock',
      now: NOW,
      tls: { notAfter: at(3), url: JWKS_URI },
      findings: [{
        severity: 'warning',
        message: `The TLS certificate of ${JWKS_URI} expires in 3 days (${at(3)}).`,
        evidence: { field: '/jwks_uri', uri: JWKS_URI, not_after: at(3), days_left: 3 },
      }],
    },
    {
      name: 'counts whole days left, rounded down, and says "within a day" for the last one',
      now: NOW,
      tls: { notAfter: at(0.5), url: JWKS_URI },
      findings: [{ message: expect.stringContaining('expires within a day') as unknown, evidence: { field: '/jwks_uri', uri: JWKS_URI, not_after: at(0.5), days_left: 0 } }],
    },
    {
      name: 'names the redirect hop that served the certificate, without its user info',
      now: NOW,
      tls: { notAfter: at(13.9), url: 'https://user:hunter22@keys.example.net/jwks' },
      neverShows: ['hunter22'],
      findings: [{ evidence: { field: '/jwks_uri', uri: 'https://***@keys.example.net/jwks', not_after: at(13.9), days_left: 13 } }],
    },
    {
      name: 'says "expired" when the engine clock is past the certificate (a fixed clock)',
      now: NOW,
      tls: { notAfter: at(-2), url: JWKS_URI },
      findings: [{ message: `The TLS certificate of ${JWKS_URI} expired on ${at(-2)}.`, evidence: { field: '/jwks_uri', uri: JWKS_URI, not_after: at(-2), days_left: -2 } }],
    },
  ],
});
