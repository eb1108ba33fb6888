/**
 * issue-on-failure end to end: the action bundle against a loopback stand-in for the GitHub REST API
 * (the four endpoints Octokit calls: list issues by label, create an issue, comment, update its state),
 * reached through GITHUB_API_URL. Every request is recorded and checked, token included; the token
 * never appears in what the action prints.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundlesPresent, tempParent, visibleLog, workspace } from '../fixtures/harness.ts';
import { runAction } from '../lock/run-async.ts';

interface Issue { number: number; title: string; body: string; state: string; labels: { name: string }[]; pull_request?: object }
interface Recorded { method: string; path: string; authorization: string | undefined; body: Record<string, unknown> | undefined }

const TOKEN = 'ghs_loopbackTestToken0123456789abcdefABCD';
const REPO = '/repos/acme/identity';
const parent = tempParent('oidc-gate-issue-e2e-');

/** The stand-in's state: its issues, what it was asked, and a status to fail every request with. */
const api = { issues: [] as Issue[], requests: [] as Recorded[], failWith: 0 };
let server: http.Server;
let apiUrl: string;

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => { raw += d.toString(); });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = raw !== '' ? JSON.parse(raw) as Record<string, unknown> : undefined;
      api.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
      if (api.failWith !== 0) return reply(res, api.failWith, { message: 'Resource not accessible by integration' });
      const one = /^\/repos\/acme\/identity\/issues\/(\d+)(\/comments)?$/.exec(url.pathname);
      if (req.method === 'GET' && url.pathname === `${REPO}/issues`) {
        const label = url.searchParams.get('labels');
        const state = url.searchParams.get('state');
        return reply(res, 200, api.issues.filter((i) => i.state === state && i.labels.some((l) => l.name === label)));
      }
      if (req.method === 'POST' && url.pathname === `${REPO}/issues`) {
        const issue: Issue = {
          number: api.issues.length + 1, title: String(body?.title), body: String(body?.body), state: 'open',
          labels: ((body?.labels ?? []) as string[]).map((name) => ({ name })),
        };
        api.issues.push(issue);
        return reply(res, 201, issue);
      }
      const issue = one !== null ? api.issues.find((i) => i.number === Number(one[1])) : undefined;
      if (issue !== undefined && req.method === 'POST' && one?.[2] === '/comments') return reply(res, 201, { id: 1, body: body?.body });
      if (issue !== undefined && req.method === 'PATCH' && one?.[2] === undefined) {
        issue.state = String(body?.state);
        return reply(res, 200, issue);
      }
      return reply(res, 404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(parent, { recursive: true, force: true });
});

beforeEach(() => {
  api.requests = [];
  api.failWith = 0;
});

const runnerEnv = (): NodeJS.ProcessEnv => ({
  GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/identity', GITHUB_WORKFLOW: 'JWKS audit',
  GITHUB_SERVER_URL: 'https://github.example', GITHUB_RUN_ID: '4242',
});
// The good repository has one warning: under issue-on: error its runs count as passing for the issue
// (issue-on's default, warning, is tested by test/action/scheduled-audit.e2e.test.ts).
const inputs = { network: 'false', 'issue-on-failure': 'true', 'issue-on': 'error', 'github-token': TOKEN };
const brokenRepo = (): string => workspace('broken', parent);
const goodRepo = (): string => workspace('good', parent);
const calls = (): string[] => api.requests.map((r) => `${r.method} ${r.path}`);
const LIST = `GET ${REPO}/issues?labels=oidc-gate&state=open&per_page=100`;

function expectTokenHidden(r: { stdout: string; stderr: string; summary: string }): void {
  expect(visibleLog(r.stdout)).not.toContain(TOKEN);
  expect(r.stderr).not.toContain(TOKEN);
  expect(r.summary).not.toContain(TOKEN);
  // Announced to the runner once, so its log shows *** if the token ever leaks into a line.
  expect(r.stdout.split('\n').filter((l) => l === `::add-mask::${TOKEN}`)).toHaveLength(1);
}

