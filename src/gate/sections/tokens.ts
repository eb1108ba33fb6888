/** `tokens:`: sample tokens, each validated against a policy or an issuer profile and held to `expect`. */
import { getOperation, MAX_ARRAY_ITEMS } from '../../engine/index.ts';
import { findingCatalogue } from '../catalogue.ts';
import { INSTANT_FORMAT } from '../config/instant.ts';
import { isExpectableCode } from './expect.ts';
import { notCheckedSample, profileIdOf, runToken } from './run-token.ts';
import { entryNameSchema } from './schema-parts.ts';
import { defineSection, type Json } from './section.ts';
import type { ProfileItem } from './profiles-section.ts';
import { parseTokenEntry, type TokenEntry } from './token-entry.ts';

export const tokensSection = defineSection<TokenEntry>({
  key: 'tokens',
  what: 'sample token',
  noun: ['sample', 'samples'],
  title: 'Tokens',
  entries: true,
  uniqueNames: true,
  kind: 'validate',
  parse: parseTokenEntry,
  async run(token, run) {
    const id = profileIdOf(token);
    const refused = id !== undefined ? run.profiles.refused.get(id) : undefined;
    // One mistake, one error: a sample of a refused profile is not checked, not failed again.
    if (id !== undefined && refused !== undefined) return notCheckedSample(run.config, token, id, refused, run.startedAt);
    return runToken(run.config, token, run.engine, run.startedAt, run.profiles);
  },
  outcomeCodes: ['EXPECTATION_FAILED'],
  bindFiles(token, raw, lookup) {
    // A finding's fingerprint binds the token a token_file held, not only the file's name, and the issuer
    // profile the sample names (as written in a config file), so loosening it is a change too.
    const bound: Record<string, unknown> = token.tokenKey === 'token_file' ? { ...raw, token_file: { file: raw.token_file, token: token.request.token } } : { ...raw };
    const id = token.request.issuer_profile_id;
    const item = typeof id === 'string' ? lookup('profiles', id) as ProfileItem | undefined : undefined;
    if (item !== undefined) bound.issuer_profile_id = { id, profile: item.refused ? null : item.entry.profile };
    return bound;
  },
  schema: {
    definition: 'Sample',
    description: 'Sample tokens, each checked against a policy or an issuer profile.',
    build(embed) {
      const validate = embed(getOperation('validate')?.request.schema ?? {});
      const { required: _required, ...validateRest } = validate;
      const expectable = findingCatalogue.map((d) => d.code).filter(isExpectableCode);
      return {
        ...validateRest,
        title: 'Sample token',
        description: 'A sample token and the policy it is checked against: a POST /v1/validate/jwt request, plus name, token_file, expect and at. Give exactly one of token and token_file, and exactly one of policy and issuer_profile_id.',
        properties: {
          ...(validate.properties as Json),
          name: entryNameSchema('sample (default: tokens[index])'),
          token_file: {
            type: 'string', minLength: 1,
            description: 'A file holding one compact JWT, relative to this config file and inside the repository (at most 64 KiB). Instead of token.',
          },
          expect: {
            description: 'What the sample must turn out as: valid (the default), invalid (a malformed token counts as invalid), or a list of codes that must all appear (others may too).',
            default: 'valid',
            oneOf: [
              { type: 'string', enum: ['valid', 'invalid'] },
              { type: 'array', minItems: 1, maxItems: MAX_ARRAY_ITEMS, items: { type: 'string', enum: expectable } },
            ],
          },
          at: {
            type: 'string', format: 'date-time',
            description: `The instant the token's time claims are judged at: ${INSTANT_FORMAT}. Default: when the run starts.`,
          },
        },
        allOf: [
          { oneOf: [{ required: ['token'] }, { required: ['token_file'] }] },
          { oneOf: [{ required: ['policy'] }, { required: ['issuer_profile_id'] }] },
        ],
      };
    },
  },
});
