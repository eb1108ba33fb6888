/**
 * `schema/oidc-gate.schema.json`: the JSON Schema (2020-12) of a config file, for editors (the
 * yaml-language-server modeline at the top of a config file) and for checking files before a run. It is
 * built from the schemas the engine validates with: `providers:` entries are the lint operation's request
 * plus the gate's `name` and `discover`, `tokens:` entries the validate operation's request plus `name`,
 * `token_file`, `expect` and `at`, and `profiles:` entries issuer profiles, so a field added to the engine
 * appears here when the file is regenerated.
 *
 * `node scripts/schema.ts --write` rewrites the file; `--check` exits 1 when it is stale. A test runs the
 * same check and validates every example against it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findingCatalogue, getOperation, issuerProfileSchema, MAX_ARRAY_ITEMS } from '../src/engine/index.ts';
import { PROFILE_KEY_SOURCES } from '../src/engine/profiles/schema.ts';
import { isExpectableCode } from '../src/gate/sections/expect.ts';
import { INSTANT_FORMAT } from '../src/gate/config/instant.ts';
import { SECRET_ENV_PREFIX } from '../src/gate/sections/profiles.ts';
import { whyNotSuppressible } from '../src/gate/suppress/suppress-rule.ts';
import { REPOSITORY_URL } from '../src/gate/outputs/sarif.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../schema/oidc-gate.schema.json', import.meta.url));
/** Where editors outside this repository can fetch the schema from. */
export const SCHEMA_ID = `${REPOSITORY_URL.replace('https://github.com/', 'https://raw.githubusercontent.com/')}/main/schema/oidc-gate.schema.json`;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Engine schemas are standalone documents. Embedded in one file, each keeps its meaning but loses its
 * own `$schema` and `$id`, and the definitions it carries (the custom claim value, with an `$id` that
 * references point at) move to the root `$defs`, referenced by local pointer: editors resolve those
 * reliably, and the same definition is not embedded twice.
 */
class Embedder {
  readonly defs: Record<string, unknown> = {};
  readonly #names = new Map<string, string>();

  embed(schema: object): Json {
    return this.#relink(this.#lift(structuredClone(schema))) as Json;
  }

  #lift(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.#lift(n));
    if (!isObject(node)) return node;
    const { $schema: _schema, $id: _id, $defs, ...rest } = node;
    if (isObject($defs)) {
      for (const [name, def] of Object.entries($defs)) {
        if (isObject(def) && typeof def.$id === 'string') this.#names.set(def.$id, name);
        const lifted = this.#lift(def);
        const known = this.defs[name];
        if (known !== undefined && JSON.stringify(known) !== JSON.stringify(lifted)) throw new Error(`two engine schemas define ${name} differently`);
        this.defs[name] = lifted;
      }
    }
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, this.#lift(value)]));
  }

  #relink(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.#relink(n));
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? this.#names.get(value) : undefined;
      out[key] = name !== undefined ? `#/$defs/${name}` : this.#relink(value);
    }
    return out;
  }

  /** Relinks the lifted definitions too, once every schema has been embedded. */
  finish(): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.defs).map(([name, def]) => [name, this.#relink(def)]));
  }
}

function requestSchema(name: 'lint' | 'validate' | 'trust-policy'): object {
  const operation = getOperation(name);
  if (operation === undefined) throw new Error(`no operation named ${name}`);
  return operation.request.schema;
}

const entryName = (what: string): Json => ({
  type: 'string', minLength: 1, description: `A name for the ${what}, shown in findings, the report and SARIF (fingerprints use it, so alerts survive reordering).`,
});

