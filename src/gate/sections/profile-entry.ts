/**
 * A `profiles:` entry of a config file, or an entry of the issuer-profiles file: an issuer profile,
 * registered by profiles.ts with the rest.
 */
import { GATE_CODES } from '../codes.ts';
import type { ReportProblem } from '../config/config-finding.ts';
import { checkEntry, PROFILE_SHAPE } from '../config/entry-keys.ts';
import { profileValuesToMask } from '../outputs/redact.ts';
import { isNonEmptyString, isRecord } from '../config/values.ts';
import { positionOf, type LoadedYaml, type Path } from '../config/yaml.ts';

/**
 * Repository profiles (config files and the issuer-profiles file) are written by whoever edits the
 * repository, a pull request included, and secret_env would let them read any variable of the
 * gate's process (the runner's own tokens among them) and learn its length from WEAK_SECRET. So
 * they may only name variables the workflow author set for the gate on purpose. The service's
 * profiles, set by its operator, are loaded elsewhere and have no such rule.
 */
export const SECRET_ENV_PREFIX = 'OIDC_GATE_';

/**
 * The names secret_env may give in a repository: the prefix, then at least one of A-Z, 0-9 and _, as
 * the action's oidc-gate-env lines must name them (a lower-case name could never be set there).
 */
export const SECRET_ENV_PATTERN = `^${SECRET_ENV_PREFIX}[A-Z0-9_]+$`;

/** The variable the reusable workflow hands the oidc-gate-env lines in: the action removes it, no profile reads it. */
export const SECRET_ENV_RESERVED = 'OIDC_GATE_ENV';

/** Why a secret_env name may not be read from a repository file, or undefined when it may. */
export function secretEnvProblem(name: string): string | undefined {
  if (!name.startsWith(SECRET_ENV_PREFIX)) return `a repository config may only name variables that start with ${SECRET_ENV_PREFIX}`;
  if (name === SECRET_ENV_RESERVED) return `${SECRET_ENV_RESERVED} holds the lines of the oidc-gate-env secret, not one value`;
  if (!new RegExp(SECRET_ENV_PATTERN).test(name)) return `names here are ${SECRET_ENV_PREFIX} then at least one upper-case letter, digit or _`;
  return undefined;
}

export interface ProfileEntry {
  id: string;
  path: Path;
  line: number;
  profile: Record<string, unknown>;
}

/**
 * A profile refused for a mistake of its own (an unknown key, a bad field): the samples that name
 * its id are not checked, since their outcome would only repeat that mistake.
 */
export interface RefusedProfile {
  id: string;
  /** The line of the profile's first problem. */
  line: number;
}

export type ParsedProfile = { ok: true; entry: ProfileEntry } | { ok: false; refused?: RefusedProfile };

export function parseProfileEntry(
  raw: unknown, at: Path, yaml: LoadedYaml, problem: ReportProblem, onSecret: ((value: string) => void) | undefined,
): ParsedProfile {
  // Masked before any check: a profile refused for a typo (`sekret:`) still holds the value.
  for (const value of profileValuesToMask(raw)) onSecret?.(value);
  let first: Path | undefined;
  const noted: ReportProblem = (def, message, where, extra) => {
    first ??= where;
    problem(def, message, where, extra);
  };
  const entry = checkEntry(raw, at, PROFILE_SHAPE, noted, 'profile');
  const id = isRecord(raw) && isNonEmptyString(raw.id) ? raw.id : undefined;
  if (entry === undefined) {
    return id !== undefined ? { ok: false, refused: { id, line: positionOf(yaml, first ?? at).line } } : { ok: false };
  }
  if (id === undefined) {
    problem(GATE_CODES.PROFILE_INVALID, 'A profile needs an id: a non-empty string.', entry.id === undefined ? at : [...at, 'id'], {
      kind: 'profile', remediation: 'Add id: with the name samples use in issuer_profile_id, such as id: orders-api.',
    });
    return { ok: false };
  }
  return { ok: true, entry: { id, path: at, line: positionOf(yaml, at).line, profile: entry } };
}
