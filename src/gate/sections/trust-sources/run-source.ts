/**
 * Judging the trust documents of a Terraform plan or CloudFormation template: each is its own
 * trust-policy request (the entry's issuer, audiences and cases, plus the document), recorded in the
 * report exactly as the service would answer it, under the resource's name and the file it is in. Each
 * finding is placed at the resource's line in that file and named by its address or logical ID; its
 * fingerprint binds the resource's document (and, for a case's outcome, the cases too), so a baseline
 * stops hiding it once the resource changes.
 */
import type { Engine, Finding, Problem, TrustPolicyResponse } from '../../../engine/index.ts';
import { GATE_CODES } from '../../codes.ts';
import { parsePointer, toPointer } from '../../config/yaml.ts';
import { recordResult, type EntryOutcome } from '../../run/entry-result.ts';
import { Placer, type PlacedIn } from '../../run/place.ts';
import type { GateFinding, GateResult } from '../../types.ts';
import type { TrustEntry } from '../trust-entry.ts';
import { contentDigest, type SourceDocument, type SourcePlace, type TrustSourceFile } from './source.ts';

/** Codes about the entry's outcome as a whole: their fingerprint binds the cases as well as the document. */
const OUTCOME_CODES = new Set(['TRUST_CASE_FAILED']);

interface Said {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  remediation?: string;
}

export async function runSource(config: PlacedIn, entry: TrustEntry, source: TrustSourceFile, engine: Engine): Promise<EntryOutcome> {
  const results: GateResult[] = [];
  const placer = new Placer(config, entry.path, entry.name, 'trust-policy');
  const findings: GateFinding[] = [];
  for (const w of source.warnings) {
    const said: Said = { code: 'CHECK_SKIPPED', severity: 'warning', message: w.message, remediation: w.remediation };
    if (w.at !== undefined && w.name !== undefined) findings.push(placed(said, entry, source, w.name, w.at, '', contentDigest({ warning: w.message })));
    else placer.add(said, [source.key]);
  }
  for (const doc of source.documents) {
    const request = { ...entry.request, [doc.member]: doc.document };
    const outcome = await engine.run('trust-policy', request);
    results.push(recordResult('trust-policy', source.file, { name: doc.name, line: doc.at.line }, request, outcome));
    if (outcome.problem !== undefined) {
      // A refusal of the entry's own fields (its cases, its issuer) is the same for every resource: said once, at them.
      if (refusedEntry(outcome.problem, doc, placer, findings, entry, source)) break;
      continue;
    }
    const response = outcome.response as TrustPolicyResponse;
    for (const f of response.findings) findings.push(placeFinding(f, doc, entry, source, request));
  }
  return { file: config.file, results, findings: [...placer.findings, ...findings] };
}

/** The request pointer inside the document (`/Statement/0/…`), or undefined for one about the entry. */
function inner(pointer: string, doc: SourceDocument): string | undefined {
  const prefix = `/${doc.member}`;
  if (pointer === prefix) return '';
  return pointer.startsWith(`${prefix}/`) ? pointer.slice(prefix.length) : undefined;
}

function refusedEntry(problem: Problem, doc: SourceDocument, placer: Placer, findings: GateFinding[], entry: TrustEntry, source: TrustSourceFile): boolean {
  const errors = problem.errors ?? [{ pointer: '', message: problem.detail }];
  const own = errors.filter((e) => inner(e.pointer, doc) === undefined);
  if (own.length > 0) {
    placer.problem({ ...problem, errors: own });
    return true;
  }
  for (const e of errors) {
    const at = inner(e.pointer, doc) ?? '';
    findings.push(placed({
      code: GATE_CODES.REQUEST_INVALID.code, severity: 'error',
      message: `The trust-policy request for "${doc.name}" is invalid (${doc.describe(at)}): ${e.message}`,
      remediation: GATE_CODES.REQUEST_INVALID.remediation,
    }, entry, source, doc.name, doc.at, e.pointer, contentDigest({ [doc.member]: doc.document }), true));
  }
  return false;
}

function placeFinding(f: Finding, doc: SourceDocument, entry: TrustEntry, source: TrustSourceFile, request: Record<string, unknown>): GateFinding {
  const field = typeof f.evidence?.field === 'string' ? f.evidence.field : '';
  const within = inner(field, doc);
  const part = within !== undefined ? doc.parts?.find((p) => within === p.prefix || within.startsWith(`${p.prefix}/`)) : undefined;
  const notes = within !== undefined ? (doc.notes ?? []).filter((n) => within === n.prefix || within.startsWith(`${n.prefix}/`)).map((n) => n.note) : [];
  const where = within !== undefined ? doc.describe(within) : undefined;
  const said = [where, ...notes].filter((s) => s !== undefined && s !== '').join('; ');
  const message = said === '' ? f.message : `${f.message} (${said})`;
  // What the finding is about: the document; and for a case's outcome, the cases and issuer that decide it too.
  const bound = OUTCOME_CODES.has(f.code) ? request : { [doc.member]: doc.document };
  const out: Said = { code: f.code, severity: f.severity, message };
  const remediation = (f as { remediation?: unknown }).remediation;
  if (typeof remediation === 'string') out.remediation = remediation;
  return placed(out, entry, source, doc.name, part?.at ?? doc.at, field, contentDigest(bound));
}

/**
 * A finding at a resource of the source file. Its stable pointer names the entry's section, the
 * resource and the request field (`/trust_policies/<address>/terraform_plan/aws_trust_policy/…`), so
 * suppressions and the baseline see the resource as the entry and the field inside it.
 */
function placed(f: Said, entry: TrustEntry, source: TrustSourceFile, name: string, at: SourcePlace, field: string, digest: string, config = false): GateFinding {
  const out: GateFinding = {
    code: f.code,
    severity: f.severity,
    message: f.message,
    file: source.file,
    line: at.line,
    column: at.column,
    pointer: at.pointer,
    stablePointer: toPointer([String(entry.path[0]), name, source.key, ...parsePointer(field)]),
    kind: 'trust-policy',
    name,
    evidence: { content_sha256: digest },
  };
  if (f.remediation !== undefined) out.remediation = f.remediation;
  if (config) out.config = true;
  return out;
}
