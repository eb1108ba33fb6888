/**
 * The one finding catalogue: every code oidc-gate can report, exactly once, whichever endpoint or face
 * reports it: the engine's codes, then the gate's own. The finding pages, the SARIF rules and the config
 * schema are rendered from this list, and the gate checks `expect` and suppression codes against it.
 */
import { engineFindingCatalogue, type FindingDefinition } from '../engine/index.ts';
import { GATE_CODES } from './codes.ts';

export const findingCatalogue: readonly FindingDefinition[] = [...engineFindingCatalogue, ...Object.values(GATE_CODES)];

const byCode = new Map(findingCatalogue.map((d) => [d.code, d]));

/** The definition of a code, or undefined when oidc-gate has no such code. */
export function getFindingDefinition(code: string): FindingDefinition | undefined {
  return byCode.get(code);
}
