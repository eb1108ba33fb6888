/**
 * Wires the process to main(): arguments, stdin, stdout, stderr, the environment and the exit code.
 * An error that escapes main() (or is thrown from a callback, where no await can catch it) is a bug:
 * one line and exit 2, never a stack trace and exit 1, which would read as "the gate failed"; with
 * --debug (on any command) its stack follows the line.
 */
import { faultText } from './fault.ts';
import { MAX_INPUT_BYTES } from './single/input.ts';
import { main } from './main.ts';

/** --debug is the process's, not a command's: it is taken out before the command line is parsed (up to a `--`). */
function takeDebug(argv: readonly string[]): { args: string[]; debug: boolean } {
  const end = argv.indexOf('--') === -1 ? argv.length : argv.indexOf('--');
  const args = [...argv.slice(0, end).filter((a) => a !== '--debug'), ...argv.slice(end)];
  return { args, debug: args.length !== argv.length };
}

const { args, debug } = takeDebug(process.argv.slice(2));

function fault(err: unknown): void {
  process.stderr.write(faultText(err, debug, true));
  process.exit(2);
}
process.on('uncaughtException', fault);
process.on('unhandledRejection', fault);

/** Stops reading one byte past the cap: the caller refuses what is larger, without holding all of it. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length > MAX_INPUT_BYTES) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await main(args, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  isTTY: process.stdout.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
  // Loaded only for `serve`, so `check` does not pay for the server's start-up.
  startServer: async (env) => (await import('../server/main.ts')).startServer(env),
  debug,
}).catch((err: unknown) => {
  fault(err);
  return 2;
});
