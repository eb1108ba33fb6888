/**
 * The RuleTester itself: it must fail a rule that leaks key material, fires with another code or
 * severity, adds an evidence member or gives one finding too many, and it must build the context a
 * real lint builds. Fake rules below are built to break exactly one of these.
 */
import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../../src/engine/context.ts';
import { RequestInvalidError } from '../../../src/engine/errors.ts';
import { lintOidcConfig } from '../../../src/engine/lint/lint.ts';
import { LINT_RULES } from '../../../src/engine/lint/registry.ts';
import { report, type LintRule, type LintRuleContext } from '../../../src/engine/lint/types.ts';
import type { LintRequest } from '../../../src/engine/types.ts';
import { goodRequest, jwk, keys } from '../helpers/fixtures.ts';
import { expectFires, expectSilent, expectWellFormed, findingsOf, JWKS_URI } from '../rule-tester.ts';

function fakeRule(check: (ctx: LintRuleContext, self: LintRule) => Record<string, unknown>[] | undefined, extra: Partial<LintRule> = {}): LintRule {
  const rule: LintRule = {
    code: 'FAKE_RULE',
    severity: 'error',
    title: 'A rule for testing the tester',
    docs: 'Fires with the evidence its check returns.',
    ...extra,
    check: (ctx) => (check(ctx, rule) ?? []).map((evidence) => report(rule, 'fake finding.', evidence)),
  };
  return rule;
}

const firesOnce = fakeRule(() => [{ field: '/issuer' }]);
const leakedKey = jwk(keys.rsa2048Private, { kid: 'leaked' });

