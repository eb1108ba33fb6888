import type { Sink } from '../log/log.ts';

/** The environment the settings are read from (process.env, or a test's own). */
export type Env = Record<string, string | undefined>;

/** What the process (or a test) decides beyond the environment settings. */
export interface StartOptions {
  /** Where the audit log goes when AUDIT_LOG=stdout. Default process.stdout. */
  stdout?: Sink;
  /** Structured logs and the generated API key. Default process.stderr. */
  stderr?: Sink;
  /** Drain and exit on SIGTERM / SIGINT. Default true; in-process tests turn it off. */
  handleSignals?: boolean;
  /** Whole-request budget in ms. Default 10 000. */
  requestTimeoutMs?: number;
  /** How long close() waits for in-flight requests before cutting connections. Default: the request budget. */
  drainTimeoutMs?: number;
  /** An extra CA (PEM) trusted for outbound JWKS and discovery fetches; NODE_EXTRA_CA_CERTS also works. */
  outboundCa?: string | Buffer;
  /** Clock for the engine (ms since the epoch). Default Date.now. */
  now?: () => number;
}

export interface RunningServer {
  /** http://host:port of the listening socket. */
  url: string;
  /** Stop accepting, let in-flight requests finish (bounded by drainTimeoutMs), then release everything. */
  close(): Promise<void>;
}
