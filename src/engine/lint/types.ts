import { defineFinding, finding, type FindingDefinition } from '../findings.ts';
import type { FetchFailureReason } from '../net/types.ts';
import type { Finding, LintRequest, Severity } from '../types.ts';
import type { JwksAnalysis } from './jwks.ts';

/** The JWKS as lint.ts fetched it, once per lint, for every rule that reads it. */
export type JwksState =
  | { state: 'fetched'; uri: string; analysis: JwksAnalysis }
  | { state: 'unreachable'; uri: string; reason: FetchFailureReason; detail: string; status?: number }
  /** Offline mode: nothing was fetched; the JWKS rules are not run and CHECK_SKIPPED says so. */
  | { state: 'skipped'; uri: string };

export interface LintRuleContext {
  /** The validated request body, as sent (no defaults filled in). */
  request: LintRequest;
  /** https_required with its default (true) applied. */
  httpsRequired: boolean;
  jwks: JwksState;
  /** Codes of the rules that were not run because they need the network (offline mode). */
  skippedChecks: string[];
}

/**
 * One lint rule: one module in rules/, listed once in registry.ts. Findings about a request field
 * carry `evidence.field`, a JSON Pointer into the request body.
 */
export interface LintRule {
  code: string;
  severity: Severity;
  title: string;
  /** What the rule checks and why it matters; shown in the README and the SARIF rule help. */
  docs: string;
  remediation?: string;
  /** The rule reads the fetched JWKS, so offline mode skips it. */
  needsJwks?: boolean;
  check(ctx: LintRuleContext): Finding[];
}

/** The rule's entry in the finding catalogue, made by the same helper as every other code's. */
export function ruleDefinition(rule: LintRule): FindingDefinition {
  const { code, severity, title, docs, remediation } = rule;
  return defineFinding({ code, severity, area: 'lint', title, docs, remediation });
}

/** A finding of this rule; the same builder as every other finding. */
export const report: (rule: LintRule, message: string, evidence?: Record<string, unknown>, remediation?: string) => Finding = finding;
