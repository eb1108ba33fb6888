import { redirectUriInvalid } from '../../../src/engine/lint/rules/redirect-uri-invalid.ts';
import { runRule } from '../rule-tester.ts';

runRule(redirectUriInvalid, {
  valid: [
    { name: 'is silent for the https redirect URIs of a good request' },
    {
      name: 'is silent for https, loopback and private-use scheme redirect URIs',
      request: { redirect_uris: ['https://app.example.com/cb?x=1', 'http://127.0.0.1:8400/cb', 'com.example.app:/oauth2redirect'], https_required: false },
    },
    { name: 'is silent for a client without redirect URIs', request: { redirect_uris: [] } },
    { name: 'leaves a * wildcard to REDIRECT_URI_WILDCARD', request: { redirect_uris: ['https://*.example.com/cb', 'https://app.example.com/*'] } },
  ],
  invalid: [
    {
      name: 'fires for relative, fragment, user info and script/data/file schemes',
      request: {
        redirect_uris: [
          '/callback',
          'https://app.example.com/cb#frag',
          'https://user:pw@app.example.com/cb',
          'javascript:alert(1)',
          'data:text/html,hi',
          'FILE:///etc/passwd',
          'https://app.example.com/ok',
        ],
        https_required: false,
      },
      neverShows: ['pw@', 'user:pw'],
      findings: [
        { message: 'redirect_uris[0] is not an absolute URI (it has no scheme).', evidence: { field: '/redirect_uris/0', uri: '/callback', problems: ['is not an absolute URI (it has no scheme)'] } },
        { evidence: { field: '/redirect_uris/1', uri: 'https://app.example.com/cb#frag', problems: ['has a fragment'] } },
        { evidence: { field: '/redirect_uris/2', uri: 'https://***@app.example.com/cb', problems: ['carries user info'] } },
        { message: 'redirect_uris[3] uses the javascript: scheme.', evidence: { field: '/redirect_uris/3', uri: 'javascript:alert(1)', problems: ['uses the javascript: scheme'] } },
        { evidence: { field: '/redirect_uris/4', uri: 'data:text/html,hi', problems: ['uses the data: scheme'] } },
        { evidence: { field: '/redirect_uris/5', uri: 'FILE:///etc/passwd', problems: ['uses the file: scheme'] } },
      ],
    },
    {
      name: 'fires for the vbscript: scheme',
      request: { redirect_uris: ['vbscript:msgbox(1)'], https_required: false },
      findings: [{ evidence: { field: '/redirect_uris/0', uri: 'vbscript:msgbox(1)', problems: ['uses the vbscript: scheme'] } }],
    },
    {
      name: 'fires for characters not allowed in a URI, such as an unfilled {template}',
      request: { redirect_uris: ['https://app.example.com/{tenant}/cb'] },
      findings: [{ evidence: { field: '/redirect_uris/0', uri: 'https://app.example.com/{tenant}/cb', problems: ['contains characters not allowed in a URI ({ })'] } }],
    },
    {
      name: 'lists every problem of one redirect URI in one finding',
      request: { redirect_uris: ['https://user:pw@app.example.com/cb#frag'] },
      neverShows: ['user:pw'],
      findings: [
        {
          message: 'redirect_uris[0] carries user info, has a fragment.',
          evidence: { field: '/redirect_uris/0', uri: 'https://***@app.example.com/cb#frag', problems: ['carries user info', 'has a fragment'] },
        },
      ],
    },
  ],
});
