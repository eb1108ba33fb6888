import { describe, expect, it } from 'vitest';
import { createEngineContext } from '../../src/engine/context.ts';
import { discoverProvider } from '../../src/engine/discovery/discover.ts';

describe('discovery offline', () => {
  it('CHECK_SKIPPED tells the user what was skipped: the discovery document, not the JWKS', async () => {
    const r = await discoverProvider({ issuer: 'https://idp.example.com' }, createEngineContext());
    const skipped = r.findings.filter((f) => f.code === 'CHECK_SKIPPED');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.remediation).toContain('discovery document');
    expect(skipped[0]?.remediation).not.toContain('JWKS');
  });
});
