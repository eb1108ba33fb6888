/**
 * `schema/oidc-gate.schema.json`, the JSON Schema of a config file that editors use through the
 * yaml-language-server modeline: fresh from the engine's schemas, valid for every example, and as strict
 * as the gate (a typo such as `audience:` is refused).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findingCatalogue } from '../../src/gate/catalogue.ts';
import { PROFILE_KEYS, PROVIDER_KEYS, TOKEN_KEYS } from '../../src/gate/config/entry-keys.ts';
import { SECTION_KEYS } from '../../src/gate/sections/table.ts';
import { parseInstant } from '../../src/gate/config/instant.ts';
import { renderConfigSchema, SCHEMA_FILE, SCHEMA_ID } from '../../scripts/schema.ts';
import { ROOT } from '../fixtures/harness.ts';

const committed = readFileSync(SCHEMA_FILE, 'utf8');
const schema = JSON.parse(committed) as {
  $id: string;
  properties: Record<string, unknown>;
  $defs: Record<string, { properties: Record<string, unknown> }>;
};

// Strict like the engine's own Ajv; "exactly one of these members" (oneOf of required) needs strictRequired off.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
// The gate's own reading of an instant: an RFC 3339 date-time on a real calendar date.
ajv.addFormat('date-time', (value: string) => parseInstant(value).ok);
const validate = ajv.compile(schema);

/** Each problem as "pointer keyword detail", short enough to compare whole. */
function problems(data: unknown): string[] {
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => {
    const p = e.params as { additionalProperty?: string; missingProperty?: string };
    return `${e.instancePath || '/'} ${e.keyword}${p.additionalProperty !== undefined ? ` ${p.additionalProperty}` : ''}${p.missingProperty !== undefined ? ` ${p.missingProperty}` : ''}`;
  });
}

/** Every YAML file under examples/, relative to the repository. */
function exampleFiles(dir = 'examples'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return exampleFiles(rel);
    return /\.ya?ml$/.test(e.name) ? [rel] : [];
  });
}

const readExample = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');

describe('schema/oidc-gate.schema.json', () => {
  it('is what scripts/schema.ts builds from the engine\'s schemas (run `npm run schema`)', () => {
    expect(committed).toBe(renderConfigSchema());
  });

  it('knows exactly the keys the gate accepts, at the top and in each kind of entry', () => {
    expect(Object.keys(schema.properties)).toEqual([...SECTION_KEYS]);
    expect(Object.keys(schema.$defs.Provider?.properties ?? {}).sort()).toEqual([...PROVIDER_KEYS].sort());
    expect(Object.keys(schema.$defs.Sample?.properties ?? {}).sort()).toEqual([...TOKEN_KEYS].sort());
    expect(Object.keys(schema.$defs.Profile?.properties ?? {}).sort()).toEqual([...PROFILE_KEYS].sort());
  });

  it('is served from the repository it names', () => {
    expect(schema.$id).toBe(SCHEMA_ID);
    expect(SCHEMA_ID).toBe('https://raw.githubusercontent.com/oidc-gate/oidc-gate/main/schema/oidc-gate.schema.json');
  });
});

describe('the examples', () => {
  const files = exampleFiles();

  it('include the three config files the README runs', () => {
    expect(files).toEqual(expect.arrayContaining(['examples/broken/acme.yml', 'examples/oidc-gate/acme.yml', 'examples/oidc-gate/contoso.yaml']));
  });

  it('start with a yaml-language-server modeline whose relative path leads to the schema', () => {
    for (const file of files) {
      const first = readExample(file).split('\n')[0] ?? '';
      const m = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
      expect(m, file).not.toBeNull();
      expect(path.resolve(ROOT, path.dirname(file), m?.[1] ?? ''), file).toBe(SCHEMA_FILE);
    }
  });

  it('each validate against the schema', () => {
    for (const file of files) expect(problems(parse(readExample(file))), file).toEqual([]);
  });

  it('a typo is refused: audience: in a provider and in a sample\'s policy', () => {
    const provider = readExample('examples/oidc-gate/acme.yml').replace('    audiences: [api://acme-orders]\n    jwks_uri', '    audience: [api://acme-orders]\n    jwks_uri');
    expect(problems(parse(provider))).toEqual(['/providers/0 required audiences', '/providers/0 additionalProperties audience']);
    const policy = readExample('examples/broken/acme.yml').replace('      audiences: [api://acme-orders]', '      audience: [api://acme-orders]');
    expect(problems(parse(policy))).toEqual(['/tokens/0/policy required audiences', '/tokens/0/policy additionalProperties audience']);
  });
});

