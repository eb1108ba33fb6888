/** `providers:`: identity provider configurations, each linted (and with `discover: true`, discovered first). */
import { getOperation } from '../../engine/index.ts';
import { parseProviderEntry, type ProviderEntry } from './provider-entry.ts';
import { runProvider } from './run-provider.ts';
import { defineSection, type Json } from './section.ts';
import { entryNameSchema } from './schema-parts.ts';

export const providersSection = defineSection<ProviderEntry>({
  key: 'providers',
  what: 'provider',
  noun: ['provider', 'providers'],
  title: 'Providers',
  entries: true,
  uniqueNames: true,
  kind: 'lint',
  parse: (raw, index, source, problem) => parseProviderEntry(raw, index, source.yaml, problem, source.onSecret),
  run: (entry, run) => runProvider(run.config, entry, run.engine),
  schema: {
    definition: 'Provider',
    description: 'Identity provider configurations to lint (and discover).',
    build(embed) {
      const lint = embed(getOperation('lint')?.request.schema ?? {});
      return {
        ...lint,
        title: 'Provider',
        description: 'An identity provider configuration to lint: a POST /v1/lint/oidc-config request, plus name and discover.',
        properties: {
          ...(lint.properties as Json),
          name: entryNameSchema('provider (default: its issuer)'),
          discover: {
            type: 'boolean', default: false,
            description: 'true: fetch the issuer\'s discovery document first, report its findings, and lint with the jwks_uri it names as discovered_jwks_uri.',
          },
        },
      };
    },
  },
});
