/**
 * The service's public surface: the one module of src/server that others import (the CLI's `serve`, tests
 * that start the service in process). The folders beside it are its inside, one job each: http/ (the
 * exchange: body, request, reply, limits, deadline, connection cap), app/ (the request lifecycle and the
 * routes), auth/, audit/, metrics/, log/, config/ (settings) and process/ (one process serving, or a
 * cluster primary, and signals). src/server/index.ts is the process entry the bundle is built from.
 */
import cluster from 'node:cluster';
import { resolveApiKeys } from './auth/keys.ts';
import { parseSettings, StartupError } from './config/settings.ts';
import type { Env, RunningServer, StartOptions } from './config/start-options.ts';
import { createLogger, redact } from './log/log.ts';
import { buildEngine } from './process/build-engine.ts';
import { startPrimary } from './process/cluster.ts';
import { listen } from './process/listen.ts';

export { StartupError } from './config/settings.ts';
export type { Env, RunningServer, StartOptions } from './config/start-options.ts';

/**
 * Start the /v1 service from environment settings. Throws StartupError (one line, safe to print)
 * when a setting or an issuer profile is invalid. With WORKERS > 1 on the primary, forks workers
 * that re-run the entry script and share the port (node:cluster).
 */
export async function startServer(env: Env, options: StartOptions = {}): Promise<RunningServer> {
  const settings = parseSettings(env);
  const stderr = options.stderr ?? process.stderr;
  const log = createLogger(stderr, settings.logLevel, cluster.isWorker ? { worker: cluster.worker?.id } : {});
  const { keys, generated } = resolveApiKeys(settings.apiKeys, env, stderr);
  // The primary builds the engine too, though it serves nothing: an invalid profile then stops the
  // start with one message, instead of one from every worker.
  const engine = buildEngine(settings, env, options);
  if (settings.workers > 1 && cluster.isPrimary) return startPrimary(settings, keys[0] as string, generated, log, options);
  return listen(settings, engine, keys, log, options);
}

/**
 * The process entry (src/server/index.ts): start, or log one line and exit 1. No stack trace: a start
 * failure is a configuration problem, and its message says which. The line is JSON like every other
 * line on stderr, so a log pipeline that parses JSON keeps the one line that says why an instance
 * does not come up.
 */
export async function runServer(env: Env, options: StartOptions = {}): Promise<RunningServer | undefined> {
  try {
    return await startServer(env, options);
  } catch (error) {
    const message = error instanceof StartupError
      ? error.message
      : `unexpected error during start: ${redact(error instanceof Error ? error.message : String(error))}`;
    createLogger(options.stderr ?? process.stderr, 'error').error(`cannot start: ${message}`);
    process.exitCode = 1;
    return undefined;
  }
}
