import { discoveryImplicitFlow } from '../../../src/engine/discovery/checks/implicit-flow.ts';
import { DISCOVERY_URI, runMetadataCheck } from '../metadata-tester.ts';

const member = 'response_types_supported';

runMetadataCheck(discoveryImplicitFlow, {
  valid: [
    { name: 'is silent for response types without token', document: { [member]: ['code', 'id_token', 'code id_token', 'none'] } },
    { name: 'leaves a member of the wrong type to DISCOVERY_INVALID', document: { [member]: 'code token' } },
    { name: 'is silent when the member is absent (METADATA_MISSING says it)', document: { [member]: undefined } },
  ],
  invalid: [
    {
      name: 'lists every response type that returns an access token, in any word order',
      document: { [member]: ['code', 'id_token', 'token', 'token id_token', 'code id_token token'] },
      findings: [{
        severity: 'warning',
        message: 'The provider offers response types that return an access token from the authorization endpoint: "token", "token id_token", "code id_token token".',
        evidence: { field: '/issuer', discovery_uri: DISCOVERY_URI, member, response_types: ['token', 'token id_token', 'code id_token token'] },
      }],
    },
    {
      name: 'fires for the implicit flow alone',
      document: { [member]: ['token'] },
      findings: [{ evidence: { field: '/issuer', discovery_uri: DISCOVERY_URI, member, response_types: ['token'] } }],
    },
  ],
});
