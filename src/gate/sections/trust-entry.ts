/**
 * A `trust_policies:` entry: a trust-policy lint request (issuer, audiences, claim patterns, cases),
 * a display `name`, `id_token: true` to check the job's own ID token against it, and where the trust
 * document comes from: a format's key (`aws_trust_policy`, `gcp_workload_identity`,
 * `azure_federated_credential`, `vault_jwt_role`, any format the engine registers) naming a repository
 * file that is read here and sent on inline, as the service takes it; or `terraform_plan` /
 * `cloudformation` naming a file of many resources, each judged as its own request (trust-sources/).
 */
import { trustRequestRefusals } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import { checkEntry, TRUST_SHAPE } from '../config/entry-keys.ts';
import { entryValuesToMask } from '../outputs/redact.ts';
import type { TokenSource } from './token-entry.ts';
import { isNonEmptyString } from '../config/values.ts';
import { positionOf, type Path } from '../config/yaml.ts';
import { readCloudFormation } from './trust-sources/cloudformation.ts';
import { MAX_DOCUMENT_FILE_BYTES, readDocumentFile } from './trust-sources/document-file.ts';
import { documentMembers } from './trust-sources/members.ts';
import { SOURCE_KEYS, type SourceDocument, type SourceKey, type TrustSourceFile } from './trust-sources/source.ts';
import { readTerraformPlan } from './trust-sources/terraform-plan.ts';

/** A trust document file is read up to this many bytes (kept under its old name for callers). */
export const MAX_TRUST_POLICY_FILE_BYTES = MAX_DOCUMENT_FILE_BYTES;

export interface TrustEntry {
  name: string;
  path: Path;
  line: number;
  /**
   * The trust-policy request body: with a format's file, its document read and inlined; with a plan or
   * template, the entry's own fields only (each resource's document is added when it is judged).
   */
  request: Record<string, unknown>;
  /** The format key that named a document file, and the path as written, for messages. */
  documentFile?: { member: string; file: string };
  /** `aws_trust_policy` as written (the file's path), for messages. */
  awsPolicyFile?: string;
  /** The plan or template the entry names, and the trust documents read from it. */
  source?: TrustSourceFile;
  idToken: boolean;
}

/** The config file the entry is in, and the directory its policy file must stay inside. */
export type TrustSource = TokenSource;

const SOURCE_LABEL: Readonly<Record<SourceKey, string>> = { terraform_plan: 'a Terraform plan', cloudformation: 'a CloudFormation template' };

export async function parseTrustEntry(raw: unknown, index: number, source: TrustSource, problem: ReportProblem): Promise<TrustEntry | undefined> {
  const at: Path = ['trust_policies', index];
  const members = documentMembers();
  // A document key is a path here, not the object the request schema describes: not a secret to mask.
  for (const value of entryValuesToMask(raw, [...TRUST_SHAPE.gateKeys, ...members], 'trust-policy')) source.onSecret?.(value);
  const entry = checkEntry(raw, at, TRUST_SHAPE, problem);
  if (entry === undefined) return undefined;
  const { name, id_token: idToken, terraform_plan: _plan, cloudformation: _template, ...request } = entry;
  let ok = true;
  if (name !== undefined && !isNonEmptyString(name)) {
    problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name'], {
      remediation: 'Give the trust policy a name (any text, such as deploy-prod-role), or leave name out.',
    });
    ok = false;
  }
  if (idToken !== undefined && typeof idToken !== 'boolean') {
    problem(GATE_CODES.CONFIG_INVALID, 'id_token must be true or false.', [...at, 'id_token'], {
      remediation: 'Write id_token: true (check the job\'s own ID token against this entry; needs permissions: id-token: write) or leave it out, without quotes.',
    });
    ok = false;
  }
  const given = [...members, ...SOURCE_KEYS].filter((key) => entry[key] !== undefined);
  const sourceKey = SOURCE_KEYS.find((key) => entry[key] !== undefined);
  if (!conflicts(given, sourceKey, request, idToken, at, problem)) return undefined;

  let documentFile: TrustEntry['documentFile'];
  for (const member of members) {
    if (entry[member] === undefined) continue;
    const document = await readDocumentFile(member, entry[member], source, [...at, member], problem);
    if (document === undefined) ok = false;
    else {
      request[member] = document;
      documentFile = { member, file: entry[member] as string };
    }
  }
  let file: TrustSourceFile | undefined;
  if (sourceKey !== undefined) {
    const read = sourceKey === 'terraform_plan' ? readTerraformPlan : readCloudFormation;
    file = await read(entry[sourceKey], source, [...at, sourceKey], problem);
    if (file === undefined) ok = false;
  }
  if (!ok) return undefined;
  if (file !== undefined) file.documents = admitted(file.documents, request, problem, at, file);
  else if (!refusalsReported(request, at, problem)) return undefined;
  const out: TrustEntry = {
    name: (name as string | undefined) ?? `trust_policies[${index}]`,
    path: at,
    line: positionOf(source.yaml, at).line,
    request,
    idToken: idToken === true,
  };
  if (documentFile !== undefined) {
    out.documentFile = documentFile;
    if (documentFile.member === 'aws_trust_policy') out.awsPolicyFile = documentFile.file;
  }
  if (file !== undefined) out.source = file;
  return out;
}

