import { DISCOVERY_FINDINGS } from './discovery/discover.ts';
import { VALIDATION_FINDINGS, type FindingDefinition } from './findings.ts';
import { LINT_FINDINGS } from './lint/registry.ts';

/**
 * The one finding catalogue: every code any endpoint can emit, exactly once. The README table,
 * the SARIF rules and the OpenAPI description are built from or checked against this list.
 * Codes shared by two endpoints (INSECURE_URI, ISSUER_INVALID and CHECK_SKIPPED are also discovery
 * findings) are listed once, under the lint rule that defines them.
 */
export const findingCatalogue: readonly FindingDefinition[] = [
  ...Object.values(VALIDATION_FINDINGS),
  ...LINT_FINDINGS,
  ...Object.values(DISCOVERY_FINDINGS),
];

const byCode = new Map(findingCatalogue.map((d) => [d.code, d]));

export function getFindingDefinition(code: string): FindingDefinition | undefined {
  return byCode.get(code);
}
