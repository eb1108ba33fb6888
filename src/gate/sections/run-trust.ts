/**
 * One `trust_policies:` entry: lint the trust policy (its conditions and cases) exactly as the
 * service's POST /v1/lint/trust-policy would, place each finding at the line of its field, and with
 * `id_token: true` check the job's own ID token against the entry. An entry naming a Terraform plan
 * or CloudFormation template judges each trust document in it instead (trust-sources/run-source.ts).
 */
import type { Engine, Finding, TrustPolicyResponse } from '../../engine/index.ts';
import { recordResult, type EntryOutcome } from '../run/entry-result.ts';
import { checkIdToken, type IdTokenCheck } from './id-token.ts';
import { Placer, type PlacedIn } from '../run/place.ts';
import type { TrustEntry } from './trust-entry.ts';
import { runSource } from './trust-sources/run-source.ts';
import { clip } from '../config/values.ts';
import { parsePointer, toPointer, type Path } from '../config/yaml.ts';

export async function runTrust(config: PlacedIn, entry: TrustEntry, engine: Engine, idToken: IdTokenCheck): Promise<EntryOutcome> {
  if (entry.source !== undefined) return runSource(config, entry, entry.source, engine);
  const outcome = await engine.run('trust-policy', entry.request);
  const results = [recordResult('trust-policy', config.file, entry, entry.request, outcome)];
  const placer = new Placer(config, entry.path, entry.name, 'trust-policy');
  const member = entry.documentFile?.member;
  if (outcome.problem !== undefined) {
    placer.problem(outcome.problem, (pointer) => placeOf(pointer, member).path);
    return { file: config.file, results, findings: placer.findings };
  }
  const response = outcome.response as TrustPolicyResponse;
  for (const f of response.findings) placer.add(inDocumentFile(f, entry), fieldOf(f) !== undefined ? placeOf(fieldOf(f) as string, member).path : []);
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
 * Where a request pointer is in the entry. A document read from a file has its members in that file,
 * not in the config: they are placed at the line of the key that names the file (`aws_trust_policy:`,
 * `vault_jwt_role:`, …), and `inner` is the pointer inside the file.
 */
function placeOf(pointer: string, member: string | undefined): { path: Path; inner?: string } {
  const rel = parsePointer(pointer);
  if (member === undefined || rel[0] !== member) return { path: rel };
  return rel.length > 1 ? { path: [member], inner: toPointer(rel.slice(1)) } : { path: [member] };
}

/**
 * A finding about a document read from a file says where in the file it is, from its pointer: in the
 * config the document is a file name on one line, not an object to point into.
 */
function inDocumentFile(f: Finding, entry: TrustEntry): Finding {
  const file = entry.documentFile;
  if (file === undefined) return f;
  const field = fieldOf(f);
  const inner = field !== undefined ? placeOf(field, file.member).inner : undefined;
  if (inner === undefined) return f;
  return { ...f, message: `${f.message} (${clip(file.file)}, at ${inner})` };
}