/**
 * One trust document per entry, judged by what it says: a second document key, claim_patterns beside
 * a plan or template (each resource admits what it says), or id_token beside one (the job's token is
 * checked against one document, and a plan holds many) is one error each, at the key. False when the
 * entry is refused.
 */
function conflicts(given: readonly string[], sourceKey: SourceKey | undefined, request: Record<string, unknown>, idToken: unknown, at: Path, problem: ReportProblem): boolean {
  let ok = true;
  for (const extra of given.slice(1)) {
    problem(GATE_CODES.CONFIG_INVALID, `${extra} cannot be given beside ${given[0] as string}: an entry holds one trust document, or one file of them.`, [...at, extra], {
      remediation: 'Give each document (or plan, or template) its own trust_policies entry.',
    });
    ok = false;
  }
  if (sourceKey === undefined) return ok;
  if (request.claim_patterns !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `claim_patterns cannot be given with ${sourceKey}: each resource in ${SOURCE_LABEL[sourceKey]} admits what it says, whatever the entry adds. State what must be allowed and denied as cases instead.`, [...at, 'claim_patterns'], {
      remediation: 'Remove claim_patterns from this entry and state what every resource must allow and deny as cases.',
    });
    ok = false;
  }
  if (idToken === true) {
    problem(GATE_CODES.CONFIG_INVALID, `id_token checks the job's own ID token against one trust document, and ${SOURCE_LABEL[sourceKey]} may hold many.`, [...at, 'id_token'], {
      remediation: 'Remove id_token from this entry; to check the job\'s token, give the role\'s own document in an entry of its own (such as aws_trust_policy: role-trust.json) with id_token: true.',
    });
    ok = false;
  }
  return ok;
}

/**
 * What the engine would refuse, said in config terms at the key: claim_patterns beside a document, a
 * document over the limits, or more work than one entry may cost. False when anything is refused.
 */
function refusalsReported(request: Record<string, unknown>, at: Path, problem: ReportProblem): boolean {
  const refusals = trustRequestRefusals(request);
  for (const refusal of refusals) {
    const key = refusal.pointer.split('/')[1] ?? '';
    problem(refusal.limit ? GATE_CODES.CONFIG_TOO_LARGE : GATE_CODES.CONFIG_INVALID, refusal.message, key === '' ? at : [...at, key], {
      remediation: refusal.limit
        ? 'Keep the entry to the role\'s own trust document and a few cases: shorter or fewer condition values and case claims.'
        : 'Remove claim_patterns from this entry and state what must be allowed and denied as cases: the document alone decides what the role admits.',
    });
  }
  return refusals.length === 0;
}

/**
 * The documents of a plan or template that the engine would judge: one over its format's limits, or
 * whose cases would cost more work than a request may, is one error at its resource, and the others
 * are still judged.
 */
function admitted(documents: readonly SourceDocument[], request: Record<string, unknown>, problem: ReportProblem, at: Path, file: TrustSourceFile): SourceDocument[] {
  return documents.filter((doc) => {
    const refusals = trustRequestRefusals({ ...request, [doc.member]: doc.document });
    for (const refusal of refusals) {
      const inner = refusal.pointer.startsWith(`/${doc.member}`) ? refusal.pointer.slice(doc.member.length + 1) : undefined;
      problem(refusal.limit ? GATE_CODES.CONFIG_TOO_LARGE : GATE_CODES.CONFIG_INVALID, `${doc.name}${inner !== undefined ? ` (${doc.describe(inner)})` : ''}: ${refusal.message}`, [...at, file.key], {
        file: file.file, ...doc.at, name: doc.name,
        remediation: refusal.limit ? 'Keep the resource\'s trust document within the limits the message names, and the entry\'s cases few and short.' : GATE_CODES.CONFIG_INVALID.remediation,
      });
    }
    return refusals.length === 0;
  });
}
