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

describe('provider conformance script', () => {
  it('serves each document locally and reports discovery and lint codes per provider', async () => {
    const rows = await runProviderConformance(dir, { print: false });
    expect(rows.map((r) => [r.provider, r.valid, r.discoveryCodes, r.lintCodes, r.toggledSlashCodes])).toEqual([
      ['clean', true, [], [], ['DISCOVERY_ISSUER_MISMATCH']],
      ['weak', false, ['DISCOVERY_ALG_NONE'], ['WEAK_ALGORITHM', 'JWKS_KEY_TOO_SMALL', 'JWKS_NO_USABLE_KEY'], ['DISCOVERY_ISSUER_MISMATCH', 'DISCOVERY_ALG_NONE']],
    ]);
    const table = formatProviderTable(rows);
    expect(table.split('\n')).toHaveLength(4);
    expect(table).toContain('| weak | no | 4 | 0 |');
    expect(table).toContain('RSA 1024 bits');
  });
});
