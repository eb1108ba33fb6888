/** A `providers:` entry: a lint request body, a display name, and whether to run discovery first. */
import { GATE_CODES } from '../engine/index.ts';
import type { ReportProblem } from './config-finding.ts';
import { checkEntry, PROVIDER_KEYS } from './entry-keys.ts';
import { requestValuesToMask } from './redact.ts';
import { isNonEmptyString } from './values.ts';
import { positionOf, type LoadedYaml, type Path } from './yaml.ts';

export interface ProviderEntry {
  name: string;
  path: Path;
  line: number;
  /** The lint request body: the entry without `name` and `discover`. */
  request: Record<string, unknown>;
  discover: boolean;
}

export function parseProviderEntry(
  raw: unknown, index: number, yaml: LoadedYaml, problem: ReportProblem, onSecret: ((value: string) => void) | undefined,
): ProviderEntry | undefined {
  const at: Path = ['providers', index];
  const entry = checkEntry(raw, at, 'provider', PROVIDER_KEYS, problem);
  if (entry === undefined) return undefined;
  let ok = true;
  if (entry.name !== undefined && !isNonEmptyString(entry.name)) {
    problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name']);
    ok = false;
  }
  if (entry.discover !== undefined && typeof entry.discover !== 'boolean') {
    problem(GATE_CODES.CONFIG_INVALID, 'discover must be true or false.', [...at, 'discover']);
    ok = false;
  }
  if (!ok) return undefined;
  const { name, discover, ...request } = entry;
  for (const value of requestValuesToMask(request, 'lint')) onSecret?.(value);
  return {
    name: (name as string | undefined) ?? (isNonEmptyString(entry.issuer) ? entry.issuer : `providers[${index}]`),
    path: at,
    line: positionOf(yaml, at).line,
    request,
    discover: discover === true,
  };
}
