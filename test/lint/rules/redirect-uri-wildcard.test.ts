import { redirectUriWildcard } from '../../../src/engine/lint/rules/redirect-uri-wildcard.ts';
import { runRule } from '../rule-tester.ts';

runRule(redirectUriWildcard, {
  valid: [
    { name: 'is silent without *', request: { redirect_uris: ['https://app.example.com/cb'] } },
    { name: 'is silent for a client without redirect URIs', request: { redirect_uris: [] } },
  ],
  invalid: [
    {
      name: 'fires for * anywhere',
      request: { redirect_uris: ['https://*.example.com/cb', 'https://app.example.com/cb', 'https://app.example.com/*'] },
      findings: [
        { message: 'redirect_uris[0] contains a "*" wildcard.', evidence: { field: '/redirect_uris/0', uri: 'https://*.example.com/cb' } },
        { message: 'redirect_uris[2] contains a "*" wildcard.', evidence: { field: '/redirect_uris/2', uri: 'https://app.example.com/*' } },
      ],
    },
    {
      name: 'fires for * in the query, and shows user info as ***',
      request: { redirect_uris: ['https://user:letmein99@app.example.com/cb?next=*'] },
      neverShows: ['letmein99'],
      findings: [{ evidence: { field: '/redirect_uris/0', uri: 'https://***@app.example.com/cb?next=*' } }],
    },
  ],
});
