/**
 * Regressions from the security review: secrets that reached findings, reports or stderr through
 * parser messages, links out of the repository, pasted private keys, and hostile nesting.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { IssuerProfileError, parseProfileDocument } from '../../src/engine/profiles/index.ts';
import { DEFAULT_PATTERNS } from '../../src/gate/config/files.ts';
import { redactRequest } from '../../src/gate/outputs/redact.ts';
import { runGate } from '../../src/gate/run/run.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-leaks-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function repo(name: string, files: Record<string, string>): string {
  const root = path.join(tmp, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

async function gate(root: string) {
  const run = await runGate({ root, patterns: [...DEFAULT_PATTERNS], network: false, env: {} });
  return { run, text: JSON.stringify(run) };
}

// Unquoted values the yaml package quotes back in its messages: an alias, a block scalar header, an escape.
const SECRETS = [
  ['alias', '*hunter2-Prod!', 'hunter2-Prod!'],
  ['block scalar header', '>Zq8vW3nR5tY7uP2x', 'Zq8vW3nR5tY7uP2x'],
  ['double-quoted escape', '"\\UXk9pQ2vL"', 'Xk9pQ2vL'],
] as const;

describe('YAML errors never quote the source', () => {
  for (const [what, written, secret] of SECRETS) {
    it(`a config file with a secret written as an unquoted ${what}`, async () => {
      const root = repo(`yaml-${what.replace(/\W/g, '-')}`, {
        '.github/oidc-gate/p.yml': `profiles:\n  - id: p\n    issuer: https://idp.example.com\n    audiences: [api]\n    allowed_algs: [HS256]\n    secret: ${written}\n`,
      });
      const { run, text } = await gate(root);
      expect(run.findings.some((f) => f.code === 'CONFIG_YAML_INVALID')).toBe(true);
      expect(text).not.toContain(secret);
    });

    it(`an issuer profiles document with a secret written as an unquoted ${what}`, () => {
      const doc = `- id: p\n  issuer: https://idp.example.com\n  audiences: [api]\n  allowed_algs: [HS256]\n  secret: ${written}\n`;
      let error: unknown;
      try {
        parseProfileDocument('ISSUER_PROFILES_FILE', doc);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(IssuerProfileError);
      expect(JSON.stringify({ message: (error as Error).message, problems: (error as IssuerProfileError).problems })).not.toContain(secret);
    });
  }
});

describe('config files that are links out of the checked set are not read', () => {
  const CREDENTIAL = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==';

  it('a link to .git/config (where actions/checkout keeps its token) is refused, and the credential appears nowhere', async () => {
    const root = repo('link-git', { '.git/config': `[http "https://github.com/"]\n\textraheader = ${CREDENTIAL}\n` });
    mkdirSync(path.join(root, '.github/oidc-gate'), { recursive: true });
    symlinkSync('../../.git/config', path.join(root, '.github/oidc-gate/leak.yml'));
    const { run, text } = await gate(root);
    expect(run.findings.map((f) => f.code)).toContain('CONFIG_UNREADABLE');
    expect(text).not.toContain('eC1hY2Nlc3MtdG9rZW46');
    expect(text).toContain('inside .git');
  });

  it('a link to a file outside the repository is refused', async () => {
    const outside = path.join(tmp, 'outside-secret.yml');
    writeFileSync(outside, `profiles: [ { id: x, secret: ${'s'.repeat(40)} } ]\n`);
    const root = repo('link-outside', {});
    mkdirSync(path.join(root, '.github/oidc-gate'), { recursive: true });
    symlinkSync(outside, path.join(root, '.github/oidc-gate/out.yml'));
    const { run, text } = await gate(root);
    expect(run.findings.map((f) => f.code)).toContain('CONFIG_UNREADABLE');
    expect(text).toContain('outside the repository root');
    expect(text).not.toContain('s'.repeat(40));
  });

  it('a token_file inside .git is refused', async () => {
    const root = repo('token-git', {
      '.git/token.jwt': 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln',
      '.github/oidc-gate/t.yml': 'tokens:\n  - name: t\n    token_file: ../../.git/token.jwt\n    issuer_profile_id: none\n',
    });
    const { run } = await gate(root);
    expect(run.findings.map((f) => f.code)).toContain('TOKEN_FILE_INVALID');
  });
});

describe('reports', () => {
  it('a private key pasted as public_key is redacted from the recorded request', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const out = redactRequest({ token: 'a.b.c', policy: { public_key: pem, issuer: 'i', audiences: ['a'], allowed_algs: ['ES256'] } });
    expect(JSON.stringify(out)).not.toContain('PRIVATE');
    expect((out.policy as Record<string, unknown>).public_key).toBe('[redacted]');
  });

  it('a real public key stays, so the request can be replayed', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const out = redactRequest({ token: 'a.b.c', policy: { public_key: pem } });
    expect((out.policy as Record<string, unknown>).public_key).toBe(pem);
  });
});

describe('CLI single requests', () => {
  it('a request that is not JSON is refused without quoting it', async () => {
    let stderr = '';
    const io: CliIo = { stdout: () => {}, stderr: (t) => { stderr += t; }, readStdin: async () => '{"secret":hunter2}', isTTY: false, env: {}, cwd: tmp };
    expect(await main(['validate', '-'], io)).toBe(2);
    expect(stderr).toContain('not valid JSON');
    expect(stderr).not.toContain('hunter2');
  });
});
