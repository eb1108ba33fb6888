/** The CLI's own surface: version, each command's help, and one friendly line for each usage mistake. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { looksLikeToken, mayHoldToken } from '../../src/cli/single/token-shape.ts';
import { TOOL_VERSION } from '../../src/gate/outputs/report.ts';
import { known } from '../fixtures/harness.ts';
import { runCli } from './run-cli.ts';

function cli(argv: string[]) {
  return runCli(argv, { cwd: process.cwd() });
}

describe('the version', () => {
  it.each([['--version'], ['-V'], ['-v'], ['version']])('%s prints it, exit 0', async (flag) => {
    expect(await cli([flag])).toEqual({ code: 0, stdout: `oidc-gate ${TOOL_VERSION}\n`, stderr: '' });
  });
});

describe('each command has its own --help', () => {
  const options = (text: string) => [...text.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]);

  it.each(COMMANDS.map((c) => [c.name]))('%s --help shows the usage and options of that command only', async (name) => {
    const spec = COMMANDS.find((c) => c.name === name);
    const r = await cli([name, '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe(`Usage: oidc-gate ${name}${spec?.args ? ` ${spec.args}` : ''}`);
    expect(options(r.stdout)).toEqual((spec?.options ?? []).map((o) => `--${o.name}`));
    expect(r.stdout).toMatch(/\n {2}-h, --help +show this help\n/);
    // Not the overview, and no other command's usage line.
    expect(r.stdout).not.toContain('Commands:');
    for (const other of COMMANDS) if (other.name !== name) expect(r.stdout).not.toContain(`Usage: oidc-gate ${other.name}`);
    expect((await cli([name, '-h'])).stdout).toBe(r.stdout);
    expect((await cli(['help', name])).stdout).toBe(r.stdout);
  });

  it('--help wins over other arguments, even a mistake, but not after --', async () => {
    expect((await cli(['check', '--bogus', '--help'])).stdout.startsWith('Usage: oidc-gate check ')).toBe(true);
    const afterDashes = await cli(['check', '--offline', '--', '--help']);
    expect(afterDashes.stdout).not.toContain('Usage:');
  });

  it('validate --help says how to give a raw token and a profile', async () => {
    const text = (await cli(['validate', '--help'])).stdout;
    expect(text).toContain('  --profile ID');
    expect(text).toContain('  --config FILE');
    expect(text).toContain('Pipe a token in on stdin rather than passing it as');
    expect(text).not.toContain('--fail-on');
    expect((await cli(['check', '--help'])).stdout).not.toContain('--profile');
  });
});

describe('usage mistakes: one line naming the mistake and the help to read, exit 2', () => {
  it.each([
    [['check', '--bogus'], 'oidc-gate check: unknown option --bogus. See oidc-gate check --help.'],
    [['check', '--formt', 'json'], 'oidc-gate check: unknown option --formt (did you mean --format?). See oidc-gate check --help.'],
    [['validate', '--porfile', 'p'], 'oidc-gate validate: unknown option --porfile (did you mean --profile?). See oidc-gate validate --help.'],
    [['lint', '-x'], 'oidc-gate lint: unknown option -x. See oidc-gate lint --help.'],
    [['serve', '--port', '80'], 'oidc-gate serve: unknown option --port. See oidc-gate serve --help.'],
    [['deploy'], 'oidc-gate: unknown command "deploy". See oidc-gate --help.'],
    [['valdate'], 'oidc-gate: unknown command "valdate" (did you mean validate?). See oidc-gate --help.'],
    [['help', 'chek'], 'oidc-gate: unknown command "chek" (did you mean check?). See oidc-gate --help.'],
    [['--offline', 'check'], 'oidc-gate: --offline goes after the command, as in oidc-gate check --offline. See oidc-gate --help.'],
    [['--nope'], 'oidc-gate: unknown option --nope. See oidc-gate --help.'],
  ])('%j', async (argv, line) => {
    const r = await cli(argv);
    expect(r).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
  });

  it("never prints the argument parser's own message", async () => {
    for (const argv of [['check', '--bogus'], ['check', '--format'], ['check', '--offline=1'], ['validate', '-x']]) {
      const r = await cli(argv);
      expect(r.stderr).not.toMatch(/Unknown option '|ERR_PARSE_ARGS|argument is ambiguous|To specify an option argument/);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });

  it('never echoes the value of an unknown option, nor a token given where a command or path goes', async () => {
    const token = known.tokens['valid-hs.jwt'] as string;
    for (const argv of [['check', `--secret=${known.secret}`], [token], ['check', token], ['validate', `--token=${token}`]]) {
      const r = await cli(argv);
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toContain(known.secret);
      expect(r.stderr).not.toContain(token.split('.')[1]);
      expect(r.stderr).not.toContain(token.slice(0, 30));
    }
    expect((await cli([token])).stderr).toContain('looks like a token, not a command');
    expect((await cli(['check', token])).stderr).toContain('looks like a token');
  });
});

describe('telling a token from a path', () => {
  it('takes tokens, spoiled ones too, for tokens', () => {
    const token = known.tokens['valid-hs.jwt'] as string;
    for (const t of [token, `${token}\n`, token.replace('.', '=.'), `Bearer ${token}`, token.replace(/\./g, '\n.')]) expect(mayHoldToken(t), t.slice(0, 12)).toBe(true);
    expect(looksLikeToken(token)).toBe(true);
    expect(looksLikeToken(`${token}.more.parts`)).toBe(true);
  });

  it('never takes a config path or a command for one', () => {
    for (const p of ['examples/broken', '.github/oidc-gate/a.v1.yml', 'eyes/x.y.z', 'ey.a.b', 'eyeglasses-folder/a.yml', 'configs/**/*.yml', 'validate', 'a.b.c']) {
      expect(mayHoldToken(p), p).toBe(false);
    }
  });
});

describe("the CLI synopsis (docs/cli.md)", () => {
  it('names, for each command, exactly the options that command takes', () => {
    const readme = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('# The CLI'));
    const block = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4));
    const entries: { names: string[]; options: Set<string> }[] = [];
    for (const line of block.split('\n')) {
      const text = line.replace(/#.*$/, '');
      const m = /^oidc-gate (\S+)/.exec(text);
      if (m !== null) entries.push({ names: (m[1] as string).split('|'), options: new Set() });
      for (const o of text.matchAll(/--([a-z-]+)/g)) entries.at(-1)?.options.add(o[1] as string);
    }
    const described = entries.filter((e) => e.names.every((n) => COMMANDS.some((c) => c.name === n)));
    expect(described.flatMap((e) => e.names).sort()).toEqual(COMMANDS.filter((c) => c.name !== 'help').map((c) => c.name).sort());
    for (const entry of described) {
      for (const name of entry.names) {
        const spec = COMMANDS.find((c) => c.name === name);
        expect([...entry.options].sort(), name).toEqual((spec?.options ?? []).map((o) => o.name).sort());
      }
    }
  });
});
