/**
 * Every trust format's config key names a repository file, read as `aws_trust_policy` is: inside the
 * repository and out of .git (links followed), at most 64 KiB, UTF-8, no repeated key, one object,
 * inlined into the request. The formats other than AWS are read as JSON or YAML (gcloud prints YAML).
 * Findings inside the file are placed at the key's line, with the file and the pointer in the message.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entriesOf, loadConfigFile } from '../../../src/gate/config/config.ts';
import { documentMembers } from '../../../src/gate/sections/trust-sources/members.ts';
import { trustPoliciesSection } from '../../../src/gate/sections/trust-policies.ts';
import { CONFIG_FILE, gate, PINNED, registered, repo, tempRoot } from './helpers.ts';

const t = tempRoot('oidc-gate-doc-files-');

/** A document of each format that judges clean, and one too broad. */
const DOCUMENTS: Record<string, { yaml: string; broad: string; label: string }> = {
  vault_jwt_role: {
    label: 'Vault JWT role',
    yaml: `role_type: jwt\nbound_audiences: [https://vault.example]\nbound_claims_type: string\nbound_claims:\n  sub: ["${PINNED}"]\nuser_claim: sub\n`,
    broad: 'role_type: jwt\nbound_audiences: [https://vault.example]\nbound_claims_type: glob\nbound_claims:\n  sub: ["repo:acme/*"]\nuser_claim: sub\n',
  },
  azure_federated_credential: {
    label: 'Azure federated credential',
    yaml: `name: deploy\nissuer: https://token.actions.githubusercontent.com\nsubject: "${PINNED}"\naudiences: [api://AzureADTokenExchange]\n`,
    broad: 'name: deploy\nissuer: https://token.actions.githubusercontent.com\naudiences: [api://AzureADTokenExchange]\nclaimsMatchingExpression: { value: "claims[\'sub\'] matches \'repo:acme/*\'", languageVersion: 1 }\n',
  },
  gcp_workload_identity: {
    label: 'GCP workload identity',
    yaml: 'provider:\n  attributeMapping: { google.subject: assertion.sub }\n  attributeCondition: "assertion.repository_id == \'2002\' && assertion.repository_owner_id == \'1001\' && assertion.ref == \'refs/heads/main\'"\n  oidc: { issuerUri: https://token.actions.githubusercontent.com }\n',
    broad: 'provider:\n  attributeMapping: { google.subject: assertion.sub }\n  attributeCondition: "assertion.repository_owner == \'acme\'"\n  oidc: { issuerUri: https://token.actions.githubusercontent.com }\n',
  },
};

const entry = (key: string, file: string): string => `trust_policies:\n  - name: deploy\n${'    # the document\n'}    ${key}: ${file}\n`;

