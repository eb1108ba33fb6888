/**
 * The action and CLI bundles run as processes without blocking this one: the tests serve a JWKS and a
 * stand-in GitHub API from this process, which must keep answering while the bundle runs (the
 * harness's spawnSync would freeze them). The runner's environment is built as the harness builds it.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ACTION_BUNDLE, CLI_BUNDLE, parseOutputFile, ROOT, type ActionRun } from '../fixtures/harness.ts';

const actionYml = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** No proxy variables reach the bundle: its requests go straight to the loopback servers. */
function baseEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME };
}

export async function runAction(dir: string, withInputs: Record<string, string> = {}, extraEnv: NodeJS.ProcessEnv = {}): Promise<ActionRun> {
  const env: NodeJS.ProcessEnv = {
    ...extraEnv,
    ...baseEnv(),
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: dir,
    GITHUB_OUTPUT: path.join(dir, '.runner-output'),
    GITHUB_STEP_SUMMARY: path.join(dir, '.runner-summary.md'),
    RUNNER_TEMP: dir,
  };
  writeFileSync(env.GITHUB_OUTPUT as string, '');
  writeFileSync(env.GITHUB_STEP_SUMMARY as string, '');
  for (const [name, spec] of Object.entries(actionYml.inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = withInputs[name] ?? spec.default ?? '';
  }
  const r = await run([ACTION_BUNDLE], dir, env);
  return {
    ...r,
    outputs: parseOutputFile(readFileSync(env.GITHUB_OUTPUT as string, 'utf8')),
    summary: readFileSync(env.GITHUB_STEP_SUMMARY as string, 'utf8'),
  };
}

export function runCli(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return run([CLI_BUNDLE, ...args], cwd, { ...baseEnv(), ...env });
}
