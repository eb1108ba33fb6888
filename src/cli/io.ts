/**
 * What main() and each command are given of the process: a module of its own, so the commands that take
 * it (baseline.ts, lock.ts, …) and main.ts, which calls them, do not import each other.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** stdout is a terminal: text instead of JSON for single requests, and colour. */
  isTTY: boolean;
  /** Nothing is piped in: a single request without a file would wait for typing. */
  stdinIsTTY?: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `serve` only: started here, and the process stays up while it listens. */
  startServer?: (env: NodeJS.ProcessEnv) => Promise<{ url: string; close(): Promise<void> }>;
  /** --debug: an unexpected error also prints its stack. */
  debug?: boolean;
}
