/** Rule text for SARIF: the engine's one finding catalogue, then the gate's own codes. */
import { getFindingDefinition } from '../engine/index.ts';
import { gateRule, type RuleInfo } from './sarif.ts';

export function ruleInfo(code: string): RuleInfo | undefined {
  const d = getFindingDefinition(code);
  if (d !== undefined) {
    const info: RuleInfo = { title: d.title, severity: d.severity };
    if (d.remediation !== undefined) info.remediation = d.remediation;
    return info;
  }
  return gateRule(code);
}
