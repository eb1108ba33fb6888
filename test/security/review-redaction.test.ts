/**
 * Review of redaction in the gate, as a user's mistakes and an attacker's pull request would test
 * it: values the recorded request keeps verbatim (a policy that is not a map, URIs with a password
 * in their user info, text around a public key PEM) and unknown entry members that are never masked.
 * Black box: the action and CLI bundles as processes, on repositories written to a real disk.
 * Each block is skipped until its problem is fixed; unskip it as describe.skipIf(!bundlesPresent()).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, known, runActionBundle, runCliBundle, tempParent, type ActionRun } from '../fixtures/harness.ts';
import { expectAbsent, masksOf, repoWith, visible } from './outputs.ts';

const parent = tempParent('oidc-gate-review-redaction-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const TOKEN = known.tokens['valid-hs.jwt'] as string;

/** A sample token entry with the given lines after `name` (at 4 spaces). */
function sample(name: string, lines: string[]): string[] {
  return [`  - name: ${name}`, `    token: ${TOKEN}`, `    at: ${known.at}`, ...lines.map((l) => `    ${l}`)];
}

/** Everything the action wrote: the visible log, report, SARIF, summary and outputs. */
function runAction(files: Record<string, string>): { run: ActionRun; outputs: string } {
  const dir = repoWith(parent, { '.git/config': '[core]\n', ...files });
  const run = runActionBundle(dir, { config: 'cfg', network: 'false', 'sarif-path': 'out.sarif' });
  const written = ['oidc-gate-report.json', 'out.sarif', '.runner-summary.md', '.runner-output']
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  return { run, outputs: [visible(run), ...written].join('\n') };
}

/** Everything `oidc-gate check` printed and wrote, in each format. */
function runCli(files: Record<string, string>): { statuses: (number | null)[]; outputs: string } {
  const dir = repoWith(parent, { '.git/config': '[core]\n', ...files });
  const statuses: (number | null)[] = [];
  const texts: string[] = [];
  for (const format of ['text', 'json', 'sarif']) {
    const r = runCliBundle(dir, ['check', 'cfg', '--offline', '--format', format, '--report', `r-${format}.json`, '--sarif', `s-${format}.sarif`]);
    statuses.push(r.status);
    texts.push(r.stdout, r.stderr, readFileSync(path.join(dir, `r-${format}.json`), 'utf8'), readFileSync(path.join(dir, `s-${format}.sarif`), 'utf8'));
  }
  return { statuses, outputs: texts.join('\n') };
}

// Problem: redactRequest (src/gate/outputs/redact.ts) only looks inside `policy` when it is a map. A policy
// written as a string (a missing space after `secret:`) or as a list, or a map under a field that
// takes a string, is a 422, and the report records it verbatim: the secret lands in the report (and
// the CLI's JSON output), unmasked.
describe.skipIf(!bundlesPresent())('review: a policy with a shape error keeps its secret out of every output', () => {
  const secrets = ['S3cret-no-space-4b8c9d0e1f2a3b4c', 'S3cret-in-a-list-7a6b5c4d3e2f1a0b', 'S3cret-one-level-too-deep-9e8d7c6b'];
  const config = [
    'tokens:',
    ...sample('missing-space', ['policy:', `  secret:${secrets[0]}`]),
    ...sample('list-not-map', ['policy:', '  - issuer: https://id.fixture.example', `  - secret: ${secrets[1]}`]),
    ...sample('indented-too-deep', [
      'policy:', '  issuer: https://id.fixture.example', '  audiences: [api://fixture]', '  allowed_algs: [HS256]',
      '  token_type:', `    secret: ${secrets[2]}`,
    ]),
    '',
  ].join('\n');

  it('the CLI: each sample is a config error, and no secret is in any format, report or SARIF', () => {
    const { statuses, outputs } = runCli({ 'cfg/shape.yml': config });
    expect(statuses).toEqual([2, 2, 2]);
    expectAbsent(outputs, secrets, 'cli');
  });

  it('the action: no secret is in the log, report, SARIF, summary or outputs', () => {
    const { run, outputs } = runAction({ 'cfg/shape.yml': config });
    expect(run.status).toBe(1);
    expectAbsent(outputs, secrets, 'action');
  });
});

