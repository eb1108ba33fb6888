import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_VERSION } from '../src/gate/outputs/report.ts';

describe('runtime', () => {
  it('runs the tests on Node 24, the runtime the action declares', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
  });

  it('pins Node 24 in .node-version and action runtime files agree', () => {
    expect(readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim()).toBe('24');
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { type: string; engines: { node: string } };
    expect(pkg.type).toBe('module');
    // The package is the CLI a consumer installs: it runs on Node 20.12 or later (the action declares node24 in action.yml).
    expect(pkg.engines.node).toBe('>=20.12');
  });

  it('the version reports and --version name is the package\'s (script/release checks the package\'s)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(TOOL_VERSION).toBe(pkg.version);
  });
});
