/**
 * `issue-on-failure`: a scheduled audit that fails is seen by nobody (GitHub notifies only whoever
 * last edited the cron), so a run that reports what the team must hear of opens one issue, or comments
 * on the one already open, and the next run with nothing to report comments and closes it. What the team
 * must hear of is `issue-on`, apart from `fail-on`: by default every warning and error, since what a
 * scheduled audit exists for (JWKS_KEYS_CHANGED, ENDPOINT_CERT_EXPIRING, JWKS_X5C_EXPIRING) are warnings
 * that pass the run under `fail-on: error`. One issue per workflow: found again by its label, its title
 * and a marker in its body, so an issue someone else opened with the same title is left alone.
 *
 * The GitHub API is a courtesy here, not the verdict: any failure talking to it (no permission, no
 * such repository, an outage) is one warning, and the step's outcome stays the gate's.
 */
import * as core from '@actions/core';
import { escapeCell } from './summary.ts';
import type { IssueOn } from './inputs.ts';
import type { GateFinding, GateReport } from '../gate/index.ts';

export const ISSUE_LABEL = 'oidc-gate';
/** How many findings the issue body lists, errors first; the report has them all. */
const TOP_FINDINGS = 10;
/** Each API call gives up after this long, so a hanging API cannot hold the job until its timeout. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface IssueContext {
  token: string;
  /** GITHUB_REPOSITORY: owner/name. */
  repository: string;
  /** GITHUB_API_URL (GitHub Enterprise Server has its own); default https://api.github.com. */
  apiUrl: string;
  /** GITHUB_WORKFLOW: the workflow's name, which the issue's title names. */
  workflow: string;
  /** A link to this run, when the runner says where it is. */
  runUrl?: string;
}

/** What the runner tells a step about itself, read from its environment. */
export function issueContextFrom(env: NodeJS.ProcessEnv, token: string): IssueContext | string {
  const repository = env.GITHUB_REPOSITORY ?? '';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) return 'GITHUB_REPOSITORY is not set to owner/name';
  if (token === '') return 'the github-token input is empty';
  const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
  const context: IssueContext = {
    token,
    repository,
    apiUrl: (env.GITHUB_API_URL ?? '') || 'https://api.github.com',
    workflow: (env.GITHUB_WORKFLOW ?? '') || 'oidc-gate',
  };
  if (env.GITHUB_RUN_ID !== undefined && /^\d+$/.test(env.GITHUB_RUN_ID)) context.runUrl = `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID}`;
  return context;
}

/** The issue's title: it names the workflow, so two audits keep two issues. */
export function issueTitle(workflow: string): string {
  // eslint-disable-next-line no-control-regex
  const name = workflow.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100);
  return `oidc-gate: ${name} is failing`;
}

/** A hidden line in the body marks the issues this mechanism opened, per workflow. */
function marker(workflow: string): string {
  return `<!-- oidc-gate:issue-on-failure workflow=${encodeURIComponent(workflow)} -->`;
}

/**
 * Whether the run reports findings `issue-on` brings to the issue: any error, and with `warning` (the
 * default) any warning too. Suppressed findings are not counted; configuration errors always are.
 */
export function needsIssue(report: GateReport, issueOn: IssueOn): boolean {
  const { errors, warnings } = report.summary;
  return errors > 0 || (issueOn === 'warning' && warnings > 0);
}

/** The body of the issue or of a run's comment while it reports findings: the headline and the top findings, escaped. */
export function failureBody(report: GateReport, context: IssueContext, issueOn: IssueOn = 'warning'): string {
  const { summary } = report;
  const top = [...summary.findings].sort(bySeverity).slice(0, TOP_FINDINGS);
  const lines = [
    `**${escapeCell(summary.text)}**`,
    '',
    // A run that passed under fail-on says why it is here, so the issue is not read as a false alarm.
    ...(summary.failed ? [] : [`The run passed, but it reports ${issueOn === 'warning' ? 'warnings or errors' : 'errors'}, and \`issue-on: ${issueOn}\` brings those here.`, '']),
    ...(context.runUrl !== undefined ? [`Run: ${context.runUrl}`, ''] : []),
  ];
  if (top.length > 0) {
    lines.push('| Severity | Code | Location | Message |', '|---|---|---|---|');
    for (const f of top) lines.push(`| ${escapeCell(f.severity)} | ${escapeCell(f.code)} | ${escapeCell(location(f))} | ${escapeCell(f.message)} |`);
    if (summary.findings.length > top.length) lines.push('', `Showing ${top.length} of ${summary.findings.length} findings; the run's report has them all.`);
  }
  return `${lines.join('\n')}\n`;
}

function bySeverity(a: GateFinding, b: GateFinding): number {
  return a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1;
}

function location(f: GateFinding): string {
  return f.file !== undefined ? `${f.file}:${f.line ?? 1}` : '';
}

interface OpenIssue {
  number: number;
}

