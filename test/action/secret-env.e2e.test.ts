/**
 * The reusable workflow's `oidc-gate-env` secret, through the action bundle as the workflow hands it over:
 * the caller's secret becomes OIDC_GATE_ENV in the gate step's `env:` (test/action/workflow-call.ts plays
 * the call), and the action reads the lines itself. Each value is masked with the runner's command, escaped
 * as the runner reads it (`%`, CR, LF), before anything else is printed; the secret_env profile reads its
 * value; nothing is written to GITHUB_ENV, so no later step of the job sees it.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, tempParent, visibleLog } from '../fixtures/harness.ts';
import { runAction } from '../lock/run-async.ts';
import { gateStepOf } from './workflow-call.ts';

const parent = tempParent('oidc-gate-secret-env-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A secret with what the shell's ::add-mask:: got wrong: a %-escape the runner would decode, and = signs. */
const SECRET = 'hs-secret%0Awith=equals=and-percent-7f3a9c1e5b';
const OTHER = 'second-value-4d2b8e';
const AT = '2026-01-05T09:15:00Z';

function b64u(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function hsToken(secret: string): string {
  const now = Date.parse(AT) / 1000;
  const input = `${b64u({ alg: 'HS256', typ: 'JWT' })}.${b64u({ iss: 'https://id.example', sub: 'svc', aud: 'api://internal', iat: now - 60, exp: now + 600 })}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

let n = 0;
function repo(): string {
  const dir = path.join(parent, `r${n++}`);
  mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(dir, '.github/oidc-gate/internal.jwt'), `${hsToken(SECRET)}\n`);
  writeFileSync(path.join(dir, '.github/oidc-gate/internal.yml'), [
    'profiles:',
    '  - id: internal',
    '    issuer: https://id.example',
    '    audiences: [api://internal]',
    '    allowed_algs: [HS256]',
    '    secret_env: OIDC_GATE_HS',
    'tokens:',
    '  - name: internal-token',
    '    token_file: internal.jwt',
    '    issuer_profile_id: internal',
    `    at: ${AT}`,
    '',
  ].join('\n'));
  return dir;
}

/** A run of the workflow's gate step with `oidc-gate-env` set to `secret`; GITHUB_ENV is a file the runner would read after the step. */
async function withSecret(secret: string) {
  const dir = repo();
  const step = gateStepOf({ with: { network: false }, secrets: { 'oidc-gate-env': secret } }, dir);
  const githubEnv = path.join(dir, '.runner-env');
  writeFileSync(githubEnv, '');
  const r = await runAction(dir, step.inputs, { ...step.env, GITHUB_ENV: githubEnv });
  return { ...r, dir, step, githubEnv: readFileSync(githubEnv, 'utf8') };
}

describe.skipIf(!bundlesPresent())('oidc-gate-env reaches the gate step only, masked by the action', () => {
  it('the gate step gets the secret as OIDC_GATE_ENV; the action masks each value, escaped, and the sample validates with it', async () => {
    const r = await withSecret(`OIDC_GATE_HS=${SECRET}\r\n\nOIDC_GATE_OTHER=${OTHER}\n`);
    expect(r.step.env.OIDC_GATE_ENV).toBe(`OIDC_GATE_HS=${SECRET}\r\n\nOIDC_GATE_OTHER=${OTHER}\n`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(readFileSync(path.join(r.dir, 'oidc-gate-report.json'), 'utf8')) as { results: { name: string; passed: boolean }[] };
    expect(report.results.map((x) => [x.name, x.passed])).toEqual([['internal-token', true]]);
    // The runner decodes %25 to %: announced escaped, it masks the value itself, not "hs-secret\nwith…".
    const masks = r.stdout.split('\n').filter((l) => l.startsWith('::add-mask::'));
    expect(masks.slice(0, 2)).toEqual([`::add-mask::${SECRET.replace('%', '%25')}`, `::add-mask::${OTHER}`]);
    // Announced before anything else the step prints.
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(masks.slice(0, 2));
    for (const text of [visibleLog(r.stdout), r.stderr, r.summary, readFileSync(path.join(r.dir, 'oidc-gate-report.json'), 'utf8')]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(OTHER);
    }
    expect(r.githubEnv).toBe('');
  });

  it('a line that is not OIDC_GATE_NAME=value fails the step, named by its number, and nothing of it is shown', async () => {
    for (const [secret, line, shown] of [
      ['ACTIONS_RUNTIME_TOKEN=leaked-value-1', 1, 'leaked-value-1'],
      [`OIDC_GATE_HS=${SECRET}\nPATH=/tmp/leaked-value-2`, 2, 'leaked-value-2'],
      ['OIDC_GATE_hs=leaked-value-3', 1, 'leaked-value-3'],
      ['just-a-pasted-secret-value-4', 1, 'just-a-pasted-secret-value-4'],
      ['OIDC_GATE_ENV=leaked-value-5', 1, 'leaked-value-5'],
    ] as const) {
      const r = await withSecret(secret);
      expect(r.status, secret).toBe(1);
      expect(r.stdout).toContain(`::error::oidc-gate: Line ${line} of OIDC_GATE_ENV (the oidc-gate-env secret) is not OIDC_GATE_NAME=value (names start with OIDC_GATE_ and use A-Z, 0-9 and _); nothing of it is shown.`);
      expect(visibleLog(r.stdout)).not.toContain(shown);
      expect(r.githubEnv).toBe('');
    }
  });

  it('OIDC_GATE_ENV itself is not a variable a profile can read: secret_env: OIDC_GATE_ENV finds nothing', async () => {
    const dir = repo();
    const config = path.join(dir, '.github/oidc-gate/internal.yml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('secret_env: OIDC_GATE_HS', 'secret_env: OIDC_GATE_ENV'));
    const step = gateStepOf({ with: { network: false }, secrets: { 'oidc-gate-env': `OIDC_GATE_HS=${SECRET}` } }, dir);
    const r = await runAction(dir, step.inputs, step.env);
    expect(r.status).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, 'oidc-gate-report.json'), 'utf8')) as { summary: { findings: { code: string; message: string }[] } };
    expect(report.summary.findings.map((f) => f.code)).toContain('PROFILE_INVALID');
    expect(visibleLog(r.stdout)).not.toContain(SECRET);
  });

  it('without the secret, OIDC_GATE_ENV is empty: nothing is masked or set, and the profile finds no secret', async () => {
    const r = await withSecret('');
    expect(r.step.env.OIDC_GATE_ENV).toBe('');
    expect(r.stdout.split('\n').filter((l) => l.startsWith('::add-mask::'))).toEqual([expect.stringMatching(/^::add-mask::eyJ/)]);
    expect(r.status).toBe(1);
  });
});
