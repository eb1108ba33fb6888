/**
 * Key strength, end to end where the defect was seen: an RSA key with public exponent 1 accepts a
 * forged RS256 token (the signature is just the padded digest), and huge keys make every verification
 * tens of times slower. The service over HTTP, the CLI bundle as a process, the gate on a real
 * repository on disk, and the service's start-up must all refuse such keys.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGate } from '../../src/gate/run/run.ts';
import { bundlesPresent, CLI_BUNDLE } from '../fixtures/harness.ts';
import { AUDIENCE, ISSUER, NOW, claims, jwt } from '../helpers/tokens.ts';
import { startServer as startIdp, testPki, type TestServer } from '../net/servers.ts';
import { call, Contract, start, type Harness } from '../server/harness.ts';
import {
  forgeForExponentOne, modulus2048, offCurveP256, randomOdd, rsaKey, rsaOfSize, secp256k1, type RsaMaterial,
} from './keys-fixtures.ts';

const AT = new Date(NOW * 1000).toISOString();
const good = generateKeyPairSync('rsa', { modulusLength: 2048 });
const goodJwk = { ...good.publicKey.export({ format: 'jwk' }), kid: 'good', use: 'sig' };
const e1 = rsaKey(modulus2048(), 1n);
const bigModulus = rsaOfSize(16384);
const bigExponent = rsaOfSize(3072, randomOdd(3071));
const k1 = secp256k1();
const bent = offCurveP256();

/** The RSA keys the brief names, each with its kid in the served JWKS and the reason it is refused. */
const unsafeRsa: Array<{ kid: string; reason: string; key: RsaMaterial }> = [
  { kid: 'e1', reason: 'weak_exponent', key: e1 },
  { kid: 'big-n', reason: 'key_too_large', key: bigModulus },
  { kid: 'big-e', reason: 'exponent_too_large', key: bigExponent },
];

/** A token for `kid` whose signature is the padded digest: valid under an e = 1 key, the right length for any key. */
const forged = (material: RsaMaterial, kid: string) => forgeForExponentOne(material.jwk.n, { kid }, claims({ sub: 'attacker' }));

let idp: TestServer;
let h: Harness;
let contract: Contract;
let jwksUri: string;
const servedKeys = [
  goodJwk,
  ...unsafeRsa.map((u) => ({ ...u.key.jwk, kid: u.kid, use: 'sig' })),
  { ...k1.jwk, kid: 'k1' },
  { ...bent.jwk, kid: 'bent' },
];

