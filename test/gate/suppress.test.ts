/** Suppressions in memory and on disk: reading inline comments and `suppressions:` items, and matching findings. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { renderConfigSchema } from '../../scripts/schema.ts';
import { loadConfigFile } from '../../src/gate/config/config.ts';
import { parseInstant } from '../../src/gate/config/instant.ts';
import { readInlineSuppressions } from '../../src/gate/suppress/suppress-comment.ts';
import { fieldCovers } from '../../src/gate/suppress/suppress-field.ts';
import { parseExpires, type Suppression } from '../../src/gate/suppress/suppress-rule.ts';
import { Suppressor } from '../../src/gate/suppress/suppress.ts';
import type { GateFinding } from '../../src/gate/types.ts';
import { loadYaml } from '../../src/gate/config/yaml.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-suppress-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const inline = (text: string) => readInlineSuppressions('a.yml', loadYaml(text));

describe('inline suppressions: # oidc-gate: ignore[CODE, CODE2] reason', () => {
  it('a comment after a value covers its own line; on a line of its own, the next line that is not a comment', () => {
    const { suppressions, problems } = inline([
      'redirect_uris:',
      '  # oidc-gate: ignore[INSECURE_URI] local development callback',
      '  # oidc-gate: ignore[REDIRECT_URI_LOCALHOST] the same callback',
      '  - http://localhost:8080/cb',
      '  - http://localhost:9090/cb  # oidc-gate: ignore[INSECURE_URI, REDIRECT_URI_LOCALHOST]  second port ',
      '',
    ].join('\n'));
    expect(problems).toEqual([]);
    expect(suppressions.map((s) => [s.code, s.line, s.coversLine, s.reason])).toEqual([
      ['INSECURE_URI', 2, 4, 'local development callback'],
      ['REDIRECT_URI_LOCALHOST', 3, 4, 'the same callback'],
      ['INSECURE_URI', 5, 5, 'second port'],
      ['REDIRECT_URI_LOCALHOST', 5, 5, 'second port'],
    ]);
  });

  it('a # inside a quoted value or a block scalar is not a comment', () => {
    const { suppressions, problems } = inline([
      'a: "x # oidc-gate: ignore[INSECURE_URI] in quotes"',
      'b: |',
      '  # oidc-gate: ignore[INSECURE_URI] in a block',
      'c: d # an ordinary comment about oidc-gate',
      '',
    ].join('\n'));
    expect(suppressions).toEqual([]);
    expect(problems).toEqual([]);
  });

  it.each([
    ['# oidc-gate: ignore INSECURE_URI reason', 'not a suppression oidc-gate can read'],
    ['# OIDC-GATE ignore[INSECURE_URI] reason', 'not a suppression oidc-gate can read'],
    ['# oidc-gate: ignore[] reason', 'names no code'],
    ['# oidc-gate: ignore[INSECURE_URI]', 'gives no reason'],
    ['# oidc-gate: ignore[INSECURE_URI]   ', 'gives no reason'],
    ['# oidc-gate: ignore[INSECURE_URL] reason', '"INSECURE_URL" is not a code oidc-gate reports (did you mean INSECURE_URI?)'],
    ['# oidc-gate: ignore[insecure_uri] reason', '"insecure_uri" is not a finding code'],
    ['# oidc-gate: ignore[CONFIG_UNKNOWN_KEY] reason', 'CONFIG_UNKNOWN_KEY is a configuration error'],
    ['# oidc-gate: ignore[SUPPRESSION_UNUSED] reason', 'SUPPRESSION_UNUSED is about suppressions themselves'],
    ['# oidc-gate: ignore[INTERNAL_ERROR] reason', 'INTERNAL_ERROR means an entry was not checked'],
  ])('%s is SUPPRESSION_INVALID at the comment: %s', (comment, says) => {
    const { suppressions, problems } = inline(`a: 1\n  ${comment}\nb: 2\n`);
    expect(suppressions).toEqual([]);
    expect(problems.map((p) => [p.code, p.severity, p.line, p.column, p.config])).toEqual([['SUPPRESSION_INVALID', 'error', 2, 3, true]]);
    expect(problems[0]?.message).toContain(says);
  });

  it('one bad code of several is one error, and the others still apply', () => {
    const { suppressions, problems } = inline('a: http://x # oidc-gate: ignore[INSECURE_URI, NOPE] reason\n');
    expect(suppressions.map((s) => s.code)).toEqual(['INSECURE_URI']);
    expect(problems).toHaveLength(1);
  });
});

describe('expires', () => {
  it('a date applies through that day, UTC; a date-time until that instant', () => {
    expect(parseExpires('2026-06-30')).toEqual({ ok: true, ms: Date.parse('2026-07-01T00:00:00Z'), text: '2026-06-30' });
    expect(parseExpires('2026-06-30T12:00:00+02:00')).toEqual({ ok: true, ms: Date.parse('2026-06-30T10:00:00Z'), text: '2026-06-30T12:00:00+02:00' });
  });

  it.each([['2026-02-30'], ['30/06/2026'], [20260630], ['2026-06-30T12:00:00']])('refuses %j', (value) => {
    expect(parseExpires(value).ok).toBe(false);
  });
});

describe('field: a JSON Pointer inside the entry', () => {
  it('covers the same place and what lies below it, on segment boundaries only', () => {
    expect(fieldCovers('/redirect_uris/1', '/redirect_uris/1')).toBe(true);
    expect(fieldCovers('/redirect_uris', '/redirect_uris/1')).toBe(true);
    expect(fieldCovers('', '/redirect_uris/1')).toBe(true);
    expect(fieldCovers('/redirect_uris/1', '/redirect_uris/10')).toBe(false);
    expect(fieldCovers('/redirect', '/redirect_uris/1')).toBe(false);
  });
});

const finding = (over: Partial<GateFinding>): GateFinding => ({
  code: 'INSECURE_URI', severity: 'error', message: 'm', file: 'a.yml', line: 9, column: 9, kind: 'lint', name: 'web',
  pointer: '/providers/0/redirect_uris/1', stablePointer: '/providers/web/redirect_uris/1', ...over,
});
const config = (over: Partial<Suppression>): Suppression => ({ kind: 'config', code: 'INSECURE_URI', reason: 'why', file: 'a.yml', line: 20, column: 5, pointer: '/suppressions/0', ...over });
const NOW = Date.parse('2026-03-01T00:00:00Z');

describe('Suppressor', () => {
  it('hides what a suppression covers: by code, entry and field, among its config file\'s findings (placed in a file an entry names too)', () => {
    const s = new Suppressor(undefined, NOW);
    // The run passes a config file's own findings only; one an entry placed in its Terraform plan is among them.
    const kept = s.file([config({ entry: 'web', field: '/redirect_uris' })], [
      finding({}), finding({ name: 'other' }), finding({ code: 'WEAK_ALGORITHM' }), finding({ file: 'infra/plan.json', line: 3 }),
    ]);
    expect(kept.map((f) => [f.code, f.name, f.file])).toEqual([['INSECURE_URI', 'other', 'a.yml'], ['WEAK_ALGORITHM', 'web', 'a.yml']]);
    expect(s.suppressed.map((x) => [x.kind, x.reason, x.source, x.finding.file])).toEqual([['config', 'why', { file: 'a.yml', line: 20 }, 'a.yml'], ['config', 'why', { file: 'a.yml', line: 20 }, 'infra/plan.json']]);
  });

  it('an inline suppression covers only its own file\'s line, not the same line number in another file', () => {
    const s = new Suppressor(undefined, NOW);
    const kept = s.file([{ kind: 'inline', code: 'INSECURE_URI', reason: 'inline why', file: 'a.yml', line: 8, column: 9, coversLine: 9 }],
      [finding({ line: 9, file: 'infra/plan.json' })]);
    expect(kept.map((f) => [f.code, f.file])).toEqual([['INSECURE_URI', 'infra/plan.json'], ['SUPPRESSION_UNUSED', 'a.yml']]);
  });

  it('an inline suppression covers its line only, and is the one named when a config item matches too', () => {
    const s = new Suppressor(undefined, NOW);
    const kept = s.file([config({}), { kind: 'inline', code: 'INSECURE_URI', reason: 'inline why', file: 'a.yml', line: 8, column: 9, coversLine: 9 }],
      [finding({}), finding({ line: 10, stablePointer: '/providers/web/redirect_uris/2' })]);
    expect(kept).toEqual([]);
    expect(s.suppressed.map((x) => [x.kind, x.finding.line])).toEqual([['inline', 9], ['config', 10]]);
  });

  it('never hides a configuration error, even one a suppression names', () => {
    const s = new Suppressor(undefined, NOW);
    const error = finding({ code: 'CONFIG_UNKNOWN_KEY', config: true });
    expect(s.file([config({ code: 'CONFIG_UNKNOWN_KEY' })], [error])).toEqual([error]);
  });

  it('an expired suppression hides nothing and is a warning at its line; one that matched nothing is a warning too', () => {
    const s = new Suppressor(undefined, NOW);
    const kept = s.file([
      config({ expires: { text: '2026-02-28', ms: Date.parse('2026-03-01T00:00:00Z') } }),
      config({ code: 'WEAK_ALGORITHM', line: 25, pointer: '/suppressions/1' }),
    ], [finding({})]);
    expect(kept.map((f) => [f.code, f.severity, f.line, f.config])).toEqual([
      ['INSECURE_URI', 'error', 9, undefined], ['SUPPRESSION_EXPIRED', 'warning', 20, undefined], ['SUPPRESSION_UNUSED', 'warning', 25, undefined],
    ]);
    expect(kept[1]?.message).toBe('The suppression of INSECURE_URI (reason: "why") expired on 2026-02-28 and no longer applies: the finding it covered is reported again.');
    expect(s.suppressed).toEqual([]);
  });

  it('a suppression that has not expired applies, and draws no warning', () => {
    const s = new Suppressor(undefined, NOW);
    expect(s.file([config({ expires: { text: '2099-12-31', ms: Date.parse('2100-01-01T00:00:00Z') } })], [finding({})])).toEqual([]);
    expect(s.suppressed).toHaveLength(1);
  });

  it('is not called unused when the check it names was skipped offline, or the entry was refused', () => {
    const skipped = finding({ code: 'CHECK_SKIPPED', severity: 'warning', message: 'jwks_uri was not fetched (offline mode); not run: JWKS_UNREACHABLE, JWKS_INVALID.' });
    const s = new Suppressor(undefined, NOW);
    expect(s.file([config({ code: 'JWKS_UNREACHABLE' })], [skipped]).map((f) => f.code)).toEqual(['CHECK_SKIPPED']);
    expect(s.file([config({ code: 'INSECURE_URI' })], [skipped]).map((f) => f.code)).toEqual(['CHECK_SKIPPED', 'SUPPRESSION_UNUSED']);
    const refused = finding({ code: 'CONFIG_UNKNOWN_KEY', config: true });
    expect(s.file([config({ entry: 'web' })], [refused]).map((f) => f.code)).toEqual(['CONFIG_UNKNOWN_KEY']);
    expect(s.file([config({ entry: 'else' })], [refused]).map((f) => f.code)).toEqual(['CONFIG_UNKNOWN_KEY', 'SUPPRESSION_UNUSED']);
  });

  it('the baseline hides findings by fingerprint, in config files and outside them', async () => {
    const { fingerprint } = await import('../../src/gate/outputs/sarif.ts');
    const f = finding({});
    const line = { fingerprint: fingerprint(f), code: 'INSECURE_URI', file: 'a.yml', entry: 'web', field: '/redirect_uris/1' };
    const s = new Suppressor({ file: 'baseline.json', fingerprints: new Set([line.fingerprint]), lines: new Map([[line.fingerprint, [line]]]) }, NOW);
    expect(s.file([], [f, finding({ line: 10, stablePointer: '/providers/web/redirect_uris/2' })]).map((x) => x.line)).toEqual([10]);
    expect(s.suppressed.map((x) => [x.kind, x.reason, x.source])).toEqual([['baseline', 'recorded in the baseline baseline.json', { file: 'baseline.json' }]]);
    expect(s.baselineMatched).toBe(1);
  });
});

describe('suppressions: items in a config file', () => {
  const load = async (text: string) => {
    const abs = path.join(tmp, `c${Math.random().toString(36).slice(2)}.yml`);
    writeFileSync(abs, text);
    return loadConfigFile(abs, { root: tmp });
  };

  it('reads code, entry, field, reason and expires', async () => {
    const c = await load('suppressions:\n  - code: INSECURE_URI\n    entry: web\n    field: /redirect_uris/1\n    reason: " staging "\n    expires: 2026-06-30\n');
    expect(c.findings).toEqual([]);
    expect(c.suppressions).toEqual([{
      kind: 'config', code: 'INSECURE_URI', reason: 'staging', file: c.file, line: 2, column: 5, pointer: '/suppressions/0',
      entry: 'web', field: '/redirect_uris/1', expires: { text: '2026-06-30', ms: Date.parse('2026-07-01T00:00:00Z') },
    }]);
  });

  it.each([
    ['  - code: INSECURE_URI\n', 'SUPPRESSION_INVALID', 2, 'gives no reason'],
    ['  - code: INSECURE_URI\n    reason: ""\n', 'SUPPRESSION_INVALID', 3, 'gives no reason'],
    ['  - reason: r\n', 'SUPPRESSION_INVALID', 2, 'names no code'],
    ['  - code: INSECURE_URL\n    reason: r\n', 'SUPPRESSION_INVALID', 2, 'did you mean INSECURE_URI?'],
    ['  - code: INSECURE_URI\n    reason: r\n    expires: 2026-02-30\n', 'SUPPRESSION_INVALID', 4, 'February 2026 has 28 days'],
    ['  - code: INSECURE_URI\n    reason: r\n    field: redirect_uris\n', 'SUPPRESSION_INVALID', 4, 'JSON Pointer'],
    ['  - code: INSECURE_URI\n    reson: r\n', 'CONFIG_UNKNOWN_KEY', 3, 'did you mean "reason"?'],
    ['  - INSECURE_URI\n', 'SUPPRESSION_INVALID', 2, 'must be a map'],
  ])('%j is one %s at line %i', async (item, code, line, says) => {
    const c = await load(`suppressions:\n${item}`);
    expect(c.suppressions).toEqual([]);
    expect(c.findings.map((f) => [f.code, f.line])).toEqual([[code, line]]);
    expect(c.findings[0]?.message).toContain(says);
  });
});

describe('the config schema knows suppressions:', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  ajv.addFormat('date-time', (value: string) => parseInstant(value).ok);
  const validate = ajv.compile(JSON.parse(renderConfigSchema()) as object);
  const errors = (item: Record<string, unknown>): string[] => {
    validate({ suppressions: [item] });
    return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
  };

  it('accepts code and reason, with entry, field and an expiry date or date-time', () => {
    expect(errors({ code: 'INSECURE_URI', reason: 'r' })).toEqual([]);
    expect(errors({ code: 'INSECURE_URI', entry: 'web', field: '/redirect_uris/1', reason: 'r', expires: '2026-06-30' })).toEqual([]);
    expect(errors({ code: 'INSECURE_URI', reason: 'r', expires: '2026-06-30T00:00:00Z' })).toEqual([]);
  });

  it('refuses what the gate refuses: no reason, a code it cannot suppress, a typo, a field that is not a pointer', () => {
    expect(errors({ code: 'INSECURE_URI' })).toContain('/suppressions/0 required');
    expect(errors({ code: 'INSECURE_URI', reason: ' ' })).toContain('/suppressions/0/reason pattern');
    expect(errors({ code: 'CONFIG_UNKNOWN_KEY', reason: 'r' })).toContain('/suppressions/0/code enum');
    expect(errors({ code: 'SUPPRESSION_UNUSED', reason: 'r' })).toContain('/suppressions/0/code enum');
    expect(errors({ code: 'INSECURE_URI', reson: 'r' })).toContain('/suppressions/0 additionalProperties');
    expect(errors({ code: 'INSECURE_URI', reason: 'r', field: 'redirect_uris' })).toContain('/suppressions/0/field pattern');
    expect(errors({ code: 'INSECURE_URI', reason: 'r', expires: 'June 30' })).toContain('/suppressions/0/expires anyOf');
  });
});
