/**
 * POST /v1/lint/trust-policy through the real service on loopback, checked against the OpenAPI document
 * it serves, and `oidc-gate trust-policy` reading the same body from a JSON file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.ts';
import { call, Contract, start, type Harness } from '../server/harness.ts';
import { awsPolicy, ISSUER_HOST } from './trust-tester.ts';

const body = {
  aws_trust_policy: awsPolicy({ StringEquals: { [`${ISSUER_HOST}:aud`]: 'sts.amazonaws.com' }, StringLike: { [`${ISSUER_HOST}:sub`]: 'repo:acme/*' } }),
  cases: [{ name: 'other repository', claims: { sub: 'repo:acme/other:ref:refs/heads/main', aud: 'sts.amazonaws.com' }, expect: 'deny' }],
};

let h: Harness;
let contract: Contract;
beforeAll(async () => {
  h = await start({ LOG_LEVEL: 'silent' });
  contract = await Contract.load(h.url);
});
afterAll(() => h.close());

describe('POST /v1/lint/trust-policy', () => {
  it('answers 200 with the findings, the conditions and the cases, as the OpenAPI document describes', async () => {
    const reply = await call(`${h.url}/v1/lint/trust-policy`, { body, headers: { 'x-request-id': 'trust-1' } });
    expect(reply.status).toBe(200);
    contract.assert('TrustPolicyResponse', reply.json);
    const json = reply.json as { valid: boolean; findings: { code: string }[]; metadata: Record<string, unknown> };
    expect(json.valid).toBe(false);
    expect(json.findings.map((f) => f.code)).toEqual(['TRUST_SUBJECT_UNBOUNDED', 'TRUST_CASE_FAILED']);
    expect(json.metadata).toMatchObject({ issuer: 'https://token.actions.githubusercontent.com', cases: [{ name: 'other repository', expect: 'deny', outcome: 'allow' }], request_id: 'trust-1' });
  });

  it('answers 422 REQUEST_INVALID with a pointer for a body that fails the schema', async () => {
    const reply = await call(`${h.url}/v1/lint/trust-policy`, { body: { cases: [{ claims: {}, expect: 'sometimes' }] } });
    const problem = contract.problem(reply, 422, 'REQUEST_INVALID');
    expect(problem.errors).toEqual([{ pointer: '/cases/0/expect', message: expect.any(String) }]);
  });

  it('takes one document of every format, each judged as its system does, and the OpenAPI document names each member', async () => {
    const github = 'https://token.actions.githubusercontent.com';
    const broad: Record<string, Record<string, unknown>> = {
      gcp_workload_identity: { provider: { attribute_mapping: { 'google.subject': 'assertion.sub', 'attribute.repository_owner': 'assertion.repository_owner' }, attribute_condition: "assertion.repository_owner == 'acme'", oidc: { issuer_uri: github } }, bindings: [{ role: 'roles/iam.workloadIdentityUser', members: ['principalSet://iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/ci/*'] }] },
      azure_federated_credential: { name: 'deploy', issuer: github, audiences: ['api://AzureADTokenExchange'], claimsMatchingExpression: { value: "claims['sub'] matches 'repo:acme/*'", languageVersion: 1 } },
      vault_jwt_role: { role_type: 'jwt', bound_audiences: ['https://github.com/acme'], user_claim: 'sub', bound_claims_type: 'glob', bound_claims: { repository: 'acme/*' } },
    };
    const doc = (await call(`${h.url}/v1/openapi.json`, { key: null })).json as { components: { schemas: { TrustPolicyRequest: { properties: Record<string, unknown> } } } };
    for (const [member, document] of Object.entries(broad)) {
      expect(Object.keys(doc.components.schemas.TrustPolicyRequest.properties), member).toContain(member);
      const reply = await call(`${h.url}/v1/lint/trust-policy`, { body: { [member]: document } });
      expect(reply.status, member).toBe(200);
      contract.assert('TrustPolicyResponse', reply.json);
      const json = reply.json as { valid: boolean; findings: { code: string; evidence: { field: string } }[] };
      expect(json.valid, member).toBe(false);
      const unbounded = json.findings.find((f) => f.code === 'TRUST_SUBJECT_UNBOUNDED');
      expect(unbounded?.evidence.field, member).toMatch(new RegExp(`^/${member}/`));
    }
  });

  it('answers 422 naming the second document when a request holds two', async () => {
    const reply = await call(`${h.url}/v1/lint/trust-policy`, { body: { ...body, vault_jwt_role: { bound_audiences: ['x'] } } });
    const problem = contract.problem(reply, 422, 'REQUEST_INVALID');
    expect(problem.errors).toEqual([{ pointer: '/vault_jwt_role', message: expect.stringContaining('One trust document per request') }]);
  });

  it('is listed in the OpenAPI document with its operationId and tag', async () => {
    const doc = (await call(`${h.url}/v1/openapi.json`, { key: null })).json as { paths: Record<string, { post?: { operationId: string; tags: string[] } }> };
    expect(doc.paths['/v1/lint/trust-policy']?.post).toMatchObject({ operationId: 'lintTrustPolicy', tags: ['lint'] });
  });
});

describe('oidc-gate trust-policy', () => {
  it('reads the request from a JSON file and prints, off a terminal, the body the service answers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trust-cli-'));
    writeFileSync(path.join(dir, 'trust.json'), JSON.stringify(body));
    const run = await runCli(['trust-policy', 'trust.json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const service = await call(`${h.url}/v1/lint/trust-policy`, { body });
    const answered = service.json as { metadata: Record<string, unknown> };
    delete answered.metadata.request_id;
    expect(JSON.parse(run.stdout)).toEqual(answered);
  });
});