beforeAll(async () => {
  idp = await startIdp({ tls: true });
  idp.handler = (req, res) => {
    const keys = req.url === '/jwks' ? servedKeys : req.url === '/good-jwks' ? [goodJwk] : undefined;
    if (keys === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  };
  jwksUri = `${idp.origin}/jwks`;
  const profiles = [{ id: 'corp', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256', 'ES256'], jwks_uri: jwksUri }];
  h = await start({ ISSUER_PROFILES_JSON: JSON.stringify(profiles), OUTBOUND_ALLOW: '127.0.0.1' }, { outboundCa: testPki().caPem });
  contract = await Contract.load(h.url);
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});

interface Validation { valid: boolean; statuses: Record<string, string>; findings: Array<{ code: string; message: string; evidence?: Record<string, unknown> }> }

async function viaProfile(token: string): Promise<Validation> {
  const r = await call(`${h.url}/v1/validate/jwt`, { body: { token, issuer_profile_id: 'corp' } });
  expect(r.status).toBe(200);
  contract.assert('ValidateResponse', r.json);
  return r.json as Validation;
}

async function inline(token: string, publicKey: string, alg = 'RS256') {
  return call(`${h.url}/v1/validate/jwt`, { body: { token, policy: { public_key: publicKey, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: [alg] } } });
}

/** The 422 at /policy/public_key, naming the reason and never quoting the key. */
function expectRefusedInline(reply: Awaited<ReturnType<typeof inline>>, reason: string, pem: string): void {
  const body = contract.problem(reply, 422, 'REQUEST_INVALID') as { errors: Array<{ pointer: string; message: string }> };
  expect(body.errors).toEqual([{ pointer: '/policy/public_key', message: expect.stringMatching(new RegExp(`\\(${reason}\\)$`)) }]);
  for (const line of pem.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----'))) expect(reply.text).not.toContain(line);
}

describe('the service over HTTP', () => {
  it('control: a token of the sound key in the same JWKS is valid (the profile works)', async () => {
    const r = await viaProfile(jwt('RS256', { headerExtra: { kid: 'good' }, key: good.privateKey }));
    expect(r.findings).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('an e = 1 public_key with a forged token was valid: true, and is now 422 weak_exponent', async () => {
    expectRefusedInline(await inline(forged(e1, 'e1'), e1.pem), 'weak_exponent', e1.pem);
  });

  it.each(unsafeRsa.map((u) => [u.kid, u.reason, u] as const))('jwks_uri key %s: the token fails KEY_MISMATCH with evidence.reason %s', async (kid, reason, u) => {
    const r = await viaProfile(forged(u.key, kid));
    expect(r.valid).toBe(false);
    expect(r.statuses.signature).toBe('fail');
    expect(r.findings.map((f) => f.code)).toEqual(['KEY_MISMATCH']);
    expect(r.findings[0]?.evidence).toEqual({ jwks_uri: jwksUri, alg: 'RS256', kid, reason });
    expect(JSON.stringify(r)).not.toContain(u.key.jwk.n.slice(0, 40));
  });

  it.each(unsafeRsa.slice(1).map((u) => [u.kid, u.reason, u] as const))('inline %s public_key is 422 %s', async (kid, reason, u) => {
    expectRefusedInline(await inline(forged(u.key, kid), u.key.pem), reason, u.key.pem);
  });

  it('EC: a secp256k1 key and a point off P-256 are refused inline (422) and through the JWKS (KEY_MISMATCH)', async () => {
    const es256 = (kid: string) => jwt('ES256', { headerExtra: { kid }, key: k1.privateKey, signAlg: 'ES256' });
    expectRefusedInline(await inline(es256('k1'), k1.pem, 'ES256'), 'unsupported_curve', k1.pem);
    expectRefusedInline(await inline(es256('bent'), bent.pem, 'ES256'), 'point_not_on_curve', bent.pem);
    for (const [kid, reason] of [['k1', 'unsupported_curve'], ['bent', 'point_not_on_curve']]) {
      const r = await viaProfile(es256(kid as string));
      expect(r.findings.map((f) => [f.code, f.evidence?.reason])).toEqual([['KEY_MISMATCH', reason]]);
    }
  });

  it('lint reports JWKS_KEY_UNSAFE for each unsafe key, JWKS_INVALID for the off-curve point, and nothing for a sound JWKS', async () => {
    const lint = async (uri: string) => {
      const r = await call(`${h.url}/v1/lint/oidc-config`, {
        body: { issuer: ISSUER, client_id: 'c', audiences: [AUDIENCE], jwks_uri: uri, redirect_uris: ['https://app.example.com/cb'], alg_policy: { allowed_algs: ['RS256', 'ES256'] } },
      });
      expect(r.status).toBe(200);
      contract.assert('LintResponse', r.json);
      return r.json as { valid: boolean; findings: Array<{ code: string; evidence?: Record<string, unknown> }> };
    };
    const bad = await lint(jwksUri);
    expect(bad.valid).toBe(false);
    expect(bad.findings.filter((f) => f.code === 'JWKS_KEY_UNSAFE').map((f) => [f.evidence?.kid, f.evidence?.reason])).toEqual([
      ['e1', 'weak_exponent'], ['big-n', 'key_too_large'], ['big-e', 'exponent_too_large'], ['k1', 'unsupported_curve'],
    ]);
    expect(bad.findings.filter((f) => f.code === 'JWKS_INVALID').map((f) => f.evidence?.kid)).toEqual(['bent']);
    const sound = await lint(`${idp.origin}/good-jwks`);
    expect(sound.findings.filter((f) => f.code.startsWith('JWKS_'))).toEqual([]);
  });
});

describe('issuer profiles with an unsafe inline key stop the service start', () => {
  const profile = (id: string, source: Record<string, unknown>) => ({ id, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'], ...source });
  /** The start-up error's message; a start that succeeds fails the test. */
  async function startError(profiles: unknown[]): Promise<string> {
    try {
      const started = await start({ ISSUER_PROFILES_JSON: JSON.stringify(profiles) });
      await started.close();
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('the service started');
  }

  it('an e = 1 public_key, naming the profile, the field and the reason, never the key', async () => {
    const message = await startError([profile('weak-pem', { public_key: e1.pem })]);
    expect(message).toMatch(/profile "weak-pem" \(#0\): \/0\/public_key is an RSA key with a public exponent below 65537.*\(weak_exponent\)$/);
    expect(message).not.toContain(e1.pem.split('\n')[1] as string);
  });

  it('an inline jwks holding a 16384-bit key and one with e = 3, one problem each, never the key', async () => {
    const jwks = { keys: [goodJwk, { ...bigModulus.jwk, kid: 'big' }, { ...rsaKey(modulus2048(), 3n).jwk, kid: 'three' }] };
    const message = await startError([profile('weak-jwks', { jwks })]);
    expect(message).toMatch(/profile "weak-jwks" \(#0\): \/0\/jwks\/keys\/1 is an RSA key with a 16384-bit modulus.*\(key_too_large\); profile "weak-jwks" \(#0\): \/0\/jwks\/keys\/2 .*\(weak_exponent\)$/);
    expect(message).not.toContain(bigModulus.jwk.n.slice(0, 40));
  });
});

describe('the gate (config profiles:) on a repository on disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'oidc-gate-keys-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a profile with an e = 1 public_key is PROFILE_INVALID at its line, and the sound profile next to it still registers', async () => {
    mkdirSync(path.join(root, '.github/oidc-gate'), { recursive: true });
    const pem = (text: string) => text.trimEnd().split('\n').map((l) => `      ${l}`).join('\n');
    const lines = [
      'profiles:',
      '  - id: sound',
      `    issuer: ${ISSUER}`,
      `    audiences: [${AUDIENCE}]`,
      '    allowed_algs: [RS256]',
      '    public_key: |',
      pem(good.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
      '  - id: forgeable',
      `    issuer: ${ISSUER}`,
      `    audiences: [${AUDIENCE}]`,
      '    allowed_algs: [RS256]',
      '    public_key: |',
      pem(e1.pem),
      'tokens:',
      '  - name: sound-token',
      `    token: ${jwt('RS256', { key: good.privateKey })}`,
      '    issuer_profile_id: sound',
      `    at: ${AT}`,
      '',
    ].join('\n').split('\n');
    writeFileSync(path.join(root, '.github/oidc-gate/profiles.yml'), lines.join('\n'));
    const forgeableKeyLine = lines.lastIndexOf('    public_key: |') + 1;
    const run = await runGate({ root, patterns: ['.github/oidc-gate/**/*.yml'], network: false, env: {} });
    const invalid = run.findings.filter((f) => f.code === 'PROFILE_INVALID');
    expect(invalid.map((f) => [f.file, f.line, f.name])).toEqual([['.github/oidc-gate/profiles.yml', forgeableKeyLine, 'forgeable']]);
    expect(invalid[0]?.message).toMatch(/Issuer profile "forgeable": \/public_key is an RSA key .*\(weak_exponent\)\.$/);
    expect(invalid[0]?.message).not.toContain(e1.pem.split('\n')[1] as string);
    expect(run.report.results.find((r) => r.name === 'sound-token')).toMatchObject({ response: { valid: true } });
  });
});

interface Exit { status: number | null; stdout: string; stderr: string }

/** The CLI bundle as its own process. Asynchronous, so the JWKS server in this process keeps answering. */
function cli(args: string[], input: string, env: Record<string, string> = {}): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BUNDLE, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe.skipIf(!bundlesPresent())('the CLI bundle: oidc-gate validate', () => {
  it('an e = 1 public_key with a forged token: exit 2 and the 422 problem at /policy/public_key', async () => {
    const request = { token: forged(e1, 'e1'), policy: { public_key: e1.pem, issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'] } };
    const r = await cli(['validate', '-', '--at', AT], JSON.stringify(request));
    expect(r.status).toBe(2);
    const problem = JSON.parse(r.stdout) as { status: number; code: string; errors: Array<{ pointer: string; message: string }> };
    expect(problem).toMatchObject({ status: 422, code: 'REQUEST_INVALID' });
    expect(problem.errors).toEqual([{ pointer: '/policy/public_key', message: expect.stringMatching(/\(weak_exponent\)$/) }]);
    expect(r.stdout).not.toContain(e1.pem.split('\n')[1] as string);
  });

  it('the forged token through a jwks_uri profile served over loopback HTTPS: exit 1, KEY_MISMATCH weak_exponent', async () => {
    const profiles = [{ id: 'corp', issuer: ISSUER, audiences: [AUDIENCE], allowed_algs: ['RS256'], jwks_uri: jwksUri }];
    const env = { ISSUER_PROFILES_JSON: JSON.stringify(profiles), OUTBOUND_ALLOW: '127.0.0.1', NODE_EXTRA_CA_CERTS: testPki().caFile };
    const r = await cli(['validate', '-', '--at', AT], JSON.stringify({ token: forged(e1, 'e1'), issuer_profile_id: 'corp' }), env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const response = JSON.parse(r.stdout) as Validation;
    expect(response.valid).toBe(false);
    expect(response.findings.map((f) => [f.code, f.evidence?.reason, f.evidence?.kid])).toEqual([['KEY_MISMATCH', 'weak_exponent', 'e1']]);
    const control = await cli(['validate', '-', '--at', AT], JSON.stringify({ token: jwt('RS256', { headerExtra: { kid: 'good' }, key: good.privateKey }), issuer_profile_id: 'corp' }), env);
    expect(control.status).toBe(0);
  });
});