describe.skipIf(!bundlesPresent())('issue-on-failure through the action bundle', () => {
  // One lifecycle, in order: open, comment while failing, close when passing.
  it('a failing run opens one issue labelled oidc-gate, named after the workflow, with the headline and top findings', async () => {
    api.issues = [];
    const r = await runAction(brokenRepo(), inputs, runnerEnv());
    expect(r.status).toBe(1);
    expect(calls()).toEqual([LIST, `POST ${REPO}/issues`]);
    expect(api.requests.every((q) => q.authorization === `token ${TOKEN}`)).toBe(true);
    const created = api.requests[1]?.body as { title: string; labels: string[]; body: string };
    expect(created.title).toBe('oidc-gate: JWKS audit is failing');
    expect(created.labels).toEqual(['oidc-gate']);
    expect(created.body).toContain('<!-- oidc-gate:issue-on-failure workflow=JWKS%20audit -->');
    expect(created.body).toMatch(/^\*\*Failed(:|&colon;|&#58;) 5 errors and 1 warning in 3 files/m);
    expect(created.body).toContain('Run: https://github.example/acme/identity/actions/runs/4242');
    // Escaped for Markdown (the escaping is the job summary's), one row per finding, errors first.
    expect(created.body).toMatch(/^\| error \| CONFIG\S{1,8}YAML\S{1,8}INVALID \| \.github\/oidc-gate\/syntax\.yml\S{1,8}4 \|/m);
    expect(created.body).not.toContain(TOKEN);
    expect(r.stdout).toContain('oidc-gate: opened issue #1 for the failing run.');
    expectTokenHidden(r);
  });

  it('a second failing run comments on the open issue instead of opening another', async () => {
    const r = await runAction(brokenRepo(), inputs, runnerEnv());
    expect(r.status).toBe(1);
    expect(calls()).toEqual([LIST, `POST ${REPO}/issues/1/comments`]);
    expect(String(api.requests[1]?.body?.body)).toMatch(/^Still failing\.\n\n\*\*Failed(:|&colon;|&#58;) 5 errors/);
    expect(api.issues).toHaveLength(1);
    expectTokenHidden(r);
  });

  it('the next passing run comments and closes the issue', async () => {
    const r = await runAction(goodRepo(), inputs, runnerEnv());
    expect(r.status).toBe(0);
    expect(calls()).toEqual([LIST, `POST ${REPO}/issues/1/comments`, `PATCH ${REPO}/issues/1`]);
    expect(String(api.requests[1]?.body?.body)).toMatch(/^Passing again: Passed with 1 warning/);
    expect(api.requests[2]?.body).toEqual({ state: 'closed', state_reason: 'completed' });
    expect(api.issues[0]?.state).toBe('closed');
    expectTokenHidden(r);
  });

  it('a passing run with no open issue only looks; an issue of the same title not opened by oidc-gate is left alone', async () => {
    api.issues.push({ number: 2, title: 'oidc-gate: JWKS audit is failing', body: 'opened by hand', state: 'open', labels: [{ name: 'oidc-gate' }] });
    const pass = await runAction(goodRepo(), inputs, runnerEnv());
    expect(pass.status).toBe(0);
    expect(calls()).toEqual([LIST]);
    api.requests = [];
    const fail = await runAction(brokenRepo(), inputs, runnerEnv());
    expect(fail.status).toBe(1);
    expect(calls()).toEqual([LIST, `POST ${REPO}/issues`]);
    expect(api.issues.find((i) => i.number === 2)?.state).toBe('open');
  });

  it('a 403 from the API is one warning, and the step\'s outcome is the gate\'s', async () => {
    api.failWith = 403;
    const fail = await runAction(brokenRepo(), inputs, runnerEnv());
    expect(fail.status).toBe(1);
    const warnings = fail.stdout.split('\n').filter((l) => l.startsWith('::warning::oidc-gate: issue-on-failure'));
    expect(warnings).toEqual(['::warning::oidc-gate: issue-on-failure could not list the open oidc-gate issues: HTTP 403 (give the job permissions: issues: write, or a github-token that may write issues). The gate\'s result is unchanged.']);
    expect(fail.stdout).not.toContain('Resource not accessible');
    const pass = await runAction(goodRepo(), inputs, runnerEnv());
    expect(pass.status).toBe(0);
    expect(pass.stdout).toContain('::warning::oidc-gate: issue-on-failure could not list the open oidc-gate issues: HTTP 403');
    expectTokenHidden(pass);
  });

  it('a 500 from the API, or an API that cannot be reached, is one warning too', async () => {
    api.issues = [];
    api.failWith = 500;
    const r = await runAction(brokenRepo(), inputs, runnerEnv());
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('::warning::oidc-gate: issue-on-failure could not list the open oidc-gate issues: HTTP 500. The gate\'s result is unchanged.');
    api.failWith = 0;
    const closed = await runAction(goodRepo(), inputs, { ...runnerEnv(), GITHUB_API_URL: 'http://127.0.0.1:9' });
    expect(closed.status).toBe(0);
    expect(closed.stdout).toContain('::warning::oidc-gate: issue-on-failure could not list the open oidc-gate issues: the GitHub API could not be reached. The gate\'s result is unchanged.');
  });

  it('is off by default: no request, no token masked', async () => {
    const r = await runAction(brokenRepo(), { network: 'false', 'github-token': TOKEN }, runnerEnv());
    expect(r.status).toBe(1);
    expect(api.requests).toEqual([]);
    expect(r.stdout).not.toContain('::add-mask::ghs_');
  });
});
