/**
 * One `tokens:` entry: validate the sample at its instant, judge the outcome against `expect`, and
 * report what the user must see: an unmet expectation as an error, and the sample's warnings.
 */
import { GATE_CODES, type Engine, type Finding, type ValidateResponse } from '../engine/index.ts';
import type { ConfigFile, TokenEntry } from './config.ts';
import { recordResult, type EntryOutcome } from './entry-result.ts';
import { judge } from './expect.ts';
import { Placer } from './place.ts';
import { parsePointer, type Path } from './yaml.ts';

/** `startedAt` is the instant a sample without `at` is judged at: the same for every sample of a run. */
export async function runToken(config: ConfigFile, token: TokenEntry, engine: Engine, startedAt: number): Promise<EntryOutcome> {
  const outcome = await engine.run('validate', token.request, token.atMs !== undefined ? { at: token.atMs } : {});
  const r = recordResult('validate', config.file, token, token.request, outcome);
  r.at = token.at ?? new Date(token.atMs ?? startedAt).toISOString();
  r.expect = token.expect;
  const placer = new Placer(config, token.path, token.name, 'validate');
  const map = (pointer: string): Path => {
    const rel = parsePointer(pointer);
    // The request's token came from `token:` or `token_file:`; point at whichever the entry has.
    return rel[0] === 'token' ? [token.tokenKey, ...rel.slice(1)] : rel;
  };

  if (outcome.problem?.code === 'REQUEST_INVALID') {
    placer.problem(outcome.problem, map);
    r.passed = false;
    return { file: config.file, results: [r], findings: placer.findings };
  }

  // A token that does not parse (the service's 400) is an outcome like any other: it can be expected.
  let valid: boolean;
  let errors: Finding[];
  let warnings: Finding[];
  if (outcome.problem !== undefined) {
    valid = false;
    errors = [{ code: 'MALFORMED_TOKEN', severity: 'error', message: outcome.problem.detail, remediation: GATE_CODES.MALFORMED_TOKEN.remediation }];
    warnings = [];
  } else {
    const response = outcome.response as ValidateResponse;
    valid = response.valid;
    errors = response.findings.filter((f) => f.severity === 'error');
    warnings = [...response.findings.filter((f) => f.severity === 'warning'), ...(response.metadata.warnings ?? [])];
  }
  const verdict = judge(token.expect, valid, [...errors, ...warnings].map((f) => f.code));
  r.passed = verdict.passed;
  const expected = new Set(Array.isArray(token.expect) ? token.expect : []);
  // Outcome findings are about the sample as a whole: they point at the start of its entry.
  const whole: Path = [];

  if (!verdict.passed) {
    if (token.expect === 'valid') {
      // Expected valid: each error is the reason, in the engine's own words.
      for (const f of errors) {
        placer.add({ ...f, message: `Sample "${token.name}" is expected to be valid: ${f.message}` }, f.code === 'MALFORMED_TOKEN' ? [token.tokenKey] : whole);
      }
    } else {
      placer.add({
        code: GATE_CODES.EXPECTATION_FAILED.code, severity: 'error', message: verdict.message, remediation: GATE_CODES.EXPECTATION_FAILED.remediation,
      }, token.expectPath.slice(token.path.length));
    }
  }
  // A warning the sample expects is part of its expected outcome, not news.
  for (const w of warnings) {
    if (!expected.has(w.code)) placer.add({ ...w, message: `Sample "${token.name}": ${w.message}` }, whole);
  }
  return { file: config.file, results: [r], findings: placer.findings };
}
