/** A `providers:` entry: a lint request body, a display name, and whether to run discovery first. */
import { GATE_CODES } from '../codes.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import { checkEntry, PROVIDER_SHAPE } from '../config/entry-keys.ts';
import { entryValuesToMask } from '../outputs/redact.ts';
import { isNonEmptyString } from '../config/values.ts';
import { positionOf, type LoadedYaml, type Path } from '../config/yaml.ts';

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
  // Masked before any check: an entry refused for a typo (`client_secret:`) still holds the value.
  for (const value of entryValuesToMask(raw, PROVIDER_SHAPE.gateKeys, 'lint')) onSecret?.(value);
  const entry = checkEntry(raw, at, PROVIDER_SHAPE, problem);
  if (entry === undefined) return undefined;
  let ok = true;
  if (entry.name !== undefined && !isNonEmptyString(entry.name)) {
    problem(GATE_CODES.CONFIG_INVALID, 'name must be a non-empty string.', [...at, 'name'], {
      remediation: 'Give the provider a name (any text, such as okta-prod), or leave name out to use its issuer.',
    });
    ok = false;
  }
  if (entry.discover !== undefined && typeof entry.discover !== 'boolean') {
    problem(GATE_CODES.CONFIG_INVALID, 'discover must be true or false.', [...at, 'discover'], {
      remediation: 'Write discover: true (fetch the discovery document and check it) or discover: false, without quotes.',
    });
    ok = false;
  }
  if (!ok) return undefined;
  const { name, discover, ...request } = entry;
  return {
    name: (name as string | undefined) ?? (isNonEmptyString(entry.issuer) ? entry.issuer : `providers[${index}]`),
    path: at,
    line: positionOf(yaml, at).line,
    request,
    discover: discover === true,
  };
}
