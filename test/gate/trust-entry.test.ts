/**
 * `trust_policies:` entries as the gate reads them: the keys it knows, and `aws_trust_policy` read as
 * a repository file under the containment rules. Each mistake is one error, at its own line.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entriesOf, loadConfigFile } from '../../src/gate/config/config.ts';
import { MAX_TRUST_POLICY_FILE_BYTES } from '../../src/gate/sections/trust-entry.ts';
import { trustPoliciesSection } from '../../src/gate/sections/trust-policies.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-trust-entry-'));
const outside = mkdtempSync(path.join(tmpdir(), 'oidc-gate-trust-outside-'));
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const POLICY = {
  Version: '2012-10-17',
  Statement: [{
    Effect: 'Allow',
    Principal: { Federated: 'arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com' },
    Action: 'sts:AssumeRoleWithWebIdentity',
    Condition: {
      StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
      StringLike: { 'token.actions.githubusercontent.com:sub': 'repo:acme/app:environment:production' },
    },
  }],
};

let n = 0;
/** A repository of its own per test: the config at .github/oidc-gate/t.yml, with extra files beside it. */
function repo(config: string, files: Record<string, string | Buffer> = {}): { root: string; abs: string } {
  const root = path.join(tmp, `r${n++}`);
  const dir = path.join(root, '.github/oidc-gate');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const abs = path.join(dir, 't.yml');
  writeFileSync(abs, config);
  return { root, abs };
}

async function load(config: string, files: Record<string, string | Buffer> = {}, setup?: (dir: string) => void) {
  const { root, abs } = repo(config, files);
  setup?.(path.dirname(abs));
  return loadConfigFile(abs, { root });
}

const ENTRY = (awsLine: string): string => `trust_policies:
  - name: deploy
    audiences: [sts.amazonaws.com]
${awsLine}
    cases:
      - claims: { sub: "repo:acme/app:environment:production" }
        expect: allow
`;

