/**
 * The config sections, in the order a config file's keys are listed in messages and the schema, and
 * its entries are read, run and counted. A new section is one module and one line here.
 */
import { suppressionsSection } from '../suppress/suppressions-section.ts';
import { profilesSection } from './profiles-section.ts';
import { providersSection } from './providers.ts';
import type { AnySection } from './section.ts';
import { tokensSection } from './tokens.ts';
import { trustPoliciesSection } from './trust-policies.ts';

export const CONFIG_SECTIONS: readonly AnySection[] = [
  providersSection,
  profilesSection,
  tokensSection,
  suppressionsSection,
  trustPoliciesSection,
];

/** The top-level keys a config file may hold. */
export const SECTION_KEYS: readonly string[] = CONFIG_SECTIONS.map((s) => s.key);

/** What a run's entries are, as messages list them: "providers, profiles, samples and trust policies". */
export function entryNouns(): string {
  const nouns = CONFIG_SECTIONS.filter((s) => s.entries).map((s) => s.noun[1]);
  return nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]}` : nouns.join('');
}

/** A file's entry count for one section, as faces show it. */
export interface SectionCount {
  key: string;
  title: string;
  count: number;
  /** "1 provider", "2 samples". */
  text: string;
}

/** The per-section entry counts of a file's line in the report, in table order. */
export function sectionCounts(status: Readonly<Record<string, unknown>>): SectionCount[] {
  return CONFIG_SECTIONS.filter((s) => s.entries).map((s) => {
    const value = status[s.key];
    const count = typeof value === 'number' ? value : 0;
    return { key: s.key, title: s.title, count, text: `${count} ${count === 1 ? s.noun[0] : s.noun[1]}` };
  });
}
