#!/usr/bin/env node
/**
 * The CLI bundle's entry (dist/cli/index.js, the `oidc-gate` bin). It checks the Node.js version
 * before anything else is loaded: every static import is loaded before a module's own code runs, so
 * this module imports only the check, and loads the CLI with a dynamic import once the check passes.
 * On an older Node the user then gets one line naming the version needed, not a crash from a module
 * that uses something newer.
 */
import { nodeVersionProblem } from './node-version.ts';

const problem = nodeVersionProblem(process.versions.node);
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exitCode = 2;
} else {
  await import('./start.ts');
}
