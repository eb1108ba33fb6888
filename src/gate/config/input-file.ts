/**
 * Reading a YAML input of the gate (a config file, the issuer-profiles file) under every rule the
 * repository is held to: inside the workspace and outside .git after links, at most 1 MiB, strict
 * UTF-8, and the YAML size limits. Each broken rule is one problem with its own code and message.
 */
import { type FindingDefinition } from '../../engine/index.ts';
import { GATE_CODES } from '../codes.ts';
import { decodeUtf8, describeIoError, describePlace, MAX_READ_BYTES, readInsideRoot } from './boundary.ts';
import { loadYaml, MAX_YAML_NODES, MAX_YAML_TEXT, type LoadedYaml } from './yaml.ts';

export type YamlInput =
  | { ok: true; yaml: LoadedYaml }
  /** `yaml` is present when the text parsed but its expansion is too large. */
  | { ok: false; code: FindingDefinition; message: string; yaml?: LoadedYaml; remediation?: string };

/** `name` says what the file is in messages, e.g. `.github/oidc-gate/a.yml` or `the issuer-profiles file p.yml`. */
export async function readYamlInput(root: string, abs: string, name: string): Promise<YamlInput> {
  const read = await readInsideRoot(root, abs, MAX_READ_BYTES);
  if (!read.ok) {
    switch (read.reason) {
      case 'outside':
      case 'git':
        return refused(GATE_CODES.CONFIG_UNREADABLE, `${name} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`);
      case 'too-large':
        return refused(GATE_CODES.CONFIG_TOO_LARGE, `${name} is larger than 1 MiB (${MAX_READ_BYTES.toLocaleString('en-US')} bytes); refusing to read it.`);
      case 'not-file':
        return refused(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${name}: not a regular file.`);
      default:
        return refused(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${name}: ${describeIoError(read.error)}.`);
    }
  }
  const text = decodeUtf8(read.bytes);
  if (text === undefined) {
    return { ok: false, code: GATE_CODES.CONFIG_INVALID, message: `${name} is not valid UTF-8 text; save it as UTF-8.`,
      remediation: 'Save the file as UTF-8 (editors call it "UTF-8" or "Unicode"); other encodings, such as Latin-1 or UTF-16, are refused rather than guessed.' };
  }
  const yaml = loadYaml(text);
  if (yaml.tooLarge === 'nodes') {
    return refused(GATE_CODES.CONFIG_TOO_LARGE,
      `${name} has more than ${MAX_YAML_NODES.toLocaleString('en-US')} YAML nodes once aliases are expanded (every map, list and value counts, keys included, and an alias counts as a copy of what it names); refusing to check it.`, yaml);
  }
  if (yaml.tooLarge === 'text') {
    return refused(GATE_CODES.CONFIG_TOO_LARGE,
      `${name} holds more than ${MAX_YAML_TEXT.toLocaleString('en-US')} characters of text once aliases are expanded; refusing to check it.`, yaml);
  }
  return { ok: true, yaml };
}

function refused(code: FindingDefinition, message: string, yaml?: LoadedYaml): YamlInput {
  return yaml !== undefined ? { ok: false, code, message, yaml } : { ok: false, code, message };
}

export type JsonInputText =
  | { ok: true; text: string }
  /** The file does not exist: the caller says what to run or which setting to change. */
  | { ok: false; missing: true }
  | { ok: false; missing: false; code: GateCode; message: string };

type GateCode = typeof GATE_CODES[keyof typeof GATE_CODES];

/**
 * The text of a JSON file the gate is pointed at (the baseline, the lock file), read under the same
 * rules as config files: inside the workspace and outside .git after links, at most 1 MiB, strict
 * UTF-8. `name` begins a sentence, e.g. "The baseline file b.json".
 */
export async function readJsonInputText(boundary: string, abs: string, name: string): Promise<JsonInputText> {
  const read = await readInsideRoot(boundary, abs, MAX_READ_BYTES);
  const inSentence = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  const refuse = (code: GateCode, message: string): JsonInputText => ({ ok: false, missing: false, code, message });
  if (!read.ok) {
    switch (read.reason) {
      case 'missing':
        return { ok: false, missing: true };
      case 'outside':
      case 'git':
        return refuse(GATE_CODES.CONFIG_UNREADABLE, `${name} resolves ${describePlace(read.reason)} (links followed); refusing to read it.`);
      case 'too-large':
        return refuse(GATE_CODES.CONFIG_TOO_LARGE, `${name} is larger than 1 MiB; refusing to read it.`);
      case 'not-file':
        return refuse(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${inSentence}: not a regular file.`);
      default:
        return refuse(GATE_CODES.CONFIG_UNREADABLE, `Cannot read ${inSentence}: ${describeIoError(read.error)}.`);
    }
  }
  const text = decodeUtf8(read.bytes);
  return text === undefined ? refuse(GATE_CODES.CONFIG_INVALID, `${name} is not valid UTF-8 text.`) : { ok: true, text };
}
