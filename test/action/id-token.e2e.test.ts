/**
 * `id_token: true` through the action bundle: the job's own ID token, requested from a loopback
 * stand-in for the runner's token service (ACTIONS_ID_TOKEN_REQUEST_URL / _TOKEN, answered as
 * @actions/core expects: GET <url>&audience=<aud> with the request token as a bearer, JSON
 * `{ "value": <jwt> }`), and checked against an HTTPS issuer on 127.0.0.1 with discovery and JWKS,
 * under a test CA. The token must never appear in anything the action writes.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_BUNDLE, bundlesPresent, parseOutputFile, ROOT, tempParent, visibleLog } from '../fixtures/harness.ts';
import { startServer, testPki, type TestServer } from '../net/servers.ts';
import { parse } from 'yaml';

const parent = tempParent('oidc-gate-id-token-');
const AUDIENCE = 'sts.amazonaws.com';
const REQUEST_TOKEN = 'runner-request-token-0123456789abcdef';
const SUB = 'repo:acme@1024/deploy-app@2048:environment:production';

const issuerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...issuerKey.publicKey.export({ format: 'jwk' }), kid: 'gh-1', use: 'sig', alg: 'RS256' };

function idToken(issuer: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', kid: 'gh-1', typ: 'JWT' };
  const payload = {
    iss: issuer, aud: AUDIENCE, sub: SUB, iat: now - 5, nbf: now - 5, exp: now + 300, jti: 'b6c0d1f4',
    repository: 'acme/deploy-app', repository_owner: 'acme', environment: 'production',
    job_workflow_ref: 'acme/deploy-app/.github/workflows/deploy.yml@refs/heads/main', ...claims,
  };
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), issuerKey.privateKey).toString('base64url')}`;
}

let issuer: TestServer;
let runner: TestServer;
/** What the token service hands out next, and the requests it saw. */
let nextToken = '';
const seen: { audience: string | null; authorization: string | undefined }[] = [];

beforeAll(async () => {
  issuer = await startServer({ tls: true });
  issuer.handler = (req, res) => {
    const body = req.url === '/.well-known/openid-configuration'
      // As GitHub's issuer publishes it: no authorization_endpoint, tokens for workflows only.
      ? { issuer: issuer.origin, jwks_uri: `${issuer.origin}/.well-known/jwks`, subject_types_supported: ['public'], response_types_supported: ['id_token'], id_token_signing_alg_values_supported: ['RS256'], claims_supported: ['sub', 'aud', 'repository'] }
      : req.url === '/.well-known/jwks' ? { keys: [jwk] } : undefined;
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  };
  runner = await startServer({ tls: false });
  runner.handler = (req, res) => {
    const url = new URL(req.url ?? '/', runner.origin);
    seen.push({ audience: url.searchParams.get('audience'), authorization: req.headers.authorization });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: 1, value: nextToken }));
  };
});
afterAll(async () => {
  await issuer?.close();
  await runner?.close();
  rmSync(parent, { recursive: true, force: true });
});

const actionInputs = (parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> }).inputs;

interface Run { status: number | null; stdout: string; stderr: string; outputs: Record<string, string>; summary: string; report: string; sarif: string }

/** The action bundle as the runner starts it, without blocking this process: the servers above must answer it. */
async function runAction(dir: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const full: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir, RUNNER_TEMP: dir,
    GITHUB_OUTPUT: path.join(dir, '.runner-output'), GITHUB_STEP_SUMMARY: path.join(dir, '.runner-summary.md'),
    OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile, ...env,
  };
  writeFileSync(full.GITHUB_OUTPUT as string, '');
  writeFileSync(full.GITHUB_STEP_SUMMARY as string, '');
  for (const [name, spec] of Object.entries(actionInputs)) full[`INPUT_${name.toUpperCase()}`] = spec.default ?? '';
  full['INPUT_SARIF-PATH'] = 'results.sarif';
  const child = spawn(process.execPath, [ACTION_BUNDLE], { cwd: dir, env: full });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const read = (f: string): string => { try { return readFileSync(path.join(dir, f), 'utf8'); } catch { return ''; } };
  return { status, stdout, stderr, outputs: parseOutputFile(read('.runner-output')), summary: read('.runner-summary.md'), report: read('oidc-gate-report.json'), sarif: read('results.sarif') };
}

let n = 0;
function workspaceWith(config: string): string {
  const dir = path.join(parent, `ws${n++}`);
  mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(dir, '.github/oidc-gate/deploy.yml'), config);
  return dir;
}

const config = (pattern: string): string => `trust_policies:
  - name: deploy-prod
    issuer: ${issuer.origin}
    audiences: [${AUDIENCE}]
    claim_patterns:
      sub: "${pattern}"
    id_token: true
`;

const tokenEnv = (): NodeJS.ProcessEnv => ({
  ACTIONS_ID_TOKEN_REQUEST_URL: `${runner.origin}/_apis/distributedtask/hubs/build/plans/1/jobs/2/idtoken?api-version=2.0`,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: REQUEST_TOKEN,
});

