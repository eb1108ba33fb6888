/**
 * One request to one engine operation (`validate`, `lint`, `discover`): read it, run it through the
 * engine as the service would, and print the answer, as text on a terminal or as the service's JSON.
 */
import { createEngine, getOperation, type OperationName, type OperationOutcome } from '../../engine/index.ts';
import type { Command } from '../args.ts';
import { UsageError } from '../errors.ts';
import { pickStyle } from '../check/format.ts';
import { readRequestInput, type InputIo, type RequestInput } from './input.ts';
import { loadCliProfiles } from './profiles.ts';
import { readsProfiles } from './operations.ts';
import { formatOutcomeText } from './response-text.ts';
import { mayHoldToken } from './token-shape.ts';
import { shown } from '../usage-error.ts';

export type SingleCommand = Extract<Command, { name: OperationName }>;

export interface SingleIo extends InputIo {
  stdout: (text: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
}

const EXIT_VALID = 0;
const EXIT_INVALID = 1;
const EXIT_REFUSED = 2;

export async function runSingle(command: SingleCommand, io: SingleIo): Promise<number> {
  const operation = getOperation(command.name);
  if (operation === undefined) throw new Error(`no operation named ${command.name}`);
  const input = await readRequestInput(operation, command.input, io);
  const body = requestBody(command, input);
  const engine = createEngine({ network: command.offline ? { online: false } : { online: true, outboundAllow: io.env.OUTBOUND_ALLOW } });
  let checker = engine;
  if (readsProfiles(operation)) {
    // As the service: profiles from ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, when set, and those
    // of the --config file; an invalid one is an error before any request is run.
    const profiles = await loadCliProfiles({ env: io.env, cwd: io.cwd, services: engine.services, ...(command.config !== undefined ? { config: command.config } : {}) });
    if (command.profile !== undefined && profiles.registry.get(command.profile) === undefined) {
      const name = mayHoldToken(command.profile) ? 'named by --profile' : `"${shown(command.profile)}"`;
      const where = profiles.configFile !== undefined
        ? `${profiles.configFile} (${profiles.configIds.length > 0 ? `its profiles: ${profiles.configIds.map(shown).join(', ')}` : 'it has no profiles:'}) nor in ${profiles.places.at(-1) as string}`
        : `${profiles.places.join(', ')}; name a config file with --config FILE`;
      throw new UsageError(`there is no issuer profile ${name} in ${where}.`, { command: command.name, showHelp: false });
    }
    checker = engine.withProfiles(profiles.registry);
  }
  const at = command.at !== undefined ? Date.parse(command.at) : Date.now();
  const outcome = await checker.run(command.name, body, { at });
  const format = command.format ?? (io.isTTY ? 'text' : 'json');
  if (format === 'json') {
    io.stdout(`${JSON.stringify(outcome.problem ?? outcome.response)}\n`);
  } else {
    const token = outcome.problem === undefined ? tokenOf(body) : undefined;
    io.stdout(formatOutcomeText(outcome, { style: pickStyle(io.isTTY, io.env), at, ...(token !== undefined ? { token } : {}) }));
  }
  return exitCode(outcome);
}

/** A raw token becomes the request the service would get: that token, judged by the profile. */
function requestBody(command: SingleCommand, input: RequestInput): unknown {
  if (input.kind === 'body') {
    if (command.profile !== undefined) {
      throw new UsageError('--profile goes with a raw token; a request body names its own issuer_profile_id (or policy).', { command: command.name, showHelp: false });
    }
    return input.body;
  }
  if (command.profile === undefined) {
    throw new UsageError('a raw token needs --profile ID, the issuer profile to judge it by (from --config FILE, ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE).', { command: command.name });
  }
  return { token: input.token, issuer_profile_id: command.profile };
}

function tokenOf(body: unknown): string | undefined {
  const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
  return typeof token === 'string' ? token : undefined;
}

function exitCode(outcome: OperationOutcome): number {
  if (outcome.problem !== undefined) return EXIT_REFUSED;
  return outcome.response.valid ? EXIT_VALID : EXIT_INVALID;
}
