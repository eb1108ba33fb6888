/**
 * What a gcp_workload_identity request is refused for (422, never judged in part): its size, a
 * condition longer than Google accepts or past what the checker expands, a member in two spellings,
 * and more ways in than are judged. Each refusal names the place and says what to shrink.
 */
import { describe, expect, it } from 'vitest';
import { RequestInvalidError } from '../../../src/engine/errors.ts';
import { trustRequestRefusals } from '../../../src/engine/index.ts';
import { AT, CONDITION, GITHUB, inPool, lint, MAPPING, OWNER_ONLY, provider, request } from './gcp-tester.ts';

async function refusal(body: Record<string, unknown>): Promise<{ pointer: string; message: string }[]> {
  try {
    await lint(body);
  } catch (err) {
    if (err instanceof RequestInvalidError) return err.errors;
    throw err;
  }
  throw new Error('the request was judged');
}

describe('gcp_workload_identity refusals', () => {
  it('a document over 64 KiB', async () => {
    const errors = await refusal(request(provider(OWNER_ONLY, { description: 'x'.repeat(70_000) })));
    expect(errors).toEqual([{ pointer: AT, message: expect.stringContaining('65,536') as unknown }]);
  });

  it('a condition over 4,096 characters, as Google refuses it', async () => {
    const long = `${OWNER_ONLY} && assertion.sub != '${'x'.repeat(4096)}'`;
    expect(await refusal(request(provider(long)))).toEqual([{ pointer: CONDITION, message: expect.stringContaining('4,096') as unknown }]);
  });

  it('a condition expanding to more than 64 alternatives, or nesting past 32', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => `(assertion.a${i} == '1' || assertion.b${i} == '2')`).join(' && ');
    expect(await refusal(request(provider(seven)))).toEqual([{ pointer: CONDITION, message: expect.stringContaining('64 alternatives') as unknown }]);
    expect(await refusal(request(provider(`${'('.repeat(40)}true${')'.repeat(40)}`)))).toEqual([{ pointer: CONDITION, message: expect.stringContaining('32') as unknown }]);
  });

  it('a member in both spellings is a refusal of the shape, not of the size', async () => {
    const both = { ...provider(OWNER_ONLY), attributeCondition: 'true' };
    expect(await refusal(request(both))).toEqual([{ pointer: `${AT}/provider`, message: expect.stringContaining('attribute_condition and attributeCondition') as unknown }]);
    expect(trustRequestRefusals(request(both))).toEqual([expect.objectContaining({ limit: false })]);
    const oidc = provider(OWNER_ONLY, { oidc: { issuer_uri: GITHUB, issuerUri: GITHUB } });
    expect(await refusal(request(oidc))).toEqual([{ pointer: `${AT}/provider/oidc`, message: expect.stringContaining('issuer_uri and issuerUri') as unknown }]);
  });

  it('more than 128 ways in (alternatives × federated members)', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => `assertion.ref == 'refs/heads/r${i}'`).join(' || ');
    const members = Array.from({ length: 17 }, (_, i) => inPool(`attribute.repository/acme/r${i}`));
    expect(await refusal(request(provider(eight), members))).toEqual([{ pointer: `${AT}/bindings`, message: expect.stringContaining('136 ways in') as unknown }]);
    expect(trustRequestRefusals(request(provider(eight), members.slice(0, 16)))).toEqual([]);
    // Members that are not federated identities are not ways in.
    expect(trustRequestRefusals(request(provider(eight), Array.from({ length: 300 }, (_, i) => `user:u${i}@example.com`)))).toEqual([]);
  });

  it('more members than an IAM allow policy holds', async () => {
    const members = Array.from({ length: 1501 }, (_, i) => `user:u${i}@x.io`);
    expect(await refusal(request(provider(OWNER_ONLY), members))).toEqual([{ pointer: `${AT}/bindings`, message: expect.stringContaining('1,500') as unknown }]);
  });

  it('the limits are the document\'s own: mapping and condition within them are judged', async () => {
    const res = await lint(request({ attributeMapping: MAPPING, attributeCondition: OWNER_ONLY, oidc: { issuerUri: GITHUB } }, [inPool('attribute.repository/acme/app')]));
    expect(res.valid).toBe(true);
  });
});
