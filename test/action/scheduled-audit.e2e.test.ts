/**
 * The README's scheduled-audit caller, run as GitHub runs it: its `with:` through the reusable workflow
 * to the gate step (test/action/workflow-call.ts), and the action bundle with the inputs and environment
 * that step gets. The provider is a JWKS served over HTTPS on 127.0.0.1, the GitHub API a loopback
 * stand-in. When the provider rotates its key, JWKS_KEYS_CHANGED is a warning and the run passes under the
 * caller's `fail-on: error`; `issue-on` (default `warning`) still opens one issue, which is what the
 * audit exists for. The caller only gains `outbound-allow` and `ca-bundle`, which a private provider needs.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundlesPresent, tempParent, visibleLog } from '../fixtures/harness.ts';
import { runAction, runCli } from '../lock/run-async.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';
import { startGitHubApi, type GitHubApiStandIn } from './github-api-stand-in.ts';
import { gateStepOf, readmeCaller, type Caller } from './workflow-call.ts';

const TOKEN = 'ghs_scheduledAuditToken0123456789abcdefAB';
const REPO = '/repos/acme/identity';
const LIST = `GET ${REPO}/issues?labels=oidc-gate&state=open&per_page=100`;
const parent = tempParent('oidc-gate-audit-e2e-');

function rsaKey(kid: string): Record<string, unknown> {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
}
const keyA = rsaKey('orders-2025');
const keyB = rsaKey('orders-2026');
const served = { keys: [keyA] };

let provider: TestServer;
let api: GitHubApiStandIn;
let dir: string;
let caller: Caller;

beforeAll(async () => {
  provider = await startServer({ tls: true });
  provider.handler = (req, res) => {
    res.writeHead(req.url === '/jwks' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.url === '/jwks' ? { keys: served.keys } : { error: 'not found' }));
  };
  api = await startGitHubApi();
  dir = path.join(parent, 'repo');
  mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(dir, '.github/oidc-gate/idp.yml'), [
    'providers:',
    '  - name: orders-idp',
    `    issuer: ${provider.origin}`,
    '    client_id: orders-web',
    '    audiences: [api://orders]',
    `    jwks_uri: ${provider.origin}/jwks`,
    '    redirect_uris: [https://orders.example.com/callback]',
    '    alg_policy: { allowed_algs: [RS256] }',
    '',
  ].join('\n'));
  // The private provider's CA, committed where the caller's ca-bundle names it.
  mkdirSync(path.join(dir, 'ci'), { recursive: true });
  writeFileSync(path.join(dir, 'ci/idp-ca.pem'), testPki().caPem);
  caller = readmeCaller('Scheduled JWKS and discovery audit');
  // The lock the README says to commit: written while key A is served.
  const lock = await runCli(dir, ['lock'], { OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile });
  expect(lock.stdout).toBe('Wrote .github/oidc-gate/jwks.lock.json: 1 key of 1 provider or profile.\n');
});

afterAll(async () => {
  await provider?.close();
  await api?.close();
  rmSync(parent, { recursive: true, force: true });
});

beforeEach(() => {
  api.requests = [];
  served.keys = [keyA];
});

/** One scheduled run: the README caller's inputs (plus what a private provider needs, and `extra`). */
async function scheduledRun(extra: Record<string, string> = {}) {
  const step = gateStepOf({ with: { ...caller.with, 'outbound-allow': '127.0.0.1', 'ca-bundle': 'ci/idp-ca.pem', ...extra } }, dir);
  const runner = {
    GITHUB_API_URL: api.url, GITHUB_REPOSITORY: 'acme/identity', GITHUB_WORKFLOW: caller.name,
    GITHUB_SERVER_URL: 'https://github.example', GITHUB_RUN_ID: '77',
  };
  // github-token is not passed by the workflow: the runner fills in action.yml's default, the job's github.token.
  const r = await runAction(dir, { ...step.inputs, 'github-token': TOKEN }, { ...runner, ...step.env });
  const report = JSON.parse(readFileSync(path.join(dir, step.inputs['report-path'] ?? 'oidc-gate-report.json'), 'utf8')) as { summary: { findings: { code: string; severity: string }[] } };
  return { ...r, step, codes: report.summary.findings.map((f) => `${f.severity} ${f.code}`) };
}

