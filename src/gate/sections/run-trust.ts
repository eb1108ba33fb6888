/**
 * One `trust_policies:` entry: lint the trust policy (its conditions and cases) exactly as the
 * service's POST /v1/lint/trust-policy would, place each finding at the line of its field, and with
 * `id_token: true` check the job's own ID token against the entry.
 */
import type { Engine, Finding, TrustPolicyResponse } from '../../engine/index.ts';
import { recordResult, type EntryOutcome } from '../run/entry-result.ts';
import { checkIdToken, type IdTokenCheck } from './id-token.ts';
import { Placer, type PlacedIn } from '../run/place.ts';
import type { TrustEntry } from './trust-entry.ts';
import { clip } from '../config/values.ts';
import { parsePointer, toPointer, type Path } from '../config/yaml.ts';

export async function runTrust(config: PlacedIn, entry: TrustEntry, engine: Engine, idToken: IdTokenCheck): Promise<EntryOutcome> {
  const outcome = await engine.run('trust-policy', entry.request);
  const results = [recordResult('trust-policy', config.file, entry, entry.request, outcome)];
  const placer = new Placer(config, entry.path, entry.name, 'trust-policy');
  if (outcome.problem !== undefined) {
    placer.problem(outcome.problem, (pointer) => placeOf(pointer).path);
    return { file: config.file, results, findings: placer.findings };
  }
  const response = outcome.response as TrustPolicyResponse;
  for (const f of response.findings) placer.add(inPolicyFile(f, entry), fieldOf(f) !== undefined ? placeOf(fieldOf(f) as string).path : []);
  const findings = [...placer.findings];
  if (entry.idToken) {
    const checked = await checkIdToken(config, entry, response, engine, idToken);
    results.push(...checked.results);
    findings.push(...checked.findings);
  }
  return { file: config.file, results, findings };
}

function fieldOf(f: Finding): string | undefined {
  const field = f.evidence?.field;
  return typeof field === 'string' ? field : undefined;
}

/**
 * Where a request pointer is in the entry. The AWS policy's members are in its own JSON file, not
 * in the config: they are placed at the `aws_trust_policy:` line that names the file, and `inner` is
 * the pointer inside the file.
 */
function placeOf(pointer: string): { path: Path; inner?: string } {
  const rel = parsePointer(pointer);
  if (rel[0] !== 'aws_trust_policy') return { path: rel };
  return rel.length > 1 ? { path: ['aws_trust_policy'], inner: toPointer(rel.slice(1)) } : { path: ['aws_trust_policy'] };
}

/**
 * A finding about the AWS policy says where in the policy file it is, from its pointer: in the config
 * the policy is a file name on one line, not an object to point into.
 */
function inPolicyFile(f: Finding, entry: TrustEntry): Finding {
  if (entry.awsPolicyFile === undefined) return f;
  const field = fieldOf(f);
  const inner = field !== undefined ? placeOf(field).inner : undefined;
  if (inner === undefined) return f;
  return { ...f, message: `${f.message} (${clip(entry.awsPolicyFile)}, at ${inner})` };
}
