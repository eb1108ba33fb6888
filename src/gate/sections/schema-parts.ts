/** Pieces the sections' config-schema fragments share. */
import type { Json } from './section.ts';

/** An entry's `name:`, described for the kind of entry it names. */
export function entryNameSchema(what: string): Json {
  return {
    type: 'string', minLength: 1,
    description: `A name for the ${what}, shown in findings, the report and SARIF (fingerprints use it, so alerts survive reordering).`,
  };
}
