import { readFileSync } from 'node:fs';
import { DEFAULT_VERIFY_CACHE_SIZE, OutboundAllowError, parseOutboundAllow } from '../../engine/index.ts';
import { StartupError } from '../errors.ts';
import { LOG_LEVELS, type LogLevel } from '../log/log.ts';

export { StartupError } from '../errors.ts';


export type AuditTarget = { kind: 'off' } | { kind: 'stdout' } | { kind: 'file'; path: string };

export interface ServerSettings {
  port: number;
  host: string;
  /** Configured keys; empty means "generate one at start". Never logged. */
  apiKeys: string[];
  profiles: { json?: string; file?: string };
  outboundAllow: string[];
  audit: AuditTarget;
  logLevel: LogLevel;
  workers: number;
  /** Open connections one process holds at most; more are closed as they arrive. */
  maxConnections: number;
  /** Passed signature checks remembered per process; 0 turns the verification cache off. */
  verifyCacheSize: number;
  /** GET /metrics answers without an API key. */
  metricsPublic: boolean;
}

type Env = Record<string, string | undefined>;

/** Shorter keys are guessable; 16 characters is the floor, generated keys are 43. */
export const MIN_API_KEY_LENGTH = 16;
/**
 * Longer keys are refused at start, and a longer presented key is refused before any comparison, so
 * no header a client sends makes the comparison longer than this.
 */
export const MAX_API_KEY_LENGTH = 256;
/** What an API key may hold: it travels in an HTTP header. */
export const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
export const MAX_WORKERS = 64;
export const DEFAULT_MAX_CONNECTIONS = 1024;
/** Beyond a million sockets the process runs out of memory or file descriptors first. */
export const MAX_MAX_CONNECTIONS = 1_000_000;
/** An entry takes about 200 bytes (measured: the digest, its slot in the LRU list, the check), so the largest cache stays near 200 MB. */
export const MAX_VERIFY_CACHE_SIZE = 1_000_000;

function present(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new StartupError(`${name} must be an integer from ${min} to ${max}, got "${text.slice(0, 40)}"`);
  }
  return Number(text);
}

/** Three dot-separated base64url segments, the first decoding to a JSON object with alg: a JWT, not an API key. */
export function looksLikeJwt(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false;
  if (!parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p))) return false;
  try {
    const header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8')) as unknown;
    return typeof header === 'object' && header !== null && 'alg' in header;
  } catch {
    return false;
  }
}

function checkKeys(keys: string[], source: string): string[] {
  keys.forEach((key, i) => {
    // Positions, never the key itself: a misplaced secret must not reach the terminal or the log.
    const where = `${source} entry ${i + 1}`;
    if (/\s/.test(key)) throw new StartupError(`${where} contains whitespace`);
    if (key.length < MIN_API_KEY_LENGTH) throw new StartupError(`${where} is shorter than ${MIN_API_KEY_LENGTH} characters`);
    if (!PRINTABLE_ASCII.test(key)) throw new StartupError(`${where} must be printable ASCII (it travels in an HTTP header)`);
    if (looksLikeJwt(key)) throw new StartupError(`${where} is a JWT; an API key is an opaque random string, and tokens are sent in the request body`);
    if (key.length > MAX_API_KEY_LENGTH) throw new StartupError(`${where} is longer than ${MAX_API_KEY_LENGTH} characters`);
  });
  return [...new Set(keys)];
}

function readApiKeys(env: Env): string[] {
  const inline = present(env, 'API_KEYS');
  const file = present(env, 'API_KEYS_FILE');
  if (inline !== undefined && file !== undefined) throw new StartupError('set API_KEYS or API_KEYS_FILE, not both');
  if (inline !== undefined) {
    const keys = inline.split(',').map((k) => k.trim());
    if (keys.some((k) => k === '')) throw new StartupError('API_KEYS has an empty entry (keys are comma-separated)');
    return checkKeys(keys, 'API_KEYS');
  }
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new StartupError(`API_KEYS_FILE "${file}" cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    const keys = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    if (keys.length === 0) throw new StartupError(`API_KEYS_FILE "${file}" holds no key (one key per line; # starts a comment)`);
    return checkKeys(keys, 'API_KEYS_FILE');
  }
  return [];
}

function readBoolean(env: Env, name: string): boolean {
  const raw = present(env, name)?.trim().toLowerCase();
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new StartupError(`${name} must be true or false, got "${raw.slice(0, 40)}"`);
}

function readAudit(env: Env): AuditTarget {
  const raw = present(env, 'AUDIT_LOG')?.trim();
  if (raw === undefined || raw.toLowerCase() === 'off') return { kind: 'off' };
  if (raw.toLowerCase() === 'stdout') return { kind: 'stdout' };
  return { kind: 'file', path: raw };
}

/** Environment -> settings. Throws StartupError with one line naming the setting. */
export function parseSettings(env: Env): ServerSettings {
  const port = parseInteger('PORT', present(env, 'PORT') ?? '8080', 0, 65535);
  const host = (present(env, 'HOST') ?? '127.0.0.1').trim();
  const logRaw = (present(env, 'LOG_LEVEL') ?? 'info').trim().toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logRaw)) {
    throw new StartupError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logRaw.slice(0, 40)}"`);
  }
  const workers = parseInteger('WORKERS', present(env, 'WORKERS') ?? '1', 1, MAX_WORKERS);
  const maxConnections = parseInteger('MAX_CONNECTIONS', present(env, 'MAX_CONNECTIONS') ?? String(DEFAULT_MAX_CONNECTIONS), 1, MAX_MAX_CONNECTIONS);
  const verifyCacheSize = parseInteger('VERIFY_CACHE_SIZE', present(env, 'VERIFY_CACHE_SIZE') ?? String(DEFAULT_VERIFY_CACHE_SIZE), 0, MAX_VERIFY_CACHE_SIZE);
  const metricsPublic = readBoolean(env, 'METRICS_PUBLIC');
  let outboundAllow: string[];
  try {
    outboundAllow = parseOutboundAllow(present(env, 'OUTBOUND_ALLOW'));
  } catch (error) {
    if (error instanceof OutboundAllowError) throw new StartupError(error.message);
    throw error;
  }
  const profilesJson = present(env, 'ISSUER_PROFILES_JSON');
  const profilesFile = present(env, 'ISSUER_PROFILES_FILE');
  if (profilesJson !== undefined && profilesFile !== undefined) {
    throw new StartupError('set ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, not both');
  }
  const profiles: ServerSettings['profiles'] = {};
  if (profilesJson !== undefined) profiles.json = profilesJson;
  if (profilesFile !== undefined) profiles.file = profilesFile;
  return {
    port,
    host,
    apiKeys: readApiKeys(env),
    profiles,
    outboundAllow,
    audit: readAudit(env),
    logLevel: logRaw as LogLevel,
    workers,
    maxConnections,
    verifyCacheSize,
    metricsPublic,
  };
}
