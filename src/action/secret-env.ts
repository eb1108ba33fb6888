/**
 * Values for `secret_env` profiles handed to this step alone: the reusable workflow passes its
 * `oidc-gate-env` secret as OIDC_GATE_ENV in the gate step's `env:`, one OIDC_GATE_NAME=value per line.
 * The action reads the lines from its own environment, masks each value through the runner's command
 * (`core.setSecret`, which escapes `%`, CR and LF as the runner expects) before anything is logged, and
 * gives them to the gate as variables of its environment. Nothing is exported: a later step of the job
 * never sees them, as it would had they gone to $GITHUB_ENV.
 */
import { SECRET_ENV_PATTERN, SECRET_ENV_RESERVED } from '../gate/index.ts';
import { InputError } from './errors.ts';

/** The variable the reusable workflow sets on the gate step. */
export const SECRET_ENV_LINES = SECRET_ENV_RESERVED;

/** The names a profile's secret_env may give in a repository: one rule for both. */
const NAME = new RegExp(SECRET_ENV_PATTERN);

/**
 * The gate's environment: the step's own, without OIDC_GATE_ENV (whose name a profile's `secret_env`
 * could otherwise read whole), plus one variable per line of it. A line that is not
 * OIDC_GATE_NAME=value fails the step, named by its number; its text is never repeated.
 */
export function gateEnvironment(env: NodeJS.ProcessEnv, mask: (value: string) => void): NodeJS.ProcessEnv {
  const lines = env[SECRET_ENV_LINES];
  const out: NodeJS.ProcessEnv = { ...env };
  delete out[SECRET_ENV_LINES];
  if (lines === undefined || lines === '') return out;
  const parsed: [string, string][] = [];
  for (const [i, raw] of lines.split('\n').entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    const eq = line.indexOf('=');
    const name = eq === -1 ? '' : line.slice(0, eq);
    if (!NAME.test(name) || name === SECRET_ENV_LINES) {
      // Mask the whole line first: it may be a value without its name, and the message must not show it.
      if (line.length > 0) mask(line);
      throw new InputError(`Line ${i + 1} of ${SECRET_ENV_LINES} (the oidc-gate-env secret) is not OIDC_GATE_NAME=value (names start with OIDC_GATE_ and use A-Z, 0-9 and _); nothing of it is shown.`);
    }
    parsed.push([name, line.slice(eq + 1)]);
  }
  // Every value is masked before any is used, so no later message can show one in clear.
  for (const [, value] of parsed) if (value !== '') mask(value);
  for (const [name, value] of parsed) out[name] = value;
  return out;
}
