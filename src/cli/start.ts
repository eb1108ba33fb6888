/** Wires the process to main(): arguments, stdin, stdout, stderr, the environment and the exit code. */
import { MAX_INPUT_BYTES } from './input.ts';
import { main } from './main.ts';

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

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  isTTY: process.stdout.isTTY === true,
  stdinIsTTY: process.stdin.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
  // Loaded only for `serve`, so `check` does not pay for the server's start-up.
  startServer: async (env) => (await import('../server/main.ts')).startServer(env),
});
