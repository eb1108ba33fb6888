/**
 * What a `terraform_plan:` or `cloudformation:` key yields: the file, and each trust document found in
 * it (a role's trust policy, a federated credential, …), each named by its Terraform address or
 * CloudFormation logical ID and placed at the resource in the file. Each document is judged as its own
 * trust-policy request.
 */
import { createHash } from 'node:crypto';

/** The config keys that name a file of many trust documents. */
export const SOURCE_KEYS = ['terraform_plan', 'cloudformation'] as const;
export type SourceKey = typeof SOURCE_KEYS[number];

/** A place in the source file: 1-based line and column, and the JSON Pointer of the resource there. */
export interface SourcePlace {
  line: number;
  column: number;
  pointer: string;
}

/** A part of a document that another resource of the file holds (a GCP provider's IAM bindings). */
export interface SourcePart {
  /** The JSON Pointer inside the request member where the part starts (`/bindings/0`). */
  prefix: string;
  /** The resource that holds it: its address, for messages. */
  name: string;
  at: SourcePlace;
}

/** What a finding under a place of the document should also say: how the gate read a value it cannot know. */
export interface SourceNote {
  /** The JSON Pointer inside the request member the note is about; findings at or under it carry it. */
  prefix: string;
  note: string;
}

export interface SourceDocument {
  /** The Terraform address (`module.ci.aws_iam_role.deploy`) or the CloudFormation logical ID. */
  name: string;
  /** The request member the document is sent as. */
  member: string;
  document: Record<string, unknown>;
  /** Where the resource is in the file. */
  at: SourcePlace;
  parts?: SourcePart[];
  notes?: SourceNote[];
  /** How a pointer inside the document is said in the file's own terms (a Terraform attribute, a template path). */
  describe(inner: string): string;
}

/** A warning about the file as a whole, or about one resource of it. */
export interface SourceWarning {
  message: string;
  remediation: string;
  /** The resource it is about; the key's line when absent. */
  at?: SourcePlace;
  name?: string;
}

export interface TrustSourceFile {
  key: SourceKey;
  /** The path as written after the key. */
  written: string;
  /** The file named from the gate root, forward slashes: where findings about its resources are placed. */
  file: string;
  documents: SourceDocument[];
  warnings: SourceWarning[];
}

/**
 * Set an own member, also one named `__proto__`, which plain assignment would turn into the object's
 * prototype (and so drop from the document).
 */
export function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** JSON with object members sorted at every depth: the same content always digests the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/** SHA-256 of the canonical JSON, in hex: what a finding's fingerprint binds of a resource. */
export function contentDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

/** A line and column for each offset of `text` (offsets in any order), counted in one pass. */
export function placesOf(text: string, offsets: readonly number[]): { line: number; column: number }[] {
  const order = offsets.map((offset, i) => ({ offset, i })).sort((a, b) => a.offset - b.offset);
  const out = new Array<{ line: number; column: number }>(offsets.length);
  let line = 1;
  let lineStart = 0;
  // The next line break is found once and kept: a plan printed on one line has none to find again.
  let next = text.indexOf('\n');
  for (const { offset, i } of order) {
    while (next !== -1 && next < offset) {
      line++;
      lineStart = next + 1;
      next = text.indexOf('\n', lineStart);
    }
    out[i] = { line, column: offset - lineStart + 1 };
  }
  return out;
}
