import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LINT_RULES } from '../../../src/engine/lint/registry.ts';
import type { LintRule } from '../../../src/engine/lint/types.ts';
import { jwk, keys } from '../helpers/fixtures.ts';
import { findingsOf, goodJwks, type RuleCase } from '../rule-tester.ts';

const RULES_DIR = fileURLToPath(new URL('../../../src/engine/lint/rules/', import.meta.url));
const TESTS_DIR = fileURLToPath(new URL('./', import.meta.url));

/** Each rule module of src/engine/lint/rules/, with the registered rules it exports and under which name. */
const modules = await Promise.all(
  readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map(async (file) => {
      const exported = (await import(pathToFileURL(join(RULES_DIR, file)).href)) as Record<string, unknown>;
      const rules = Object.entries(exported).filter(([, v]) => LINT_RULES.includes(v as LintRule)) as [string, LintRule][];
      return { module: file.slice(0, -'.ts'.length), rules };
    }),
);

describe('the lint rule registry', () => {
  it('lists each rule code once', () => {
    const codes = LINT_RULES.map((r) => r.code);
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
  });

  it('registers the rule of every module in rules/ (none forgotten in registry.ts)', () => {
    expect(modules.filter((m) => m.rules.length === 0).map((m) => m.module), 'modules whose rule is not in LINT_RULES').toEqual([]);
    expect(modules.length).toBeGreaterThan(0);
  });

  /** What a fetch of jwks_uri can give online: good and bad JWK Sets, documents that are none, failures. */
  const online: unknown[] = [
    goodJwks,
    {
      keys: [
        jwk(keys.rsa2048Private, { kid: 'k' }),
        jwk(keys.rsa1024, { kid: 'k' }),
        jwk(keys.rsa2048, { e: 'Aw' }),
        { kty: 'EC', crv: 'P-192', x: 'AAAA', y: 'AAAA' },
        { kty: 'RSA' },
        'x',
      ],
    },
    { keys: [] },
    [],
    { unreachable: 'refused' },
    { unreachable: 'http_status', status: 500 },
  ];
  const requests = [{}, { issuer: 'http://idp.example.com/?x', redirect_uris: ['http://localhost/*'], alg_policy: { allowed_algs: ['none', 'rs256'] }, discovered_jwks_uri: 'https://idp.example.com/x' }];

  it.each(LINT_RULES.filter((r) => r.needsJwks !== true).map((r) => [r.code, r] as const))(
    '%s, not marked needsJwks, gives the same findings whatever the JWKS fetch gave (so offline mode may run it)',
    (_code, rule) => {
      for (const request of requests) {
        const [first, ...rest] = online.map((jwks) => findingsOf(rule, { name: 'x', request, jwks }));
        for (const findings of rest) expect(findings).toEqual(first);
      }
    },
  );

  describe.each(LINT_RULES.map((rule) => [rule.code, rule] as const))('%s', (_code, rule) => {
    it('has a code, a severity, a title and docs', () => {
      expect(rule.code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(['error', 'warning']).toContain(rule.severity);
      expect(typeof rule.title === 'string' && rule.title.trim().length > 0, 'title').toBe(true);
      expect(typeof rule.docs === 'string' && rule.docs.trim().length > 0, 'docs').toBe(true);
      expect(rule.remediation === undefined || rule.remediation.trim().length > 0, 'remediation, when given, is not empty').toBe(true);
      expect(typeof rule.check).toBe('function');
    });

    it('is exported by exactly one rule module, whose test file runs it through the RuleTester', () => {
      const owners = modules.flatMap((m) => m.rules.filter(([, r]) => r === rule).map(([name]) => ({ module: m.module, name })));
      expect(owners, 'modules exporting this rule').toHaveLength(1);
      const { module, name } = owners[0] as { module: string; name: string };
      const testFile = join(TESTS_DIR, `${module}.test.ts`);
      expect(existsSync(testFile), `test/lint/rules/${module}.test.ts exists`).toBe(true);
      const source = readFileSync(testFile, 'utf8');
      expect(source).toContain(`from '../../../src/engine/lint/rules/${module}.ts'`);
      expect(source).toContain(`runRule(${name},`);
    });
  });
});

/**
 * Which rules fire together on one input, in registry order: what a lint's findings list would hold,
 * computed rule by rule without the network.
 */
describe('the rules together', () => {
  const codesOf = (c: Omit<RuleCase, 'name'>) => LINT_RULES.flatMap((rule) => findingsOf(rule, { name: 'together', ...c })).map((f) => f.code);
  const algs = (...allowed_algs: string[]) => ({ alg_policy: { allowed_algs } });
  const pad = (n: unknown) => Buffer.concat([Buffer.from([0]), Buffer.from(n as string, 'base64url')]).toString('base64url');

  it.each<[string, Omit<RuleCase, 'name'>, string[]]>([
    ['a good request and JWK Set', {}, []],
    ['a JWKS document that is an array', { jwks: [goodJwks.keys[0]] }, ['JWKS_INVALID']],
    ['a JWKS document without keys', { jwks: { issuer: 'https://idp.example.com' } }, ['JWKS_INVALID']],
    ['a JWKS document whose keys is no array', { jwks: { keys: goodJwks.keys[0] } }, ['JWKS_INVALID']],
    [
      'a key in standard base64 with RS256 allowed (the Battle.net shape)',
      { request: algs('RS256'), jwks: { keys: [{ ...keys.rsa2048, n: Buffer.from(keys.rsa2048.n as string, 'base64url').toString('base64'), kid: 'b64' }] } },
      ['JWKS_NONSTANDARD_ENCODING'],
    ],
    [
      'a 1024-bit RSA key beside a P-256 key with ES256 and RS256 allowed (the Yahoo shape)',
      { request: algs('ES256', 'RS256'), jwks: { keys: [jwk(keys.rsa1024, { kid: 'old', use: 'sig', alg: 'RS256' }), goodJwks.keys[1]] } },
      ['JWKS_KEY_TOO_SMALL'],
    ],
    [
      'moduli written with a leading zero byte, one of them 1024 bits',
      { jwks: { keys: [{ ...keys.rsa1024, n: pad(keys.rsa1024.n), kid: 'small' }, { ...keys.rsa2048, n: pad(keys.rsa2048.n), kid: 'ok' }] } },
      ['JWKS_KEY_TOO_SMALL'],
    ],
    ['a leaked private key with RS256 allowed', { request: algs('RS256'), jwks: { keys: [jwk(keys.rsa2048Private, { kid: 'leaked' })] } }, ['JWKS_PRIVATE_KEY_EXPOSED', 'JWKS_NO_USABLE_KEY']],
    ['an EC-only JWKS with RS256 allowed', { request: algs('RS256'), jwks: { keys: [jwk(keys.p256, { kid: 'e1', use: 'sig', alg: 'ES256' })] } }, ['JWKS_NO_USABLE_KEY']],
    ['two keys sharing a kid', { jwks: { keys: [jwk(keys.rsa2048, { kid: 'k' }), jwk(keys.p256, { kid: 'x' }), jwk(keys.p384, { kid: 'k' })] } }, ['JWKS_DUPLICATE_KID']],
    ['an offline lint', { jwks: 'skipped' }, ['CHECK_SKIPPED']],
    ['an offline lint that allows none', { request: algs('none'), jwks: 'skipped' }, ['WEAK_ALGORITHM', 'CHECK_SKIPPED']],
  ])('%s', (_name, c, codes) => {
    expect(codesOf(c)).toEqual(codes);
  });
});
