/**
 * A `trust_policies:` entry: a trust-policy lint request (issuer, audiences, claim patterns, cases),
 * a display `name`, `id_token: true` to check the job's own ID token against it, and
 * `aws_trust_policy` as the path of an IAM role trust policy JSON file in the repository, which is
 * read here and sent on inline, as the service takes it.
 */
import path from 'node:path';
import { checkJsonStructure, trustRequestRefusals } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { decodeUtf8, describeIoError, describePlace, readInsideRoot } from '../config/boundary.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import { checkEntry, TRUST_SHAPE } from '../config/entry-keys.ts';
import { entryValuesToMask } from '../outputs/redact.ts';
import type { TokenSource } from './token-entry.ts';
import { clip, describeType, isNonEmptyString, isRecord } from '../config/values.ts';
import { positionOf, type Path } from '../config/yaml.ts';

/**
 * An IAM role trust policy is at most a few kilobytes (AWS caps it at 2,048 characters unless the
 * account raised the quota); reading more than this is never needed.
 */
export const MAX_TRUST_POLICY_FILE_BYTES = 64 * 1024;

export interface TrustEntry {
  name: string;
  path: Path;
  line: number;
  /** The trust-policy request body, with the AWS policy read from its file and inlined. */
  request: Record<string, unknown>;
  /** `aws_trust_policy` as written (the file's path), for messages. */
  awsPolicyFile?: string;
  idToken: boolean;
}

/** The config file the entry is in, and the directory its policy file must stay inside. */
export type TrustSource = TokenSource;

export async function parseTrustEntry(raw: unknown, index: number, source: TrustSource, problem: ReportProblem): Promise<TrustEntry | undefined> {
  const at: Path = ['trust_policies', index];
  // aws_trust_policy is a path here, not the object the request schema describes: not a secret to mask.
  for (const value of entryValuesToMask(raw, [...TRUST_SHAPE.gateKeys, 'aws_trust_policy'], 'trust-policy')) source.onSecret?.(value);
  const entry = checkEntry(raw, at, TRUST_SHAPE, problem);
  if (entry === undefined) return undefined;
  const { name, id_token: idToken, aws_trust_policy: awsFile, ...request } = entry;
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
  if (awsFile !== undefined) {
    const policy = await readTrustPolicyFile(awsFile, source, [...at, 'aws_trust_policy'], problem);
    if (policy === undefined) ok = false;
    else request.aws_trust_policy = policy;
  }
  if (!ok) return undefined;
  // What the engine would refuse, said in config terms at the key: claim_patterns beside a policy file,
  // a policy over the limits, or more work than one entry may cost.
  for (const refusal of trustRequestRefusals(request)) {
    const key = refusal.pointer.split('/')[1] ?? '';
    problem(refusal.limit ? GATE_CODES.CONFIG_TOO_LARGE : GATE_CODES.CONFIG_INVALID, refusal.message, key === '' ? at : [...at, key], {
      remediation: refusal.limit
        ? 'Keep the entry to the role\'s own trust policy and a few cases: shorter or fewer condition values and case claims.'
        : 'Remove claim_patterns from this entry and state what must be allowed and denied as cases: the policy file alone decides what the role admits.',
    });
    ok = false;
  }
  if (!ok) return undefined;
  const out: TrustEntry = {
    name: (name as string | undefined) ?? `trust_policies[${index}]`,
    path: at,
    line: positionOf(source.yaml, at).line,
    request,
    idToken: idToken === true,
  };
  if (typeof awsFile === 'string') out.awsPolicyFile = awsFile;
  return out;
}

const PATH_FIX = 'Write aws_trust_policy as the path of the role\'s trust policy JSON file, relative to this config file, such as aws_trust_policy: ../../infra/deploy-role-trust.json.';

/**
 * The policy file is in a repository a pull request controls: it must not lead the gate outside
 * the workspace or into .git (links followed), nor make it read more than a policy's worth of bytes.
 * It must be strict JSON (no repeated member names, which AWS and this checker might read
 * differently) holding one object.
 */
