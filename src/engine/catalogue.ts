import { DISCOVERY_FINDINGS } from './discovery/findings.ts';
import { METADATA_CHECK_FINDINGS } from './discovery/metadata-checks.ts';
import { VALIDATION_FINDINGS, type FindingDefinition } from './findings.ts';
import { GATE_CODES } from './gate-findings.ts';
import { LINT_FINDINGS } from './lint/registry.ts';
import { TRUST_FINDINGS } from './trust/findings.ts';

/**
 * The one finding catalogue: every code oidc-gate can report, exactly once, whichever endpoint or
 * face reports it. The README table and the SARIF rules are rendered from this list, and the gate
 * checks a sample's `expect` codes against it. Codes shared by two endpoints (INSECURE_URI,
 * ISSUER_INVALID, CHECK_SKIPPED and ENDPOINT_CERT_EXPIRING are also discovery findings) are listed once, under the lint rule
 * that defines them.
 */
export const findingCatalogue: readonly FindingDefinition[] = [
  ...Object.values(VALIDATION_FINDINGS),
  ...LINT_FINDINGS,
  ...Object.values(DISCOVERY_FINDINGS),
  ...Object.values(METADATA_CHECK_FINDINGS),
  ...Object.values(TRUST_FINDINGS),
  ...Object.values(GATE_CODES),
];

const byCode = new Map(findingCatalogue.map((d) => [d.code, d]));

/** The definition of a code, or undefined when oidc-gate has no such code. */
export function getFindingDefinition(code: string): FindingDefinition | undefined {
  return byCode.get(code);
}
