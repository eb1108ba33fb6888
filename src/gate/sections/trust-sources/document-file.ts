/**
 * A trust document named by its format's key (`aws_trust_policy: roles/deploy.json`,
 * `gcp_workload_identity: wif/provider.yaml`, …): read under the repository's rules (read-file.ts),
 * parsed strictly (no repeated member, which the cloud and this checker might read differently), and
 * sent on inline as the service takes it. AWS policies are JSON, as IAM takes them; the other formats
 * are JSON or YAML.
 */
import { checkJsonStructure } from '../../../engine/index.ts';
import { GATE_CODES } from '../../codes.ts';
import type { ReportProblem } from '../../config/config-finding.ts';
import { clip, describeType, isRecord } from '../../config/values.ts';
import { loadYaml, MAX_YAML_NODES, type Path } from '../../config/yaml.ts';
import type { EntrySource } from '../section.ts';
import { memberLabel, memberSource, readsYaml } from './members.ts';
import { jsonErrorPlace, readNamedFile, type FileKind } from './read-file.ts';

/**
 * A trust document is at most a few kilobytes (AWS caps a role trust policy at 2,048 characters unless
 * the account raised the quota, and every format refuses more than 64 KiB as JSON); reading more than
 * this is never needed.
 */
export const MAX_DOCUMENT_FILE_BYTES = 64 * 1024;

function kindOf(member: string): FileKind {
  const label = memberLabel(member);
  const example = member === 'aws_trust_policy' ? '../../infra/deploy-role-trust.json' : `../../infra/${member.replace(/_/g, '-')}.${readsYaml(member) ? 'yaml' : 'json'}`;
  return {
    key: member,
    label,
    maxBytes: MAX_DOCUMENT_FILE_BYTES,
    pathFix: member === 'aws_trust_policy'
      ? 'Write aws_trust_policy as the path of the role\'s trust policy JSON file, relative to this config file, such as aws_trust_policy: ../../infra/deploy-role-trust.json.'
      : `Write ${member} as the path of the ${label} file (${readsYaml(member) ? 'JSON or YAML' : 'JSON'}), relative to this config file, such as ${member}: ${example}.`,
    largeFix: member === 'aws_trust_policy'
      ? 'Point aws_trust_policy at the role\'s trust policy document itself: AWS caps one at a few kilobytes.'
      : `Point ${member} at the ${label} itself (${memberSource(member)}).`,
    encodingFix: member === 'aws_trust_policy' ? 'Save the trust policy as UTF-8, as the AWS console and CLI write it.' : `Save the ${label} as UTF-8, as the cloud's CLI writes it.`,
  };
}

/** The document the file holds, or undefined after one problem at `at` (the key's line). */
export async function readDocumentFile(member: string, value: unknown, source: EntrySource, at: Path, problem: ReportProblem): Promise<Record<string, unknown> | undefined> {
  const kind = kindOf(member);
  const read = await readNamedFile(value, source, at, problem, kind);
  if (read === undefined) return undefined;
  const name = `${kind.label} file ${read.shown}`;
  const parsed = readsYaml(member) ? parseYaml(read.text, name, at, problem) : parseJson(read.text, name, at, problem);
  if (parsed === undefined) return undefined;
  if (!isRecord(parsed.value)) {
    problem(GATE_CODES.CONFIG_INVALID, member === 'aws_trust_policy'
      ? `${name} must hold one JSON object (with Version and Statement), not ${describeType(parsed.value)}.`
      : `${name} must hold one ${readsYaml(member) ? 'map' : 'JSON object'}, not ${describeType(parsed.value)}.`, at, {
      remediation: member === 'aws_trust_policy'
        ? 'Save the role\'s trust policy document as it is: aws iam get-role --query Role.AssumeRolePolicyDocument prints it.'
        : `Save the ${kind.label} as it is: ${memberSource(member)}.`,
    });
    return undefined;
  }
  const odd = notJson(parsed.value);
  if (odd !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} holds ${odd}, which JSON cannot; the service could not be sent the same document.`, at, {
      remediation: 'Write the value as text (in quotes) or as a plain number, as the cloud\'s CLI prints it.',
    });
    return undefined;
  }
  return parsed.value;
}

function parseJson(text: string, name: string, at: Path, problem: ReportProblem): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} is not valid JSON${jsonErrorPlace(text, err)}.`, at, {
      remediation: 'Fix the JSON syntax there (a missing comma or quote, a trailing comma, a comment): AWS accepts strict JSON only.',
    });
    return undefined;
  }
  const issue = checkJsonStructure(text, value);
  if (issue !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, issue.kind === 'duplicate'
      ? `${name} repeats the member "${clip(issue.name)}" in one object; which one counts would be a guess.`
      : `${name} nests deeper than ${issue.maxDepth} levels.`, at, {
      remediation: issue.kind === 'duplicate' ? 'Keep one of the repeated members: merge their values (a condition key takes a list of values).' : 'Check that the file is the role\'s trust policy document.',
    });
    return undefined;
  }
  return { value };
}

/** YAML (JSON included) under the config files' own limits: YAML 1.2, no repeated key, bounded expansion. */
function parseYaml(text: string, name: string, at: Path, problem: ReportProblem): { value: unknown } | undefined {
  const yaml = loadYaml(text);
  if (yaml.tooLarge !== undefined) {
    problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} has more than ${MAX_YAML_NODES.toLocaleString('en-US')} YAML nodes (or 1 MiB of text) once aliases are expanded; refusing to read it.`, at, {
      remediation: 'Point the key at the document itself, without aliases that repeat parts of it.',
    });
    return undefined;
  }
  const first = yaml.errors[0];
  if (first !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} is not valid YAML or JSON at line ${first.position.line}, column ${first.position.column}: ${first.message}.`, at, {
      remediation: first.remediation ?? 'Fix the syntax there, or save the document again as the cloud\'s CLI prints it (JSON or YAML).',
    });
    return undefined;
  }
  if (text.trim() === '') {
    problem(GATE_CODES.CONFIG_INVALID, `${name} is empty.`, at, { remediation: 'Save the document in the file: an empty file is no trust document.' });
    return undefined;
  }
  return { value: yaml.data };
}

/**
 * A value YAML can hold and JSON cannot (an infinite number, binary data), named; undefined when the
 * whole document is plain JSON. Iterative: the YAML limits bound its size, not its depth.
 */
export function notJson(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'number' && !Number.isFinite(value)) return 'a number that is not finite';
    if (value instanceof Uint8Array) return 'binary data';
    if (value instanceof Date) return 'a date';
    if (Array.isArray(value)) stack.push(...value);
    else if (isRecord(value)) stack.push(...Object.values(value));
    else if (value !== null && typeof value === 'object') return 'a value of another kind';
  }
  return undefined;
}
