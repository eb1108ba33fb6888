/** Entry names are unique per section within a file (§18): a repeat is one CONFIG_INVALID at the second one, which is not checked. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entriesOf, loadConfigFile } from '../../src/gate/config/config.ts';
import { providersSection } from '../../src/gate/sections/providers.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-entry-names-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const load = async (lines: string[]) => {
  const abs = path.join(tmp, `c${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(abs, `${lines.join('\n')}\n`);
  return loadConfigFile(abs, { root: tmp });
};

const provider = (name?: string, issuer = 'https://id.example') => [
  ...(name !== undefined ? [`  - name: ${name}`, `    issuer: ${issuer}`] : [`  - issuer: ${issuer}`]),
  '    client_id: c', '    audiences: [api]', '    jwks_uri: https://id.example/keys', '    redirect_uris: [https://app.example/cb]', '    alg_policy: { allowed_algs: [RS256] }',
];

describe('entry names', () => {
  it('a repeated provider name is one CONFIG_INVALID at the second one\'s name line, with a fix that says to rename it; the first is still checked', async () => {
    const c = await load(['providers:', ...provider('web'), ...provider('api'), ...provider('web', 'https://evil.example')]);
    expect(entriesOf(c, providersSection).map((p) => [p.name, p.request.issuer])).toEqual([['web', 'https://id.example'], ['api', 'https://id.example']]);
    expect(c.findings.map((f) => [f.code, f.line, f.column, f.pointer])).toEqual([['CONFIG_INVALID', 16, 5, '/providers/2/name']]);
    expect(c.findings[0]?.message).toBe('The provider name "web" is already used by the provider on line 2 of this file; entry names must be unique in providers:, so this provider was not checked.');
    expect(c.findings[0]?.remediation).toMatch(/^Rename this provider: give it a name: no other provider in this file has/);
  });

  it('two unnamed providers of one issuer share their default name: the error is at the second entry', async () => {
    const c = await load(['providers:', ...provider(), ...provider()]);
    expect(c.findings.map((f) => [f.code, f.line, f.pointer])).toEqual([['CONFIG_INVALID', 8, '/providers/1']]);
    expect(c.findings[0]?.message).toContain('(this one has no name:, and its default name is the same)');
    expect(c.findings[0]?.remediation).toMatch(/^Give this provider a name:/);
  });

  it('names need only be unique within their section: a provider and a trust policy may share one', async () => {
    writeFileSync(path.join(tmp, 'trust.json'), JSON.stringify({ Version: '2012-10-17', Statement: [] }));
    const c = await load(['providers:', ...provider('web'), 'trust_policies:', '  - name: web', '    aws_trust_policy: trust.json']);
    expect(c.findings.filter((f) => f.code === 'CONFIG_INVALID')).toEqual([]);
  });
});
