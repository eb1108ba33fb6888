/**
 * Every action input is read here, once, and checked, with the runner's workspace; the rest of the
 * action sees typed values.
 */
import * as core from '@actions/core';
import { checkFormatTable, DEFAULT_PATTERNS, type FailOn, OUTPUT_FORMATS, type OutputFormat, splitPatterns } from '../gate/index.ts';
import { InputError } from './errors.ts';

export interface ActionInputs {
  /** The checked-out repository (GITHUB_WORKSPACE): what the gate reads, and the only place it writes. */
  workspace: string;
  patterns: string[];
  issuerProfiles?: string;
  failOn: FailOn;
  network: boolean;
  /**
   * Where to write each output format, by its name: its `<name>-path` input, or its default; absent
   * when neither is set (SARIF unless sarif-path is).
   */
  paths: Record<string, string>;
  summary: boolean;
  annotations: boolean;
  /** A baseline file (oidc-gate baseline): the findings it records are suppressed. */
  baseline?: string;
  /** A key lock file (oidc-gate lock) to compare the served keys with. */
  lock?: string;
  /** Open, comment on and close an issue as the run fails and passes again. */
  issueOnFailure: boolean;
  /** Which findings open or update that issue, apart from fail-on: errors, or warnings and errors. */
  issueOn: IssueOn;
  /** For the issue; masked as soon as it is read. */
  githubToken: string;
}

const FAIL_ON: readonly FailOn[] = ['error', 'warning', 'never'];
export type IssueOn = 'error' | 'warning';
const ISSUE_ON: readonly IssueOn[] = ['warning', 'error'];

function bool(name: string, fallback: boolean): boolean {
  const raw = core.getInput(name).trim();
  if (raw === '') return fallback;
  if (/^true$/i.test(raw)) return true;
  if (/^false$/i.test(raw)) return false;
  throw new InputError(`Input ${name} must be true or false, not "${raw.slice(0, 40)}".`);
}

/** An output format's `<name>-path` input, as action.yml declares it (a test holds action.yml to this). */
export function pathInput(format: OutputFormat): { name: string; description: string; default: string } {
  const none = format.actionDefault === undefined ? '; empty writes none' : '';
  return {
    name: `${format.name}-path`,
    description: `Where to write ${format.description} (${format.extension}), relative to the workspace${none}.`,
    default: format.actionDefault ?? '',
  };
}

/** Its output of the same name: the path written, or empty. */
export function pathOutputDescription(format: OutputFormat): string {
  return `Path of ${format.description}${format.actionDefault === undefined ? ', or empty' : ''}.`;
}

/** `formats`: the output formats whose `<name>-path` inputs are read (a test passes its own table). */
export function readInputs(formats: readonly OutputFormat[] = OUTPUT_FORMATS): ActionInputs {
  const config = core.getInput('config');
  const patterns = splitPatterns(config);
  const failOn = (core.getInput('fail-on').trim() || 'error').toLowerCase();
  if (!FAIL_ON.includes(failOn as FailOn)) {
    throw new InputError(`Input fail-on must be one of ${FAIL_ON.join(', ')}, not "${failOn.slice(0, 40)}".`);
  }
  const issueOn = (core.getInput('issue-on').trim() || 'warning').toLowerCase();
  if (!ISSUE_ON.includes(issueOn as IssueOn)) {
    throw new InputError(`Input issue-on must be one of ${ISSUE_ON.join(', ')}, not "${issueOn.slice(0, 40)}".`);
  }
  const inputs: ActionInputs = {
    workspace: process.env.GITHUB_WORKSPACE || process.cwd(),
    patterns: patterns.length > 0 ? patterns : [...DEFAULT_PATTERNS],
    failOn: failOn as FailOn,
    network: bool('network', true),
    paths: {},
    summary: bool('summary', true),
    annotations: bool('annotations', true),
    issueOnFailure: bool('issue-on-failure', false),
    issueOn: issueOn as IssueOn,
    githubToken: core.getInput('github-token').trim(),
  };
  // The runner masks ${{ github.token }}, but a personal token passed in may not be a secret. Masked
  // only when it is used: a run without issue-on-failure leaves it alone.
  if (inputs.issueOnFailure && inputs.githubToken !== '') core.setSecret(inputs.githubToken);
  const lock = core.getInput('lock').trim();
  if (lock !== '') inputs.lock = lock;
  const baseline = core.getInput('baseline').trim();
  if (baseline !== '') inputs.baseline = baseline;
  const profiles = core.getInput('issuer-profiles').trim();
  if (profiles !== '') inputs.issuerProfiles = profiles;
  for (const format of checkFormatTable(formats)) {
    const value = core.getInput(pathInput(format).name).trim() || (format.actionDefault ?? '');
    if (value !== '') inputs.paths[format.name] = value;
  }
  return inputs;
}
