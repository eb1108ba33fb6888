/**
 * A finding's field: where inside its entry it is placed, as a JSON Pointer (`/redirect_uris/1`). For a
 * provider it is the finding's evidence.field; a sample's outcome is about the whole sample (""), and an
 * unmet expect is at `/expect`. This is what a `suppressions:` item's `field` names, and what the
 * baseline and the report show.
 */
import type { GateFinding } from '../types.ts';
import { parsePointer, toPointer } from '../config/yaml.ts';

export function findingField(f: GateFinding): string {
  // The stable pointer is /<list>/<entry name>/<field…>: the field is what follows the entry.
  if (f.stablePointer !== undefined && f.name !== undefined) return toPointer(parsePointer(f.stablePointer).slice(2));
  return f.pointer ?? '';
}

/** Whether `field` (as a suppression names it) covers the finding's field: the same place, or one below it. */
export function fieldCovers(field: string, findingFieldPointer: string): boolean {
  if (field === '' || field === findingFieldPointer) return true;
  return findingFieldPointer.startsWith(`${field.replace(/\/$/, '')}/`);
}
