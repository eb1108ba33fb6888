/**
 * The service writes a validation response with validateResponseJson, a shortcut for the common answer:
 * its bytes must be exactly JSON.stringify's, for every response the validator can give.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.ts';
import type { ValidateResponse } from '../../src/engine/types.ts';
import { validateResponseJson } from '../../src/engine/validate/response-json.ts';
import { claims, goodToken, NOW, policyFor } from '../helpers/tokens.ts';

const engine = createEngine({ network: { online: false }, clock: () => NOW * 1000 });
async function validate(body: unknown): Promise<ValidateResponse> {
  const outcome = await engine.run('validate', body);
  if (outcome.response === undefined) throw new Error(JSON.stringify(outcome.problem));
  return outcome.response as ValidateResponse;
}

describe('validateResponseJson', () => {
  it('gives JSON.stringify\'s bytes for valid, invalid and warned answers, with the cache missing and hitting', async () => {
    const cases: unknown[] = [
      { token: goodToken('RS256'), policy: policyFor('RS256') },
      { token: goodToken('RS256', { headerExtra: { kid: 'k-"1"\u2028' } }), policy: policyFor('RS256') },
      { token: goodToken('ES256'), policy: policyFor('ES256') },
      { token: goodToken('HS256'), policy: policyFor('HS256') },
      { token: goodToken('RS256', { payload: claims({ exp: undefined }) }), policy: policyFor('RS256') },
      { token: goodToken('RS256', { payload: claims({ exp: NOW - 100 }) }), policy: policyFor('RS256') },
      { token: goodToken('RS256', { payload: claims({ aud: 'other' }) }), policy: policyFor('RS256') },
      { token: goodToken('RS256'), policy: policyFor('RS256', { required_claims: ['tenant'], required_custom_claims: { sub: 'other' } }) },
      { token: goodToken('RS256'), policy: policyFor('RS256', { allowed_algs: ['ES256'] }) },
    ];
    let shortcuts = 0;
    for (const body of cases) {
      for (let sighting = 0; sighting < 3; sighting++) {
        const response = await validate(body);
        response.metadata.request_id = `req-${sighting}`;
        expect(validateResponseJson(response)).toBe(JSON.stringify(response));
        if (response.findings.length === 0 && response.claim_diff === undefined) shortcuts++;
      }
    }
    // The shortcut was taken, with and without warnings, on misses and hits.
    expect(shortcuts).toBeGreaterThanOrEqual(15);
  });

  it('gives JSON.stringify\'s bytes for any statuses, summary and metadata', () => {
    // Mostly 'pass': the shortcut is taken only when all six pass.
    const status = fc.oneof({ arbitrary: fc.constant('pass' as const), weight: 19 }, { arbitrary: fc.constant('fail' as const), weight: 1 });
    const text = fc.string({ unit: 'binary', maxLength: 20 });
    const response = fc.record({
      valid: fc.boolean(),
      statuses: fc.record({ signature: status, issuer: status, audience: status, algorithm: status, time: status, required_claims: status }),
      findings: fc.constant([]),
      summary: text,
      metadata: fc.record({
        alg: text,
        kid: fc.option(text, { nil: undefined }),
        key_source: fc.constantFrom('public_key', 'secret', 'jwks'),
        jwks_cache: fc.option(fc.constantFrom('hit', 'miss', 'refreshed', 'stale'), { nil: undefined }),
        signature_cache: fc.option(fc.constantFrom('hit', 'miss'), { nil: undefined }),
        warnings: fc.option(fc.constant([{ code: 'WEAK_SECRET', severity: 'warning', message: 'The "HS256" secret is short.' }]), { nil: undefined }),
        request_id: text,
      }, { requiredKeys: ['alg', 'key_source'] })
        // Members in any order: a kid learned from the key comes after the cache state.
        .chain((m) => fc.shuffledSubarray(Object.keys(m), { minLength: Object.keys(m).length }).map((order) => Object.fromEntries(order.map((k) => [k, m[k as keyof typeof m]])))),
    });
    fc.assert(fc.property(response, (r) => {
      expect(validateResponseJson(r as unknown as ValidateResponse)).toBe(JSON.stringify(r));
    }), { numRuns: 2000 });
    // Strings JSON.stringify escapes, each in a member the shortcut writes.
    for (const odd of ['"', '\\', '\n', '\u0000', '\u007f', 'é', '\u2028', '\ud800', 'a"b\\c']) {
      const r = { valid: true, statuses: { signature: 'pass', issuer: 'pass', audience: 'pass', algorithm: 'pass', time: 'pass', required_claims: 'pass' }, findings: [], summary: odd, metadata: { alg: odd, kid: odd, key_source: 'jwks', request_id: odd } };
      expect(validateResponseJson(r as unknown as ValidateResponse)).toBe(JSON.stringify(r));
    }
  });
});
