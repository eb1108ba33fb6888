/**
 * `oidc-gate init`: write a starter config from a provider's discovery document (fetched from the
 * issuer, or read from a file offline), inside the repository, never over an existing file unless
 * --force says so.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createEngine, type Finding } from '../../engine/index.ts';
import {
  buildStarterConfig, checkOutputPath, DEFAULT_INIT_OUTPUT, droppedNote, findRepositoryRoot, outputTarget, type OutputTarget, type Starter, writeInsideRoot,
} from '../../gate/index.ts';
import type { Command } from '../args.ts';
import { helpSuffix } from '../check/format.ts';
import { DiscoveryRefused, UsageError } from '../errors.ts';
import { discover, type Discovered, type DiscoveryIo } from './init-discovery.ts';

export type InitCommand = Extract<Command, { name: 'init' }>;

export interface InitIo extends DiscoveryIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const EXIT_WRITTEN = 0;
const EXIT_REFUSED = 1;

/** OpenID Connect's default ID token algorithm, used when the document lists none the gate accepts. */
const DEFAULT_ALGORITHM = 'RS256';

export async function runInit(command: InitCommand, io: InitIo): Promise<number> {
  const boundary = findRepositoryRoot(io.cwd);
  const output = command.output ?? path.relative(io.cwd, path.join(boundary, DEFAULT_INIT_OUTPUT));
  const target = outputTarget(boundary, io.cwd, '--output', output);
  // Before any fetch: a file that is there, or a path that leads out of the repository, ends the run.
  await refuseExisting(target, command.force);
  await checkOutputPath(target);

  let discovered: Discovered;
  try {
    discovered = await discover(command.source, io);
  } catch (err) {
    if (!(err instanceof DiscoveryRefused)) throw err;
    io.stderr(findingLines(err.findings));
    io.stderr(`oidc-gate init: nothing written: the discovery document fails the checks oidc-gate check would run on it (above).\n`);
    return EXIT_REFUSED;
  }
  const starter: Starter = { ...(await acceptedAlgorithms(discovered)), issuer: discovered.issuer, jwksUri: discovered.jwksUri, source: discovered.source };
  await writeInsideRoot(target, buildStarterConfig(starter));
  if (discovered.warnings.length > 0) io.stderr(findingLines(discovered.warnings));
  const unnamed = unnamedLine(starter.dropped);
  if (unnamed !== undefined) io.stderr(unnamed);
  const shownPath = path.relative(io.cwd, target.file) || target.file;
  io.stdout([
    `Wrote ${shownPath}: provider, issuer profile and a sample token entry (commented out) for ${printable(discovered.issuer)}.`,
    'Next: set client_id, audiences and redirect_uris to your application\'s, add a sample token file, then run',
    `  oidc-gate check ${shownPath.includes(' ') ? JSON.stringify(shownPath) : shownPath}`,
    '',
  ].join('\n'));
  return EXIT_WRITTEN;
}

async function refuseExisting(target: OutputTarget, force: boolean): Promise<void> {
  if (force) return;
  const existing = await fs.lstat(target.file).catch(() => undefined);
  if (existing !== undefined) {
    throw new UsageError(`${target.shown} already exists; pass --force to replace it, or --output FILE to write elsewhere.`, { command: 'init', showHelp: false });
  }
}

/**
 * The document's signing algorithms less those the provider lint refuses (WEAK_ALGORITHM, UNKNOWN_ALGORITHM):
 * the lint itself decides, offline, so init and check cannot disagree about what is weak.
 */
async function acceptedAlgorithms(discovered: Discovered): Promise<Pick<Starter, 'algorithms' | 'dropped'>> {
  const listed = [...new Set(discovered.algorithms ?? [])];
  if (listed.length === 0) return { algorithms: [DEFAULT_ALGORITHM], dropped: [] };
  const engine = createEngine({ network: { online: false } });
  const outcome = await engine.run('lint', {
    issuer: discovered.issuer, client_id: 'init', audiences: ['init'], jwks_uri: discovered.jwksUri, redirect_uris: [],
    alg_policy: { allowed_algs: listed },
  });
  const refused = new Map<number, string>();
  for (const f of outcome.response?.findings ?? []) {
    const match = /^\/alg_policy\/allowed_algs\/(\d+)$/.exec(String(f.evidence?.field ?? ''));
    if (match !== null && f.severity === 'error') refused.set(Number(match[1]), f.code);
  }
  const algorithms = listed.filter((_, i) => !refused.has(i));
  const dropped = [...refused].sort(([a], [b]) => a - b).map(([i, code]) => ({ alg: listed[i] as string, why: code }));
  return { algorithms: algorithms.length > 0 ? algorithms : [DEFAULT_ALGORITHM], dropped };
}

/** Names shown at most, and characters of each: a document may list thousands. */
const MAX_NAMES_SHOWN = 20;
const MAX_NAME_CHARS = 60;

/**
 * The left-out names the file does not repeat (it writes only names the engine knows, so that nothing
 * from the document reaches a comment), shown here once, quoted, on one line.
 */
function unnamedLine(dropped: Starter['dropped']): string | undefined {
  const { unnamed } = droppedNote(dropped);
  if (unnamed.length === 0) return undefined;
  // JSON-quoted with every character outside printable ASCII escaped: no control, line separator or bidi character reaches the terminal.
  const quoted = (alg: string): string => JSON.stringify(alg.slice(0, MAX_NAME_CHARS)).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const shown = unnamed.slice(0, MAX_NAMES_SHOWN).map((alg) => `${quoted(alg)}${alg.length > MAX_NAME_CHARS ? '...' : ''}`);
  const more = unnamed.length > MAX_NAMES_SHOWN ? `, and ${unnamed.length - MAX_NAMES_SHOWN} more` : '';
  const what = unnamed.length === 1 ? '1 more algorithm name' : `${unnamed.length} more algorithm names`;
  return `oidc-gate init: left out ${what} of the discovery document, not repeated in the file: ${shown.join(', ')}${more}.\n`;
}

/** Findings as check prints a config problem: one line each, with its fix. */
function findingLines(findings: readonly Finding[]): string {
  return findings.map((f) => {
    return `oidc-gate init: ${f.severity} ${f.code} ${printable(f.message)}${helpSuffix(f)}\n`;
  }).join('');
}

/** Text that came from the document, unable to drive the terminal. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
}
