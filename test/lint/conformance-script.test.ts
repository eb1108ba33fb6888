import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProviderTable, runProviderConformance } from '../../scripts/conformance-providers.ts';

/** Two provider files of the shared folder's shape, made here so the test needs nothing outside the repo. */
const dir = mkdtempSync(join(tmpdir(), 'oidc-gate-providers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function provider(name: string, issuer: string, algs: string[], jwks: unknown): void {
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer.replace(/\/$/, '')}/authorize`,
    token_endpoint: `${issuer.replace(/\/$/, '')}/token`,
    jwks_uri: 'https://keys.example.net/certs',
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: algs,
    code_challenge_methods_supported: ['S256'],
  };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ source: 'test', metadata, jwks }));
}

const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'jwk' });
provider('clean', 'https://idp.example.com', ['RS256'], { keys: [{ ...rsa(2048), kid: 'a', use: 'sig' }] });
provider('weak', 'https://weak.example.org/', ['RS256', 'none'], { keys: [{ ...rsa(1024), kid: 'old' }] });

/**
 * Entra ID's tenant-independent documents, hand-written in the shape Microsoft publishes: served at
 * /common/v2.0 and /organizations/v2.0, naming the https://login.microsoftonline.com/{tenantid}/v2.0 template.
 */
function entra(name: 'entra-common' | 'entra-organizations', segment: string): void {
  const base = `https://login.microsoftonline.com/${segment}`;
  const metadata = {
    issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0',
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    token_endpoint: `${base}/oauth2/v2.0/token`,
    jwks_uri: `${base}/discovery/v2.0/keys`,
    response_types_supported: ['code', 'id_token', 'code id_token'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
  };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify({ source: 'test', metadata, jwks: { keys: [{ ...rsa(2048), kid: 'm', use: 'sig' }] } }));
}
entra('entra-common', 'common');
entra('entra-organizations', 'organizations');

describe('provider conformance script', () => {
  it('serves each document locally and reports discovery and lint codes per provider', async () => {
    const rows = await runProviderConformance(dir, { print: false });
    expect(rows.map((r) => [r.provider, r.valid, r.discoveryCodes, r.lintCodes, r.toggledSlashCodes])).toEqual([
      ['clean', true, [], [], ['DISCOVERY_ISSUER_MISMATCH']],
      ['entra-common', true, [], [], ['DISCOVERY_ISSUER_MISMATCH']],
      ['entra-organizations', true, [], [], ['DISCOVERY_ISSUER_MISMATCH']],
      ['weak', false, ['DISCOVERY_ALG_NONE'], ['WEAK_ALGORITHM', 'JWKS_KEY_TOO_SMALL', 'JWKS_NO_USABLE_KEY'], ['DISCOVERY_ISSUER_MISMATCH', 'DISCOVERY_ALG_NONE']],
    ]);
    const table = formatProviderTable(rows);
    expect(table.split('\n')).toHaveLength(6);
    expect(table).toContain('| weak | no | 4 | 0 |');
    expect(table).toContain('RSA 1024 bits');
  });

  it('discovers Entra ID at its real tenant-independent locations, whose {tenantid} issuer passes', async () => {
    const rows = await runProviderConformance(dir, { print: false });
    expect(rows.filter((r) => r.provider.startsWith('entra')).map((r) => [r.provider, r.discoveryUri, r.errors])).toEqual([
      ['entra-common', 'https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration', 0],
      ['entra-organizations', 'https://login.microsoftonline.com/organizations/v2.0/.well-known/openid-configuration', 0],
    ]);
    expect(rows.find((r) => r.provider === 'clean')?.discoveryUri).toBe('https://idp.example.com/.well-known/openid-configuration');
  });
});
