/**
 * The CLI never repeats a token, wherever a user puts one by mistake. Before, `oidc-gate <token>`
 * answered `Unknown command "<the whole token>"`, and `oidc-gate check <token>` reported
 * `Config path <the whole token> does not exist.`: into a terminal, a CI log, a report.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, CLI_BUNDLE, known, tempParent } from '../fixtures/harness.ts';

const parent = tempParent('oidc-gate-token-echo-');
afterAll(() => rmSync(parent, { recursive: true, force: true }));
mkdirSync(path.join(parent, '.git'));
writeFileSync(path.join(parent, 'cfg.yml'), [
  'profiles:', '  - id: p', '    issuer: https://id.fixture.example', '    audiences: [api://fixture]', '    allowed_algs: [HS256]', '    secret_env: OIDC_GATE_HS', '',
].join('\n'));

const TOKEN = known.tokens['valid-hs.jwt'] as string;
const [HEADER, PAYLOAD, SIGNATURE] = TOKEN.split('.') as [string, string, string];
/** The token spoiled in copying: padding, and a stray character in the signature. */
const SPOILED = `${HEADER}=.${PAYLOAD}.${SIGNATURE}!`;

function run(args: string[], input = '') {
  const r = spawnSync(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: parent, input, encoding: 'utf8', env: { PATH: process.env.PATH, OIDC_GATE_HS: known.secret },
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe.skipIf(!bundlesPresent())('a token given where it does not belong is never printed', () => {
  it.each([
    ['as the command', [TOKEN]],
    ['as a path to check', ['check', '--offline', TOKEN]],
    ['spoiled, as a path to check', ['check', '--offline', SPOILED]],
    ['as the value of an unknown option', ['validate', `--token=${TOKEN}`]],
    ['as --profile, with the token on stdin too', ['validate', '--config', 'cfg.yml', '--profile', TOKEN]],
    ['spoiled, as the argument to validate', ['validate', '--config', 'cfg.yml', '--profile', 'p', SPOILED]],
    ['spoiled, as the argument to validate, as text', ['validate', '--config', 'cfg.yml', '--profile', 'p', '--format', 'text', SPOILED]],
    ['after "Bearer ", as one argument', ['validate', '--config', 'cfg.yml', '--profile', 'p', `Bearer ${TOKEN}`]],
    ['with a line break inside, as the argument to lint', ['lint', `${HEADER}\n.${PAYLOAD}.${SIGNATURE}`]],
  ])('%s: exit 2, and no part of it in stdout or stderr', (_where, args) => {
    const r = run(args, TOKEN);
    expect(r.status).toBe(2);
    for (const part of [PAYLOAD, SIGNATURE, HEADER.slice(0, 20), known.secret]) expect(r.out).not.toContain(part);
  });

  it('a valid token, on stdin or as an argument, in text or JSON: its claims are shown, never the token', () => {
    for (const args of [['--format', 'text'], ['--format', 'json'], ['--format', 'text', TOKEN]]) {
      const r = run(['validate', '--config', 'cfg.yml', '--profile', 'p', '--at', known.at, ...args], TOKEN);
      expect(r.status).toBe(0);
      for (const part of [PAYLOAD, SIGNATURE, HEADER, known.secret]) expect(r.out).not.toContain(part);
    }
  });
});
