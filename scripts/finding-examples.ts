/**
 * Runs a finding code's example (its definition's `example`) the way a user would meet it: the config
 * file and its sample token on disk in a fresh repository, checked by the gate, with the provider's
 * documents served by an in-memory fetcher instead of the network. The code's page shows what this run
 * reports, so a page can never show a message oidc-gate does not print.
 */
import { constants, createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import type { ExampleToken, FindingDefinition } from '../src/engine/findings.ts';
import type { Fetcher, FetchJsonResult } from '../src/engine/index.ts';
import { DEFAULT_PATTERNS } from '../src/gate/config/files.ts';
import { runGate } from '../src/gate/run/run.ts';
import type { GateFinding } from '../src/gate/types.ts';

/** Where an example's config file is written, relative to the repository. */
export const EXAMPLE_CONFIG = '.github/oidc-gate/identity.yml';
/** Where its sample token is written: `token_file: sample.jwt` beside the config. */
export const EXAMPLE_TOKEN = '.github/oidc-gate/sample.jwt';

/** What a run of an example reported for its own code. */
export interface ExampleOutcome {
  findings: GateFinding[];
}

interface SigningKey {
  /** Signs the JWS signing input; undefined signs nothing (alg none). */
  sign?: (input: string) => Buffer;
  /** The public JWK the issuer serves, when the algorithm has one. */
  jwk?: Record<string, unknown>;
}

/**
 * Runs the example and returns the findings of `definition.code`. Throws when the example has no config
 * to run (a transcript) or when the run does not report the code: an example that does not show its
 * code is a broken page.
 */
export async function runExample(definition: FindingDefinition): Promise<ExampleOutcome> {
  const example = definition.example;
  if (example === undefined || example.transcript !== undefined) throw new Error(`${definition.code}: the example is not runnable`);
  const root = mkdtempSync(path.join(tmpdir(), 'oidc-gate-example-'));
  try {
    const served = new Map<string, unknown>(Object.entries(example.served ?? {}));
    if (example.config !== undefined) write(root, EXAMPLE_CONFIG, example.config);
    for (const [file, text] of Object.entries(example.files ?? {})) write(root, file, text);
    if (example.token !== undefined) {
      const key = signingKey(example.token, example.config);
      write(root, EXAMPLE_TOKEN, `${signToken(example.token, key)}\n`);
      if (example.keysAt !== undefined && key.jwk !== undefined) served.set(example.keysAt, { keys: [key.jwk] });
    }
    for (const [link, target] of Object.entries(example.links ?? {})) {
      mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
      symlinkSync(target, path.join(root, link));
    }
    const run = await runGate(
      { root, patterns: [...DEFAULT_PATTERNS], network: example.offline !== true, env: {}, ...(example.lock !== undefined ? { lockFile: example.lock } : {}) },
      { fetcher: servingFetcher(served) },
    );
    const findings = run.findings.filter((f) => f.code === definition.code);
    if (findings.length === 0) {
      const got = run.findings.map((f) => `${f.code}: ${f.message}`).join('\n  ');
      throw new Error(`${definition.code}: its example does not report it; the run reported:\n  ${got || '(nothing)'}`);
    }
    return { findings };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function write(root: string, file: string, text: string): void {
  const abs = path.join(root, file);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}

/** The provider, in memory: each served URL answers its document, every other URL HTTP 404. */
function servingFetcher(served: ReadonlyMap<string, unknown>): Fetcher {
  return {
    online: true,
    async getJson(url: string): Promise<FetchJsonResult> {
      if (!served.has(url)) return { ok: false, url, reason: 'http_status', detail: 'HTTP 404', status: 404 };
      return { ok: true, url, status: 200, headers: { 'content-type': 'application/json' }, json: structuredClone(served.get(url)) };
    },
  };
}

/** A fresh key for the token's algorithm (the policy's secret for HS*), thrown away after the run. */
function signingKey(token: ExampleToken, config: string | undefined): SigningKey {
  const alg = String(token.header.alg);
  const kid = typeof token.header.kid === 'string' ? { kid: token.header.kid } : {};
  if (alg.toLowerCase() === 'none') return {};
  if (alg.startsWith('HS')) {
    const secret = policySecret(config);
    return { sign: (input) => createHmac(`sha${alg.slice(2)}`, secret).update(input).digest() };
  }
  const issuerKey = keyPair(alg, 'issuer');
  const signer = token.signedByAnotherKey === true ? keyPair(alg, 'forger').privateKey : issuerKey.privateKey;
  const hash = alg.startsWith('Ed') ? null : `sha${alg.slice(2)}`;
  const options = alg.startsWith('ES') ? { key: signer, dsaEncoding: 'ieee-p1363' as const } : alg.startsWith('PS') ? { key: signer, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(alg.slice(2)) / 8 } : signer;
  return {
    sign: (input) => sign(hash, Buffer.from(input), options),
    jwk: { ...issuerKey.publicKey.export({ format: 'jwk' }), ...kid, use: 'sig', alg },
  };
}

const keyPairs = new Map<string, { privateKey: KeyObject; publicKey: KeyObject }>();

/** The issuer's (or a forger's) key for an algorithm, made once per process: RSA keys take a while to make. */
function keyPair(alg: string, whose: 'issuer' | 'forger'): { privateKey: KeyObject; publicKey: KeyObject } {
  const type = alg.startsWith('RS') || alg.startsWith('PS') ? 'RSA' : alg;
  let pair = keyPairs.get(`${type} ${whose}`);
  if (pair === undefined) {
    if (type === 'RSA') pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    else if (alg === 'ES256' || alg === 'ES384' || alg === 'ES512') pair = generateKeyPairSync('ec', { namedCurve: { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' }[alg] });
    else if (alg === 'EdDSA' || alg === 'Ed25519') pair = generateKeyPairSync('ed25519');
    else throw new Error(`an example token cannot be signed with ${alg}`);
    keyPairs.set(`${type} ${whose}`, pair);
  }
  return pair;
}

/** The `secret` of the sample's inline policy: HS* example tokens are signed with it. */
function policySecret(config: string | undefined): string {
  const data = parse(config ?? '') as { tokens?: { policy?: { secret?: unknown } }[] } | null;
  const secret = data?.tokens?.[0]?.policy?.secret;
  if (typeof secret !== 'string') throw new Error('an HS* example token needs a sample with policy.secret');
  return secret;
}

function signToken(token: ExampleToken, key: SigningKey): string {
  const input = `${b64u(JSON.stringify(token.header))}.${b64u(JSON.stringify(token.claims))}`;
  return `${input}.${key.sign !== undefined ? key.sign(input).toString('base64url') : ''}`;
}

function b64u(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
