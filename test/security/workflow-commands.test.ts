/**
 * Workflow commands in untrusted text. The CLI runs in a workflow's `run:` step as often as on a
 * laptop, and there the runner reads every line of its output that starts with `::` as a command
 * (`::add-mask::`, `::error::`, `::set-output::`…). A config file from a pull request, or a key set a
 * server hands out, may put a line break in a name: the CLI must print it as one line, so no line of
 * its output can start with text the repository or the network chose.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, runCliBundle, tempParent } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-workflow-commands-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A provider whose unknown key carries a line break followed by a workflow command. */
const HOSTILE = [
  'providers:',
  '  - name: web',
  '    issuer: https://idp.example.com',
  '    client_id: abc',
  '    audiences: [api]',
  '    jwks_uri: https://idp.example.com/jwks',
  '    redirect_uris: [https://app.example.com/cb]',
  '    "typo\\n::notice::INJECTED\\r::warning::AGAIN": 1',
  '',
].join('\n');

let n = 0;
function repoWith(config: string): string {
  const dir = path.join(parent, `repo${n++}`);
  mkdirSync(path.join(dir, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(dir, '.github/oidc-gate/idp.yml'), config);
  return dir;
}

/** The lines the runner would read as commands: any that starts with `::`. */
const commandLines = (text: string): string[] => text.split(/\r\n|\r|\n/).filter((l) => l.trimStart().startsWith('::'));

describe.skipIf(!bundlesPresent())('no workflow command from untrusted text in the CLI\'s output', () => {
  it.each([
    ['check', ['check', '--offline']],
    ['baseline', ['baseline', '--offline']],
    ['lock', ['lock']],
  ])('%s: a line break in a config key is printed as one line, the key still named', (_, args) => {
    const r = runCliBundle(repoWith(HOSTILE), args);
    expect(r.status).toBe(2);
    const all = `${r.stdout}\n${r.stderr}`;
    expect(all).toContain('CONFIG_UNKNOWN_KEY');
    expect(all).toContain('INJECTED');
    expect(commandLines(all)).toEqual([]);
  });

  it('a config without such text is reported as before (the same key error, one line)', () => {
    const r = runCliBundle(repoWith(HOSTILE.replace('"typo\\n::notice::INJECTED\\r::warning::AGAIN"', 'typo')), ['check', '--offline']);
    expect(r.status).toBe(2);
    // One finding line (its `see:` line links the code's page, which names the code too).
    expect(r.stdout.split('\n').filter((l) => l.includes('CONFIG_UNKNOWN_KEY') && !l.includes('docs/findings/'))).toHaveLength(1);
  });
});
