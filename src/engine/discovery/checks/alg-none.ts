import { finding } from '../../findings.ts';
import { discoveryDocument, discoveryExample } from '../findings.ts';
import { documentEvidence, stringList, type DiscoveryMetadataCheck } from './context.ts';

export const discoveryAlgNone: DiscoveryMetadataCheck = {
  code: 'DISCOVERY_ALG_NONE',
  severity: 'error',
  title: 'The provider offers unsigned ID tokens (none in id_token_signing_alg_values_supported)',
  docs: 'id_token_signing_alg_values_supported lists "none" (in any letter case). evidence.alg is the entry as written.',
  remediation: 'Ask the provider to drop "none" from id_token_signing_alg_values_supported, and never list none in a relying party\'s allowed_algs.',
  why: 'An unsigned ID token proves nothing: anyone can write one. A client library that configures its accepted algorithms from discovery inherits "none" and accepts forged tokens; OpenID Connect allows it only for tokens that come straight from the token endpoint, which few clients can guarantee.',
  securitySeverity: 8.1,
  example: discoveryExample('The provider advertises unsigned ID tokens beside RS256.', discoveryDocument({ id_token_signing_alg_values_supported: ['RS256', 'none'] })),
  check(ctx) {
    const algs = stringList(ctx.document, 'id_token_signing_alg_values_supported');
    return (Array.isArray(algs) ? algs : []).filter((alg) => alg.toLowerCase() === 'none').map((alg) => finding(
      discoveryAlgNone,
      `The provider offers unsigned ID tokens: id_token_signing_alg_values_supported lists "${alg}".`,
      { ...documentEvidence(ctx), member: 'id_token_signing_alg_values_supported', alg },
    ));
  },
};
