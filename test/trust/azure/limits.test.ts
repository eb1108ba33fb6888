/**
 * What the azure_federated_credential format refuses (422) rather than judges: a credential Microsoft
 * Graph would not store (subject beside claimsMatchingExpression, or neither), and one over the limits
 * (64 KiB as JSON, an expression over 4,096 characters or 20 clauses, values longer than a pattern may
 * be). A credential at the limits is judged.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CLAUSES, MAX_EXPRESSION_LENGTH } from '../../../src/engine/trust/azure/limits.ts';
import { trustRequestRefusals } from '../../../src/engine/trust/lint.ts';
import { AT, classic, flexible, lint, PINNED, request, VALUE } from './azure-tester.ts';

type Json = Record<string, unknown>;

async function refusal(body: Json): Promise<{ pointer: string; message: string }[]> {
  try {
    await lint(body);
  } catch (error) {
    expect((error as { code?: string }).code).toBe('REQUEST_INVALID');
    return (error as { errors: { pointer: string; message: string }[] }).errors;
  }
  throw new Error('expected a 422 refusal');
}

const clause = (i: number): string => `claims['sub'] matches 'repo:acme@1001/app@2002:environment:e${i}*'`;

describe('azure_federated_credential refusals', () => {
  it('refuses subject beside claimsMatchingExpression: Graph stores only one', async () => {
    const body = request(classic(PINNED, { claimsMatchingExpression: { value: `claims['sub'] eq '${PINNED}'`, languageVersion: 1 } }));
    expect(await refusal(body)).toEqual([{ pointer: `${AT}/claimsMatchingExpression`, message: expect.stringContaining('mutually exclusive') }]);
  });

  it('refuses a credential with neither, null counting as absent', async () => {
    expect(await refusal(request({ name: 'x', issuer: 'https://token.actions.githubusercontent.com', audiences: ['api://AzureADTokenExchange'], subject: null, claimsMatchingExpression: null })))
      .toEqual([{ pointer: AT, message: expect.stringContaining('neither subject nor claimsMatchingExpression') }]);
  });

  it('refuses a credential over 64 KiB as JSON, and judges one under it', async () => {
    const padded = (n: number): Json => request(classic(PINNED, { description: 'x'.repeat(n) }));
    expect(await refusal(padded(70_000))).toEqual([{ pointer: AT, message: expect.stringContaining('at most 65,536 are judged') }]);
    expect((await lint(padded(60_000))).valid).toBe(true);
  });

  it('refuses an expression over its length, clause count or comparand length', async () => {
    const long = `claims['sub'] eq '${PINNED}' and claims['job_workflow_ref'] matches '${'a'.repeat(MAX_EXPRESSION_LENGTH)}'`;
    expect(await refusal(request(flexible(long)))).toEqual([{ pointer: VALUE, message: expect.stringContaining('at most 4,096 are judged') }]);
    const many = Array.from({ length: MAX_CLAUSES + 1 }, (_, i) => clause(i)).join(' and ');
    expect(await refusal(request(flexible(many)))).toEqual([{ pointer: VALUE, message: expect.stringContaining(`${MAX_CLAUSES + 1} clauses`) }]);
    const wide = `claims['sub'] matches '${'a'.repeat(1025)}'`;
    expect(await refusal(request(flexible(wide)))).toEqual([{ pointer: VALUE, message: expect.stringContaining('1,025 characters') }]);
  });

  it('judges an expression at its limits', async () => {
    const atLimit = Array.from({ length: MAX_CLAUSES }, (_, i) => clause(i)).join(' and ');
    expect(trustRequestRefusals(request(flexible(atLimit)))).toEqual([]);
    const res = await lint(request(flexible(atLimit)));
    expect(res.findings.map((f) => f.code)).not.toContain('TRUST_CONDITION_UNSUPPORTED');
  });

  it('refuses a subject, issuer or audience longer than a pattern may be, and more than 100 audiences', async () => {
    expect(await refusal(request(classic('a'.repeat(1025))))).toEqual([{ pointer: `${AT}/subject`, message: expect.stringContaining('1,025 characters') }]);
    expect(await refusal(request(classic(PINNED, { issuer: `https://${'a'.repeat(1020)}` })))).toEqual([{ pointer: `${AT}/issuer`, message: expect.any(String) }]);
    expect(await refusal(request(classic(PINNED, { audiences: ['a'.repeat(1025)] })))).toEqual([{ pointer: `${AT}/audiences/0`, message: expect.any(String) }]);
    expect(await refusal(request(classic(PINNED, { audiences: Array.from({ length: 101 }, (_, i) => `aud-${i}`) }))))
      .toEqual([{ pointer: `${AT}/audiences`, message: expect.stringContaining('101 audiences') }]);
  });

  it('refuses one trust document beside another', async () => {
    const body = { ...request(classic(PINNED)), aws_trust_policy: { Version: '2012-10-17', Statement: [] } };
    expect((await refusal(body)).map((p) => p.pointer)).toEqual([expect.stringMatching(/^\/(aws_trust_policy|azure_federated_credential)$/)]);
  });
});