describe('the schema holds the gate\'s rules', () => {
  const sample = (entry: Record<string, unknown>) => ({ tokens: [{ name: 's', issuer_profile_id: 'p', token_file: 't.jwt', ...entry }] });
  const profile = (entry: Record<string, unknown>) => ({ profiles: [{ id: 'p', issuer: 'https://idp.example.com', audiences: ['a'], allowed_algs: ['RS256'], ...entry }] });

  it('a sample gives exactly one of token and token_file, and of policy and issuer_profile_id', () => {
    expect(problems(sample({}))).toEqual([]);
    expect(problems(sample({ token: 'a.b.c' }))).toEqual(['/tokens/0 oneOf']);
    expect(problems({ tokens: [{ issuer_profile_id: 'p' }] })).toEqual(['/tokens/0 required token', '/tokens/0 required token_file', '/tokens/0 oneOf']);
    expect(problems(sample({ policy: { issuer: 'i', audiences: ['a'], allowed_algs: ['RS256'], secret: 's' } }))).toEqual(['/tokens/0 oneOf']);
  });

  it('expect is valid, invalid or a list of codes a sample can produce; at is a real RFC 3339 instant', () => {
    expect(problems(sample({ expect: ['AUDIENCE_MISMATCH', 'MALFORMED_TOKEN'], at: '2026-01-05T09:15:00Z' }))).toEqual([]);
    const wrongCode = problems(sample({ expect: ['AUDIENCE_MISMATCH', 'JWKS_INVALID'] }));
    expect(wrongCode).toContain('/tokens/0/expect/1 enum');
    expect(wrongCode).toContain('/tokens/0/expect oneOf');
    expect(problems(sample({ at: '2026-02-30T00:00:00Z' }))).toEqual(['/tokens/0/at format']);
    const expectable = findingCatalogue.filter((d) => d.area === 'validate').map((d) => d.code);
    expect(problems(sample({ expect: expectable }))).toEqual([]);
  });

  it('a profile has exactly one key source, and secret_env names an OIDC_GATE_ variable', () => {
    expect(problems(profile({ jwks_uri: 'https://idp.example.com/keys' }))).toEqual([]);
    expect(problems(profile({ jwks_uri: 'https://idp.example.com/keys', discovery: false }))).toEqual([]);
    // With allErrors, a failed oneOf also lists why each branch failed; the oneOf itself is the verdict.
    expect(problems(profile({ jwks_uri: 'https://idp.example.com/keys', public_key: 'PEM' }))).toContain('/profiles/0 oneOf');
    expect(problems(profile({}))).toContain('/profiles/0 oneOf');
    expect(problems(profile({ secret_env: 'OIDC_GATE_ORDERS_SECRET' }))).toEqual([]);
    expect(problems(profile({ secret_env: 'GITHUB_TOKEN' }))).toEqual(['/profiles/0/secret_env pattern']);
    // As the gate reads it: at least one character after the prefix, upper case, and not the variable of the oidc-gate-env lines.
    expect(problems(profile({ secret_env: 'OIDC_GATE_' }))).toEqual(['/profiles/0/secret_env pattern']);
    expect(problems(profile({ secret_env: 'OIDC_GATE_orders' }))).toEqual(['/profiles/0/secret_env pattern']);
    expect(problems(profile({ secret_env: 'OIDC_GATE_ENV' }))).toEqual(['/profiles/0/secret_env not']);
  });

  it('a suppression expires on a real calendar date or date-time', () => {
    const suppression = (expires: string) => ({ suppressions: [{ code: 'INSECURE_URI', reason: 'local callback', expires }] });
    for (const ok of ['2026-06-30', '2026-12-31', '2026-01-01T00:00:00Z', '2026-06-30T23:59:59+05:30']) expect(problems(suppression(ok)), ok).toEqual([]);
    for (const bad of ['2026-13-01', '2026-00-10', '2026-06-32', '2026-6-30', '2026-06-30T24:00:00Z', '2026-06-30T12:00:00']) {
      expect(problems(suppression(bad)), bad).toContain('/suppressions/0/expires anyOf');
    }
  });

  it('an empty file, or an empty map, is refused as the gate refuses it', () => {
    expect(problems(null)).toEqual(['/ type']);
    expect(problems({})).toEqual(['/ minProperties']);
    expect(problems({ trust_policies: [] })).toEqual([]);
  });

  it('what lint and validation examples show is a valid config, and what config-error examples show is refused', () => {
    for (const d of findingCatalogue) {
      const config = d.example?.config;
      // A file that is not YAML, or an alias bomb the parser refuses, has nothing to validate.
      if (config === undefined || d.code === 'CONFIG_YAML_INVALID' || d.code === 'CONFIG_TOO_LARGE') continue;
      const found = problems(parse(config));
      if (['CONFIG_INVALID', 'CONFIG_UNKNOWN_KEY', 'REQUEST_INVALID', 'PROFILE_INVALID', 'MALFORMED_TOKEN'].includes(d.code)) {
        // MALFORMED_TOKEN: the schema only knows a token is a string; the example's string is JSON, so it passes.
        if (d.code === 'MALFORMED_TOKEN') expect(found, d.code).toEqual([]);
        else expect(found, d.code).not.toEqual([]);
      } else {
        expect(found, d.code).toEqual([]);
      }
    }
  });
});
