/**
 * SARIF `invocations[0]` (§18): a run that could not check what it was given (any configuration error,
 * CONFIG_NOT_FOUND included) says so, so that a workflow does not upload it and close open alerts.
 */
import { describe, expect, it } from 'vitest';
import { buildSarif, MAX_SARIF_NOTIFICATIONS } from '../../src/gate/outputs/sarif.ts';
import type { GateFinding } from '../../src/gate/types.ts';
import { sarifProblems } from './validate-sarif.ts';

interface Invocation {
  executionSuccessful: boolean;
  toolExecutionNotifications?: { level: string; message: { text: string }; descriptor?: { id: string }; locations?: unknown[] }[];
}
const invocations = (log: object): Invocation[] => (log as { runs: { invocations: Invocation[] }[] }).runs[0]?.invocations ?? [];

const warning: GateFinding = { code: 'WEAK_ALGORITHM', severity: 'error', message: 'w', file: 'a.yml', line: 3, column: 5, name: 'web' };
const notFound: GateFinding = { code: 'CONFIG_NOT_FOUND', severity: 'error', message: 'No config file matched x/*.yml.', config: true };
const unknownKey: GateFinding = { code: 'CONFIG_UNKNOWN_KEY', severity: 'error', message: 'Unknown key "isuer".', file: 'a.yml', line: 4, column: 7, config: true, name: 'web' };

describe('SARIF invocations', () => {
  it('a run that checked what it was given, findings or not, is successful', () => {
    for (const findings of [[], [warning]]) {
      const log = buildSarif(findings);
      expect(sarifProblems(log)).toEqual([]);
      expect(invocations(log)).toEqual([{ executionSuccessful: true }]);
    }
  });

  it('a configuration error makes it unsuccessful, each error a notification with its code and, when it has one, its place', () => {
    const log = buildSarif([notFound, warning, unknownKey]);
    expect(sarifProblems(log)).toEqual([]);
    expect(invocations(log)).toEqual([{
      executionSuccessful: false,
      toolExecutionNotifications: [
        { level: 'error', message: { text: 'CONFIG_NOT_FOUND: No config file matched x/*.yml.' }, descriptor: { id: 'CONFIG_NOT_FOUND' } },
        {
          level: 'error', message: { text: 'CONFIG_UNKNOWN_KEY: Unknown key "isuer". [web]' }, descriptor: { id: 'CONFIG_UNKNOWN_KEY' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'a.yml', uriBaseId: '%SRCROOT%' }, region: { startLine: 4, startColumn: 7 } } }],
        },
      ],
    }]);
  });

  it(`tells at most ${MAX_SARIF_NOTIFICATIONS} errors, then counts the rest in one more`, () => {
    const many = Array.from({ length: MAX_SARIF_NOTIFICATIONS + 7 }, (_, i) => ({ ...unknownKey, line: i + 1 }));
    const log = buildSarif(many);
    expect(sarifProblems(log)).toEqual([]);
    const notes = invocations(log)[0]?.toolExecutionNotifications ?? [];
    expect(notes).toHaveLength(MAX_SARIF_NOTIFICATIONS + 1);
    expect(notes.at(-1)).toEqual({ level: 'error', message: { text: '7 more configuration errors: see the report.' } });
  });
});
