/**
 * Reading a file a `trust_policies:` entry names (a trust document, a Terraform plan, a CloudFormation
 * template). The file is in a repository a pull request controls: it must not lead the gate outside the
 * workspace or into .git (links followed), nor make it read more than the kind of file needs, and it
 * must be UTF-8 text. Each broken rule is one error at the key that names the file; its message quotes
 * the path as written, never the file's content.
 */
import path from 'node:path';
import { GATE_CODES } from '../../codes.ts';
import { decodeUtf8, describeIoError, describePlace, readInsideRoot } from '../../config/boundary.ts';
import type { ReportProblem } from '../../config/config-finding.ts';
import { clip, describeType, isNonEmptyString } from '../../config/values.ts';
import type { Path } from '../../config/yaml.ts';
import type { EntrySource } from '../section.ts';

/** What kind of file the key names, for its messages. */
export interface FileKind {
  /** The config key: `aws_trust_policy`, `terraform_plan`. */
  key: string;
  /** "AWS trust policy", "Terraform plan": the file is "<label> file <path>". */
  label: string;
  maxBytes: number;
  /** How to write the key, for a value that is not a path or a file that is not there. */
  pathFix: string;
  /** What to do about a file over maxBytes. */
  largeFix: string;
  /** How to save the file as UTF-8. */
  encodingFix: string;
}

export interface ReadText {
  text: string;
  /** The path as written, shortened for messages. */
  shown: string;
  /** The file named from the gate root (forward slashes), as findings placed in it name it. */
  file: string;
}

/** The file's text, or undefined after one problem at `at`. */
export async function readNamedFile(value: unknown, source: EntrySource, at: Path, problem: ReportProblem, kind: FileKind): Promise<ReadText | undefined> {
  if (!isNonEmptyString(value)) {
    problem(GATE_CODES.CONFIG_INVALID, `${kind.key} must be a path relative to the config file, not ${describeType(value)}.`, at, { remediation: kind.pathFix });
    return undefined;
  }
  const shown = clip(value);
  const name = `${kind.label} file ${shown}`;
  const read = await readInsideRoot(source.boundary, path.resolve(path.dirname(source.abs), value), kind.maxBytes);
  if (!read.ok) {
    switch (read.reason) {
      case 'outside':
      case 'git':
        problem(GATE_CODES.CONFIG_UNREADABLE, `${name} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`, at, {
          remediation: 'Keep the file inside the repository, outside .git, and name it by its path rather than through a link that leads elsewhere.',
        });
        break;
      case 'too-large':
        problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} is larger than ${kind.maxBytes.toLocaleString('en-US')} bytes; refusing to read it.`, at, { remediation: kind.largeFix });
        break;
      case 'not-file':
        problem(GATE_CODES.CONFIG_UNREADABLE, `${name} cannot be read: not a regular file.`, at, { remediation: kind.pathFix });
        break;
      default:
        problem(GATE_CODES.CONFIG_UNREADABLE, `${name} (relative to ${source.file}) cannot be read: ${describeIoError(read.error)}.`, at, { remediation: kind.pathFix });
    }
    return undefined;
  }
  const text = decodeUtf8(read.bytes);
  if (text === undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} is not valid UTF-8 text.`, at, { remediation: kind.encodingFix });
    return undefined;
  }
  return { text, shown, file: fileFromRoot(source, value) };
}

/**
 * The named file as findings name files: from the gate root, forward slashes, by the path as written
 * (not where a link leads), like the config file itself.
 */
export function fileFromRoot(source: Pick<EntrySource, 'file' | 'abs'>, value: string): string {
  const dir = path.dirname(source.abs);
  const rel = path.relative(dir, path.resolve(dir, value)).split(path.sep).join('/');
  return path.posix.normalize(path.posix.join(path.posix.dirname(source.file), rel));
}

/**
 * Where JSON.parse stopped, as " at line L, column C" of the file. The parser's own message is not
 * shown: it quotes a stretch of the text.
 */
export function jsonErrorPlace(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn !== null) return ` at line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  if (position === null) return text.trim() === '' ? ' (the file is empty)' : '';
  const offset = Number(position[1]);
  const before = text.slice(0, offset).split('\n');
  return ` at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}
