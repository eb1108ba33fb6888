/**
 * `suppressions:`: findings of this file accepted with a reason. Read like any section, not run: the
 * run hands them (with the file's inline suppressions) to the suppressor.
 */
import { findingCatalogue } from '../catalogue.ts';
import { defineSection } from '../sections/section.ts';
import { parseSuppressionEntry } from './suppress-config.ts';
import { whyNotSuppressible, type Suppression } from './suppress-rule.ts';

/** A calendar date as a pattern can say it: months 01 to 12, days 01 to 31 (the tool also checks each month's length). */
const DATE = '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
/** A date-time with Z or an offset, its fields in range, as `expires` takes it (RFC 3339). */
const DATE_TIME = `${DATE}[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])`;

export const suppressionsSection = defineSection<Suppression>({
  key: 'suppressions',
  what: 'suppression',
  noun: ['suppression', 'suppressions'],
  title: 'Suppressions',
  entries: false,
  parse: (raw, index, source, problem) => parseSuppressionEntry(raw, index, source.file, source.yaml, problem),
  schema: {
    definition: 'Suppression',
    description: 'Findings of this file accepted with a reason (and an optional expiry). A finding can also be suppressed inline: # oidc-gate: ignore[CODE] reason, on its line or the line above.',
    build: () => ({
      title: 'Suppression',
      description: 'Accepts findings of this file, with a reason: they leave the counts and fail-on, and stay in the report and SARIF (as suppressed). Configuration errors and the SUPPRESSION_ codes cannot be suppressed.',
      type: 'object',
      additionalProperties: false,
      required: ['code', 'reason'],
      properties: {
        code: { type: 'string', enum: findingCatalogue.map((d) => d.code).filter((c) => whyNotSuppressible(c) === undefined), description: 'The finding code to suppress.' },
        entry: { type: 'string', minLength: 1, description: 'Only findings of this provider, profile or sample (by name).' },
        field: { type: 'string', pattern: '^(/.*)?$', description: 'Only findings at this JSON Pointer inside the entry, or below it, as in a finding\'s evidence.field (e.g. /redirect_uris/1).' },
        reason: { type: 'string', minLength: 1, pattern: '\\S', description: 'Why the finding is accepted: shown in the report and as the SARIF justification.' },
        expires: {
          type: 'string', anyOf: [{ pattern: `^${DATE}$` }, { pattern: `^${DATE_TIME}$`, format: 'date-time' }],
          description: 'An RFC 3339 date (the suppression applies through that day, UTC) or date-time; after it, the finding is reported again with a SUPPRESSION_EXPIRED warning.',
        },
      },
    }),
  },
});
