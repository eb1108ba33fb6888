import { issuerInvalid } from '../../../src/engine/lint/rules/issuer-invalid.ts';
import { runRule } from '../rule-tester.ts';

const fires = (issuer: string, problems: string[], uri = issuer) => ({
  name: `fires for ${JSON.stringify(issuer)}: ${problems.join(', ')}`,
  request: { issuer },
  findings: [{ message: `issuer ${problems.join(', ')}.`, evidence: { field: '/issuer', uri, problems } }],
});

runRule(issuerInvalid, {
  valid: [
    { name: 'is silent for the issuer of a good request' },
    ...['https://idp.example.com', 'https://idp.example.com/', 'https://idp.example.com/tenants/a%20b/v2.0', 'HTTPS://IDP.example.com:8443/x'].map((issuer) => ({
      name: `is silent for ${issuer}`,
      request: { issuer },
    })),
    { name: 'is silent for a plain-http issuer (INSECURE_URI reports the scheme)', request: { issuer: 'http://idp.example.com' } },
    ...['https://login.microsoftonline.com/{tenantid}/v2.0', 'https://sts.windows.net/{tenantid}/'].map((issuer) => ({
      name: `is silent for Microsoft Entra ID's published multi-tenant template ${issuer}`,
      request: { issuer },
    })),
  ],
  invalid: [
    fires('idp.example.com', ['is not an absolute URI (it has no scheme)']),
    fires('https:idp.example.com', ['must start with https://']),
    fires(' https://idp.example.com', ['contains whitespace or control characters']),
    fires('https://idp.example.com/?tenant=1', ['has a query']),
    fires('https://idp.example.com/#x', ['has a fragment']),
    fires('https://admin:hunter2@idp.example.com', ['carries user info'], 'https://***@idp.example.com'),
    // Only Microsoft's exact forms are templates: another host, a trailing slash or other letter case stays invalid.
    ...['https://login.example.com/{tenantid}/v2.0', 'https://login.microsoftonline.com/{tenantid}/v2.0/', 'https://login.microsoftonline.com/{TENANTID}/v2.0',
      'https://login.microsoftonline.com/{tenant}/v2.0', 'https://sts.windows.net/{tenantid}'].map((issuer) =>
      fires(issuer, ['contains characters not allowed in a URL ({ }), probably an unfilled template'])),
    fires('', ['is empty']),
    fires('https://idp.example.com/?a=1#b', ['has a query', 'has a fragment']),
    {
      name: 'never puts a password from user info in the finding',
      request: { issuer: 'https://admin:hunter2@idp.example.com' },
      neverShows: ['hunter2'],
      findings: [{ evidence: { field: '/issuer', uri: 'https://***@idp.example.com', problems: ['carries user info'] } }],
    },
  ],
});
