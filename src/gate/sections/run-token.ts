/**
 * One `tokens:` entry: validate the sample at its instant, judge the outcome against `expect`, and
 * report what the user must see: an unmet expectation as an error, and the sample's warnings. A
 * sample that cannot be judged (its profile does not exist, or its keys are fetched and the run is
 * offline) is one finding about that, not a verdict.
 */
import { type Engine, type Finding, type ValidateResponse } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import type { TokenEntry } from './token-entry.ts';
import { recordResult, type EntryOutcome } from '../run/entry-result.ts';
import { judge } from './expect.ts';
import { nearest } from '../config/nearest.ts';
import { Placer, type PlacedIn } from '../run/place.ts';
import type { ProfileIndex, RefusedAt } from './section.ts';
import type { GateResult } from '../types.ts';
import { clip } from '../config/values.ts';
import { parsePointer, type Path } from '../config/yaml.ts';

/** The id a sample names in issuer_profile_id, when it names one. */
export function profileIdOf(token: TokenEntry): string | undefined {
  const id = token.request.issuer_profile_id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * A sample whose profile was refused: not validated, since every outcome would only repeat the
 * profile's own error (PROFILE_NOT_FOUND, then the expectation it breaks). The report records it as
 * not checked, pointing at the profile's problem; the profile's error is the one error.
 */
export function notCheckedSample(config: PlacedIn, token: TokenEntry, id: string, at: RefusedAt, startedAt: number): EntryOutcome {
  const r: GateResult = recordResult('validate', config.file, token, token.request, undefined);
  r.at = token.at ?? new Date(token.atMs ?? startedAt).toISOString();
  r.expect = token.expect;
  const where = at.file === config.file ? `line ${at.line}` : `${at.file}:${at.line}`;
  r.not_checked = `its issuer profile "${clip(id)}" is invalid (see ${where})`;
  return { file: config.file, results: [r], findings: [] };
}

/** `startedAt` is the instant a sample without `at` is judged at: the same for every sample of a run. */
export async function runToken(config: PlacedIn, token: TokenEntry, engine: Engine, startedAt: number, profiles: ProfileIndex): Promise<EntryOutcome> {
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
  const done = (): EntryOutcome => ({ file: config.file, results: [r], findings: placer.findings });

  if (outcome.problem?.code === 'REQUEST_INVALID') {
    placer.problem(outcome.problem, map);
    r.passed = false;
    return done();
  }
  if (outcome.response !== undefined) {
    const unjudged = unjudgedReason(outcome.response as ValidateResponse, token, profiles);
    if (unjudged !== undefined) {
      placer.add(unjudged.finding, ['issuer_profile_id'], unjudged.config);
      r.not_checked = unjudged.reason;
      return done();
    }
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
        const fix = timeFix(f, token, r.at);
        placer.add({ ...f, message: `Sample "${token.name}" is expected to be valid: ${f.message}`, ...(fix !== undefined ? { remediation: fix } : {}) },
          f.code === 'MALFORMED_TOKEN' ? [token.tokenKey] : whole);
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
  return done();
}

/** A NumericDate as an RFC 3339 instant, as `at:` takes it; undefined for one no date can show. */
function instantOf(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || Math.abs(seconds) > 8.64e12) return undefined;
  return new Date(Math.floor(seconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A sample's time findings are about the instant it is judged at, its `at:` (or the run's start without
 * one): the fix is that instant, not a fresh token as for a live one. Undefined for any other code.
 */
export function timeFix(f: Finding, token: TokenEntry, at: string | undefined): string | undefined {
  const bound: Record<string, [string, string]> = {
    TOKEN_EXPIRED: ['exp', 'inside the token\'s lifetime, before its exp'],
    TOKEN_NOT_YET_VALID: ['nbf', 'at or after its nbf'],
    TOKEN_ISSUED_IN_FUTURE: ['iat', 'at or after its iat'],
  };
  const rule = bound[f.code];
  if (rule === undefined) return undefined;
  const when = instantOf(f.evidence?.[rule[0]]);
  const judged = token.at !== undefined ? `its at: (${at ?? token.at})` : `the run's start (${at ?? 'now'}), as it has no at:`;
  return `The sample is judged at ${judged}. Set at: to an instant ${rule[1]}${when !== undefined ? ` (${when})` : ''}, or write expect: [${f.code}] if the sample is meant to fail so.`;
}

interface Unjudged {
  finding: { code: string; severity: 'error' | 'warning'; message: string; remediation: string };
  /** A problem with the config (the profile does not exist), not with the sample's outcome. */
  config: boolean;
  reason: string;
}

/**
 * Why the outcome says nothing about the sample, if it does not: its profile id names no profile
 * (unless the sample expects exactly that), or the profile's keys are fetched and the run is offline
 * (as lint reports CHECK_SKIPPED for a JWKS it did not fetch).
 */
function unjudgedReason(response: ValidateResponse, token: TokenEntry, profiles: ProfileIndex): Unjudged | undefined {
  const id = profileIdOf(token) ?? '';
  const expected = Array.isArray(token.expect) ? token.expect : [];
  if (response.findings.some((f) => f.code === 'PROFILE_NOT_FOUND') && !expected.includes('PROFILE_NOT_FOUND')) {
    const hint = nearest(id, profiles.ids);
    return {
      config: true,
      reason: `no issuer profile has the id "${clip(id)}"`,
      finding: {
        code: 'PROFILE_NOT_FOUND',
        severity: 'error',
        message: `Sample "${token.name}" names the issuer profile "${clip(id)}", which no profiles: entry or issuer-profiles file defines${hint !== undefined ? ` (did you mean "${hint}"?)` : ''}; the sample was not checked.`,
        remediation: `${hint !== undefined ? `Set issuer_profile_id to "${hint}", or define` : 'Fix the id, or define'} the profile under profiles: in a config file or in the issuer-profiles file (action input issuer-profiles, CLI --issuer-profiles).`,
      },
    };
  }
  const offline = response.findings.find((f: Finding) => f.code === 'JWKS_UNAVAILABLE' && f.evidence?.reason === 'offline');
  if (offline !== undefined) {
    const how = offline.evidence?.discovery_uri !== undefined ? 'from its issuer\'s discovery document' : 'from its jwks_uri';
    return {
      config: false,
      reason: 'offline: its issuer profile fetches its keys',
      finding: {
        code: 'CHECK_SKIPPED',
        severity: 'warning',
        message: `Sample "${token.name}" was not checked: its issuer profile "${clip(id)}" fetches its keys ${how}, and nothing is fetched offline.`,
        remediation: 'Run with network access to check this sample (drop --offline; in the action, network: true), or give the profile inline keys (public_key or jwks) to check it offline too.',
      },
    };
  }
  return undefined;
}
