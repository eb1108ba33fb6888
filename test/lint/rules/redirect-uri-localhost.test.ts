import { redirectUriLocalhost } from '../../../src/engine/lint/rules/redirect-uri-localhost.ts';
import { runRule } from '../rule-tester.ts';

runRule(redirectUriLocalhost, {
  valid: [
    {
      name: 'is silent for 127.0.0.1, [::1] and names that merely contain localhost',
      request: { redirect_uris: ['http://127.0.0.1:3000/cb', 'http://[::1]:3000/cb', 'https://localhost.example.com/cb'], https_required: false },
    },
    { name: 'is silent for a URI it cannot read (REDIRECT_URI_INVALID reports it)', request: { redirect_uris: ['localhost:3000/cb', '//localhost/cb'] } },
  ],
  invalid: [
    {
      name: 'fires as a warning for localhost and *.localhost',
      request: { redirect_uris: ['http://localhost:3000/cb', 'http://LOCALHOST./cb', 'http://app.localhost/cb'], https_required: false },
      findings: [
        { message: 'redirect_uris[0] uses the host name localhost.', evidence: { field: '/redirect_uris/0', uri: 'http://localhost:3000/cb' } },
        { message: 'redirect_uris[1] uses the host name localhost.', evidence: { field: '/redirect_uris/1', uri: 'http://LOCALHOST./cb' } },
        { message: 'redirect_uris[2] uses the host name app.localhost.', evidence: { field: '/redirect_uris/2', uri: 'http://app.localhost/cb' } },
      ],
    },
    {
      name: 'fires for https://localhost too',
      request: { redirect_uris: ['https://localhost/cb'] },
      findings: [{ evidence: { field: '/redirect_uris/0', uri: 'https://localhost/cb' } }],
    },
  ],
});