/**
 * Open, comment on or close the workflow's issue for this run's findings at `issue-on` or above. Never
 * throws: a refusal or an outage of the API is one warning naming the HTTP status (never the API's own
 * message), or saying that it did not answer in time.
 */
export async function reportToIssue(report: GateReport, context: IssueContext, issueOn: IssueOn = 'warning'): Promise<void> {
  const failed = report.summary.failed;
  const alert = needsIssue(report, issueOn);
  const [owner, repo] = context.repository.split('/') as [string, string];
  // Loaded here rather than at start-up, so only a run with issue-on-failure pays for Octokit. The
  // proxy, if any, is chosen by @actions/github for GITHUB_API_URL when it loads: the same URL.
  const { getOctokit } = await import('@actions/github');
  const octokit = getOctokit(context.token, { baseUrl: context.apiUrl });
  // The last request's signal: when it fired, the API did not answer in time, whatever error Octokit made of it.
  let signal: AbortSignal | undefined;
  const request = (): { signal: AbortSignal } => {
    signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    return { signal };
  };
  const title = issueTitle(context.workflow);
  const mark = marker(context.workflow);
  let step = 'list the open oidc-gate issues';
  try {
    const listed = await octokit.rest.issues.listForRepo({ owner, repo, labels: ISSUE_LABEL, state: 'open', per_page: 100, request: request() });
    const open: OpenIssue | undefined = listed.data.find((i) => isIssueNumber(i.number) && i.pull_request === undefined && i.title === title && (i.body ?? '').includes(mark));
    if (alert) {
      const body = failureBody(report, context, issueOn);
      const why = failed ? 'the failing run' : `the run's ${issueOn === 'warning' ? 'findings' : 'errors'} (issue-on: ${issueOn})`;
      if (open === undefined) {
        step = 'open an issue';
        const created = await octokit.rest.issues.create({ owner, repo, title, labels: [ISSUE_LABEL], body: `${mark}\n${body}`, request: request() });
        core.info(`oidc-gate: opened ${isIssueNumber(created.data.number) ? `issue #${created.data.number}` : 'an issue'} for ${why}.`);
      } else {
        step = `comment on issue #${open.number}`;
        await octokit.rest.issues.createComment({ owner, repo, issue_number: open.number, body: `${failed ? 'Still failing.' : 'Still reporting findings.'}\n\n${body}`, request: request() });
        core.info(`oidc-gate: commented on issue #${open.number}: ${failed ? 'the run still fails' : `the run still reports ${issueOn === 'warning' ? 'findings' : 'errors'}`}.`);
      }
    } else if (open !== undefined) {
      step = `comment on issue #${open.number}`;
      const run = context.runUrl !== undefined ? ` Run: ${context.runUrl}` : '';
      // fail-on may still fail the run on warnings that issue-on: error does not bring here.
      const lead = failed ? `No errors any more (issue-on: ${issueOn})` : 'Passing again';
      await octokit.rest.issues.createComment({ owner, repo, issue_number: open.number, body: `${lead}: ${escapeCell(report.summary.text)}${run}\n`, request: request() });
      step = `close issue #${open.number}`;
      await octokit.rest.issues.update({ owner, repo, issue_number: open.number, state: 'closed', state_reason: 'completed', request: request() });
      core.info(`oidc-gate: closed issue #${open.number}: ${failed ? `the run reports no errors (issue-on: ${issueOn})` : 'the run passes'}.`);
    }
  } catch (err) {
    const timedOut = signal?.aborted === true;
    core.warning(`oidc-gate: issue-on-failure could not ${step}: ${timedOut ? noAnswer() : describeApiError(err)}. The gate's result is unchanged.`);
  }
}

/**
 * Whether the API's issue number is one: the step prints it, and the runner reads a printed line that
 * starts with `::` as a command, so an API that answered text with a line break could issue one.
 */
function isIssueNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The API's answer in a user's words: its status and what usually causes it. Its body is not repeated. */
function describeApiError(err: unknown): string {
  const e = err as { status?: unknown; response?: unknown; name?: unknown } | null;
  // Octokit wraps a fetch cut by the timeout in its own error (status 500, no response), the cause kept.
  const cause = (err as { cause?: { name?: unknown } } | null)?.cause;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || cause?.name === 'TimeoutError' || cause?.name === 'AbortError') return noAnswer();
  // Octokit reports a connection that failed as status 500 without a response: not the API's answer.
  const status = e?.response !== undefined ? e.status : undefined;
  if (typeof status === 'number' && status > 0) {
    if (status === 401) return 'HTTP 401 (the github-token was refused)';
    if (status === 403) return 'HTTP 403 (give the job permissions: issues: write, or a github-token that may write issues)';
    if (status === 404) return 'HTTP 404 (no such repository for this token, or issues are turned off)';
    if (status === 410) return 'HTTP 410 (issues are turned off for this repository)';
    return `HTTP ${status}`;
  }
  return 'the GitHub API could not be reached';
}

function noAnswer(): string {
  return `the GitHub API did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
}
