/**
 * `cloudformation: <file>`: a CloudFormation template, JSON or YAML. Every `AWS::IAM::Role` whose
 * AssumeRolePolicyDocument could let a web identity token in is one AWS trust policy document, named
 * by its logical ID and placed at its line. Short-form tags (`!Sub`, `!Ref`, `!GetAtt`, `!Join`, any
 * `!Name`) are read as the long form they stand for (`{ "Fn::Sub": … }`) and never evaluated; how such
 * values are judged is cfn-intrinsics.ts's business.
 *
 * YAML is read as YAML 1.2 (`2012-10-17` stays text); numbers and booleans are read as the text they
 * are written as, since IAM compares condition values as text. Aliases are refused, as CloudFormation
 * refuses them, so a template cannot expand past its own size.
 */
import { createHash } from 'node:crypto';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { checkJsonStructure } from '../../../engine/index.ts';
import { GATE_CODES } from '../../codes.ts';
import type { ReportProblem } from '../../config/config-finding.ts';
import { clip, isRecord } from '../../config/values.ts';
import { describeYamlError, toPointer, type Path } from '../../config/yaml.ts';
import { duplicateKeyOffsets } from '../../config/yaml-keys.ts';
import { findUnclosed } from '../../config/yaml-unclosed.ts';
import type { EntrySource } from '../section.ts';
import { trustsWebIdentity } from './aws-role.ts';
import { modelPolicy } from './cfn-intrinsics.ts';
import { notJson } from './document-file.ts';
import { MAX_SOURCE_DOCUMENTS, serially } from './limits.ts';
import { readNamedFile } from './read-file.ts';
import { placesOf, type SourceDocument, type TrustSourceFile } from './source.ts';
import { nothingToJudge } from './terraform-plan.ts';

/** CloudFormation takes a template of at most 1 MB (from S3; 51,200 bytes inline). */
export const MAX_TEMPLATE_BYTES = 1024 * 1024;
/** Nesting of the template: no template comes close. Counted on the raw text before parsing. */
export const MAX_TEMPLATE_DEPTH = 64;
/** YAML nodes (maps, lists, values, keys) read from one template. */
export const MAX_TEMPLATE_NODES = 200_000;

const ROLE = 'AWS::IAM::Role';
const OIDC_PROVIDER = 'AWS::IAM::OIDCProvider';

class Refusal extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/**
 * The deepest run of opening brackets not yet closed, counting every bracket in the text (quoted or
 * not): a template cannot hide nesting from it, and the YAML parser never sees a file that would make
 * it work through thousands of levels.
 */
function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return max;
}

/**
 * The widest a line opens in block style: its indentation plus each compact `- ` (or `? `) entry that
 * starts one more level on the same line (`- - - x`). Block nesting needs at least one column a level,
 * so a template deeper than the limit is wider than this bound, and the parser is spared it.
 */
const MAX_BLOCK_COLUMNS = 1_024;
function blockWidth(text: string): number {
  let max = 0;
  let column = 0;
  let start = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      column = 0;
      start = true;
      continue;
    }
    if (!start) continue;
    if (c === 0x20 || c === 0x09) column++;
    else if ((c === 0x2d || c === 0x3f) && (text.charCodeAt(i + 1) === 0x20 || text.charCodeAt(i + 1) === 0x0a)) column += 2;
    else start = false;
    if (column > max) max = column;
  }
  return max;
}

function rangeStart(node: unknown): number {
  const range = (node as { range?: [number, number, number] | null } | null)?.range;
  return Array.isArray(range) ? range[0] : 0;
}

