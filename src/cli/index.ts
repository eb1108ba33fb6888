#!/usr/bin/env node
/** The CLI bundle's entry (dist/cli/index.js, the `oidc-gate` bin): wires the process to main(). */
import { main } from './main.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin,
  isTTY: process.stdout.isTTY === true,
  env: process.env,
  cwd: process.cwd(),
  // Loaded only for `serve`, so `check` does not pay for the server's start-up.
  startServer: async (env) => (await import('../server/main.ts')).startServer(env),
});
