/**
 * issue-on-failure against a GitHub API that does not answer: each call is cut after 15 s, and the one
 * warning says the API did not answer in time (a hung API or proxy), not that it could not be reached,
 * which stays the words for a connection that is refused. The step's outcome stays the gate's.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlesPresent, tempParent, workspace } from '../fixtures/harness.ts';
import { runAction } from '../lock/run-async.ts';
import { startGitHubApi, type GitHubApiStandIn } from './github-api-stand-in.ts';

const TOKEN = 'ghs_hungApiTestToken0123456789abcdefABCDE';
const parent = tempParent('oidc-gate-issue-timeout-');
const inputs = { network: 'false', 'issue-on-failure': 'true', 'github-token': TOKEN };
const env = (apiUrl: string): NodeJS.ProcessEnv => ({ GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'acme/identity', GITHUB_WORKFLOW: 'JWKS audit' });
const issueWarnings = (stdout: string): string[] => stdout.split('\n').filter((l) => l.startsWith('::warning::oidc-gate: issue-on-failure'));

let silent: GitHubApiStandIn;
let midway: GitHubApiStandIn;

beforeAll(async () => {
  silent = await startGitHubApi();
  silent.hang = 'silent';
  midway = await startGitHubApi();
  midway.hang = 'midway';
});

afterAll(async () => {
  await silent?.close();
  await midway?.close();
  rmSync(parent, { recursive: true, force: true });
});

describe.skipIf(!bundlesPresent())('issue-on-failure against a GitHub API that does not answer', () => {
  it('an API that accepts the request and never answers, or stops half-way through its answer, is cut at 15 s: "did not answer within 15 s"', async () => {
    const started = Date.now();
    // Both at once: each waits out the same 15 s.
    const [quiet, stalled] = await Promise.all([
      runAction(workspace('broken', parent), inputs, env(silent.url)),
      runAction(workspace('broken', parent), inputs, env(midway.url)),
    ]);
    const seconds = (Date.now() - started) / 1000;
    for (const r of [quiet, stalled]) {
      expect(r.status).toBe(1);
      expect(issueWarnings(r.stdout)).toEqual([
        '::warning::oidc-gate: issue-on-failure could not list the open oidc-gate issues: the GitHub API did not answer within 15 s. The gate\'s result is unchanged.',
      ]);
      expect(r.stdout).not.toContain('could not be reached');
    }
    expect(silent.calls()).toEqual(['GET /repos/acme/identity/issues?labels=oidc-gate&state=open&per_page=100']);
    expect(midway.calls()).toHaveLength(1);
    // Cut at the timeout, not left to the job's: the runs took 15 s and a little.
    expect(seconds).toBeGreaterThanOrEqual(15);
    expect(seconds).toBeLessThan(25);
  }, 40_000);

  it('a refused connection is still "could not be reached", at once', async () => {
    const started = Date.now();
    const r = await runAction(workspace('broken', parent), inputs, env('http://127.0.0.1:9'));
    expect(r.status).toBe(1);
    expect(issueWarnings(r.stdout)).toEqual([
      '::warning::oidc-gate: issue-on-failure could not list the open oidc-gate issues: the GitHub API could not be reached. The gate\'s result is unchanged.',
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