/** The node as plain data, short-form tags as their long form; refuses aliases, depth and size past the limits. */
function toData(node: unknown, depth: number, count: { nodes: number }): unknown {
  if (++count.nodes > MAX_TEMPLATE_NODES) throw new Refusal(`has more than ${MAX_TEMPLATE_NODES.toLocaleString('en-US')} YAML nodes`, 0);
  if (depth > MAX_TEMPLATE_DEPTH) throw new Refusal(`nests deeper than ${MAX_TEMPLATE_DEPTH} levels`, rangeStart(node));
  if (isAlias(node)) throw new Refusal('uses a YAML alias, which CloudFormation does not take', rangeStart(node));
  let value: unknown;
  if (isScalar(node)) {
    // Anything but text and null (a number, a boolean, a date under a YAML 1.1 directive) as it is written.
    const v = node.value;
    value = typeof v === 'string' || v === null ? v : (node.source ?? String(v));
  } else if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) throw new Refusal('has a key that is not plain text', rangeStart(pair));
      Object.defineProperty(out, String(pair.key.value), { value: toData(pair.value, depth + 1, count), enumerable: true, writable: true, configurable: true });
    }
    value = out;
  } else if (isSeq(node)) {
    value = node.items.map((item) => toData(item, depth + 1, count));
  } else {
    value = null;
  }
  const tag = (node as { tag?: string } | null)?.tag;
  if (typeof tag !== 'string' || !tag.startsWith('!') || tag.startsWith('!!')) return value;
  const name = tag.slice(1);
  if (name === 'Ref' || name === 'Condition') return { [name]: value };
  if (name === 'GetAtt' && typeof value === 'string' && value.includes('.')) return { 'Fn::GetAtt': [value.slice(0, value.indexOf('.')), value.slice(value.indexOf('.') + 1)] };
  return { [`Fn::${name}`]: value };
}

/** The pairs of the template's Resources map (none when it has none). */
function resourcePairs(doc: Document.Parsed): unknown[] {
  const root = doc.contents;
  if (!isMap(root)) return [];
  const pair = root.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === 'Resources');
  return pair !== undefined && isMap(pair.value) ? pair.value.items : [];
}

export async function readCloudFormation(value: unknown, source: EntrySource, at: Path, problem: ReportProblem): Promise<TrustSourceFile | undefined> {
  return serially(() => readTemplate(value, source, at, problem));
}

