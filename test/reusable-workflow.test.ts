/**
 * The reusable workflow as a caller gets it: every action pinned by commit, the action run from the
 * workflow's own commit, and the secret_env hand-over script run for real in bash.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
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

const parent = mkdtempSync(path.join(tmpdir(), 'oidc-gate-workflow-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

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

  it('passes lock and issue-on-failure to the gate, and only the job that runs it with issue-on-failure holds issues: write', () => {
    const jobs = workflow.jobs as unknown as Record<string, { if?: string; permissions?: Record<string, string>; steps?: Step[] }>;
    expect(step('oidc-gate').with).toMatchObject({ lock: '${{ inputs.lock }}', 'issue-on-failure': '${{ inputs.issue-on-failure }}' });
    expect(workflow.on.workflow_call.inputs).toMatchObject({ lock: { type: 'string', default: '' }, 'issue-on-failure': { type: 'boolean', default: false } });
    // Exactly one of the two runs, with the same steps; the read-only one is the default.
    expect([jobs.check?.if, jobs.audit?.if]).toEqual(['${{ !inputs.issue-on-failure }}', '${{ inputs.issue-on-failure }}']);
    expect(jobs.audit?.steps).toEqual(jobs.check?.steps);
    expect(jobs.check?.permissions).toEqual({ contents: 'read' });
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

  describe('the secret_env hand-over script', () => {
    const script = step('Pass secret_env values as OIDC_GATE_* variables').run ?? '';
    let n = 0;
    function handOver(secret: string) {
      const envFile = path.join(parent, `env-${++n}`);
      const r = spawnSync('bash', ['-e', '-c', script], {
        env: { PATH: process.env.PATH ?? '', OIDC_GATE_ENV: secret, GITHUB_ENV: envFile }, encoding: 'utf8',
      });
      let written = '';
      try { written = readFileSync(envFile, 'utf8'); } catch { /* nothing written */ }
      return { ...r, written };
    }
    /** GITHUB_ENV's NAME<<DELIM form read back the way the runner reads it. */
    function readEnvFile(text: string): Record<string, string> {
      const out: Record<string, string> = {};
      const lines = text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const m = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
        if (m === null) continue;
        const value: string[] = [];
        for (i += 1; lines[i] !== m[2]; i++) value.push(lines[i] ?? '');
        out[m[1] as string] = value.join('\n');
      }
      return out;
    }

    it('exports each OIDC_GATE_ line, masks its value, and keeps = inside values', () => {
      const r = handOver('OIDC_GATE_HS=s3cr3t=with=equals\r\n\nOIDC_GATE_OTHER=two\n');
      expect(r.status).toBe(0);
      expect(readEnvFile(r.written)).toEqual({ OIDC_GATE_HS: 's3cr3t=with=equals', OIDC_GATE_OTHER: 'two' });
      expect(r.stdout.split('\n').filter((l) => l.startsWith('::add-mask::'))).toEqual(['::add-mask::s3cr3t=with=equals', '::add-mask::two']);
    });

    it.each([
      ['a name without the prefix', 'ACTIONS_RUNTIME_TOKEN=x', 1],
      ['a line without =', 'OIDC_GATE_HS', 1],
      ['a lower-case name', 'OIDC_GATE_hs=x', 1],
      ['a bad second line', 'OIDC_GATE_A=1\nPATH=/tmp', 2],
    ])('refuses %s, names the line, and never echoes a value', (_label, secret, line) => {
      const r = handOver(secret);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain(`Line ${line} of the oidc-gate-env secret is not OIDC_GATE_NAME=value`);
      expect(r.stdout).not.toMatch(/=x|\/tmp/);
    });

    it('does nothing without the secret', () => {
      const r = handOver('');
      expect(r.status).toBe(0);
      expect(r.written).toBe('');
    });
  });
});
