/**
 * The README and docs/service.md, followed as a newcomer follows them: every fenced block whose info
 * string is `sh runnable` runs, in page order, one bash session per page (so `export`s and background jobs carry from one block to
 * the next, as in a terminal), in a fresh copy of the repository. GitHub highlights such a block as `sh`:
 * only the first word of the info string names the language.
 *
 * A block passes when every command in it exits 0, except commands whose exit status the README shows
 * (an `exit 1` line in its output), and when the output the README shows for it (the ```text output
 * block right after it) appears in what it printed: each shown line, in order, `…` standing for any text.
 *
 * Not marked runnable, so not run here: `git clone` and `npm ci` (they need the network and install
 * packages: the copy below stands in for a fresh clone after `npm ci`), `npm test` (the whole suite,
 * this file included), and discovery against a real provider (it needs the internet; tests are offline).
 *
 * Two changes are made to what the blocks say, both for running beside other tests: the service's port
 * 8080 becomes a free port (PORT is set, and "127.0.0.1:8080" in commands and shown output is rewritten),
 * and the copy's dist/ is the bundle under test (OIDC_GATE_DIST, else the committed one).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync, copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync,
  readlinkSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlesPresent, DIST, ROOT, SERVER_BUNDLE, tempParent } from './fixtures/harness.ts';
import { call, start } from './server/harness.ts';
import { fences, isOutput, isRunnable, type Fence } from './helpers/markdown.ts';

const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The service walk-through moved from the README to docs/service.md (issue 26); it runs the same way. */
const SERVICE_DOC = readFileSync(path.join(ROOT, 'docs/service.md'), 'utf8');
/** Every page with runnable blocks, each run in a session of its own. */
const PAGES: { name: string; text: string }[] = [{ name: 'README.md', text: README }, { name: 'docs/service.md', text: SERVICE_DOC }];
/** The whole session; a block that hangs (a server that never answers) ends it. */
const SESSION_TIMEOUT_MS = 150_000;

interface Step {
  block: Fence;
  /** The ```text output block that follows it, if the README shows one. */
  shown?: Fence;
}

function steps(markdown: string, page = 'README.md'): Step[] {
  const all = fences(markdown);
  const out: Step[] = [];
  all.forEach((f, i) => {
    if (isRunnable(f)) out.push({ block: f });
    if (isOutput(f)) {
      const before = all[i - 1];
      if (!before || !isRunnable(before)) throw new Error(`${page} line ${f.line}: a \`text output\` block must follow the \`sh runnable\` block whose output it shows`);
      (out[out.length - 1] as Step).shown = f;
    }
  });
  return out;
}

