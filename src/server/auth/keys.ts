import cluster from 'node:cluster';
import type { Env } from '../config/start-options.ts';
import type { Sink } from '../log/log.ts';
import { generateApiKey } from './auth.ts';

/** Set by the primary for its workers, so a generated key is one key for the whole cluster. */
export const GENERATED_KEY_ENV = 'OIDC_GATE_CLUSTER_API_KEY';

export interface ApiKeys {
  keys: string[];
  /** No key was configured: the first key was generated for this run (or inherited from the primary). */
  generated: boolean;
}

/**
 * The configured API keys; with none, one generated for this run. The service never runs open, and
 * the operator needs the key to call it, so a generated key is printed once, whatever LOG_LEVEL says:
 * the one place a key is ever written out. A cluster worker takes the primary's key instead of
 * printing one of its own.
 */
export function resolveApiKeys(configured: string[], env: Env, stderr: Sink): ApiKeys {
  if (configured.length > 0) return { keys: configured, generated: false };
  const inherited = cluster.isWorker ? env[GENERATED_KEY_ENV] : undefined;
  if (inherited !== undefined && inherited !== '') return { keys: [inherited], generated: true };
  const key = generateApiKey();
  stderr.write(`${JSON.stringify({
    time: new Date().toISOString(),
    level: 'warn',
    msg: 'No API key is configured (API_KEYS / API_KEYS_FILE); generated one for this run. It is printed only once.',
    api_key: key,
  })}\n`);
  return { keys: [key], generated: true };
}