async function readTrustPolicyFile(value: unknown, source: TrustSource, at: Path, problem: ReportProblem): Promise<Record<string, unknown> | undefined> {
  if (!isNonEmptyString(value)) {
    problem(GATE_CODES.CONFIG_INVALID, `aws_trust_policy must be a path relative to the config file, not ${describeType(value)}.`, at, { remediation: PATH_FIX });
    return undefined;
  }
  const shown = clip(value);
  const read = await readInsideRoot(source.boundary, path.resolve(path.dirname(source.abs), value), MAX_TRUST_POLICY_FILE_BYTES);
  if (!read.ok) {
    switch (read.reason) {
      case 'outside':
      case 'git':
        problem(GATE_CODES.CONFIG_UNREADABLE, `AWS trust policy file ${shown} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`, at, {
          remediation: 'Keep the trust policy file inside the repository, outside .git, and name it by its path rather than through a link that leads elsewhere.',
        });
        break;
      case 'too-large':
        problem(GATE_CODES.CONFIG_TOO_LARGE, `AWS trust policy file ${shown} is larger than ${MAX_TRUST_POLICY_FILE_BYTES.toLocaleString('en-US')} bytes; refusing to read it.`, at, {
          remediation: 'Point aws_trust_policy at the role\'s trust policy document itself: AWS caps one at a few kilobytes.',
        });
        break;
      case 'not-file':
        problem(GATE_CODES.CONFIG_UNREADABLE, `AWS trust policy file ${shown} cannot be read: not a regular file.`, at, { remediation: PATH_FIX });
        break;
      default:
        problem(GATE_CODES.CONFIG_UNREADABLE, `AWS trust policy file ${shown} (relative to ${source.file}) cannot be read: ${describeIoError(read.error)}.`, at, { remediation: PATH_FIX });
    }
    return undefined;
  }
  const text = decodeUtf8(read.bytes);
  if (text === undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `AWS trust policy file ${shown} is not valid UTF-8 text.`, at, {
      remediation: 'Save the trust policy as UTF-8, as the AWS console and CLI write it.',
    });
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    problem(GATE_CODES.CONFIG_INVALID, `AWS trust policy file ${shown} is not valid JSON${jsonErrorPlace(text, err)}.`, at, {
      remediation: 'Fix the JSON syntax there (a missing comma or quote, a trailing comma, a comment): AWS accepts strict JSON only.',
    });
    return undefined;
  }
  const issue = checkJsonStructure(text, parsed);
  if (issue !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, issue.kind === 'duplicate'
      ? `AWS trust policy file ${shown} repeats the member "${clip(issue.name)}" in one object; which one counts would be a guess.`
      : `AWS trust policy file ${shown} nests deeper than ${issue.maxDepth} levels.`, at, {
      remediation: issue.kind === 'duplicate' ? 'Keep one of the repeated members: merge their values (a condition key takes a list of values).' : 'Check that the file is the role\'s trust policy document.',
    });
    return undefined;
  }
  if (!isRecord(parsed)) {
    problem(GATE_CODES.CONFIG_INVALID, `AWS trust policy file ${shown} must hold one JSON object (with Version and Statement), not ${describeType(parsed)}.`, at, {
      remediation: 'Save the role\'s trust policy document as it is: aws iam get-role --query Role.AssumeRolePolicyDocument prints it.',
    });
    return undefined;
  }
  return parsed;
}

/**
 * Where JSON.parse stopped, as " at line L, column C" of the file. The parser's own message is not
 * shown: it quotes a stretch of the text.
 */
function jsonErrorPlace(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn !== null) return ` at line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  if (position === null) return text.trim() === '' ? ' (the file is empty)' : '';
  const offset = Number(position[1]);
  const before = text.slice(0, offset).split('\n');
  return ` at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}
