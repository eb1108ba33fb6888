import type { EngineContext } from '../context.ts';
import { parseLintRequest } from '../schema/lint-request.ts';
import { summarise } from '../summary.ts';
import type { Finding, LintRequest, LintResponse } from '../types.ts';
import { analyseJwks } from './jwks.ts';
import { LINT_RULES } from './registry.ts';
import type { JwksState, LintRule, LintRuleContext } from './types.ts';
import { parseAbsoluteUri } from '../uri.ts';

/**
 * POST /v1/lint/oidc-config. Throws RequestInvalidError (422) for a body that is missing a field or
 * has a wrong type; every other problem is a finding. Pure apart from the one JWKS fetch through
 * ctx.fetcher, which offline mode replaces by CHECK_SKIPPED.
 */
export async function lintOidcConfig(body: unknown, ctx: EngineContext): Promise<LintResponse> {
  const request = parseLintRequest(body);
  const ruleCtx = buildRuleContext(request, await loadJwks(request, ctx), ctx.now());
  const findings = LINT_RULES.flatMap((rule) => runLintRule(rule, ruleCtx));
  return {
    valid: !findings.some((f) => f.severity === 'error'),
    findings,
    summary: summarise('Configuration', findings),
  };
}

/**
 * What every rule of one lint reads, with the request defaults applied. The rule tests build their
 * context here too, so a rule tested alone sees exactly what it sees in a lint.
 */
export function buildRuleContext(request: LintRequest, jwks: JwksState, now: number): LintRuleContext {
  return {
    now,
    request,
    httpsRequired: request.https_required ?? true,
    jwks,
    skippedChecks: jwks.state === 'skipped' ? LINT_RULES.filter((r) => r.needsJwks === true).map((r) => r.code) : [],
  };
}

/** One rule's findings. Offline, the rules that read the JWKS are not run: CHECK_SKIPPED lists them instead. */
export function runLintRule(rule: LintRule, ctx: LintRuleContext): Finding[] {
  return ctx.jwks.state === 'skipped' && rule.needsJwks === true ? [] : rule.check(ctx);
}

/** The one JWKS fetch of a lint; every JWKS rule reads its result. */
async function loadJwks(request: LintRequest, ctx: EngineContext): Promise<JwksState> {
  const uri = request.jwks_uri;
  if (!ctx.fetcher.online) return { state: 'skipped', uri };
  const parsed = parseAbsoluteUri(uri);
  if (!parsed.ok || (parsed.scheme !== 'https' && parsed.scheme !== 'http')) {
    // Never hand the fetcher something that is not an http(s) URL: there is nothing safe to dial.
    return { state: 'unreachable', uri, reason: 'blocked', detail: `jwks_uri ${parsed.ok ? `uses the ${parsed.scheme}: scheme` : parsed.reason}, so it was not fetched.` };
  }
  const result = await ctx.fetcher.getJson(uri, { allowHttp: request.https_required === false });
  if (!result.ok) {
    const state: JwksState = { state: 'unreachable', uri, reason: result.reason, detail: result.detail };
    if (result.status !== undefined) state.status = result.status;
    return state;
  }
  const fetched: JwksState = { state: 'fetched', uri, analysis: analyseJwks(result.json) };
  if (result.tls !== undefined) fetched.tls = result.tls;
  return fetched;
}
