/**
 * Redaction of recorded requests: a secret under a misspelt key, a private key pasted as public_key
 * in a form that is not PEM, and unknown keys elsewhere in an entry never reach an output of the
 * action or the CLI, and the action has the runner mask them.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redactRequest, requestValuesToMask } from '../../src/gate/outputs/redact.ts';
import { bundlesPresent, known, runActionBundle, runCliBundle, tempParent, type ActionRun } from '../fixtures/harness.ts';
import { expectAbsent, masksOf, repoWith, visible } from './outputs.ts';

const parent = tempParent('oidc-gate-redaction-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const TOKEN = known.tokens['valid-hs.jwt'] as string;
const TYPO_SECRET = 'typo-secret-Zq8vW3nR5tY7uP2xK4mB9cD1eF6gH0jL';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privateJwk = privateKey.export({ format: 'jwk' });
const PRIVATE_JWK = JSON.stringify(privateJwk);
const JWK_D = privateJwk.d as string;
const PKCS8_DER_BASE64 = (privateKey.export({ type: 'pkcs8', format: 'der' })).toString('base64');
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }) as string;

/** A config with one sample whose inline policy ends with the given lines (at 6 spaces). */
function sampleConfig(policyTail: string[], algs = 'HS256'): string {
  return [
    'tokens:',
    '  - name: sample',
    `    token: ${TOKEN}`,
    `    at: ${known.at}`,
    '    policy:',
    '      issuer: https://id.fixture.example',
    '      audiences: [api://fixture]',
    `      allowed_algs: [${algs}]`,
    ...policyTail.map((l) => `      ${l}`),
    '',
  ].join('\n');
}

interface Report {
  results: { request: { policy?: Record<string, unknown>; alg_policy?: Record<string, unknown> }; problem?: { code: string; errors?: { pointer: string }[] } }[];
  summary: { findings: { code: string; line?: number; column?: number; message: string }[] };
}

/** Runs the action bundle and returns the run, the report and every output the run wrote, as one text. */
function runAction(files: Record<string, string>): { run: ActionRun; report: Report; outputs: string } {
  const dir = repoWith(parent, files);
  const run = runActionBundle(dir, { config: 'cfg', network: 'false', 'sarif-path': 'out.sarif' });
  const written = ['oidc-gate-report.json', 'out.sarif', '.runner-summary.md', '.runner-output'].map((f) => readFileSync(path.join(dir, f), 'utf8'));
  const report = JSON.parse(written[0] as string) as Report;
  return { run, report, outputs: [visible(run), ...written].join('\n') };
}

/** Runs `oidc-gate check` in every format, with --report and --sarif, and returns the exit codes and every output. */
function runCli(files: Record<string, string>): { statuses: (number | null)[]; outputs: string; report: Report } {
  const dir = repoWith(parent, files);
  const statuses: (number | null)[] = [];
  const texts: string[] = [];
  for (const format of ['text', 'json', 'sarif']) {
    const r = runCliBundle(dir, ['check', 'cfg', '--offline', '--format', format, '--report', `r-${format}.json`, '--sarif', `s-${format}.sarif`]);
    statuses.push(r.status);
    texts.push(r.stdout, r.stderr, readFileSync(path.join(dir, `r-${format}.json`), 'utf8'), readFileSync(path.join(dir, `s-${format}.sarif`), 'utf8'));
  }
  return { statuses, outputs: texts.join('\n'), report: JSON.parse(readFileSync(path.join(dir, 'r-json.json'), 'utf8')) as Report };
}

