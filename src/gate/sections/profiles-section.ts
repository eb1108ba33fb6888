/**
 * `profiles:`: issuer profiles that samples name with issuer_profile_id. They are read here with the
 * file, and registered by the run with the issuer-profiles file's (profiles.ts), not checked one by one.
 */
import { issuerProfileSchema, PROFILE_KEY_SOURCES } from '../../engine/index.ts';
import { parseProfileEntry, SECRET_ENV_PATTERN, SECRET_ENV_PREFIX, SECRET_ENV_RESERVED, type ProfileEntry, type RefusedProfile } from './profile-entry.ts';
import { defineSection, type Json, type SectionEntry } from './section.ts';

/** A `profiles:` item as read: a profile to register, or one refused for a mistake of its own (by id). */
export type ProfileItem = SectionEntry & ({ refused: false; entry: ProfileEntry } | { refused: true; id: string });

export const profilesSection = defineSection<ProfileItem>({
  key: 'profiles',
  what: 'profile',
  noun: ['profile', 'profiles'],
  title: 'Profiles',
  entries: true,
  count: (items) => profileEntries(items).length,
  parse(raw, index, source, problem) {
    const at = ['profiles', index];
    const parsed = parseProfileEntry(raw, at, source.yaml, problem, source.onSecret);
    if (parsed.ok) return { name: parsed.entry.id, path: at, line: parsed.entry.line, refused: false, entry: parsed.entry };
    return parsed.refused !== undefined ? { name: parsed.refused.id, path: at, line: parsed.refused.line, refused: true, id: parsed.refused.id } : undefined;
  },
  schema: {
    definition: 'Profile',
    description: 'Issuer profiles; ids are unique across every config file and the issuer-profiles file.',
    build(embed) {
      const profileSchema = embed(issuerProfileSchema);
      const profileProperties = profileSchema.properties as Json;
      return {
        ...profileSchema,
        title: 'Issuer profile',
        description: 'A named trust policy that samples select with issuer_profile_id: id, the policy fields, and exactly one key source (secret, secret_env, public_key, jwks, jwks_uri or discovery: true).',
        properties: {
          ...profileProperties,
          secret_env: {
            ...(profileProperties.secret_env as Json),
            // A repository file is written by whoever opens the pull request: it may only read the variables the workflow set for the gate.
            pattern: SECRET_ENV_PATTERN,
            not: { const: SECRET_ENV_RESERVED },
            description: `Name of an environment variable holding the HMAC secret. In a repository config it is ${SECRET_ENV_PREFIX} then at least one of A-Z, 0-9 and _ (set it in the step's env:), and not ${SECRET_ENV_RESERVED}.`,
          },
        },
        oneOf: PROFILE_KEY_SOURCES.map((source) => (source === 'discovery'
          ? { required: [source], properties: { discovery: { const: true } } }
          : { required: [source] })),
      };
    },
  },
});

/** The profiles of a file's `profiles:` to register. */
export function profileEntries(items: readonly ProfileItem[]): ProfileEntry[] {
  return items.flatMap((item) => (item.refused ? [] : [item.entry]));
}

/** The profiles of a file's `profiles:` refused for a mistake of their own. */
export function refusedProfiles(items: readonly ProfileItem[]): RefusedProfile[] {
  return items.flatMap((item) => (item.refused ? [{ id: item.id, line: item.line }] : []));
}
