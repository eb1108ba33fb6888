import { jwksUnreachable } from '../../../src/engine/lint/rules/jwks-unreachable.ts';
import { JWKS_URI, runRule } from '../rule-tester.ts';

runRule(jwksUnreachable, {
  valid: [
    { name: 'is silent when the JWKS answers' },
    { name: 'is silent when the answer is no JWK Set (JWKS_INVALID reports it)', jwks: '<html>login</html>' },
    { name: 'is not run offline (CHECK_SKIPPED lists it)', jwks: 'skipped' },
  ],
  invalid: [
    {
      name: 'fires with reason http_status and the status for a 404',
      jwks: { unreachable: 'http_status', status: 404, detail: 'the server answered 404.' },
      findings: [
        {
          message: 'jwks_uri could not be fetched (http_status): the server answered 404.',
          evidence: { field: '/jwks_uri', uri: JWKS_URI, reason: 'http_status', status: 404 },
          remediation: jwksUnreachable.remediation,
        },
      ],
    },
    ...(['dns', 'refused', 'timeout', 'tls', 'blocked', 'too_large', 'not_json'] as const).map((reason) => ({
      name: `fires with reason ${reason}, and no status when there was no HTTP answer`,
      jwks: { unreachable: reason },
      findings: [{ evidence: { field: '/jwks_uri', uri: JWKS_URI, reason } }],
    })),
    {
      name: 'fires with reason blocked for a jwks_uri that is no http(s) URL',
      request: { jwks_uri: 'file:///etc/passwd' },
      jwks: { unreachable: 'blocked' },
      findings: [{ evidence: { field: '/jwks_uri', uri: 'file:///etc/passwd', reason: 'blocked' } }],
    },
    {
      name: 'shows user info in jwks_uri as ***',
      request: { jwks_uri: 'https://ops:pa55word@idp.example.com/jwks' },
      jwks: { unreachable: 'refused' },
      neverShows: ['pa55word'],
      findings: [{ evidence: { field: '/jwks_uri', uri: 'https://***@idp.example.com/jwks', reason: 'refused' } }],
    },
  ],
});