describe.skipIf(!bundlesPresent())('the action bundle redacts and masks', () => {
  it('a secret under a misspelt key (secrte:) is one unknown-key error at its line, masked, and written nowhere', () => {
    const { run, report, outputs } = runAction({ 'cfg/typo.yml': sampleConfig([`secrte: ${TYPO_SECRET}`]) });
    expect(run.status).toBe(1);
    // Refused at its own line like a misspelt top-level key, so the entry never reaches a 422 or the report.
    expect(run.stdout).toContain('::error title=CONFIG_UNKNOWN_KEY,file=cfg/typo.yml,line=9,col=7::Unknown key "secrte" in policy (did you mean "secret"?)');
    expect(report.results).toEqual([]);
    expect(masksOf(run.stdout)).toContain(TYPO_SECRET);
    expectAbsent(outputs, [TYPO_SECRET], 'action');
  });

  it('a private JWK pasted as public_key is redacted and masked, its private member too', () => {
    const { run, report, outputs } = runAction({ 'cfg/jwk.yml': sampleConfig([`public_key: '${PRIVATE_JWK}'`], 'ES256') });
    expect(run.status).toBe(1);
    expect(report.results[0]?.problem?.code).toBe('REQUEST_INVALID');
    expect(report.results[0]?.request.policy?.public_key).toBe('[redacted]');
    expect(masksOf(run.stdout)).toEqual(expect.arrayContaining([PRIVATE_JWK, JWK_D]));
    expectAbsent(outputs, [PRIVATE_JWK, JWK_D], 'action');
  });

  it('a base64 DER (PKCS#8) private key pasted as public_key is redacted and masked', () => {
    const { run, report, outputs } = runAction({ 'cfg/der.yml': sampleConfig([`public_key: ${PKCS8_DER_BASE64}`], 'ES256') });
    expect(run.status).toBe(1);
    expect(report.results[0]?.request.policy?.public_key).toBe('[redacted]');
    expect(masksOf(run.stdout)).toContain(PKCS8_DER_BASE64);
    expectAbsent(outputs, [PKCS8_DER_BASE64], 'action');
  });

  it('a real public key stays in the report (the request can be replayed) and is not masked', () => {
    const pem = PUBLIC_PEM.trim().split('\n').map((l) => `  ${l}`);
    const { run, report } = runAction({ 'cfg/pub.yml': sampleConfig(['public_key: |', ...pem], 'ES256') });
    expect(report.results[0]?.request.policy?.public_key).toBe(PUBLIC_PEM);
    expect(masksOf(run.stdout)).toEqual([TOKEN]);
  });

  it('unknown keys elsewhere in an entry: the message names the key and never quotes its value', () => {
    const values = ['top-level-value-Qm4nB7vC2xZ9', 'profile-value-Lp0oK9iJ8uH7', 'provider-value-Ty6rE5wQ4aS3', 'alg-policy-value-Nb2vC3xZ4mL5'];
    const { report, outputs } = runAction({
      'cfg/keys.yml': [
        'tokens:',
        '  - name: sample',
        `    token: ${TOKEN}`,
        '    issuer_profile_id: p',
        `    secrte: ${values[0]}`,
        'profiles:',
        '  - id: p',
        '    issuer: https://id.fixture.example',
        '    audiences: [api://fixture]',
        '    allowed_algs: [HS256]',
        `    sekret: ${values[1]}`,
        'providers:',
        '  - name: idp',
        '    issuer: https://id.fixture.example',
        '    client_id: c',
        '    audiences: [api://fixture]',
        '    jwks_uri: https://id.fixture.example/jwks',
        '    redirect_uris: []',
        `    client_secret: ${values[2]}`,
        '    alg_policy: { allowed_algs: [RS256] }',
        '  - name: idp2',
        '    issuer: https://id.fixture.example',
        '    client_id: c',
        '    audiences: [api://fixture]',
        '    jwks_uri: https://id.fixture.example/jwks',
        '    redirect_uris: []',
        `    alg_policy: { allowed_algs: [RS256], secret: ${values[3]} }`,
        '',
      ].join('\n'),
    });
    const unknown = report.summary.findings.filter((f) => f.code === 'CONFIG_UNKNOWN_KEY');
    expect(unknown.map((f) => [f.line, f.message.split(';')[0]]).sort((x, y) => (x[0] as number) - (y[0] as number))).toEqual([
      [5, 'Unknown key "secrte" in a token entry'],
      [11, 'Unknown key "sekret" in a profile entry (did you mean "secret"?)'],
      [19, 'Unknown key "client_secret" in a provider entry'],
      // One level down, the same: an unknown key at its line, and the entry is not recorded.
      [27, 'Unknown key "secret" in alg_policy'],
    ]);
    expect(report.results.find((r) => r.request.alg_policy !== undefined)).toBeUndefined();
    expectAbsent(outputs, values, 'action');
  });
});