/** A shown line matches a printed line exactly, but for trailing spaces and `…`, which stands for any text. */
function lineMatches(shown: string, printed: string): boolean {
  const pattern = shown.trimEnd().split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${pattern}$`).test(printed.trimEnd());
}

/** The shown lines that were not printed, in order (blank lines and lines of `…` only are layout). */
function missingLines(shown: string, printed: string): string[] {
  const lines = printed.split('\n');
  let at = 0;
  const missing: string[] = [];
  for (const want of shown.split('\n')) {
    if (want.trim() === '' || want.trim() === '…') continue;
    const found = lines.findIndex((line, i) => i >= at && lineMatches(want, line));
    if (found === -1) missing.push(want);
    else at = found + 1;
  }
  return missing;
}

/** A fresh copy: the files git would clone (tracked, plus new ones not ignored), without node_modules and dist. */
function freshCopy(into: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) {
    cpSync(ROOT, into, { recursive: true, verbatimSymlinks: true, filter: (src) => !/^(node_modules|dist|\.git)(\/|$)/.test(path.relative(ROOT, src)) });
    return;
  }
  for (const file of listed.stdout.split('\0')) {
    if (file === '' || /^(node_modules|dist)(\/|$)/.test(file)) continue;
    const from = path.join(ROOT, file);
    if (!existsSync(from) && !isLink(from)) continue; // deleted in the working tree
    const to = path.join(into, file);
    mkdirSync(path.dirname(to), { recursive: true });
    const stat = lstatSync(from);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else if (stat.isFile()) {
      copyFileSync(from, to);
      chmodSync(to, stat.mode & 0o777);
    }
  }
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The driver: job control on, as in an interactive terminal (so `kill %1` signals a whole background
 * job), pipefail, and an ERR trap that records every failed command of a block (not the driver's own
 * lines) with its status. After each block it records the background jobs still running. Jobs left
 * running at the end are not stopped here, so the test can see whether the README stopped them; a
 * session stopped for taking too long stops its jobs.
 */
function driver(count: number): string {
  const lines = [
    'set -m -E -o pipefail',
    '__state="$1"',
    'exec 2>>"$__state/driver.log"',
    '__stop_jobs() { local p; for p in $(jobs -p); do kill -TERM -- "-$p" 2>/dev/null; done; exit 143; }',
    'trap __stop_jobs TERM',
    'trap \'__s=$?; case "${BASH_SOURCE[0]}" in */block-*.sh) printf "%s\\t%s\\t%s\\n" "$__s" "$LINENO" "$BASH_COMMAND" >> "$__state/failed-$__block" ;; esac\' ERR',
  ];
  for (let i = 0; i < count; i++) {
    lines.push(`__block=${i}`, `. "$__state/block-${i}.sh" > "$__state/out-${i}" 2>&1`, `jobs -p > "$__state/jobs-${i}"`);
  }
  return `${lines.join('\n')}\n`;
}

/** PATH as a fresh terminal has it: without the node_modules/.bin directories npm and vitest put first. */
function terminalPath(): string {
  return (process.env.PATH ?? '').split(path.delimiter).filter((dir) => !dir.includes(`node_modules${path.sep}.bin`)).join(path.delimiter);
}

const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

describe('README and docs/service.md: the runnable blocks', () => {
  it('cover the CLI examples (README) and the whole service walk-through (docs/service.md)', () => {
    const covers: Record<string, string[]> = {
      'README.md': ['check --offline examples/broken', 'check --offline examples/oidc-gate'],
      'docs/service.md': ['npm start &', '/v1/validate/jwt', '/v1/lint/oidc-config', '/v1/openapi.json', 'kill %1'],
    };
    for (const page of PAGES) {
      const all = steps(page.text, page.name);
      const text = all.map((s) => s.block.body).join('\n');
      for (const command of covers[page.name] ?? []) expect(text, `${page.name}: ${command}`).toContain(command);
      // Blocks that need the network or install packages stay unmarked, so the session runs offline.
      expect(text, page.name).not.toMatch(/\bgit clone\b|\bnpm (ci|install)\b|accounts\.google\.com/);
      for (const step of all) expect(step.shown === undefined || step.shown.body.trim() !== '', `${page.name} line ${step.block.line}`).toBe(true);
    }
  });

  it('the output matcher reads `…` as any text and wants the shown lines in order', () => {
    expect(missingLines('a …\n…\nexit 1', 'x\na b c\nnoise\nexit 1\n')).toEqual([]);
    expect(missingLines('exit 1\na', 'a\nexit 1')).toEqual(['a']);
    expect(missingLines('exit 0', 'exit 1')).toEqual(['exit 0']);
    expect(missingLines('{"valid":true,…}', '{"valid":false}')).toEqual(['{"valid":true,…}']);
  });
});

describe.skipIf(!bundlesPresent()).each(PAGES)('$name: every runnable block works as shown, top to bottom, in a fresh copy', ({ name: page, text: markdown }) => {
  let parent: string | undefined;
  afterAll(() => {
    if (parent === undefined) return;
    const state = path.join(parent, 'state');
    // Only the process groups of background jobs this session started (gone when the README is right).
    const groups = new Set(readdirSync(state).filter((f) => f.startsWith('jobs-')).flatMap((f) => read(path.join(state, f)).split('\n').filter(Boolean).map(Number)));
    for (const pgid of groups) {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(parent, { recursive: true, force: true });
  });

  it('runs each block with exit 0 (or the exit the page shows) and prints what the page shows', async () => {
    parent = tempParent('oidc-gate-readme-');
    expect(steps(markdown, page).length, `${page} has runnable blocks`).toBeGreaterThan(0);
    const copy = path.join(parent, 'oidc-gate');
    const state = path.join(parent, 'state');
    mkdirSync(copy);
    mkdirSync(state);
    freshCopy(copy);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
    symlinkSync(DIST, path.join(copy, 'dist'));

    const port = await freePort();
    const onPort = (text: string): string => text.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`);
    const run = steps(markdown, page);
    run.forEach((step, i) => writeFileSync(path.join(state, `block-${i}.sh`), `${onPort(step.block.body)}\n`));
    writeFileSync(path.join(state, 'driver.sh'), driver(run.length));

    const env: NodeJS.ProcessEnv = { PATH: terminalPath(), HOME: process.env.HOME, LANG: 'C.UTF-8', PORT: String(port) };
    if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
    const session = spawn('bash', [path.join(state, 'driver.sh'), state], { cwd: copy, env, stdio: 'ignore' });
    const status = await new Promise<number | null>((resolve) => {
      const stop = setTimeout(() => session.kill('SIGTERM'), SESSION_TIMEOUT_MS);
      // bash runs its TERM trap only once the command it waits for ends: a hung one is not waited for.
      const kill = setTimeout(() => session.kill('SIGKILL'), SESSION_TIMEOUT_MS + 10_000);
      session.once('exit', (code) => {
        clearTimeout(stop);
        clearTimeout(kill);
        resolve(code);
      });
    });

    const problems: string[] = [];
    const finished = readdirSync(state).filter((f) => f.startsWith('jobs-')).length;
    if (finished < run.length) {
      const stuck = run[finished] as Step;
      problems.push(`${page} line ${stuck.block.line}: the block did not finish within ${SESSION_TIMEOUT_MS / 1000} s (bash exit ${status})\n${read(path.join(state, `out-${finished}`))}`);
    }
    run.slice(0, finished).forEach((step, i) => {
      const printed = read(path.join(state, `out-${i}`));
      const shownExits = (step.shown?.body ?? '').split('\n').map((l) => /^exit (\d+)$/.exec(l.trim())?.[1]).filter((s): s is string => s !== undefined && s !== '0');
      const failed = read(path.join(state, `failed-${i}`)).split('\n').filter(Boolean).map((l) => l.split('\t'));
      const unexpected = failed.filter(([code]) => {
        const at = shownExits.indexOf(code as string);
        if (at === -1) return true;
        shownExits.splice(at, 1);
        return false;
      });
      const where = `${page} line ${step.block.line} (${step.block.body.split('\n')[0]})`;
      for (const [code, line, command] of unexpected) problems.push(`${where}: line ${line} of the block exited ${code}: ${command}\n${printed}`);
      for (const code of shownExits) problems.push(`${where}: ${page} shows exit ${code}, but no command failed`);
      const missing = step.shown ? missingLines(onPort(step.shown.body), printed) : [];
      if (missing.length > 0) problems.push(`${where}: ${page} shows lines that were not printed:\n  ${missing.join('\n  ')}\nprinted:\n${printed}`);
    });
    expect(problems, read(path.join(state, 'driver.log'))).toEqual([]);

    // The service walk-through ends by stopping the service: its port closes.
    if (!run.some((s) => s.block.body.includes('npm start &'))) return;
    let open = await portOpen(port);
    for (let tries = 0; open && tries < 50; tries++) {
      await sleep(200);
      open = await portOpen(port);
    }
    expect(open, `the service still listens on ${port} after ${page} stopped it`).toBe(false);
  }, SESSION_TIMEOUT_MS + 20_000);
});

