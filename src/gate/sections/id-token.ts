/**
 * `id_token: true` on a trust policy: request the job's own ID token for the entry's first audience
 * and check it against the entry as the cloud would see it: signed with RS256 by a key of the
 * issuer's discovery document, from the entry's issuer, for one of its audiences, with claims that
 * match its claim patterns, and allowed by its AWS policy's conditions. It is reported as a sample
 * expected to be valid; the token itself is masked and recorded by its fingerprint only.
 */
import { compileIssuerProfiles, IssuerProfileError, type Engine, type Finding, type TrustPolicyResponse, type ValidateResponse } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { recordResult } from '../run/entry-result.ts';
import type { IdTokenSource } from './id-token-source.ts';
import { Placer, type PlacedIn } from '../run/place.ts';
import type { TrustEntry } from './trust-entry.ts';
import type { GateFinding, GateResult } from '../types.ts';
import { clip, isRecord } from '../config/values.ts';
import { positionOf, type Path } from '../config/yaml.ts';

/** What the run gives the check: the runner's token source (none in the CLI), and whether it may fetch. */
export interface IdTokenCheck {
  source: IdTokenSource | undefined;
  online: boolean;
}

/** The id under which the check registers the entry as an issuer profile, for this check alone. */
const PROFILE_ID = 'id_token';
/** GitHub signs its workflow tokens with RS256, and so must every issuer an entry trusts here. */
const ALGORITHM = 'RS256';
/** Every finding of the check is about `id_token: true`. */
const AT: Path = ['id_token'];

/**
 * Whether a finding is the check's CHECK_SKIPPED: the job's ID token was not checked. The CLI has no
 * ID token to request, so there it is always skipped, network or not: --offline is not the reason.
 */
export function isIdTokenSkip(f: Pick<GateFinding, 'code' | 'pointer'>): boolean {
  return f.code === 'CHECK_SKIPPED' && f.pointer !== undefined && /\/id_token$/.test(f.pointer);
}