describe('the RuleTester', () => {
  it('passes a rule that gives exactly the expected findings', () => {
    expect(() => expectFires(firesOnce, { name: 'ok', findings: [{ message: 'fake finding.', evidence: { field: '/issuer' } }] })).not.toThrow();
    expect(() => expectSilent(fakeRule(() => []), { name: 'ok' })).not.toThrow();
  });

  it('fails a valid case when the rule fires', () => {
    expect(() => expectSilent(firesOnce, { name: 'x' })).toThrow();
  });

  it('fails an invalid case when the rule is silent, fires once too often, or the case expects nothing', () => {
    expect(() => expectFires(fakeRule(() => []), { name: 'x', findings: [{}] })).toThrow();
    expect(() => expectFires(fakeRule(() => [{ field: '/issuer' }, { field: '/issuer' }]), { name: 'x', findings: [{}] })).toThrow();
    expect(() => expectFires(firesOnce, { name: 'x', findings: [] })).toThrow();
  });

  it("fails a finding whose code or severity is not the rule's, even when the case does not name them", () => {
    const wrongSeverity: LintRule = { ...firesOnce, check: (ctx) => firesOnce.check(ctx).map((f) => ({ ...f, severity: 'warning' as const })) };
    const wrongCode: LintRule = { ...firesOnce, check: (ctx) => firesOnce.check(ctx).map((f) => ({ ...f, code: 'OTHER' })) };
    expect(() => expectFires(wrongSeverity, { name: 'x', findings: [{}] })).toThrow();
    expect(() => expectFires(wrongCode, { name: 'x', findings: [{}] })).toThrow();
  });

  it('fails a finding whose evidence has a member the case does not list, or lacks one it lists', () => {
    const extra = fakeRule(() => [{ field: '/issuer', note: 'x' }]);
    expect(() => expectFires(extra, { name: 'x', findings: [{ evidence: { field: '/issuer' } }] })).toThrow();
    expect(() => expectFires(firesOnce, { name: 'x', findings: [{ evidence: { field: '/issuer', note: 'x' } }] })).toThrow();
  });

  it("fails any case whose findings show a private member of the case's JWK Set, at any depth", () => {
    const showsD = fakeRule(({ jwks }) => (jwks.state === 'fetched' ? [{ field: '/jwks_uri', hint: `…${leakedKey.d as string}…` }] : []));
    expect(() => expectFires(showsD, { name: 'x', jwks: { keys: [leakedKey] }, findings: [{}] })).toThrow('private key value');
    const oth = { r: 'b3RoZXItcHJpbWUtcg', d: 'b3RoZXItcHJpbWUtZA', t: 'b3RoZXItcHJpbWUtdA' };
    const showsOthT = fakeRule(() => [{ field: '/jwks_uri', t: oth.t }]);
    expect(() => expectFires(showsOthT, { name: 'x', jwks: { keys: [{ ...keys.rsa2048, oth: [oth] }] }, findings: [{}] })).toThrow('private key value');
    const showsK = fakeRule(() => [{ field: '/jwks_uri', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' }]);
    expect(() => expectFires(showsK, { name: 'x', jwks: { keys: [{ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ' }] }, findings: [{}] })).toThrow('private key value');
  });

  it('fails a case whose findings show the shared test private key, or a string the case forbids, even in a valid case', () => {
    const showsP = fakeRule(() => [{ field: '/jwks_uri', p: keys.rsa2048Private.p }]);
    expect(() => expectFires(showsP, { name: 'x', findings: [{}] })).toThrow('private key value');
    const showsPassword = fakeRule(({ request }) => [{ uri: request.issuer }]);
    expect(() => expectFires(showsPassword, { name: 'x', request: { issuer: 'https://a:hunter2@idp.example.com' }, neverShows: ['hunter2'], findings: [{}] })).toThrow('hunter2');
  });

  it('refuses a request that the lint endpoint would answer with 422', () => {
    expect(() => expectSilent(fakeRule(() => []), { name: 'x', request: { alg_policy: { allowed_algs: [] } } })).toThrow(RequestInvalidError);
  });

  it('refuses case lists without a case of each kind, or with a name used twice', () => {
    expect(() => expectWellFormed({ valid: [], invalid: [{ name: 'a', findings: [{}] }] })).toThrow();
    expect(() => expectWellFormed({ valid: [{ name: 'a' }], invalid: [] })).toThrow();
    expect(() => expectWellFormed({ valid: [{ name: 'a' }], invalid: [{ name: 'a', findings: [{}] }] })).toThrow();
    expect(() => expectWellFormed({ valid: [{ name: 'a' }], invalid: [{ name: 'b', findings: [{}] }] })).not.toThrow();
  });
});

describe('the context the RuleTester builds', () => {
  const seen = (c: Parameters<typeof findingsOf>[1], extra: Partial<LintRule> = {}): LintRuleContext => {
    let ctx: LintRuleContext | undefined;
    findingsOf(fakeRule((x) => void (ctx = x), extra), c);
    if (ctx === undefined) throw new Error('the rule was not run');
    return ctx;
  };

  it('applies the https_required default, and keeps the request as sent', () => {
    expect(seen({ name: 'x' })).toMatchObject({ httpsRequired: true, skippedChecks: [], request: goodRequest(JWKS_URI) });
    expect(seen({ name: 'x' }).request).not.toHaveProperty('https_required');
    expect(seen({ name: 'x', request: { https_required: false } }).httpsRequired).toBe(false);
  });

  it('reads a served document with the JWK Set analysis, and a failed or skipped fetch as such', () => {
    const fetched = seen({ name: 'x', jwks: { keys: [jwk(keys.rsa1024, { kid: 'small' })] } }).jwks;
    expect(fetched).toMatchObject({ state: 'fetched', uri: JWKS_URI, analysis: { keys: [{ index: 0, kid: 'small', kty: 'RSA', bits: 1024 }] } });
    expect(seen({ name: 'x', jwks: [] }).jwks).toMatchObject({ state: 'fetched', analysis: { notASet: 'the document is not a JSON object' } });
    expect(seen({ name: 'x', jwks: { unreachable: 'http_status', status: 503 } }).jwks).toMatchObject({ state: 'unreachable', uri: JWKS_URI, reason: 'http_status', status: 503 });
    const offline = seen({ name: 'x', jwks: 'skipped' });
    expect(offline.jwks).toEqual({ state: 'skipped', uri: JWKS_URI });
    expect(offline.skippedChecks).toEqual(LINT_RULES.filter((r) => r.needsJwks === true).map((r) => r.code));
  });

  it('does not run a rule that reads the JWKS offline, as the lint does not', () => {
    let ran = false;
    const reader = fakeRule(() => void (ran = true), { needsJwks: true });
    expect(findingsOf(reader, { name: 'x', jwks: 'skipped' })).toEqual([]);
    expect(ran).toBe(false);
    findingsOf(reader, { name: 'x' });
    expect(ran).toBe(true);
  });

  it.each<[string, Partial<LintRequest>]>([
    ['a good request', {}],
    ['a request with a problem for every static rule', {
      issuer: 'http://admin:hunter2@idp.example.com/?x#y',
      redirect_uris: ['http://localhost/cb', 'https://*.example.com/cb', 'javascript:alert(1)'],
      alg_policy: { allowed_algs: ['none', 'rs256', 'HS256'] },
      discovered_jwks_uri: 'https://idp.example.com/other',
    }],
  ])('gives, rule by rule, exactly what an offline lint gives for %s', async (_name, overrides) => {
    const lint = await lintOidcConfig(goodRequest(JWKS_URI, overrides), createEngineContext());
    expect(LINT_RULES.flatMap((rule) => findingsOf(rule, { name: 'x', request: overrides, jwks: 'skipped' }))).toEqual(lint.findings);
    expect(lint.findings.length).toBeGreaterThan(0);
  });
});
