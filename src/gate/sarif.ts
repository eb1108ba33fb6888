/**
 * SARIF 2.1.0 for GitHub code scanning: one rule per finding code, results at the YAML line, and
 * partialFingerprints from code + file + field (named by entry name) so an alert survives edits that
 * only move lines or reorder entries.
 */
import { createHash } from 'node:crypto';
import { getFindingDefinition } from '../engine/index.ts';
import { TOOL_VERSION } from './report.ts';
import type { GateFinding } from './types.ts';

export function fingerprint(f: GateFinding): string {
  const key = [f.code, f.file ?? '', f.stablePointer ?? f.pointer ?? ''].join('\u0000');
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** GitHub code scanning ignores results past 5,000 per run (and rejects a file past 25,000). */
export const MAX_SARIF_RESULTS = 5000;

export function buildSarif(all: readonly GateFinding[]): object {
  // Code scanning refuses a result without a location, so run-level problems (no config file
  // matched) stay in the report, annotations and summary only. Errors first when the cap cuts.
  const findings = all
    .filter((f) => f.file !== undefined)
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
    .slice(0, MAX_SARIF_RESULTS);
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const rules = codes.map((code) => {
    // Rule text comes from the finding catalogue; a code it lacks still gets a rule, from its first result.
    const definition = getFindingDefinition(code);
    const sample = findings.find((f) => f.code === code);
    const title = definition?.title ?? code;
    const help = definition?.remediation ?? sample?.remediation;
    const rule: Record<string, unknown> = {
      id: code,
      name: toPascal(code),
      shortDescription: { text: title },
      fullDescription: { text: title },
      defaultConfiguration: { level: definition?.severity ?? sample?.severity ?? 'error' },
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