export async function checkIdToken(
  config: PlacedIn, entry: TrustEntry, trust: TrustPolicyResponse, engine: Engine, check: IdTokenCheck,
): Promise<{ results: GateResult[]; findings: GateFinding[] }> {
  // A sample of its own in the report, beside the entry's trust-policy result.
  const name = `${entry.name} (job ID token)`;
  const placer = new Placer(config, entry.path, name, 'validate');
  const results: GateResult[] = [];
  const done = (): { results: GateResult[]; findings: GateFinding[] } => ({ results, findings: placer.findings });
  const skipped = (why: string, remediation: string): void => {
    placer.add({ code: 'CHECK_SKIPPED', severity: 'warning', message: `Trust policy "${entry.name}": the job's ID token was not checked: ${why}.`, remediation }, AT);
  };

  if (check.source === undefined) {
    skipped('only the GitHub Action can request it', 'Nothing to do here: the action checks the ID token (with permissions: id-token: write); the CLI checks the rest of the entry.');
    return done();
  }
  if (!check.online) {
    skipped('its keys come from the issuer\'s discovery document, and nothing is fetched offline', 'Run the action with network: true to check the job\'s ID token.');
    return done();
  }
  const audiences = audiencesOf(entry, trust);
  // TRUST_AUDIENCE_MISSING on the entry is a warning: the check the entry asks for must not pass unseen.
  const audience = audiences[0];
  if (audience === undefined) {
    placer.add({
      code: GATE_CODES.CONFIG_INVALID.code, severity: 'error',
      message: `Trust policy "${entry.name}" has id_token: true, but names no audience to request the job's ID token for, so it could not be checked.`,
      remediation: 'Add audiences: [sts.amazonaws.com] (the audience the workflow requests for this role) to the entry, or a StringEquals condition on aud to its policy file; or remove id_token: true.',
    }, AT, true);
    return done();
  }

  const got = await check.source(audience);
  if (!got.ok) {
    placer.add({
      code: GATE_CODES.ID_TOKEN_UNAVAILABLE.code,
      severity: 'error',
      message: got.reason === 'permission'
        ? `Trust policy "${entry.name}" has id_token: true, but this job may not request an ID token: add "permissions: id-token: write" to the job (or the workflow).`
        : `Trust policy "${entry.name}" has id_token: true, but the runner's token service did not return an ID token for the audience ${clip(audience)}.`,
      remediation: got.reason === 'permission'
        ? GATE_CODES.ID_TOKEN_UNAVAILABLE.remediation
        : 'Re-run the job: the runner\'s token service failed. If it keeps failing, check the GitHub status page.',
    }, AT, got.reason === 'permission');
    return done();
  }

  const profile: Record<string, unknown> = {
    id: PROFILE_ID, issuer: trust.metadata.issuer, audiences, allowed_algs: [ALGORITHM], discovery: true,
  };
  if (isRecord(entry.request.claim_patterns)) profile.required_claim_patterns = entry.request.claim_patterns;
  let checker: Engine;
  try {
    const { fetcher, keyCache, now } = engine.services;
    checker = engine.withProfiles(compileIssuerProfiles([profile], { env: {}, fetcher, keyCache, now }));
  } catch (err) {
    if (!(err instanceof IssuerProfileError)) throw err;
    const reasons = err.problems.map((p) => `${p.pointer.replace(/^\/0(?=\/|$)/, '') || '/'} ${p.message}`).join('; ');
    placer.add({
      code: GATE_CODES.CONFIG_INVALID.code, severity: 'error',
      message: `Trust policy "${entry.name}": the job's ID token cannot be checked against this entry: ${reasons}.`,
      remediation: 'Give the entry an https issuer that publishes a discovery document (GitHub\'s is the default), or remove id_token: true.',
    }, AT, true);
    return done();
  }

  // Judged at the moment it was issued for, not at the start of the run: it did not exist then.
  const at = Date.now();
  const request = { token: got.token, issuer_profile_id: PROFILE_ID };
  const outcome = await checker.run('validate', request, { at });
  const line = config.yaml !== undefined ? positionOf(config.yaml, [...entry.path, ...AT]).line : entry.line;
  const r = recordResult('validate', config.file, { name, line }, request, outcome);
  r.at = new Date(at).toISOString();
  r.expect = 'valid';
  results.push(r);
  const say = (f: { message: string }): string => `Trust policy "${entry.name}": the job's ID token (audience ${clip(audience)}) is expected to be valid: ${f.message}`;
  if (outcome.problem !== undefined) {
    r.passed = false;
    placer.add({ code: outcome.problem.code === 'MALFORMED_TOKEN' ? 'MALFORMED_TOKEN' : GATE_CODES.REQUEST_INVALID.code, severity: 'error', message: say({ message: outcome.problem.detail }) }, AT);
    return done();
  }
  const response = outcome.response as ValidateResponse;
  r.passed = response.valid;
  for (const f of response.findings) placer.add({ ...f, message: say(f) }, AT);
  for (const w of response.metadata.warnings ?? []) placer.add({ ...w, message: say(w) }, AT);
  if (response.valid && entry.request.aws_trust_policy !== undefined) {
    for (const f of await awsPolicyVerdict(engine, entry, got.token)) placer.add({ ...f, message: say(f) }, AT);
  }
  return done();
}

/** The entry's audiences, or those its AWS policy's aud condition names. */
function audiencesOf(entry: TrustEntry, trust: TrustPolicyResponse): string[] {
  const own = entry.request.audiences;
  if (Array.isArray(own)) return own.filter((a): a is string => typeof a === 'string');
  const condition = trust.metadata.conditions?.find((c) => c.claim === 'aud' && c.operator === 'StringEquals' && c.effect === 'Allow');
  return condition?.values ?? [];
}

/**
 * Whether the AWS policy's conditions allow the token's claims: the token's claims as a case that
 * must be allowed, evaluated by the trust-policy check exactly as AWS evaluates the policy. Only the
 * policy is sent (with the issuer its keys are named by): the entry's audiences and claim patterns
 * were judged by the validation already, and would be reported twice.
 */
async function awsPolicyVerdict(engine: Engine, entry: TrustEntry, token: string): Promise<Finding[]> {
  const claims = payloadOf(token);
  if (claims === undefined) return [];
  const body: Record<string, unknown> = {
    aws_trust_policy: entry.request.aws_trust_policy,
    cases: [{ name: 'the job\'s ID token', claims, expect: 'allow' }],
  };
  if (entry.request.issuer !== undefined) body.issuer = entry.request.issuer;
  const outcome = await engine.run('trust-policy', body);
  return outcome.response?.findings.filter((f) => f.code === 'TRUST_CASE_FAILED') ?? [];
}

/** The claims of a token whose signature was verified. */
function payloadOf(token: string): Record<string, unknown> | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return isRecord(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}
