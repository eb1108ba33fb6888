import { expect } from 'vitest';
import { jwksUriMismatch } from '../../../src/engine/lint/rules/jwks-uri-mismatch.ts';
import { JWKS_URI, runRule } from '../rule-tester.ts';

runRule(jwksUriMismatch, {
  valid: [
    { name: 'is silent when equal', request: { discovered_jwks_uri: JWKS_URI } },
    { name: 'is silent when not supplied' },
  ],
  invalid: [
    {
      name: 'fires when discovered_jwks_uri differs, naming a trailing-slash near miss',
      request: { discovered_jwks_uri: `${JWKS_URI}/` },
      findings: [
        {
          message: expect.stringContaining('trailing slash'),
          evidence: { field: '/jwks_uri', configured: JWKS_URI, discovered: `${JWKS_URI}/` },
          remediation: `Set jwks_uri to ${JWKS_URI}/.`,
        },
      ],
    },
    {
      name: 'compares exactly: letter case counts',
      request: { discovered_jwks_uri: JWKS_URI.replace('/jwks', '/JWKS') },
      findings: [{ message: expect.stringContaining('letter case'), evidence: { field: '/jwks_uri', configured: JWKS_URI, discovered: JWKS_URI.replace('/jwks', '/JWKS') } }],
    },
    {
      name: 'fires without a hint when the URIs simply differ',
      request: { discovered_jwks_uri: 'https://idp.example.com/keys' },
      findings: [{ message: 'jwks_uri does not equal discovered_jwks_uri.', evidence: { field: '/jwks_uri', configured: JWKS_URI, discovered: 'https://idp.example.com/keys' } }],
    },
    {
      name: 'shows user info in either URI as ***',
      request: { jwks_uri: 'https://ops:pa55word@idp.example.com/jwks', discovered_jwks_uri: 'https://idp.example.com/jwks' },
      neverShows: ['pa55word'],
      findings: [{ evidence: { field: '/jwks_uri', configured: 'https://***@idp.example.com/jwks', discovered: 'https://idp.example.com/jwks' } }],
    },
  ],
});