/** The token must not be in anything a person or a later step can read. */
function expectNoToken(r: Run, token: string): void {
  const signature = token.split('.')[2] as string;
  for (const [where, text] of Object.entries({ log: visibleLog(r.stdout), stderr: r.stderr, report: r.report, sarif: r.sarif, summary: r.summary, outputs: JSON.stringify(r.outputs) })) {
    expect(text.includes(token), where).toBe(false);
    expect(text.includes(signature), where).toBe(false);
  }
}

describe.skipIf(!bundlesPresent())('id_token: true in the action', () => {
  it('requests the job\'s token for the first audience, validates it against the entry, and passes', async () => {
    nextToken = idToken(issuer.origin);
    seen.length = 0;
    const dir = workspaceWith(config('repo:acme@1024/deploy-app@2048:environment:*'));
    const r = await runAction(dir, tokenEnv());
    expect(r.stderr).toBe('');
    expect(r.status, r.stdout).toBe(0);
    expect(seen).toEqual([{ audience: AUDIENCE, authorization: `Bearer ${REQUEST_TOKEN}` }]);
    // Masked for the runner as soon as it was received.
    expect(r.stdout.split('\n')).toContain(`::add-mask::${nextToken}`);
    const report = JSON.parse(r.report) as { valid: boolean; results: { kind: string; name: string; request: Record<string, unknown>; response?: { valid?: boolean }; expect?: string; passed?: boolean }[] };
    expect(report.valid).toBe(true);
    expect(report.results.map((x) => [x.kind, x.passed])).toEqual([['trust-policy', undefined], ['validate', true]]);
    const sample = report.results[1];
    expect(sample).toMatchObject({ name: 'deploy-prod (job ID token)', expect: 'valid', response: { valid: true } });
    expect(sample?.request.token).toMatch(/^sha256:[0-9a-f]{64}$/);
    expectNoToken(r, nextToken);
  });

  it('a token whose sub the entry\'s pattern does not admit fails with CLAIM_PATTERN_MISMATCH at the id_token line', async () => {
    nextToken = idToken(issuer.origin, { sub: 'repo:acme@1024/deploy-app@2048:ref:refs/heads/main' });
    const dir = workspaceWith(config('repo:acme@1024/deploy-app@2048:environment:*'));
    const r = await runAction(dir, tokenEnv());
    expect(r.status).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error title=CLAIM_PATTERN_MISMATCH'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('file=.github/oidc-gate/deploy.yml,line=7,col=5::');
    expectNoToken(r, nextToken);
  });

  it('without id-token: write (no request URL) it is one ID_TOKEN_UNAVAILABLE error saying which permission to add', async () => {
    seen.length = 0;
    const dir = workspaceWith(config('repo:acme@1024/deploy-app@2048:environment:*'));
    const r = await runAction(dir, {});
    expect(r.status).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error title='));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('::error title=ID_TOKEN_UNAVAILABLE,file=.github/oidc-gate/deploy.yml,line=7,col=5::');
    expect(errors[0]).toContain('add "permissions: id-token: write" to the job');
    expect(seen).toEqual([]);
    expect(r.outputs).toMatchObject({ valid: 'false', errors: '1' });
  });

  it('with an AWS policy, the audience comes from its aud condition, and its conditions must allow the token (TRUST_CASE_FAILED at id_token)', async () => {
    nextToken = idToken(issuer.origin);
    seen.length = 0;
    const host = issuer.origin.replace('https://', '');
    const policy = {
      Version: '2012-10-17',
      Statement: [{
        Effect: 'Allow',
        Principal: { Federated: `arn:aws:iam::111122223333:oidc-provider/${host}` },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: { [`${host}:aud`]: AUDIENCE },
          StringLike: { [`${host}:sub`]: 'repo:acme@1024/deploy-app@2048:environment:staging' },
        },
      }],
    };
    const dir = workspaceWith(`trust_policies:\n  - name: deploy-staging\n    issuer: ${issuer.origin}\n    aws_trust_policy: role.json\n    id_token: true\n`);
    writeFileSync(path.join(dir, '.github/oidc-gate/role.json'), JSON.stringify(policy));
    const r = await runAction(dir, tokenEnv());
    expect(seen.map((s) => s.audience)).toEqual([AUDIENCE]);
    expect(r.status).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error title='));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('::error title=TRUST_CASE_FAILED,file=.github/oidc-gate/deploy.yml,line=5,col=5::');
    expect(errors[0]).toContain('the job\'s ID token');
    expectNoToken(r, nextToken);
  });

  it('with the permission, ID_TOKEN_UNAVAILABLE is absent', async () => {
    nextToken = idToken(issuer.origin);
    const r = await runAction(workspaceWith(config('repo:acme@1024/deploy-app@2048:*')), tokenEnv());
    expect(r.stdout).not.toContain('ID_TOKEN_UNAVAILABLE');
    expect(r.report).not.toContain('ID_TOKEN_UNAVAILABLE');
  });
});
