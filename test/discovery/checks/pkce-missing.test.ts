import { discoveryPkceMissing } from '../../../src/engine/discovery/checks/pkce-missing.ts';
import { DISCOVERY_URI, runMetadataCheck } from '../metadata-tester.ts';

const member = 'code_challenge_methods_supported';
const evidence = (methods: string[] | null) => ({ field: '/issuer', discovery_uri: DISCOVERY_URI, member, methods });

runMetadataCheck(discoveryPkceMissing, {
  valid: [
    { name: 'is silent when S256 is listed', document: { [member]: ['S256'] } },
    { name: 'is silent for plain beside S256', document: { [member]: ['plain', 'S256'] } },
    {
      name: 'does not judge a token-only issuer without a code response type (the GitHub Actions shape)',
      document: { response_types_supported: ['id_token'], [member]: undefined, token_endpoint: undefined, authorization_endpoint: undefined },
    },
    { name: 'leaves a member of the wrong type to DISCOVERY_INVALID', document: { [member]: 'S256' } },
    { name: 'does not read response types of the wrong type', document: { response_types_supported: 'code', [member]: undefined } },
  ],
  invalid: [
    {
      name: 'fires for the code flow without the member, which counts as no PKCE (methods null)',
      document: { [member]: undefined },
      findings: [{
        severity: 'warning',
        message: 'The provider offers the authorization code flow but publishes no code_challenge_methods_supported, so it advertises no PKCE.',
        evidence: evidence(null),
      }],
    },
    {
      name: 'fires for plain only, saying what is listed',
      document: { [member]: ['plain'] },
      findings: [{ message: 'The provider offers the authorization code flow but code_challenge_methods_supported does not list S256 (it lists plain).', evidence: evidence(['plain']) }],
    },
    {
      name: 'fires for an empty list',
      document: { [member]: [] },
      findings: [{ message: 'The provider offers the authorization code flow but code_challenge_methods_supported does not list S256.', evidence: evidence([]) }],
    },
    {
      name: 'compares the method name case-sensitively',
      document: { [member]: ['s256'] },
      findings: [{ evidence: evidence(['s256']) }],
    },
    {
      name: 'finds the code flow in a response type of several values, in any order',
      document: { response_types_supported: ['id_token code'], [member]: undefined },
      findings: [{ evidence: evidence(null) }],
    },
  ],
});