describe.skipIf(!bundlesPresent())('the CLI bundle redacts the same members in text, JSON and SARIF', () => {
  it('a secret under a misspelt key: exit 2, the value in no output or file', () => {
    const { statuses, outputs, report } = runCli({ 'cfg/typo.yml': sampleConfig([`secrte: ${TYPO_SECRET}`]) });
    expect(statuses).toEqual([2, 2, 2]);
    expect(report.summary.findings.map((f) => [f.code, f.line])).toEqual([['CONFIG_UNKNOWN_KEY', 9]]);
    expectAbsent(outputs, [TYPO_SECRET], 'cli');
  });

  it('a private JWK or base64 DER private key as public_key: redacted in every format', () => {
    for (const [name, line, values] of [
      ['jwk', `public_key: '${PRIVATE_JWK}'`, [PRIVATE_JWK, JWK_D]],
      ['der', `public_key: ${PKCS8_DER_BASE64}`, [PKCS8_DER_BASE64]],
    ] as const) {
      const { statuses, outputs, report } = runCli({ [`cfg/${name}.yml`]: sampleConfig([line], 'ES256') });
      expect(statuses, name).toEqual([2, 2, 2]);
      expect(report.results[0]?.request.policy?.public_key, name).toBe('[redacted]');
      expectAbsent(outputs, values, `cli ${name}`);
    }
  });
});

describe('redactRequest and requestValuesToMask', () => {
  it('redacts secret, unknown policy members at any depth and a public_key that is not a public key; keeps the rest', () => {
    const request = {
      token: 'a.b.c',
      policy: {
        issuer: 'i', audiences: ['a'], allowed_algs: ['ES256'], secret_encoding: 'utf8', secret: 's'.repeat(40),
        secrte: { nested: 'n'.repeat(20) }, public_key: PRIVATE_JWK, required_custom_claims: { team: 'blue' },
      },
    };
    const out = redactRequest(request, 'validate');
    expect(out.policy).toEqual({
      issuer: 'i', audiences: ['a'], allowed_algs: ['ES256'], secret_encoding: 'utf8', secret: '[redacted]',
      secrte: '[redacted]', public_key: '[redacted]', required_custom_claims: { team: 'blue' },
    });
    expect(out.token).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((request.policy.secrte as { nested: string }).nested).toBe('n'.repeat(20));
  });

  it('replaces a member named __proto__ too, which plain assignment would not', () => {
    const policy = JSON.parse(`{"issuer":"i","__proto__":"${'p'.repeat(30)}"}`) as Record<string, unknown>;
    const out = redactRequest({ token: 't', policy }, 'validate');
    expect(JSON.stringify(out)).not.toContain('p'.repeat(30));
    expect(JSON.stringify(out)).toContain('"__proto__":"[redacted]"');
  });

  it.each([
    ['a private JWK', PRIVATE_JWK],
    ['a base64 DER private key', PKCS8_DER_BASE64],
    ['a private key PEM', privateKey.export({ type: 'pkcs8', format: 'pem' }) as string],
    ['text that is no key', 'just-some-text-that-is-not-a-key'],
    ['a number', 12345678901234],
  ])('a public_key holding %s is redacted', (_what, value) => {
    expect((redactRequest({ token: 't', policy: { public_key: value } }).policy as Record<string, unknown>).public_key).toBe('[redacted]');
  });

  it('keeps a public key PEM, and masks nothing of it', () => {
    const request = { token: 't', policy: { issuer: 'i', public_key: PUBLIC_PEM } };
    expect((redactRequest(request).policy as Record<string, unknown>).public_key).toBe(PUBLIC_PEM);
    expect(requestValuesToMask(request, 'validate')).toEqual([]);
  });

  it('masks the secret, unknown values line by line and a private JWK member by member; not short values', () => {
    const masks = requestValuesToMask({
      token: 't',
      policy: { issuer: 'https://id.example', secret: 'short', audiencez: ['api'], secrte: 'line-one-value\nline-two-value', public_key: PRIVATE_JWK },
    }, 'validate');
    expect(masks).toEqual(expect.arrayContaining(['short', 'line-one-value', 'line-two-value', PRIVATE_JWK, JWK_D]));
    // "api" is not masked: the runner would star out every "api" in the log. It is never written either way.
    expect(masks).not.toContain('api');
    expect(masks).not.toContain('https://id.example');
  });

  it('redacts and masks unknown members of a lint request, one level down as well', () => {
    const request = { issuer: 'i', alg_policy: { allowed_algs: ['RS256'], client_secret: 'c'.repeat(24) } };
    expect(redactRequest(request, 'lint').alg_policy).toEqual({ allowed_algs: ['RS256'], client_secret: '[redacted]' });
    expect(requestValuesToMask(request, 'lint')).toEqual(['c'.repeat(24)]);
  });
});