describe.skipIf(!bundlesPresent())('docs/service.md: the service without a configured key', () => {
  it('prints the generated key in the line the page shows, and the key works', async () => {
    const shown = fences(SERVICE_DOC).find((f) => f.info[0] === 'text' && f.body.includes('"api_key"'));
    expect(shown, 'docs/service.md shows the line that carries the generated key').toBeDefined();
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_BUNDLE], { env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      let stderr = '';
      const keyLine = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          const line = stderr.split('\n').find((l) => l.includes('"api_key"'));
          if (line !== undefined && stderr.includes('"listening"')) resolve(line);
        });
        child.once('exit', (code) => reject(new Error(`the service exited ${code}: ${stderr}`)));
      });
      expect(missingLines((shown as Fence).body, keyLine)).toEqual([]);
      const key = (JSON.parse(keyLine) as { api_key: string }).api_key;
      const url = `http://127.0.0.1:${port}/v1/validate/jwt`;
      const body = { token: sampleToken(), policy: readmePolicy() };
      expect((await call(url, { body, key: null })).status).toBe(401);
      const answer = await call(url, { body, key });
      expect(answer.status).toBe(200);
      expect((answer.json as { valid: boolean }).valid).toBe(true);
      // Printed once, and only there: the key is in no other line.
      expect(stderr.split(key).length - 1).toBe(1);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});

