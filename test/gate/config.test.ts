import { mkdtempSync, mkdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getOperation, issuerProfileSchema } from '../../src/engine/index.ts';
import { entriesOf, loadConfigFile, profilesOf } from '../../src/gate/config/config.ts';
import { findConfigFiles, splitPatterns } from '../../src/gate/config/files.ts';
import { loadYaml, parsePointer, positionOf, toPointer } from '../../src/gate/config/yaml.ts';
import { providersSection } from '../../src/gate/sections/providers.ts';
import { tokensSection } from '../../src/gate/sections/tokens.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(rel: string, text: string): string {
  const abs = path.join(tmp, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

const PROVIDER = `providers:
  - name: p
    issuer: https://id.example
    client_id: c
    audiences: [api://a]
    jwks_uri: https://id.example/jwks
    redirect_uris:
      - https://app.example/cb
      - http://app.example/cb
    alg_policy:
      allowed_algs: [RS256, HS256]
`;

describe('positionOf: JSON Pointer to YAML line and column', () => {
  const y = loadYaml(PROVIDER);
  it.each([
    [['providers', 0], 2, 5],
    [['providers', 0, 'issuer'], 3, 5],
    [['providers', 0, 'redirect_uris'], 7, 5],
    [['providers', 0, 'redirect_uris', 1], 9, 9],
    [['providers', 0, 'alg_policy', 'allowed_algs', 1], 11, 29],
    [['providers', 0, 'alg_policy', 'allowed_algs', '1'], 11, 29],
  ] as const)('%j is at %i:%i', (p, line, column) => {
    expect(positionOf(y, [...p])).toEqual({ line, column });
  });

  it('falls back to the nearest existing ancestor', () => {
    expect(positionOf(y, ['providers', 0, 'discovered_jwks_uri'])).toEqual({ line: 2, column: 5 });
    expect(positionOf(y, ['providers', 0, 'redirect_uris', 7])).toEqual({ line: 7, column: 5 });
    expect(positionOf(y, ['nothing'])).toEqual({ line: 1, column: 1 });
  });

  it('round-trips RFC 6901 escapes', () => {
    expect(parsePointer('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(parsePointer('')).toEqual([]);
  });

  it('keeps YAML 1.2 scalars: an ISO instant stays a string, `on` is not a boolean', () => {
    const doc = loadYaml('at: 2026-01-01T00:00:00Z\nx: on\n');
    expect(doc.data).toEqual({ at: '2026-01-01T00:00:00Z', x: 'on' });
  });
});

describe('loadConfigFile', () => {
  const ctx = { root: tmp };

  it('turns a provider into a lint request without name and discover', async () => {
    const abs = file('ok/p.yml', PROVIDER.replace('  - name: p\n', '  - name: p\n    discover: true\n'));
    const c = await loadConfigFile(abs, ctx);
    expect(c.findings).toEqual([]);
    expect(c.file).toBe('ok/p.yml');
    expect(entriesOf(c, providersSection)).toHaveLength(1);
    expect(entriesOf(c, providersSection)[0]?.discover).toBe(true);
    expect(entriesOf(c, providersSection)[0]?.line).toBe(2);
    expect(Object.keys(entriesOf(c, providersSection)[0]?.request ?? {})).toEqual(['issuer', 'client_id', 'audiences', 'jwks_uri', 'redirect_uris', 'alg_policy']);
  });

  it('reports a YAML syntax error at its line and keeps nothing from the file', async () => {
    const abs = file('syntax.yml', 'tokens:\n  - name: a\n    token: "unterminated\n');
    const c = await loadConfigFile(abs, ctx);
    expect(c.findings.map((f) => [f.code, f.line])).toEqual([['CONFIG_YAML_INVALID', 3]]);
    expect(entriesOf(c, tokensSection)).toEqual([]);
  });

  it('reports duplicate keys as YAML errors at the duplicate', async () => {
    const abs = file('dup.yml', 'tokens:\n  - name: a\n    name: b\n');
    const c = await loadConfigFile(abs, ctx);
    expect(c.findings.map((f) => [f.code, f.line, f.column])).toEqual([['CONFIG_YAML_INVALID', 3, 5]]);
  });

  it('refuses unknown keys at their line, suggesting the nearest known key, and drops only that entry', async () => {
    const abs = file('unknown.yml', [
      'providers:',
      '  - name: p',
      '    issuer: https://id.example',
      '    audience: [x]',
      'tokens:',
      '  - name: t',
      '    token: a.b.c',
      '    issuer_profile_id: x',
      'extra: 1',
      '',
    ].join('\n'));
    const c = await loadConfigFile(abs, ctx);
    expect(c.findings.map((f) => [f.code, f.line, f.column, f.pointer])).toEqual([
      ['CONFIG_UNKNOWN_KEY', 9, 1, '/extra'],
      ['CONFIG_UNKNOWN_KEY', 4, 5, '/providers/0/audience'],
    ]);
    expect(c.findings[1]?.message).toContain('did you mean "audiences"?');
    expect(entriesOf(c, providersSection)).toEqual([]);
    expect(entriesOf(c, tokensSection).map((t) => t.name)).toEqual(['t']);
  });

  it('accepts every member of the engine request and profile schemas, so a field added there is accepted here', async () => {
    const members = (schema: object) => Object.keys((schema as { properties: object }).properties);
    const entry = (keys: string[]) => keys.map((k, i) => `${i === 0 ? '  - ' : '    '}${k}: x`).join('\n');
    const abs = file('every-member.yml', [
      'providers:', entry(members(getOperation('lint')?.request.schema ?? {})),
      'profiles:', entry(members(issuerProfileSchema)),
      'tokens:', entry(members(getOperation('validate')?.request.schema ?? {})),
      '',
    ].join('\n'));
    const c = await loadConfigFile(abs, ctx);
    expect(members(issuerProfileSchema)).toContain('secret_env');
    expect(c.findings).toEqual([]);
    expect([entriesOf(c, providersSection).length, profilesOf(c).entries.length, entriesOf(c, tokensSection).length]).toEqual([1, 1, 1]);
  });

  it('reads token_file relative to the config file and reports a missing one at the token_file line', async () => {
    file('tok/tokens/a.jwt', '  eyJ.a.b  \n');
    const abs = file('tok/conf/t.yml', [
      'tokens:',
      '  - name: present',
      '    token_file: ../tokens/a.jwt',
      '    issuer_profile_id: x',
      '  - name: absent',
      '    issuer_profile_id: x',
      '    token_file: ../tokens/missing.jwt',
      '',
    ].join('\n'));
    const secrets: string[] = [];
    const c = await loadConfigFile(abs, { root: tmp, onSecret: (s) => secrets.push(s) });
    expect(entriesOf(c, tokensSection).map((t) => [t.name, t.request.token, t.tokenKey])).toEqual([['present', 'eyJ.a.b', 'token_file']]);
    expect(c.findings.map((f) => [f.code, f.line, f.column])).toEqual([['TOKEN_FILE_MISSING', 7, 5]]);
    expect(secrets).toEqual(['eyJ.a.b']);
  });

  it('refuses a token_file outside the root', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'oidc-gate-outside-'));
    try {
      writeFileSync(path.join(outside, 'x.jwt'), 'a.b.c');
      const abs = file('escape/t.yml', `tokens:\n  - token_file: ${path.join(outside, 'x.jwt')}\n    issuer_profile_id: x\n`);
      const c = await loadConfigFile(abs, { root: path.join(tmp, 'escape') });
      expect(c.findings.map((f) => [f.code, f.line])).toEqual([['TOKEN_FILE_INVALID', 2]]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('checks expect, at, and token xor token_file', async () => {
    const abs = file('fields.yml', [
      'tokens:',
      '  - token: a.b.c',
      '    issuer_profile_id: x',
      '    expect: maybe',
      '  - token: a.b.c',
      '    issuer_profile_id: x',
      '    at: 2026-01-01',
      '  - issuer_profile_id: x',
      '  - token: a.b.c',
      '    issuer_profile_id: x',
      '    expect: [TOKEN_EXPIRED]',
      '    at: 2026-01-01T00:00:00+02:00',
      '  - token: a.b.c',
      '    issuer_profile_id: x',
      '    expect: [TOKEN_EXPIRED, AUDIENCE_MISMATCHH, INSECURE_URI]',
      '',
    ].join('\n'));
    const c = await loadConfigFile(abs, ctx);
    expect(c.findings.map((f) => [f.code, f.line, f.column])).toEqual([
      ['CONFIG_INVALID', 4, 5], ['CONFIG_INVALID', 7, 5], ['CONFIG_INVALID', 8, 5], ['CONFIG_INVALID', 15, 29], ['CONFIG_INVALID', 15, 49],
    ]);
    expect(c.findings[3]?.message).toBe('expect lists "AUDIENCE_MISMATCHH", which is not a validation finding code (did you mean AUDIENCE_MISMATCH?).');
    expect(entriesOf(c, tokensSection)).toHaveLength(1);
    expect(entriesOf(c, tokensSection)[0]?.expect).toEqual(['TOKEN_EXPIRED']);
    expect(entriesOf(c, tokensSection)[0]?.atMs).toBe(Date.parse('2025-12-31T22:00:00Z'));
    expect(entriesOf(c, tokensSection)[0]?.name).toBe('tokens[3]');
  });

  it('reports an unreadable file without throwing', async () => {
    const abs = file('locked.yml', 'tokens: []\n');
    chmodSync(abs, 0o000);
    try {
      const c = await loadConfigFile(abs, ctx);
      // root can read anything: then the file is simply empty of entries.
      if (process.getuid?.() === 0) expect(c.findings).toEqual([]);
      else expect(c.findings.map((f) => [f.code, f.line])).toEqual([['CONFIG_UNREADABLE', 1]]);
    } finally {
      chmodSync(abs, 0o644);
    }
    const dir = path.join(tmp, 'a-directory.yml');
    mkdirSync(dir, { recursive: true });
    const d = await loadConfigFile(dir, ctx);
    expect(d.findings.map((f) => f.code)).toEqual(['CONFIG_UNREADABLE']);
  });

  it('names an empty file and a non-map document', async () => {
    const empty = await loadConfigFile(file('empty.yml', '# nothing\n'), ctx);
    expect(empty.findings.map((f) => f.code)).toEqual(['CONFIG_INVALID']);
    const list = await loadConfigFile(file('list.yml', '- a\n'), ctx);
    expect(list.findings.map((f) => f.message)).toEqual(['list.yml must be a map with providers, profiles, tokens or trust_policies, not a list.']);
  });
});

describe('findConfigFiles', () => {
  it('splits the config input on newlines and commas', () => {
    expect(splitPatterns('a/*.yml\n b/**/*.yaml , c.yml\n\n')).toEqual(['a/*.yml', 'b/**/*.yaml', 'c.yml']);
  });

  it('expands globs, walks directories including dot folders, and lists missing plain paths', async () => {
    const root = path.join(tmp, 'find');
    for (const rel of ['.github/oidc-gate/a.yml', '.github/oidc-gate/sub/b.yaml', '.github/oidc-gate/c.txt', 'other/d.yml', 'other/node_modules/e.yml']) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), 'tokens: []\n');
    }
    const rel = (files: string[]) => files.map((f) => path.relative(root, f));
    const byGlob = await findConfigFiles(root, ['.github/oidc-gate/**/*.yml', '.github/oidc-gate/**/*.yaml']);
    expect(rel(byGlob.files)).toEqual(['.github/oidc-gate/a.yml', '.github/oidc-gate/sub/b.yaml']);
    const byDir = await findConfigFiles(root, ['.', 'nope.yml']);
    expect(rel(byDir.files)).toEqual(['.github/oidc-gate/a.yml', '.github/oidc-gate/sub/b.yaml', 'other/d.yml']);
    expect(byDir.missing).toEqual(['nope.yml']);
  });
});
