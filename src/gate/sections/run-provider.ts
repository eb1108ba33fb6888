/**
 * One `providers:` entry: with `discover: true`, fetch and check the discovery document first and
 * lint with the jwks_uri it names; then lint the provider configuration.
 */
import { withDiscoveredJwksUri, type DiscoverResponse, type Engine, type LintRequest } from '../../engine/index.ts';
import type { ProviderEntry } from './provider-entry.ts';
import { recordResult, type EntryOutcome } from '../run/entry-result.ts';
import { Placer, type PlacedIn } from '../run/place.ts';
import type { GateFinding, GateResult } from '../types.ts';
import { parsePointer, type Path } from '../config/yaml.ts';

export async function runProvider(config: PlacedIn, provider: ProviderEntry, engine: Engine): Promise<EntryOutcome> {
  const results: GateResult[] = [];
  const findings: GateFinding[] = [];
  // As written in the file: the engine checks its shape and refuses it (422) when it is not a lint request.
  let request = provider.request as unknown as LintRequest;
  let discovered = false;

  if (provider.discover) {
    const body: Record<string, unknown> = { issuer: provider.request.issuer };
    if (Object.hasOwn(provider.request, 'https_required')) body.https_required = provider.request.https_required;
    const placer = new Placer(config, provider.path, provider.name, 'discover');
    const outcome = await engine.run('discover', body);
    results.push(recordResult('discover', config.file, provider, body, outcome));
    if (outcome.problem !== undefined) {
      placer.problem(outcome.problem);
    } else {
      const discovery = outcome.response as DiscoverResponse;
      // Discovery findings are about the issuer the entry names; one without a field is about `discover: true`.
      placer.addFindings(discovery.findings, parsePointer, ['discover']);
      const filled = withDiscoveredJwksUri(request, discovery);
      discovered = filled !== request;
      request = filled;
    }
    findings.push(...placer.findings);
  }

  const placer = new Placer(config, provider.path, provider.name, 'lint');
  const map = (pointer: string): Path => {
    const rel = parsePointer(pointer);
    // Filled in from discovery, so the file has no such line: point at `discover: true` instead.
    if (rel[0] === 'discovered_jwks_uri' && discovered) return ['discover'];
    return rel;
  };
  const outcome = await engine.run('lint', request);
  results.push(recordResult('lint', config.file, provider, request, outcome));
  if (outcome.problem !== undefined) placer.problem(outcome.problem, map);
  else placer.addFindings(outcome.response.findings, map, []);
  findings.push(...placer.findings);
  return { file: config.file, results, findings };
}