describe.skipIf(!bundlesPresent())("the README's scheduled-audit caller, against a rotated key", () => {
  it('the caller is the one the README shows: fail-on error, the lock, issue-on-failure, in the job that holds issues: write', () => {
    expect(caller.name).toBe('JWKS audit');
    expect(caller.with).toMatchObject({ 'fail-on': 'error', lock: '.github/oidc-gate/jwks.lock.json', 'issue-on-failure': true });
    expect(caller.permissions).toEqual({ contents: 'read', issues: 'write' });
    const step = gateStepOf({ with: caller.with }, dir);
    expect(step.job).toBe('audit');
    expect(step.inputs).toMatchObject({ 'fail-on': 'error', lock: '.github/oidc-gate/jwks.lock.json', 'issue-on-failure': 'true', 'issue-on': 'warning' });
  });

  it('while the locked key is served: passes, no finding, and the stand-in is only asked for open issues', async () => {
    api.issues = [];
    const r = await scheduledRun();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.codes).toEqual([]);
    expect(api.calls()).toEqual([LIST]);
  });

  it('after a rotation the run passes under fail-on: error, and opens one issue naming JWKS_KEYS_CHANGED', async () => {
    api.issues = [];
    served.keys = [keyB];
    const r = await scheduledRun();
    expect(r.status).toBe(0);
    expect(r.codes).toEqual(['warning JWKS_KEYS_CHANGED']);
    expect(api.calls()).toEqual([LIST, `POST ${REPO}/issues`]);
    expect(api.issues).toHaveLength(1);
    const issue = api.issues[0];
    expect(issue?.title).toBe('oidc-gate: JWKS audit is failing');
    expect(issue?.labels).toEqual([{ name: 'oidc-gate' }]);
    expect(issue?.body).toMatch(/^\| warning \| JWKS\S{1,8}KEYS\S{1,8}CHANGED \|/m);
    expect(issue?.body).toContain('issue-on: warning');
    expect(api.requests.every((q) => q.authorization === `token ${TOKEN}`)).toBe(true);
    expect(r.stdout).toContain("oidc-gate: opened issue #1 for the run's findings (issue-on: warning).");
    expect(visibleLog(r.stdout)).not.toContain(TOKEN);
  });

  it('the next run with the key still rotated comments on that issue; once the keys match the lock again, it closes', async () => {
    served.keys = [keyB];
    const still = await scheduledRun();
    expect(still.status).toBe(0);
    expect(api.calls()).toEqual([LIST, `POST ${REPO}/issues/1/comments`]);
    expect(String(api.requests[1]?.body?.body)).toMatch(/^Still reporting findings\.\n\n/);
    expect(api.issues).toHaveLength(1);
    api.requests = [];
    served.keys = [keyA];
    const back = await scheduledRun();
    expect(back.status).toBe(0);
    expect(api.calls()).toEqual([LIST, `POST ${REPO}/issues/1/comments`, `PATCH ${REPO}/issues/1`]);
    expect(api.issues[0]?.state).toBe('closed');
  });

  it('with issue-on: error, a rotation (a warning) opens no issue; fail-on still decides the run', async () => {
    api.issues = [];
    served.keys = [keyB];
    const r = await scheduledRun({ 'issue-on': 'error' });
    expect(r.status).toBe(0);
    expect(r.codes).toEqual(['warning JWKS_KEYS_CHANGED']);
    expect(api.calls()).toEqual([LIST]);
    expect(api.issues).toEqual([]);
  });

  it('issue-on is apart from fail-on: with fail-on: warning the rotation fails the run, and issue-on: error still opens nothing', async () => {
    api.issues = [];
    served.keys = [keyB];
    const r = await scheduledRun({ 'issue-on': 'error', 'fail-on': 'warning' });
    expect(r.status).toBe(1);
    expect(r.codes).toEqual(['warning JWKS_KEYS_CHANGED']);
    expect(api.calls()).toEqual([LIST]);
  });

  it('issue-on takes warning or error, nothing else: the step fails before any work', async () => {
    const r = await scheduledRun({ 'issue-on': 'sometimes' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('::error::oidc-gate: Input issue-on must be one of warning, error, not "sometimes".');
    expect(api.requests).toEqual([]);
  });
});
