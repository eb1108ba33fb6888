/**
 * A caller of the reusable workflow (.github/workflows/oidc-gate.yml) played as GitHub plays it, as far
 * as the gate step goes: the caller's `with:` over the workflow's input defaults, the job whose `if:`
 * holds, and the gate step's `with:` and `env:` with their expressions evaluated. The result is what the
 * runner hands the action: its inputs and its step environment. Only the expressions the workflow uses
 * are known; any other one throws, so a new expression cannot be skipped silently.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../fixtures/harness.ts';

type Value = string | number | boolean;
interface Step { id?: string; name?: string; uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, Value> }
interface Job { if?: string; steps?: Step[]; permissions?: Record<string, string> }
export interface ReusableWorkflow {
  on: { workflow_call: { inputs: Record<string, { type: string; default?: Value }>; secrets: Record<string, { required?: boolean }> } };
  jobs: Record<string, Job>;
}

export const WORKFLOW_PATH = '.github/workflows/oidc-gate.yml';

export function readWorkflow(): ReusableWorkflow {
  return parse(readFileSync(path.join(ROOT, WORKFLOW_PATH), 'utf8')) as ReusableWorkflow;
}

export interface Caller {
  /** The calling workflow's `name:` (GITHUB_WORKFLOW in the called jobs). */
  name: string;
  /** The calling job's `uses:`. */
  uses: string;
  with: Record<string, Value>;
  permissions: Record<string, string>;
}

/** The README's caller whose YAML block starts with the comment `# <heading>`. */
export function readmeCaller(heading: string): Caller {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const block = blocks.find((b) => b.startsWith(`# ${heading}`));
  if (block === undefined) throw new Error(`README has no yaml block starting with "# ${heading}"`);
  const doc = parse(block) as { name: string; jobs: Record<string, { uses?: string; with?: Record<string, Value>; permissions?: Record<string, string> }> };
  const job = Object.values(doc.jobs).find((j) => j.uses?.includes('/.github/workflows/oidc-gate.yml@') === true);
  if (job === undefined) throw new Error(`the README's "${heading}" caller does not call the reusable workflow`);
  return { name: doc.name, uses: job.uses ?? '', with: job.with ?? {}, permissions: job.permissions ?? {} };
}

export interface GateStepCall {
  /** The job of the workflow that runs (check or audit). */
  job: string;
  /** The gate step's inputs as the action reads them (INPUT_*), every value a string. */
  inputs: Record<string, string>;
  /** The gate step's `env:`, evaluated. */
  env: Record<string, string>;
}

/**
 * The gate step a call runs: `with` is the caller's `with:`, `secrets` its `secrets:`, `workspace` the
 * runner's GITHUB_WORKSPACE (github.workspace).
 */
export function gateStepOf(call: { with: Record<string, Value>; secrets?: Record<string, string> }, workspace: string, workflow = readWorkflow()): GateStepCall {
  const declared = workflow.on.workflow_call.inputs;
  for (const name of Object.keys(call.with)) {
    // GitHub refuses to start a call that passes an input the workflow does not declare.
    if (!(name in declared)) throw new Error(`the reusable workflow has no input ${name}`);
  }
  const inputs: Record<string, Value> = {};
  for (const [name, spec] of Object.entries(declared)) inputs[name] = call.with[name] ?? spec.default ?? (spec.type === 'boolean' ? false : spec.type === 'number' ? 0 : '');
  const secrets = call.secrets ?? {};
  const evaluate = (text: string): Value => {
    const whole = /^\$\{\{\s*(.+?)\s*\}\}$/.exec(text.trim());
    if (whole !== null) return expression(whole[1] as string, inputs, secrets, workspace);
    return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_m, e: string) => String(expression(e, inputs, secrets, workspace)));
  };
  const running = Object.entries(workflow.jobs).filter(([, job]) => job.steps?.some((s) => s.id === 'gate') === true && (job.if === undefined || evaluate(job.if) === true));
  if (running.length !== 1) throw new Error(`${running.length} jobs would run the gate step`);
  const [jobName, job] = running[0] as [string, Job];
  const step = (job.steps ?? []).find((s) => s.id === 'gate') as Step;
  const str = (v: Value): string => String(v);
  return {
    job: jobName,
    inputs: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, str(typeof v === 'string' ? evaluate(v) : v)])),
    env: Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, str(evaluate(v))])),
  };
}

function expression(e: string, inputs: Record<string, Value>, secrets: Record<string, string>, workspace: string): Value {
  let m = /^(!?)inputs\.([\w-]+)$/.exec(e);
  if (m !== null) {
    const value = inputs[m[2] as string];
    if (value === undefined) throw new Error(`unknown input in ${e}`);
    return m[1] === '!' ? !value : value;
  }
  m = /^secrets\.([\w-]+)$/.exec(e);
  if (m !== null) return secrets[m[1] as string] ?? '';
  if (e === 'github.workspace') return workspace;
  // The CA bundle: a path in the caller's repository, made absolute, or nothing.
  m = /^inputs\.([\w-]+) != '' && format\('\{0\}\/\{1\}', github\.workspace, inputs\.\1\) \|\| ''$/.exec(e);
  if (m !== null) {
    const value = String(inputs[m[1] as string] ?? '');
    return value !== '' ? `${workspace}/${value}` : '';
  }
  throw new Error(`the test does not know the expression \${{ ${e} }}: teach test/action/workflow-call.ts`);
}
