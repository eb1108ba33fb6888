/**
 * SARIF 2.1.0 for GitHub code scanning: one rule per finding code, results at the YAML line, and
 * partialFingerprints from code + file + field (named by entry name) so an alert survives edits that
 * only move lines or reorder entries.
 */
import { createHash } from 'node:crypto';
import { GATE_CODES, type GateCodeDefinition } from './codes.ts';
import { TOOL_VERSION } from './report.ts';
import type { GateFinding } from './types.ts';

export interface RuleInfo {
  title: string;
  remediation?: string;
  severity?: 'error' | 'warning';
}

/** Rule text for a code: the gate's own codes here, the engine catalogue passed in by the caller. */
export type RuleLookup = (code: string) => RuleInfo | undefined;

export function gateRule(code: string): RuleInfo | undefined {
  const def = (GATE_CODES as Record<string, GateCodeDefinition>)[code];
  return def !== undefined ? { title: def.title, remediation: def.remediation, severity: 'error' } : undefined;
}

export function fingerprint(f: GateFinding): string {
  const key = [f.code, f.file ?? '', f.stablePointer ?? f.pointer ?? ''].join('\u0000');
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** GitHub code scanning ignores results past 5,000 per run (and rejects a file past 25,000). */
export const MAX_SARIF_RESULTS = 5000;

export function buildSarif(all: readonly GateFinding[], lookup: RuleLookup = gateRule): object {
  // Code scanning refuses a result without a location, so run-level problems (no config file
  // matched) stay in the report, annotations and summary only. Errors first when the cap cuts.
  const findings = all
    .filter((f) => f.file !== undefined)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
    .slice(0, MAX_SARIF_RESULTS);
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules = codes.map((code) => {
    const info = lookup(code) ?? gateRule(code);
    const sample = findings.find((f) => f.code === code);
    const title = info?.title ?? code;
    const help = info?.remediation ?? sample?.remediation;
    const rule: Record<string, unknown> = {
      id: code,
      name: toPascal(code),
      shortDescription: { text: title },
      fullDescription: { text: title },
      defaultConfiguration: { level: info?.severity ?? sample?.severity ?? 'error' },
      properties: { tags: ['security', 'oidc'] },
    };
    if (help !== undefined) rule.help = { text: help, markdown: help };
    return rule;
  });
  const results = findings.map((f) => {
    const r: Record<string, unknown> = {
      ruleId: f.code,
      ruleIndex: index.get(f.code),
      level: f.severity === 'error' ? 'error' : 'warning',
      message: { text: f.name !== undefined ? `${f.message} [${f.name}]` : f.message },
      partialFingerprints: { 'oidcGate/v1': fingerprint(f) },
    };
    r.locations = [{
      physicalLocation: {
        artifactLocation: { uri: relativeUri(f.file as string), uriBaseId: '%SRCROOT%' },
        region: { startLine: f.line ?? 1, startColumn: f.column ?? 1 },
      },
    }];
    return r;
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'oidc-gate',
          version: TOOL_VERSION,
          semanticVersion: TOOL_VERSION,
          rules,
        },
      },
      results,
    }],
  };
}

/**
 * A repository path as a relative URI reference, as SARIF requires: each segment percent-encoded,
 * so a file named "a b#1.yml" is not cut at "#" (a fragment) or refused for its space.
 */
export function relativeUri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

function toPascal(code: string): string {
  return code.toLowerCase().split('_').map((w) => (w[0] ?? '').toUpperCase() + w.slice(1)).join('');
}
