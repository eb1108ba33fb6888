import { providerExample, report, type LintRule } from '../types.ts';
import { redactUri } from '../../uri.ts';

export const checkSkipped: LintRule = {
  code: 'CHECK_SKIPPED',
  severity: 'warning',
  title: 'A network check was not run (offline mode)',
  docs: 'In offline mode (CLI --offline, action network: false) nothing is fetched: one CHECK_SKIPPED warning per skipped fetch lists the checks that depend on it (evidence.checks), so a green offline run is never mistaken for a full one.',
  remediation: 'Run again with network access to check the JWKS.',
  alsoIn: ['discover'],
  why: 'An offline run checks the configuration as written but not what the provider serves: an unreachable, broken or unsafe JWKS, or a discovery document that disagrees with the configuration, goes unnoticed until a run with the network.',
  fix: 'Run again with network access (drop --offline; in the action, network: true) so the JWKS and the discovery document are fetched and checked. evidence.checks lists what was not run.',
  securitySeverity: 2.0,
  example: {
    scenario: 'A provider with discover: true, checked offline: neither its discovery document nor its JWKS is fetched.',
    config: providerExample({ discover: 'true' }),
    offline: true,
  },
  check({ jwks, skippedChecks }) {
    if (jwks.state !== 'skipped' || skippedChecks.length === 0) return [];
    return [
      report(checkSkipped, `jwks_uri was not fetched (offline mode); not run: ${skippedChecks.join(', ')}.`, {
        field: '/jwks_uri',
        uri: redactUri(jwks.uri),
        checks: skippedChecks,
      }),
    ];
  },
};
