import { report, type LintRule } from '../types.ts';
import { redactUri } from '../../uri.ts';

export const checkSkipped: LintRule = {
  code: 'CHECK_SKIPPED',
  severity: 'warning',
  title: 'A network check was not run (offline mode)',
  docs: 'In offline mode (CLI --offline, action network: false) nothing is fetched: one CHECK_SKIPPED warning per skipped fetch lists the checks that depend on it (evidence.checks), so a green offline run is never mistaken for a full one.',
  remediation: 'Run again with network access to check the JWKS.',
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
