/**
 * issue-on-failure against a GitHub API that answers what it likes (GITHUB_API_URL names it; on GitHub
 * Enterprise Server, a proxy or a stand-in sits there). The step prints the number, and the
 * runner reads any printed line that starts with `::` as a workflow command: a "number" holding a line
 * break must not become one. An answer of the wrong shape is one warning, never a crash, and the
 * step's outcome stays the gate's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundlesPresent, tempParent, workspace } from '../fixtures/harness.ts';
import { runAction } from '../lock/run-async.ts';

const TOKEN = 'ghs_hostileApiTestToken0123456789abcdefAB';
const parent = tempParent('oidc-gate-issue-api-');
const INJECTED = '::warning::INJECTED-BY-THE-API';

/** What the stand-in answers to the list and to the create request. */
const api = { list: [] as unknown, created: {} as unknown, requests: [] as string[] };
let server: http.Server;
let apiUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      api.requests.push(`${req.method ?? ''} ${new URL(req.url ?? '/', 'http://stand-in').pathname}`);
      const body = req.method === 'GET' ? api.list : req.method === 'POST' && req.url === '/repos/acme/identity/issues' ? api.created : { id: 1 };
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
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
  api.list = [];
  api.created = {};
  api.requests = [];
});

const env = (): NodeJS.ProcessEnv => ({ GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/identity', GITHUB_WORKFLOW: 'JWKS audit' });
// The good repository has one warning: under issue-on: error its runs count as passing for the issue
// (issue-on's default, warning, is tested by test/action/scheduled-audit.e2e.test.ts).
const inputs = { network: 'false', 'issue-on-failure': 'true', 'issue-on': 'error', 'github-token': TOKEN };
const commandLines = (stdout: string): string[] => stdout.split(/\r\n|\r|\n/).filter((l) => l.startsWith('::'));

describe.skipIf(!bundlesPresent())('issue-on-failure: what the GitHub API answers is data', () => {
  it('an issue "number" with a line break in the create answer prints no workflow command', async () => {
    api.created = { number: `7\n${INJECTED}`, title: 'x' };
    const r = await runAction(workspace('broken', parent), inputs, env());
    expect(r.status).toBe(1);
    expect(api.requests).toEqual(['GET /repos/acme/identity/issues', 'POST /repos/acme/identity/issues']);
    expect(r.stdout).toContain('oidc-gate: opened an issue for the failing run.');
    expect(commandLines(r.stdout).filter((l) => l.includes('INJECTED'))).toEqual([]);
  });

  it('a well-formed answer still names the issue it opened', async () => {
    api.created = { number: 7, title: 'x' };
    const r = await runAction(workspace('broken', parent), inputs, env());
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('oidc-gate: opened issue #7 for the failing run.');
  });

  it('a listed issue whose number is not one is not commented on or closed, and prints nothing of it', async () => {
    const mark = '<!-- oidc-gate:issue-on-failure workflow=JWKS%20audit -->';
    api.list = [{ number: `3\n${INJECTED}`, title: 'oidc-gate: JWKS audit is failing', body: mark, labels: [{ name: 'oidc-gate' }] }];
    const r = await runAction(workspace('good', parent), inputs, env());
    expect(r.status).toBe(0);
    expect(api.requests).toEqual(['GET /repos/acme/identity/issues']);
    expect(commandLines(r.stdout).filter((l) => l.includes('INJECTED'))).toEqual([]);
  });

  it('a list that is not a list is one warning, and the step\'s outcome is the gate\'s', async () => {
    api.list = { message: `oops\n${INJECTED}` };
    const r = await runAction(workspace('broken', parent), inputs, env());
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('::warning::oidc-gate: issue-on-failure'))).toHaveLength(1);
    expect(commandLines(r.stdout).filter((l) => l.includes('INJECTED'))).toEqual([]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
