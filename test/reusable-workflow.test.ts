/**
 * The reusable workflow as a caller gets it: every action pinned by commit, the action run from the
 * workflow's own commit, every usable action input taken (or left out for a reason docs/action.md gives), and
 * the oidc-gate-env secret handed to the gate step alone. What the action does with that secret is tested
 * through the bundle in test/action/secret-env.e2e.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OUTPUT_FORMATS } from '../src/gate/index.ts';
import { ROOT } from './fixtures/harness.ts';

interface Step { name?: string; uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, unknown> }
interface Workflow {
  on: { workflow_call: { inputs: Record<string, unknown>; secrets: Record<string, { required: boolean }> } };
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync(path.join(ROOT, '.github/workflows/oidc-gate.yml'), 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const step = (name: string): Step => {
  const found = steps.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no step named ${name}`);
  return found;
};

describe('.github/workflows/oidc-gate.yml', () => {
  it('names no mutable ref: every remote action is pinned by a full commit SHA, the action itself is local', () => {
    const uses = steps.map((s) => s.uses).filter((u): u is string => u !== undefined);
    expect(uses.length).toBeGreaterThan(3);
    for (const u of uses) {
      if (u.startsWith('./')) continue;
      expect(u, `${u} must be pinned by commit`).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
    }
    expect(uses).toContain('./.oidc-gate-action');
    expect(uses.some((u) => /oidc-gate\/oidc-gate@/.test(u))).toBe(false);
  });

  it("checks out the action at the workflow's own repository and commit, and stops where they are unknown", () => {
    const checkout = step("Check out the action at this workflow's commit");
    expect(checkout.with).toMatchObject({
      repository: '${{ job.workflow_repository }}', ref: '${{ job.workflow_sha }}', path: '.oidc-gate-action', 'persist-credentials': false,
    });
    const guard = step("Find this workflow's own commit");
    const run = (env: Record<string, string>) => spawnSync('bash', ['-e', '-c', guard.run ?? ''], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
    const missing = run({ WORKFLOW_REPOSITORY: '', WORKFLOW_SHA: '' });
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain('On GitHub Enterprise Server, call the action directly');
    expect(run({ WORKFLOW_REPOSITORY: 'acme/oidc-gate', WORKFLOW_SHA: 'a'.repeat(40) }).status).toBe(0);
  });

  it('passes outbound-allow and the CA bundle to the gate step, and declares the secret', () => {
    const gate = step('oidc-gate');
    expect(gate.env?.OUTBOUND_ALLOW).toBe('${{ inputs.outbound-allow }}');
    expect(gate.env?.NODE_EXTRA_CA_CERTS).toContain('inputs.ca-bundle');
    expect(Object.keys(workflow.on.workflow_call.inputs)).toEqual(expect.arrayContaining(['outbound-allow', 'ca-bundle']));
    expect(workflow.on.workflow_call.secrets['oidc-gate-env']?.required).toBe(false);
  });

  it('passes lock, issue-on-failure and issue-on to the gate, and only the job that runs it with issue-on-failure holds issues: write', () => {
    const jobs = workflow.jobs as unknown as Record<string, { if?: string; permissions?: Record<string, string>; steps?: Step[] }>;
    expect(step('oidc-gate').with).toMatchObject({ lock: '${{ inputs.lock }}', 'issue-on-failure': '${{ inputs.issue-on-failure }}', 'issue-on': '${{ inputs.issue-on }}' });
    expect(workflow.on.workflow_call.inputs).toMatchObject({ lock: { type: 'string', default: '' }, 'issue-on-failure': { type: 'boolean', default: false } });
    // Exactly one of the two runs, with the same steps; the read-only one is the default.
    expect([jobs.check?.if, jobs.audit?.if]).toEqual(['${{ !inputs.issue-on-failure }}', '${{ inputs.issue-on-failure }}']);
    expect(jobs.audit?.steps).toEqual(jobs.check?.steps);
    expect(jobs.check?.permissions).toEqual({ contents: 'read' });
  });

  it('uploads SARIF only from a run that checked what it was given (a run that could not would close every alert)', () => {
    const jobs = workflow.jobs as unknown as Record<string, { if?: string; outputs?: Record<string, string> }>;
    expect(jobs.check?.outputs?.checked).toBe('${{ steps.gate.outputs.checked }}');
    expect(jobs.sarif?.if).toContain("needs.check.outputs.checked == 'true' || needs.audit.outputs.checked == 'true'");
    expect(jobs.sarif?.if).not.toMatch(/result != 'skipped'/);
  });

  it('declares no permission beyond read, so a caller that grants only contents: read can start it', () => {
    // GitHub refuses to start a called workflow whose jobs declare more than the calling job grants,
    // before it evaluates any if: a declared issues: write would stop the pull-request and release callers.
    const declared = workflow as unknown as { permissions?: Record<string, string>; jobs: Record<string, { permissions?: Record<string, string> }> };
    expect(declared.permissions).toBeUndefined();
    const writes = Object.entries(declared.jobs).flatMap(([name, j]) =>
      Object.entries(j.permissions ?? {}).filter(([, level]) => level !== 'read').map(([scope, level]) => `${name}: ${scope}: ${level}`));
    expect(writes).toEqual([]);
    // The jobs that need a write take it from the caller: they declare nothing, rather than read-only.
    expect(declared.jobs.audit?.permissions).toBeUndefined();
    expect(declared.jobs.sarif?.permissions).toBeUndefined();
  });

  describe('its inputs', () => {
    const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };
    // The list moved with the rest of the action's reference from the README to docs/action.md (issue 26).
    const readme = readFileSync(path.join(ROOT, 'docs/action.md'), 'utf8');

    it('takes every input of action.yml a caller can use, and passes it to the gate step as given', () => {
      const declared = workflow.on.workflow_call.inputs;
      const exclusions = readmeExclusions(readme);
      const gate = step('oidc-gate');
      const missing: string[] = [];
      for (const name of Object.keys(action.inputs)) {
        if (exclusions.has(name)) continue;
        if (!(name in declared)) missing.push(name);
        else expect(gate.with?.[name], name).toBe(`\${{ inputs.${name} }}`);
      }
      expect(missing).toEqual([]);
      // Among them what issue 24 found missing, and the issue's own input.
      expect(Object.keys(declared)).toEqual(expect.arrayContaining(['baseline', 'lock', 'issue-on-failure', 'issue-on']));
      expect(declared).toMatchObject({ baseline: { type: 'string', default: '' }, 'issue-on': { type: 'string', default: 'warning' } });
    });

    it('leaves out only inputs docs/action.md names with a reason, each an input of action.yml the workflow sets itself or must not take', () => {
      const exclusions = readmeExclusions(readme);
      // Every output format's <name>-path input (the formats table), and the token.
      expect([...exclusions.keys()].sort()).toEqual(['github-token', ...OUTPUT_FORMATS.map((f) => `${f.name}-path`)].sort());
      for (const [name, reason] of exclusions) {
        expect(action.inputs, name).toHaveProperty([name]);
        expect(workflow.on.workflow_call.inputs, name).not.toHaveProperty([name]);
        expect(reason.length, name).toBeGreaterThan(40);
      }
      // The two files it writes itself, for its artifact and its SARIF job.
      expect(step('oidc-gate').with).toMatchObject({ 'report-path': 'oidc-gate-report.json', 'sarif-path': 'oidc-gate.sarif' });
      expect(step('oidc-gate').with).not.toHaveProperty(['github-token']);
    });

    it('the exclusion list is read from docs/action.md as written', () => {
      const list = readmeExclusions([
        'Action inputs the workflow does not take, and why (the test …',
        'holds this list):',
        '- `report-path`: written by the workflow',
        '  itself, over two lines.',
        '- `github-token`: its own token.',
        '',
        'Next paragraph.',
      ].join('\n'));
      expect([...list]).toEqual([['report-path', 'written by the workflow itself, over two lines.'], ['github-token', 'its own token.']]);
    });
  });

  describe('the oidc-gate-env secret', () => {
    const text = readFileSync(path.join(ROOT, '.github/workflows/oidc-gate.yml'), 'utf8');

    it('reaches the gate step only, as OIDC_GATE_ENV in its env:', () => {
      const holders = Object.entries(workflow.jobs).flatMap(([job, j]) => j.steps.filter((s) => JSON.stringify(s).includes('secrets.')).map((s) => `${job}: ${s.name ?? s.uses ?? ''}`));
      expect(holders).toEqual(['check: oidc-gate', 'audit: oidc-gate']);
      expect(step('oidc-gate').env?.OIDC_GATE_ENV).toBe('${{ secrets.oidc-gate-env }}');
      // Once in the file: the audit job's steps are the check job's, by YAML alias.
      expect(text.match(/secrets\.oidc-gate-env/g)).toHaveLength(1);
    });

    it('no step writes to $GITHUB_ENV or $GITHUB_PATH, and none masks values in the shell', () => {
      const offending = steps.filter((s) => typeof s.run === 'string' && /GITHUB_ENV|GITHUB_PATH|add-mask/.test(s.run)).map((s) => s.name);
      expect(offending).toEqual([]);
      expect(text).not.toMatch(/>>\s*"?\$\{?GITHUB_ENV|::add-mask::/);
    });
  });
});

/** docs/action.md's list of action inputs the reusable workflow does not take: name → reason. */
function readmeExclusions(readme: string): Map<string, string> {
  const start = readme.indexOf('Action inputs the workflow does not take, and why');
  if (start === -1) throw new Error('docs/action.md has no list of the action inputs the reusable workflow does not take');
  // The list starts at its first item: the sentence before it may run over more than one line.
  const lines = readme.slice(start).split('\n');
  while (lines.length > 0 && !(lines[0] ?? '').startsWith('- ')) lines.shift();
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of lines) {
    const item = /^- `([a-z-]+)`: (.+)$/.exec(line);
    if (item !== null) {
      current = item[1] as string;
      out.set(current, item[2] as string);
    } else if (current !== undefined && /^ {2}\S/.test(line)) {
      out.set(current, `${out.get(current) ?? ''} ${line.trim()}`);
    } else {
      break;
    }
  }
  return out;
}
