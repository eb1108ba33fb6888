import { discoveryAlgNone } from '../../../src/engine/discovery/checks/alg-none.ts';
import { DISCOVERY_URI, runMetadataCheck } from '../metadata-tester.ts';

const member = 'id_token_signing_alg_values_supported';

runMetadataCheck(discoveryAlgNone, {
  valid: [
    { name: 'is silent for signed ID tokens only', document: { [member]: ['RS256', 'ES256'] } },
    { name: 'is silent for a name that merely starts with none', document: { [member]: ['RS256', 'none256'] } },
    { name: 'is silent when the member is absent (METADATA_MISSING says it)', document: { [member]: undefined } },
    { name: 'leaves a member of the wrong type to DISCOVERY_INVALID', document: { [member]: 'none' } },
  ],
  invalid: [
    {
      name: 'fires for none beside RS256, naming the member and the entry',
      document: { [member]: ['RS256', 'none'] },
      findings: [{
        severity: 'error',
        message: 'The provider offers unsigned ID tokens: id_token_signing_alg_values_supported lists "none".',
        evidence: { field: '/issuer', discovery_uri: DISCOVERY_URI, member, alg: 'none' },
      }],
    },
    {
      name: 'fires once per entry that is none in any letter case, as written',
      document: { [member]: ['None', 'ES256', 'NONE'] },
      findings: [
        { evidence: { field: '/issuer', discovery_uri: DISCOVERY_URI, member, alg: 'None' } },
        { evidence: { field: '/issuer', discovery_uri: DISCOVERY_URI, member, alg: 'NONE' } },
      ],
    },
  ],
});
