import { discoveryPkceMethodInvalid } from '../../../src/engine/discovery/checks/pkce-method-invalid.ts';
import { DISCOVERY_URI, runMetadataCheck } from '../metadata-tester.ts';

const member = 'code_challenge_methods_supported';
const evidence = (methods: string[]) => ({ field: '/issuer', discovery_uri: DISCOVERY_URI, member, methods });

runMetadataCheck(discoveryPkceMethodInvalid, {
  valid: [
    { name: 'is silent for the registered methods', document: { [member]: ['S256', 'plain'] } },
    { name: 'is silent when the member is absent (DISCOVERY_PKCE_MISSING says it)', document: { [member]: undefined } },
    { name: 'leaves a member of the wrong type to DISCOVERY_INVALID', document: { [member]: 'RS256' } },
  ],
  invalid: [
    {
      name: 'fires once for every unregistered name (the PayPal shape), listing them as written',
      document: { [member]: ['RS256', 'ES256', 'S256'] },
      findings: [{
        severity: 'warning',
        message: 'code_challenge_methods_supported lists "RS256", "ES256", which are no registered PKCE methods (registered: plain, S256).',
        evidence: evidence(['RS256', 'ES256']),
      }],
    },
    {
      name: 'hints at the registered name for a letter-case slip',
      document: { [member]: ['s256'] },
      findings: [{
        message: 'code_challenge_methods_supported lists "s256", which is no registered PKCE method (registered: plain, S256); "s256" should be "S256".',
        evidence: evidence(['s256']),
      }],
    },
  ],
});