describe('trust_policies: entries', () => {
  it('reads the entry and inlines the AWS policy file as the request\'s object', async () => {
    const c = await load(ENTRY('    aws_trust_policy: roles/deploy.json\n    id_token: true'), { 'roles/deploy.json': JSON.stringify(POLICY, null, 2) });
    expect(c.findings).toEqual([]);
    expect(entriesOf(c, trustPoliciesSection)).toHaveLength(1);
    const entry = entriesOf(c, trustPoliciesSection)[0];
    expect(entry).toMatchObject({ name: 'deploy', line: 2, idToken: true, awsPolicyFile: 'roles/deploy.json' });
    expect(entry?.request).toEqual({
      audiences: ['sts.amazonaws.com'],
      aws_trust_policy: POLICY,
      cases: [{ claims: { sub: 'repo:acme/app:environment:production' }, expect: 'allow' }],
    });
  });

  it('is a known top-level key, and an entry without a name is named by its index', async () => {
    const c = await load('trust_policies:\n  - claim_patterns: { sub: "repo:acme/app:*" }\n');
    expect(c.findings).toEqual([]);
    expect(entriesOf(c, trustPoliciesSection)[0]).toMatchObject({ name: 'trust_policies[0]', idToken: false });
  });

  it('an unknown key is one error at its line, with the nearest known key as a hint', async () => {
    const c = await load('trust_policies:\n  - name: deploy\n    audience: [sts.amazonaws.com]\n');
    expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
    expect(c.findings).toHaveLength(1);
    expect(c.findings[0]).toMatchObject({ code: 'CONFIG_UNKNOWN_KEY', line: 3, pointer: '/trust_policies/0/audience' });
    expect(c.findings[0]?.message).toContain('did you mean "audiences"?');
  });

  it('an unknown key inside a case is caught at its line too', async () => {
    const c = await load('trust_policies:\n  - name: deploy\n    cases:\n      - claims: {}\n        expects: deny\n');
    expect(c.findings.map((f) => [f.code, f.line])).toEqual([['CONFIG_UNKNOWN_KEY', 5]]);
    expect(c.findings[0]?.message).toContain('did you mean "expect"?');
  });

  it('claim_patterns beside aws_trust_policy is one CONFIG_INVALID at claim_patterns: the file alone decides', async () => {
    const c = await load('trust_policies:\n  - name: deploy\n    aws_trust_policy: roles/deploy.json\n    claim_patterns: { sub: "repo:acme/app:*" }\n', { 'roles/deploy.json': JSON.stringify(POLICY) });
    expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
    expect(c.findings.map((f) => [f.code, f.line, f.pointer])).toEqual([['CONFIG_INVALID', 4, '/trust_policies/0/claim_patterns']]);
    expect(c.findings[0]?.message).toContain('State what must be allowed and denied as cases');
  });

  it('a policy of more than 100 statements is one CONFIG_TOO_LARGE at aws_trust_policy, never judged in part', async () => {
    const big = { Version: '2012-10-17', Statement: Array.from({ length: 101 }, () => POLICY.Statement[0]) };
    const c = await load('trust_policies:\n  - name: deploy\n    aws_trust_policy: roles/deploy.json\n', { 'roles/deploy.json': JSON.stringify(big) });
    expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
    expect(c.findings.map((f) => [f.code, f.line, f.pointer])).toEqual([['CONFIG_TOO_LARGE', 3, '/trust_policies/0/aws_trust_policy']]);
    expect(c.findings[0]?.message).toContain('101 statements');
  });

  it('an entry whose evaluation would exceed the work budget is one CONFIG_TOO_LARGE at cases', async () => {
    const costly = `*?${'a'.repeat(200)}b*`;
    const policy = { ...POLICY, Statement: [{ ...POLICY.Statement[0], Condition: { StringLike: { 'token.actions.githubusercontent.com:sub': Array.from({ length: 20 }, () => costly) } } }] };
    const cases = Array.from({ length: 60 }, () => `      - claims: { sub: "${'a'.repeat(1000)}" }\n        expect: deny`).join('\n');
    const c = await load(`trust_policies:\n  - name: deploy\n    aws_trust_policy: roles/deploy.json\n    cases:\n${cases}\n`, { 'roles/deploy.json': JSON.stringify(policy) });
    expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
    expect(c.findings.map((f) => [f.code, f.pointer])).toEqual([['CONFIG_TOO_LARGE', expect.stringMatching(/^\/trust_policies\/0\/(cases|aws_trust_policy)$/)]]);
    expect(c.findings[0]?.message).toContain('units of matching work');
  });

  it('id_token must be a boolean', async () => {
    const c = await load('trust_policies:\n  - name: deploy\n    id_token: "yes"\n');
    expect(c.findings.map((f) => [f.code, f.line, f.message])).toEqual([['CONFIG_INVALID', 3, 'id_token must be true or false.']]);
  });

  describe('aws_trust_policy: one error each, at the aws_trust_policy line', () => {
    const AT = { line: 4, pointer: '/trust_policies/0/aws_trust_policy' };
    const one = async (awsLine: string, files: Record<string, string | Buffer> = {}, setup?: (dir: string) => void) => {
      const c = await load(ENTRY(awsLine), files, setup);
      expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
      expect(c.findings).toHaveLength(1);
      expect(c.findings[0]).toMatchObject(AT);
      return c.findings[0] as { code: string; message: string; remediation?: string };
    };

    it('not a path', async () => {
      const f = await one('    aws_trust_policy: { Version: "2012-10-17" }');
      expect(f.code).toBe('CONFIG_INVALID');
      expect(f.message).toBe('aws_trust_policy must be a path relative to the config file, not a map.');
    });

    it('a file that does not exist', async () => {
      const f = await one('    aws_trust_policy: roles/missing.json');
      expect(f.code).toBe('CONFIG_UNREADABLE');
      expect(f.message).toBe('AWS trust policy file roles/missing.json (relative to .github/oidc-gate/t.yml) cannot be read: no such file.');
    });

    it('a path that leaves the repository', async () => {
      writeFileSync(path.join(outside, 'policy.json'), JSON.stringify(POLICY));
      const f = await one(`    aws_trust_policy: ${path.relative(path.join(tmp, `r${n}`, '.github/oidc-gate'), path.join(outside, 'policy.json'))}`);
      expect(f.code).toBe('CONFIG_UNREADABLE');
      expect(f.message).toMatch(/resolves outside the repository root \(links followed\); refusing to read it\.$/);
    });

    it('a link that leads out of the repository', async () => {
      writeFileSync(path.join(outside, 'secret.json'), '{"not": "for the gate"}');
      const f = await one('    aws_trust_policy: linked.json', {}, (dir) => symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'linked.json')));
      expect(f.code).toBe('CONFIG_UNREADABLE');
      expect(f.message).toBe('AWS trust policy file linked.json resolves outside the repository root (links followed); refusing to read it.');
      expect(f.message).not.toContain('for the gate');
    });

    it('a file inside .git', async () => {
      const f = await one('    aws_trust_policy: ../../.git/config', {}, (dir) => {
        mkdirSync(path.join(dir, '../../.git'), { recursive: true });
        writeFileSync(path.join(dir, '../../.git/config'), '[credential]\n');
      });
      expect(f.code).toBe('CONFIG_UNREADABLE');
      expect(f.message).toContain('resolves inside .git');
    });

    it('a huge file', async () => {
      const huge = JSON.stringify({ ...POLICY, Padding: 'x'.repeat(MAX_TRUST_POLICY_FILE_BYTES) });
      const f = await one('    aws_trust_policy: huge.json', { 'huge.json': huge });
      expect(f.code).toBe('CONFIG_TOO_LARGE');
      expect(f.message).toBe('AWS trust policy file huge.json is larger than 65,536 bytes; refusing to read it.');
    });

    it('invalid JSON, placed in the file by line and column, without quoting it', async () => {
      const text = '{\n  "Version": "2012-10-17",\n  "Statement": [ { "Effect": "Allow", } ]\n}\n';
      const f = await one('    aws_trust_policy: bad.json', { 'bad.json': text });
      expect(f.code).toBe('CONFIG_INVALID');
      expect(f.message).toBe('AWS trust policy file bad.json is not valid JSON at line 3, column 39.');
      expect(f.message).not.toContain('Effect');
    });

    it('an empty file', async () => {
      const f = await one('    aws_trust_policy: empty.json', { 'empty.json': '' });
      expect(f.message).toBe('AWS trust policy file empty.json is not valid JSON (the file is empty).');
    });

    it('a repeated member', async () => {
      const f = await one('    aws_trust_policy: dup.json', { 'dup.json': '{"Version": "2012-10-17", "Statement": [], "Statement": [{}]}' });
      expect(f.code).toBe('CONFIG_INVALID');
      expect(f.message).toBe('AWS trust policy file dup.json repeats the member "Statement" in one object; which one counts would be a guess.');
    });

    it('JSON that is not an object', async () => {
      const f = await one('    aws_trust_policy: list.json', { 'list.json': '[1, 2]' });
      expect(f.message).toBe('AWS trust policy file list.json must hold one JSON object (with Version and Statement), not a list.');
    });

    it('not UTF-8', async () => {
      const f = await one('    aws_trust_policy: latin1.json', { 'latin1.json': Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]) });
      expect(f.message).toBe('AWS trust policy file latin1.json is not valid UTF-8 text.');
    });
  });
});