async function readTemplate(value: unknown, source: EntrySource, at: Path, problem: ReportProblem): Promise<TrustSourceFile | undefined> {
  const read = await readNamedFile(value, source, at, problem, {
    key: 'cloudformation', label: 'CloudFormation template', maxBytes: MAX_TEMPLATE_BYTES,
    pathFix: 'Write cloudformation as the path of the template (JSON or YAML), relative to this config file, such as cloudformation: ../../infra/deploy-role.yaml.',
    largeFix: 'CloudFormation itself takes templates of at most 1 MB: point the key at the template of one stack, or split it into nested stacks and name each.',
    encodingFix: 'Save the template as UTF-8, as CloudFormation requires.',
  });
  if (read === undefined) return undefined;
  const name = `CloudFormation template ${read.shown}`;
  const fix = 'Fix the template there: CloudFormation would refuse it too.';
  if (bracketDepth(read.text) > MAX_TEMPLATE_DEPTH || blockWidth(read.text) > MAX_BLOCK_COLUMNS) {
    problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} nests deeper than ${MAX_TEMPLATE_DEPTH} levels; refusing to read it.`, at, { remediation: 'Check that the file is the stack\'s template.' });
    return undefined;
  }
  const lines = new LineCounter();
  const doc = parseDocument(read.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false, version: '1.2' });
  const where = (offset: number): string => {
    const p = lines.linePos(offset);
    return `line ${p.line}, column ${p.col}`;
  };
  const first = doc.errors[0];
  if (first !== undefined) {
    // An opening never closed is the one mistake; the errors after it only follow from it.
    const unclosed = findUnclosed(read.text);
    problem(GATE_CODES.CONFIG_INVALID, unclosed !== undefined
      ? `${name} is not valid YAML or JSON at ${where(unclosed.offset)}: ${unclosed.message}.`
      : `${name} is not valid YAML or JSON at ${where(first.pos[0])}: ${describeYamlError(first.code)}.`, at, { remediation: unclosed?.remediation ?? fix });
    return undefined;
  }
  const repeated = duplicateKeyOffsets(doc.contents)[0];
  if (repeated !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} repeats a key in one mapping at ${where(repeated)}; which one counts would be a guess.`, at, { remediation: 'Keep one of the two keys.' });
    return undefined;
  }
  const items = resourcePairs(doc);
  const roles: { id: string; offset: number; data: Record<string, unknown> }[] = [];
  const providers = new Map<string, string>();
  try {
    const count = { nodes: 0 };
    for (const pair of items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const id = String(pair.key.value);
      // CloudFormation's logical IDs are alphanumeric, at most 255 characters: they name findings.
      if (!/^[A-Za-z0-9]{1,255}$/.test(id)) throw new Refusal(`has a resource whose logical ID is not 1 to 255 letters and digits, as CloudFormation requires`, rangeStart(pair.key));
      const resource = toData(pair.value, 2, count);
      if (!isRecord(resource)) continue;
      const properties = isRecord(resource.Properties) ? resource.Properties : {};
      // A role, or a SAM function or state machine whose own role's trust the template writes.
      if (resource.Type === ROLE || (typeof resource.Type === 'string' && resource.Type.startsWith('AWS::Serverless::') && properties.AssumeRolePolicyDocument !== undefined)) {
        roles.push({ id, offset: rangeStart(pair.key), data: properties });
      }
      if (resource.Type === OIDC_PROVIDER && typeof properties.Url === 'string') providers.set(id, properties.Url.replace(/^https:\/\//i, '').replace(/\/+$/, '').toLowerCase());
    }
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    problem(err.message.startsWith('has more') || err.message.startsWith('nests') ? GATE_CODES.CONFIG_TOO_LARGE : GATE_CODES.CONFIG_INVALID,
      `${name} ${err.message}${err.offset > 0 ? ` (at ${where(err.offset)})` : ''}; refusing to read it.`, at, { remediation: fix });
    return undefined;
  }
  if (roles.length > MAX_SOURCE_DOCUMENTS) {
    problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} holds ${roles.length} IAM roles; at most ${MAX_SOURCE_DOCUMENTS} are judged from one file.`, at, { remediation: 'CloudFormation caps a stack at 500 resources: point the key at one stack\'s template.' });
    return undefined;
  }
  const places = placesOf(read.text, roles.map((r) => r.offset));
  const documents: SourceDocument[] = [];
  let skipped = 0;
  let refused = 0;
  roles.forEach((role, i) => {
    const place = { ...(places[i] ?? { line: 1, column: 1 }), pointer: toPointer(['Resources', role.id]) };
    const refuse = (why: string): void => {
      refused++;
      problem(GATE_CODES.TRUST_DOCUMENT_UNKNOWN, `${clip(role.id)}: the role's trust cannot be judged: ${why}; it is not valid until it can be.`, at, {
        file: read.file, ...place, name: role.id,
        // Bound to the role's properties, so a baseline of it stops hiding it once they change.
        evidence: { content_sha256: createHash('sha256').update(JSON.stringify(role.data)).digest('hex') },
        remediation: 'Write the AssumeRolePolicyDocument and its Statement list in the template itself; functions inside a statement are read as docs/trust/sources.md says.',
      });
    };
    let policy = role.data.AssumeRolePolicyDocument;
    // CloudFormation requires the document: a role whose Properties are a function (or merged in from
    // elsewhere) shows none the checker can read, and may admit anyone.
    if (policy === undefined) return refuse('no AssumeRolePolicyDocument is written in its Properties');
    if (typeof policy === 'string') {
      try {
        const text = policy;
        policy = JSON.parse(text);
        const issue = checkJsonStructure(text, policy);
        if (issue !== undefined) return refuse(issue.kind === 'duplicate' ? `its AssumeRolePolicyDocument text repeats the member "${clip(issue.name)}" in one object, and which one IAM reads would be a guess` : 'its AssumeRolePolicyDocument text nests too deeply');
      } catch {
        refuse('its AssumeRolePolicyDocument is text that is not JSON');
        return;
      }
    }
    const modelled = modelPolicy(policy, providers);
    if (!modelled.ok) return refuse(modelled.message);
    const odd = notJson(modelled.document);
    if (odd !== undefined) return refuse(`its AssumeRolePolicyDocument holds ${odd}`);
    if (!trustsWebIdentity(modelled.document)) {
      skipped++;
      return;
    }
    const origins = modelled.origins;
    documents.push({
      name: role.id, member: 'aws_trust_policy', document: modelled.document, at: place,
      ...(modelled.notes.length > 0 ? { notes: modelled.notes } : {}),
      describe: (inner) => {
        const statement = /^\/Statement\/(\d+)(.*)$/.exec(inner);
        const mapped = statement !== null && origins[Number(statement[1])] !== undefined ? `${origins[Number(statement[1])]}${statement[2]}` : inner;
        return mapped === '' ? 'AssumeRolePolicyDocument' : `AssumeRolePolicyDocument, at ${mapped}`;
      },
    });
  });
  const warnings = documents.length === 0 && refused === 0 ? [nothingToJudge('CloudFormation template', read.file, skipped, 'AWS::IAM::Role')] : [];
  return { key: 'cloudformation', written: typeof value === 'string' ? value : '', file: read.file, documents, warnings };
}
