import { providerExample, report, type LintRule } from '../types.ts';
import { nearMiss, redactUri } from '../../uri.ts';

export const jwksUriMismatch: LintRule = {
  code: 'JWKS_URI_MISMATCH',
  severity: 'error',
  title: 'jwks_uri differs from the JWKS URI the provider publishes in discovery',
  docs: 'When discovered_jwks_uri is given, jwks_uri must equal it exactly: a configured JWKS that is not the provider\'s own means trusting keys the provider did not publish, or missing its rotations.',
  remediation: 'Set jwks_uri to the jwks_uri of the provider discovery document.',
  why: 'Keys from a JWKS the provider did not publish are keys someone else controls, or an old copy that misses the provider\'s rotations: either tokens are forged with them, or valid tokens start failing the day the provider rotates.',
  securitySeverity: 8.1,
  example: {
    scenario: 'The configured jwks_uri differs from the one discovery reports by a trailing slash.',
    config: providerExample({ discovered_jwks_uri: 'https://idp.example.com/keys/' }),
  },
  check({ request }) {
    const discovered = request.discovered_jwks_uri;
    if (discovered === undefined || discovered === request.jwks_uri) return [];
    const hint = nearMiss(discovered, request.jwks_uri);
    return [
      report(
        jwksUriMismatch,
        `jwks_uri does not equal discovered_jwks_uri${hint !== undefined ? ` (${hint})` : ''}.`,
        { field: '/jwks_uri', configured: redactUri(request.jwks_uri), discovered: redactUri(discovered) },
        `Set jwks_uri to ${redactUri(discovered)}.`,
      ),
    ];
  },
};