export function buildConfigSchema(): Json {
  const embedder = new Embedder();

  const lint = embedder.embed(requestSchema('lint'));
  const provider: Json = {
    ...lint,
    title: 'Provider',
    description: 'An identity provider configuration to lint: a POST /v1/lint/oidc-config request, plus name and discover.',
    properties: {
      ...(lint.properties as Json),
      name: entryName('provider (default: its issuer)'),
      discover: {
        type: 'boolean', default: false,
        description: 'true: fetch the issuer\'s discovery document first, report its findings, and lint with the jwks_uri it names as discovered_jwks_uri.',
      },
    },
  };

  const validate = embedder.embed(requestSchema('validate'));
  const { required: _tokenRequired, ...validateRest } = validate;
  const expectable = findingCatalogue.map((d) => d.code).filter(isExpectableCode);
  const sample: Json = {
    ...validateRest,
    title: 'Sample token',
    description: 'A sample token and the policy it is checked against: a POST /v1/validate/jwt request, plus name, token_file, expect and at. Give exactly one of token and token_file, and exactly one of policy and issuer_profile_id.',
    properties: {
      ...(validate.properties as Json),
      name: entryName('sample (default: tokens[index])'),
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

  const profileSchema = embedder.embed(issuerProfileSchema);
  const profileProperties = profileSchema.properties as Json;
  const profile: Json = {
    ...profileSchema,
    title: 'Issuer profile',
    description: 'A named trust policy that samples select with issuer_profile_id: id, the policy fields, and exactly one key source (secret, secret_env, public_key, jwks, jwks_uri or discovery: true).',
    properties: {
      ...profileProperties,
      secret_env: {
        ...(profileProperties.secret_env as Json),
        // A repository file is written by whoever opens the pull request: it may only read the variables the workflow set for the gate.
        pattern: `^${SECRET_ENV_PREFIX}[A-Za-z0-9_]*$`,
        description: `Name of an environment variable holding the HMAC secret. In a repository config it must start with ${SECRET_ENV_PREFIX} (set it in the step's env:).`,
      },
    },
    oneOf: PROFILE_KEY_SOURCES.map((source) => (source === 'discovery'
      ? { required: [source], properties: { discovery: { const: true } } }
      : { required: [source] })),
  };

  const trust = embedder.embed(requestSchema('trust-policy'));
  const trustPolicy: Json = {
    ...trust,
    title: 'Trust policy',
    description: 'A cloud role\'s trust in CI tokens, with cases it must allow and deny: a POST /v1/lint/trust-policy request, plus name and id_token, with aws_trust_policy given as the path of the policy\'s JSON file.',
    properties: {
      ...(trust.properties as Json),
      name: entryName('trust policy (default: trust_policies[index])'),
      aws_trust_policy: {
        type: 'string', minLength: 1,
        description: 'An AWS IAM role trust policy JSON file, relative to this config file and inside the repository (at most 64 KiB, 100 statements): the role admits what it says, judged as AWS evaluates it. The entry may not also give claim_patterns (state intent as cases); its audiences then only name what id_token requests.',
      },
      id_token: {
        type: 'boolean', default: false,
        description: 'true (action only, needs permissions: id-token: write): request the job\'s own ID token for the first audience and check it against this entry, with the issuer\'s discovery document and RS256. The CLI reports CHECK_SKIPPED.',
      },
    },
    // The policy file alone decides what the role admits: claim_patterns beside it is refused.
    not: { required: ['aws_trust_policy', 'claim_patterns'] },
  };

  const suppression: Json = {
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
        type: 'string', anyOf: [{ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }, { format: 'date-time' }],
        description: 'An RFC 3339 date (the suppression applies through that day, UTC) or date-time; after it, the finding is reported again with a SUPPRESSION_EXPIRED warning.',
      },
    },
  };

  const list = (item: string, description: string): Json => ({ type: ['array', 'null'], items: { $ref: `#/$defs/${item}` }, description });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: SCHEMA_ID,
    title: 'oidc-gate config file',
    description: 'A config file of oidc-gate (.github/oidc-gate/**/*.yml): identity providers to lint, issuer profiles, and sample tokens with what they must turn out as. Generated by scripts/schema.ts from the engine\'s request schemas.',
    type: 'object',
    additionalProperties: false,
    properties: {
      providers: list('Provider', 'Identity provider configurations to lint (and discover).'),
      profiles: list('Profile', 'Issuer profiles; ids are unique across every config file and the issuer-profiles file.'),
      tokens: list('Sample', 'Sample tokens, each checked against a policy or an issuer profile.'),
      suppressions: list('Suppression', 'Findings of this file accepted with a reason (and an optional expiry). A finding can also be suppressed inline: # oidc-gate: ignore[CODE] reason, on its line or the line above.'),
      trust_policies: list('TrustPolicy', 'Cloud role trust policies for CI tokens (GitHub Actions OIDC and others), with the cases they must allow and deny.'),
    },
    $defs: { Provider: provider, Profile: profile, Sample: sample, Suppression: suppression, TrustPolicy: trustPolicy, ...embedder.finish() },
  };
}

export function renderConfigSchema(): string {
  return `${JSON.stringify(buildConfigSchema(), null, 2)}\n`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const fresh = renderConfigSchema();
  if (process.argv.includes('--write')) {
    writeFileSync(SCHEMA_FILE, fresh);
    console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(SCHEMA_FILE, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    if (committed !== fresh) {
      console.error('schema/oidc-gate.schema.json is stale: run `npm run schema` and commit the result.');
      process.exit(1);
    }
    console.log('schema/oidc-gate.schema.json is up to date.');
  }
}
