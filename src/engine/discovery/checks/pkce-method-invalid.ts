import { finding } from '../../findings.ts';
import { discoveryDocument, discoveryExample } from '../findings.ts';
import { documentEvidence, stringList, type DiscoveryMetadataCheck } from './context.ts';

/** The PKCE methods of the IANA "PKCE Code Challenge Methods" registry (RFC 7636 §6.2). Names are case-sensitive. */
const REGISTERED_PKCE_METHODS = ['plain', 'S256'] as const;

export const discoveryPkceMethodInvalid: DiscoveryMetadataCheck = {
  code: 'DISCOVERY_PKCE_METHOD_INVALID',
  severity: 'warning',
  title: 'code_challenge_methods_supported lists a name that is no registered PKCE method',
  docs: 'The IANA PKCE Code Challenge Methods registry holds "plain" and "S256" only, and the names are case-sensitive. evidence.methods lists the other names, as written.',
  remediation: 'Ask the provider to list only registered methods (S256, and plain only if it must); signature algorithm names such as RS256 are not PKCE methods.',
  why: 'A client that picks a method from the list may choose a name the provider does not implement as PKCE, and then either fails or sends no usable challenge. A wrong list also shows that nobody checked the PKCE support it describes.',
  securitySeverity: 2.0,
  example: discoveryExample('The provider lists signature algorithm names among its PKCE methods.', discoveryDocument({ code_challenge_methods_supported: ['RS256', 'ES256', 'S256'] })),
  check(ctx) {
    const methods = stringList(ctx.document, 'code_challenge_methods_supported');
    const unregistered = Array.isArray(methods) ? methods.filter((m) => !(REGISTERED_PKCE_METHODS as readonly string[]).includes(m)) : [];
    if (unregistered.length === 0) return [];
    const hints = unregistered.flatMap((m) => REGISTERED_PKCE_METHODS.filter((r) => r.toLowerCase() === m.toLowerCase()).map((r) => `"${m}" should be "${r}"`));
    return [finding(
      discoveryPkceMethodInvalid,
      `code_challenge_methods_supported lists ${unregistered.map((m) => `"${m}"`).join(', ')}, which ${unregistered.length === 1 ? 'is no registered PKCE method' : 'are no registered PKCE methods'} (registered: plain, S256)${hints.length > 0 ? `; ${hints.join(', ')}` : ''}.`,
      { ...documentEvidence(ctx), member: 'code_challenge_methods_supported', methods: unregistered },
    )];
  },
};