// Problem: lint findings replace a URI's user info with "***" (redactUri), but the lint and discover
// requests recorded in the report keep jwks_uri, redirect_uris and issuer as written, password included.
describe.skipIf(!bundlesPresent())('review: a password in the user info of a provider URI stays out of the report', () => {
  const passwords = ['Pa55w0rd-jwks-9f3k2m', 'Pa55w0rd-redirect-7x1q', 'Pa55w0rd-issuer-5t6y7u'];
  const config = [
    'providers:',
    '  - name: basic-auth-jwks',
    '    issuer: https://id.fixture.example',
    '    client_id: fixture-client',
    '    audiences: [api://fixture]',
    `    jwks_uri: https://reader:${passwords[0]}@id.fixture.example/jwks`,
    `    redirect_uris: ['https://deploy:${passwords[1]}@app.fixture.example/cb']`,
    '    alg_policy: { allowed_algs: [RS256] }',
    '  - name: issuer-with-password',
    `    issuer: https://admin:${passwords[2]}@id.fixture.example`,
    '    client_id: fixture-client',
    '    audiences: [api://fixture]',
    '    jwks_uri: https://id.fixture.example/jwks',
    '    redirect_uris: []',
    '    alg_policy: { allowed_algs: [RS256] }',
    '    discover: true',
    '',
  ].join('\n');

  it('the CLI: no password in any format, report or SARIF', () => {
    const { outputs } = runCli({ 'cfg/uris.yml': config });
    expectAbsent(outputs, passwords, 'cli');
  });

  it('the action: no password in the log, report, SARIF, summary or outputs', () => {
    expectAbsent(runAction({ 'cfg/uris.yml': config }).outputs, passwords, 'action');
  });
});

// Problem: isPublicKeyText accepts a public key PEM with any text before or after its armor (OpenSSL
// skips it), so a private key pasted under the public one (here its base64 DER) is kept verbatim in
// the recorded request and not masked, though the README keeps a public_key "only when it is a
// single public-key or certificate PEM".
describe.skipIf(!bundlesPresent())('review: text around a public key PEM is not kept in the report', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
  const pem = (publicKey.export({ type: 'spki', format: 'pem' }) as string).trim();
  const config = [
    'tokens:',
    ...sample('public-then-private', [
      'policy:', '  issuer: https://id.fixture.example', '  audiences: [api://fixture]', '  allowed_algs: [ES256]',
      '  public_key: |', ...pem.split('\n').map((l) => `    ${l}`), `    ${pkcs8}`,
    ]),
    '',
  ].join('\n');

  it('the action: the private part is in no output and is masked', () => {
    const { run, outputs } = runAction({ 'cfg/pem.yml': config });
    expectAbsent(outputs, [pkcs8], 'action');
    expect(masksOf(run.stdout).some((m) => m.includes(pkcs8))).toBe(true);
  });

  it('the CLI: the private part is in no format, report or SARIF', () => {
    expectAbsent(runCli({ 'cfg/pem.yml': config }).outputs, [pkcs8], 'cli');
  });
});

// Problem: values of unknown members are masked only one level down (policy.secrte, alg_policy.x).
// An unknown member of the entry itself (client_secret: in a provider, secrte: in a sample, sekret:
// in a profile) makes checkEntry (src/gate/config/config.ts) drop the entry before requestValuesToMask
// runs, so the runner never masks it and a later step that prints the file shows it.
describe.skipIf(!bundlesPresent())('review: unknown members of an entry are masked like unknown members of its policy', () => {
  it('client_secret in a provider, secrte in a sample and sekret in a profile are announced as masks', () => {
    const values = ['provider-client-secret-Ty6rE5wQ4aS3', 'sample-secrte-value-Qm4nB7vC2xZ9', 'profile-sekret-value-Lp0oK9iJ8uH7'];
    const { run } = runAction({
      'cfg/unknown.yml': [
        'providers:',
        '  - name: idp',
        '    issuer: https://id.fixture.example',
        '    client_id: fixture-client',
        '    audiences: [api://fixture]',
        '    jwks_uri: https://id.fixture.example/jwks',
        '    redirect_uris: []',
        `    client_secret: ${values[0]}`,
        '    alg_policy: { allowed_algs: [RS256] }',
        'tokens:',
        ...sample('typo', ['issuer_profile_id: p', `secrte: ${values[1]}`]),
        'profiles:',
        '  - id: p',
        '    issuer: https://id.fixture.example',
        '    audiences: [api://fixture]',
        '    allowed_algs: [HS256]',
        `    sekret: ${values[2]}`,
        '',
      ].join('\n'),
    });
    expect(run.status).toBe(1);
    expect(masksOf(run.stdout)).toEqual(expect.arrayContaining(values));
  });
});
