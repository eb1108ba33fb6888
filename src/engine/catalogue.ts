import { DISCOVERY_FINDINGS } from './discovery/findings.ts';
import { DISCOVERY_METADATA_FINDINGS } from './discovery/checks/registry.ts';
import type { FindingDefinition } from './findings.ts';
import { LINT_FINDINGS } from './lint/registry.ts';
import { TRUST_FINDINGS } from './trust/findings.ts';
import { VALIDATION_FINDINGS } from './validate/findings.ts';

/**
 * Every code the engine reports, exactly once, whichever endpoint reports it. The gate adds its own
 * codes to make the one catalogue the finding pages and SARIF rules are rendered from
 * (src/gate/catalogue.ts). Codes shared by two endpoints (INSECURE_URI,
 * ISSUER_INVALID, CHECK_SKIPPED and ENDPOINT_CERT_EXPIRING are also discovery findings) are listed once, under the lint rule
 * that defines them.
 */
export const findingCatalogue: readonly FindingDefinition[] = [
  ...Object.values(VALIDATION_FINDINGS),
  ...LINT_FINDINGS,
  ...Object.values(DISCOVERY_FINDINGS),
  ...DISCOVERY_METADATA_FINDINGS,
  ...Object.values(TRUST_FINDINGS),
];

const byCode = new Map(findingCatalogue.map((d) => [d.code, d]));

/** The definition of a code, or undefined when oidc-gate has no such code. */
export function getFindingDefinition(code: string): FindingDefinition | undefined {
  return byCode.get(code);
}