const SERVICE_EXAMPLES = path.join(ROOT, 'examples/service');
const sampleToken = (): string => readFileSync(path.join(SERVICE_EXAMPLES, 'token.jwt'), 'utf8').trim();
/** The policy the README's validation request sends. */
const readmePolicy = (): Record<string, unknown> => ({
  public_key: readFileSync(path.join(SERVICE_EXAMPLES, 'issuer.pub.pem'), 'utf8'),
  issuer: 'https://issuer.example.com',
  audiences: ['api://orders'],
  allowed_algs: ['RS256'],
});

describe('examples/service: the sample docs/service.md sends', () => {
  it('docs/service.md builds its request from these files, with this policy', () => {
    const block = steps(SERVICE_DOC, 'docs/service.md').map((s) => s.block.body).find((b) => b.includes('/v1/validate/jwt')) ?? '';
    expect(block).toContain('examples/service/token.jwt');
    expect(block).toContain('examples/service/issuer.pub.pem');
    const policy = readmePolicy();
    for (const value of [policy.issuer, ...(policy.audiences as string[]), ...(policy.allowed_algs as string[])]) expect(block).toContain(`"${value as string}"`);
  });

  it('is valid from 2026-01-01 until 2036-01-01, as the README says', async () => {
    const at = async (iso: string): Promise<{ valid: boolean; findings: { code: string }[] }> => {
      const service = await start({}, { now: () => Date.parse(iso) });
      try {
        return (await call(`${service.url}/v1/validate/jwt`, { body: { token: sampleToken(), policy: readmePolicy() } })).json as { valid: boolean; findings: { code: string }[] };
      } finally {
        await service.close();
      }
    };
    expect((await at('2026-01-01T00:00:00Z')).valid).toBe(true);
    expect((await at('2035-12-31T23:59:59Z')).valid).toBe(true);
    const expired = await at('2036-01-01T00:00:00Z');
    expect(expired.valid).toBe(false);
    expect(expired.findings.map((f) => f.code)).toEqual(['TOKEN_EXPIRED']);
  });

  it('holds no private key: only the public key and the signed token', () => {
    expect(readdirSync(SERVICE_EXAMPLES).sort()).toEqual(['README.md', 'generate.ts', 'issuer.pub.pem', 'token.jwt']);
    for (const file of ['issuer.pub.pem', 'token.jwt']) expect(readFileSync(path.join(SERVICE_EXAMPLES, file), 'utf8')).not.toMatch(/PRIVATE KEY|"d"\s*:/);
    expect(readFileSync(path.join(SERVICE_EXAMPLES, 'issuer.pub.pem'), 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
  });
});
