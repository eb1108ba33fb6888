/** The finding for a problem with the gate's own input: a config file, an entry, a profile, a setting. */
import type { FindingDefinition } from '../../engine/index.ts';
import type { GateFinding, Position } from '../types.ts';
import type { Path } from './yaml.ts';

/** Text and remediation come from the code's definition; `extra` places it (file, line, pointer, entry). */
export function configFinding(
  def: FindingDefinition, message: string, file: string | undefined, position: Position | undefined,
  extra: Partial<GateFinding> = {},
): GateFinding {
  const f: GateFinding = { code: def.code, severity: 'error', message, remediation: def.remediation, config: def.config };
  if (file !== undefined) f.file = file;
  if (position !== undefined) {
    f.line = position.line;
    f.column = position.column;
  }
  return { ...f, ...extra };
}

/** Reports a problem at a place in the file being read; the file and its line are filled in. */
export type ReportProblem = (def: FindingDefinition, message: string, at: Path, extra?: Partial<GateFinding>) => void;