describe('every format\'s key names a file', () => {
  it('the keys are the engine\'s document members: a format registered later is a config key at once', () => {
    expect(documentMembers()).toEqual(expect.arrayContaining(['aws_trust_policy']));
    for (const member of Object.keys(DOCUMENTS)) expect(documentMembers().includes(member)).toBe(registered(member));
  });

  for (const [member, doc] of Object.entries(DOCUMENTS)) {
    describe.skipIf(!registered(member))(member, () => {
      it('reads YAML and JSON alike, and inlines the document as the service takes it', async () => {
        for (const [file, text] of [['doc.yaml', doc.yaml], ['doc.json', JSON.stringify((await import('yaml')).parse(doc.yaml))]] as const) {
          const root = repo(t.root(), entry(member, file), { [file]: text });
          const c = await loadConfigFile(path.join(root, CONFIG_FILE), { root });
          expect(c.findings).toEqual([]);
          const e = entriesOf(c, trustPoliciesSection)[0];
          expect(e?.documentFile).toEqual({ member, file });
          expect(e?.request[member]).toEqual((await import('yaml')).parse(doc.yaml));
        }
      });

      it('a finding inside the file is placed at the key\'s line, naming the file and the pointer', async () => {
        const run = await gate(repo(t.root(), entry(member, 'broad.yaml'), { 'broad.yaml': doc.broad }));
        const error = run.findings.find((f) => f.severity === 'error');
        expect(error).toMatchObject({ code: 'TRUST_SUBJECT_UNBOUNDED', file: CONFIG_FILE, line: 4, name: 'deploy' });
        expect(error?.message).toMatch(/\(broad\.yaml, at \/.+\)$/);
        expect(run.report.results[0]?.request[member]).toEqual((await import('yaml')).parse(doc.broad));
      });

      it('each mistake with the file is one error at the key', async () => {
        const cases: [Record<string, string | Buffer>, string, string][] = [
          [{}, 'CONFIG_UNREADABLE', `${doc.label} file doc.yaml (relative to ${CONFIG_FILE}) cannot be read: no such file.`],
          [{ 'doc.yaml': '' }, 'CONFIG_INVALID', `${doc.label} file doc.yaml is empty.`],
          [{ 'doc.yaml': '- a\n- b\n' }, 'CONFIG_INVALID', `${doc.label} file doc.yaml must hold one map, not a list.`],
          [{ 'doc.yaml': 'a: 1\na: 2\n' }, 'CONFIG_INVALID', `${doc.label} file doc.yaml is not valid YAML or JSON at line 2, column 1: a key appears twice in one mapping (DUPLICATE_KEY).`],
          [{ 'doc.yaml': Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]) }, 'CONFIG_INVALID', `${doc.label} file doc.yaml is not valid UTF-8 text.`],
          [{ 'doc.yaml': `a: ${'x'.repeat(70 * 1024)}\n` }, 'CONFIG_TOO_LARGE', `${doc.label} file doc.yaml is larger than 65,536 bytes; refusing to read it.`],
          [{ 'doc.yaml': 'a: .inf\n' }, 'CONFIG_INVALID', `${doc.label} file doc.yaml holds a number that is not finite, which JSON cannot; the service could not be sent the same document.`],
        ];
        for (const [files, code, message] of cases) {
          const root = repo(t.root(), entry(member, 'doc.yaml'), files);
          const c = await loadConfigFile(path.join(root, CONFIG_FILE), { root });
          expect(entriesOf(c, trustPoliciesSection)).toEqual([]);
          expect(c.findings.map((f) => [f.code, f.line, f.message])).toEqual([[code, 4, message]]);
        }
      });

      it('a link out of the repository is refused, never read', async () => {
        writeFileSync(path.join(t.outside, 'doc.yaml'), 'not: for the gate\n');
        const root = repo(t.root(), entry(member, 'doc.yaml'));
        symlinkSync(path.join(t.outside, 'doc.yaml'), path.join(root, '.github/oidc-gate/doc.yaml'));
        const c = await loadConfigFile(path.join(root, CONFIG_FILE), { root });
        expect(c.findings.map((f) => [f.code, f.line, f.message])).toEqual([['CONFIG_UNREADABLE', 4, `${doc.label} file doc.yaml resolves outside the repository root (links followed); refusing to read it.`]]);
      });

      it('claim_patterns beside it is one error at claim_patterns', async () => {
        const root = repo(t.root(), `${entry(member, 'doc.yaml')}    claim_patterns: { sub: "repo:acme/*" }\n`, { 'doc.yaml': doc.yaml });
        const c = await loadConfigFile(path.join(root, CONFIG_FILE), { root });
        expect(c.findings.map((f) => [f.code, f.line, f.pointer])).toEqual([['CONFIG_INVALID', 5, '/trust_policies/0/claim_patterns']]);
      });
    });
  }

  it('two document keys in one entry are one error, at the second', async () => {
    const root = repo(t.root(), `${entry('aws_trust_policy', 'role.json')}    vault_jwt_role: role.yaml\n`, { 'role.json': '{}', 'role.yaml': 'role_type: jwt\n' });
    const c = await loadConfigFile(path.join(root, CONFIG_FILE), { root });
    expect(c.findings.map((f) => [f.code, f.line, f.message])).toEqual([['CONFIG_INVALID', 5, 'vault_jwt_role cannot be given beside aws_trust_policy: an entry holds one trust document, or one file of them.']]);
  });
});
