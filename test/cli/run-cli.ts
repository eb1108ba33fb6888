/** The CLI run in process, as its entry runs it, with stdout and stderr captured: one runner for every CLI test. */
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import type { OutputFormat } from '../../src/gate/index.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd: string;
  /** What is piped in; '' when absent. */
  stdin?: string;
  isTTY?: boolean;
  stdinIsTTY?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The output formats table, when not the gate's own (a test adds a format). */
  formats?: readonly OutputFormat[];
}

export async function runCli(argv: string[], options: CliOptions): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readStdin: async () => options.stdin ?? '',
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
    cwd: options.cwd,
  };
  if (options.stdinIsTTY !== undefined) io.stdinIsTTY = options.stdinIsTTY;
  const code = await main(argv, io, options.formats);
  return { code, stdout, stderr };
}
