import { insecureUri } from '../../../src/engine/lint/rules/insecure-uri.ts';
import { JWKS_URI, runRule } from '../rule-tester.ts';

const remediation = insecureUri.remediation;

runRule(insecureUri, {
  valid: [
    { name: 'is silent for a request whose URIs are all https' },
    { name: 'is silent when https_required is false', request: { issuer: 'http://idp.example.com', https_required: false } },
    { name: 'is silent for https URIs, whatever the letter case of the scheme', request: { issuer: 'HTTPS://idp.example.com', discovered_jwks_uri: JWKS_URI } },
    { name: 'is silent with https_required set to true explicitly, when every URI is https', request: { https_required: true, discovered_jwks_uri: JWKS_URI } },
  ],
  invalid: [
    {
      name: 'fires for each non-https URI field, with uri, field and a remediation',
      request: {
        issuer: 'http://idp.example.com',
        redirect_uris: ['https://app.example.com/cb', 'http://app.example.com/cb', 'com.example.app:/cb'],
        discovered_jwks_uri: 'http://idp.example.com/jwks',
      },
      findings: [
        { message: 'issuer is not an https:// URI.', evidence: { field: '/issuer', uri: 'http://idp.example.com' }, remediation },
        { message: 'redirect_uris[1] is not an https:// URI.', evidence: { field: '/redirect_uris/1', uri: 'http://app.example.com/cb' }, remediation },
        { message: 'redirect_uris[2] is not an https:// URI.', evidence: { field: '/redirect_uris/2', uri: 'com.example.app:/cb' }, remediation },
        { message: 'discovered_jwks_uri is not an https:// URI.', evidence: { field: '/discovered_jwks_uri', uri: 'http://idp.example.com/jwks' }, remediation },
      ],
    },
    {
      name: 'fires for a non-https jwks_uri',
      request: { jwks_uri: JWKS_URI.replace('https:', 'http:') },
      findings: [{ message: 'jwks_uri is not an https:// URI.', evidence: { field: '/jwks_uri', uri: JWKS_URI.replace('https:', 'http:') }, remediation }],
    },
    {
      name: 'fires for a value that is not a URL at all, since it is not https either',
      request: { issuer: 'idp.example.com' },
      findings: [{ evidence: { field: '/issuer', uri: 'idp.example.com' } }],
    },
    {
      name: 'fires for https without // (not an https URL)',
      request: { redirect_uris: ['https:app.example.com/cb'] },
      findings: [{ evidence: { field: '/redirect_uris/0', uri: 'https:app.example.com/cb' } }],
    },
    {
      name: 'shows user info in the URI as ***',
      request: { discovered_jwks_uri: 'http://admin:s3cret-pass@idp.example.com/jwks' },
      neverShows: ['s3cret-pass'],
      findings: [{ evidence: { field: '/discovered_jwks_uri', uri: 'http://***@idp.example.com/jwks' } }],
    },
  ],
});
