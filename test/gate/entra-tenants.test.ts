/**
 * The gate with Microsoft Entra ID's multi-tenant template: a `profiles:` entry with the
 * https://login.microsoftonline.com/{tenantid}/v2.0 issuer and `tenants:`, and `tokens:` samples judged by it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ValidateResponse } from '../../src/engine/index.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { claims, goodToken, keyFor } from '../helpers/tokens.ts';

const CONTOSO = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const FABRIKAM = 'aaaabbbb-0000-cccc-1111-dddd2222eeee';
const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-entra-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const token = (tid: string) => goodToken('RS256', { payload: claims({ iss: `https://login.microsoftonline.com/${tid}/v2.0`, tid }) });

function config(profileExtra: string[], samples: string[]): string {
  return [
    'profiles:',
    '  - id: entra',
    '    issuer: https://login.microsoftonline.com/{tenantid}/v2.0',
    '    audiences: [api://orders]',
    '    allowed_algs: [RS256]',
    `    public_key: ${JSON.stringify(keyFor('RS256').policy.public_key)}`,
    ...profileExtra,
    'tokens:',
    ...samples,
    '',
  ].join('\n');
}

const sample = (name: string, tid: string, expectation: string) => [
  `  - name: ${name}`,
  `    token: ${token(tid)}`,
  '    issuer_profile_id: entra',
  '    at: 2023-11-14T22:13:20Z',
  `    expect: ${expectation}`,
];

async function run(dir: string, text: string) {
  const root = path.join(tmp, dir);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'c.yml'), text);
  return runGate({ root, patterns: ['c.yml'], network: false, env: {} });
}

describe('gate: tokens judged by an Entra template profile with tenants', () => {
  it('a listed tenant\'s sample is valid; an unlisted tenant\'s is ISSUER_MISMATCH', async () => {
    const r = await run('listed', config([`    tenants: [${CONTOSO}]`], [...sample('contoso', CONTOSO, 'valid'), ...sample('fabrikam', FABRIKAM, '[ISSUER_MISMATCH]')]));
    expect(r.findings).toEqual([]);
    expect(r.report.results.map((x) => x.passed)).toEqual([true, true]);
    const fabrikam = r.report.results[1]?.response as ValidateResponse;
    expect(fabrikam.findings[0]?.evidence).toMatchObject({ tid: FABRIKAM, tenants: [CONTOSO] });
  });

  it('without tenants, any tenant whose iss matches its tid is valid', async () => {
    const r = await run('any', config([], sample('fabrikam', FABRIKAM, 'valid')));
    expect(r.findings).toEqual([]);
    expect(r.report.results[0]?.passed).toBe(true);
  });

  it('tenants on a profile without the template is PROFILE_INVALID at its line', async () => {
    const text = config([`    tenants: [${CONTOSO}]`], []).replace('https://login.microsoftonline.com/{tenantid}/v2.0', 'https://idp.example.com');
    const r = await run('plain', text);
    expect(r.findings.map((f) => [f.code, f.line])).toEqual([['PROFILE_INVALID', 7]]);
    expect(r.findings[0]?.message).toContain('tenants');
  });
});
