/** What checking one entry gives the run: report results and placed findings, for one config file. */
import type { OperationOutcome } from '../../engine/index.ts';
import { redactRequest } from '../outputs/redact.ts';
import type { GateFinding, GateResult, ResultKind } from '../types.ts';

export interface EntryOutcome {
  file: string;
  results: GateResult[];
  findings: GateFinding[];
}

/**
 * A report result: the request as recorded (secrets and the token removed) and the engine's answer,
 * or no answer for an entry that was not run.
 */
export function recordResult(
  kind: ResultKind, file: string, entry: { name: string; line: number }, request: unknown, outcome: OperationOutcome | undefined,
): GateResult {
  const r: GateResult = { kind, file, name: entry.name, line: entry.line, request: redactRequest(request, kind) };
  if (outcome?.problem !== undefined) r.problem = outcome.problem;
  else if (outcome !== undefined) r.response = outcome.response;
  return r;
}
