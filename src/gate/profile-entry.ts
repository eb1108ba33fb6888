/** A `profiles:` entry of a config file: an issuer profile, registered by profiles.ts with the rest. */
import { GATE_CODES } from '../engine/index.ts';
import type { ReportProblem } from './config-finding.ts';
import { checkEntry, PROFILE_KEYS } from './entry-keys.ts';
import { isNonEmptyString } from './values.ts';
import { positionOf, type LoadedYaml, type Path } from './yaml.ts';

export interface ProfileEntry {
  id: string;
  path: Path;
  line: number;
  profile: Record<string, unknown>;
}

export function parseProfileEntry(
  raw: unknown, index: number, yaml: LoadedYaml, problem: ReportProblem, onSecret: ((value: string) => void) | undefined,
): ProfileEntry | undefined {
  const at: Path = ['profiles', index];
  const entry = checkEntry(raw, at, 'profile', PROFILE_KEYS, problem, 'profile');
  if (entry === undefined) return undefined;
  if (!isNonEmptyString(entry.id)) {
    problem(GATE_CODES.PROFILE_INVALID, 'A profile needs an id: a non-empty string.', entry.id === undefined ? at : [...at, 'id'], { kind: 'profile' });
    return undefined;
  }
  if (isNonEmptyString(entry.secret)) onSecret?.(entry.secret);
  return { id: entry.id, path: at, line: positionOf(yaml, at).line, profile: entry };
}
