/**
 * The discovery document `oidc-gate init` builds a config from: fetched from `<issuer>` through the
 * engine's discover operation (the guarded fetcher, so what the service refuses to fetch is refused
 * here too), or read from a file and handed to that same operation in place of a fetch, so a file and
 * a URL are checked alike.
 */
import path from 'node:path';
import { createEngine, OutboundAllowError, type Engine, type Fetcher, type Finding } from '../../engine/index.ts';
import { DiscoveryRefused, UsageError } from '../errors.ts';
import { readCappedFile } from '../single/read-file.ts';
import { shown } from '../usage-error.ts';

/** A discovery document is a few kilobytes; the largest real ones (Entra) are about 2 KB. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

export type DiscoverySource = { issuer: string } | { file: string };

export interface Discovered {
  issuer: string;
  jwksUri: string;
  /** id_token_signing_alg_values_supported, when the document lists it as strings. */
  algorithms: string[] | undefined;
  /** Warnings of the discovery checks (errors refuse the document: see DiscoveryRefused). */
  warnings: Finding[];
  /** How the file's header comment names the source. */
  source: string;
}

export interface DiscoveryIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  readStdin: () => Promise<string>;
  stdinIsTTY: boolean;
}

export async function discover(source: DiscoverySource, io: DiscoveryIo): Promise<Discovered> {
  if ('file' in source) {
    const document = await readDocument(source.file, io);
    const engine = createEngine({ network: { online: true, fetcher: servedDocument(document) } });
    return judged(engine, document.issuer as string, source.file === '-' ? 'a discovery document on stdin' : `the discovery document ${path.basename(source.file)}`);
  }
  let engine: Engine;
  try {
    engine = createEngine({ network: { online: true, outboundAllow: io.env.OUTBOUND_ALLOW } });
  } catch (err) {
    if (err instanceof OutboundAllowError) throw new UsageError(`OUTBOUND_ALLOW is invalid: ${err.message}.`, { command: 'init', showHelp: false });
    throw err;
  }
  return judged(engine, source.issuer, source.issuer);
}

async function judged(engine: Engine, issuer: string, source: string): Promise<Discovered> {
  const outcome = await engine.run('discover', { issuer });
  if (outcome.problem !== undefined) {
    throw new UsageError(`the issuer is refused: ${outcome.problem.detail ?? outcome.problem.title}`, { command: 'init', showHelp: false });
  }
  const response = outcome.response;
  const errors = response.findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) throw new DiscoveryRefused(errors);
  // The checks pass only with a jwks_uri; this guards the type, not a case a document can reach.
  if (response.jwks_uri === null) throw new DiscoveryRefused(response.findings);
  const algs = response.metadata.id_token_signing_alg_values_supported;
  return {
    issuer,
    jwksUri: response.jwks_uri,
    algorithms: Array.isArray(algs) ? (algs as string[]) : undefined,
    warnings: response.findings,
    source,
  };
}

/**
 * A fetcher that answers every discovery request with the document from the file: the discover
 * operation then runs its checks on it as on a fetched one, and nothing leaves the machine.
 */
function servedDocument(document: Record<string, unknown>): Fetcher {
  return {
    online: true,
    getJson: async (url, options) => {
      // As the guarded fetcher: plain http only when the request allows it.
      if (url.startsWith('http://') && options?.allowHttp !== true) {
        return { ok: false, url, reason: 'blocked', detail: 'plain http is not fetched' };
      }
      return { ok: true, url, status: 200, headers: { 'content-type': 'application/json' }, json: document };
    },
  };
}

async function readDocument(file: string, io: DiscoveryIo): Promise<Record<string, unknown>> {
  const name = file === '-' ? 'stdin' : `"${shown(file)}"`;
  let text: string;
  if (file === '-') {
    if (io.stdinIsTTY) throw new UsageError('--discovery - reads the document from stdin: pipe it in.', { command: 'init' });
    text = await io.readStdin();
  } else {
    text = await readCappedFile(path.resolve(io.cwd, file), MAX_DOCUMENT_BYTES, { command: 'init', name: `--discovery ${name}`, holds: 'a discovery document', helpWhenMissing: false });
  }
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw refusal(`${name} holds more than 1 MiB; a discovery document is a few kilobytes.`);
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const where = err instanceof SyntaxError ? jsonErrorPlace(err.message, text) : '';
    throw refusal(`${name} is not JSON${where}: a discovery document is the JSON served at <issuer>/.well-known/openid-configuration.`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw refusal(`${name} is JSON but not an object: a discovery document is a JSON object with issuer and jwks_uri.`);
  }
  const doc = document as Record<string, unknown>;
  const missing = ['issuer', 'jwks_uri'].filter((member) => typeof doc[member] !== 'string' || doc[member] === '');
  if (missing.length > 0) {
    const what = missing.map((m) => (doc[m] === undefined ? `${m}` : `${m} (not a non-empty string)`)).join(' and ');
    throw refusal(`${name} lacks ${what}: a discovery document names its issuer and jwks_uri (the URL of its signing keys).`);
  }
  return doc;
}

/** Where JSON.parse stopped, as line:column, when its message says (without quoting the input). */
function jsonErrorPlace(message: string, text: string): string {
  const match = /position (\d+)/.exec(message);
  if (match === null) return '';
  const offset = Number(match[1]);
  const before = text.slice(0, offset).split('\n');
  return ` (at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1})`;
}

function refusal(message: string): UsageError {
  return new UsageError(message, { command: 'init', showHelp: false });
}

