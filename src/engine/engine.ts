/**
 * The composition root: every face (action, CLI, service) builds its engine here, once, and only here.
 * The fetcher, the key cache and the clock are made in one place, so a face cannot pair an online fetcher
 * with offline checks, or give issuer profiles a different key cache than validation uses.
 */
import { createEngineContext, type EngineContext } from './context.ts';
import { isRequestRefusal } from './errors.ts';
import { KeyObjectCache } from './jws/keys.ts';
import { DEFAULT_VERIFY_CACHE_SIZE, VerifyCache } from './jws/verify-cache.ts';
import { parseOutboundAllow } from './net/allow.ts';
import { createGuardedFetcher } from './net/fetcher.ts';
import { createOfflineFetcher, type Fetcher } from './net/types.ts';
import type { Operation, OperationResponse } from './operation.ts';
import { getOperation, OPERATIONS, type OperationName, type ResponseOf } from './operations.ts';
import { problemFromEngineError, type Problem } from './problem.ts';
import type { ProfileRegistry } from './validate/trust-source.ts';

/** Outbound fetches. Off: nothing is fetched, and network checks report CHECK_SKIPPED. */
export type NetworkOptions =
  | { online: false }
  | {
    online: true;
    /** OUTBOUND_ALLOW: host names, IPs or CIDRs exempt from the public-address rule (text or parsed list). */
    outboundAllow?: string | readonly string[];
    /** An extra trusted CA (PEM) for outbound fetches; NODE_EXTRA_CA_CERTS works as well. */
    ca?: string | Buffer;
    /** A fetcher to use instead of the guarded one: tests inject faults and stand-ins through it. */
    fetcher?: Fetcher;
  };

export interface EngineOptions {
  network: NetworkOptions;
  /** Milliseconds since the epoch. Default Date.now. */
  clock?: () => number;
  /**
   * How many passed signature checks to remember, so a token presented again skips the public-key
   * operation (claims and times are still judged on every call). Default 10,000; 0 turns it off.
   */
  verifyCacheSize?: number;
}

/** What an issuer-profile loader needs to build profiles that share the engine's fetcher, keys and clock. */
export interface EngineServices {
  readonly fetcher: Fetcher;
  readonly keyCache: KeyObjectCache;
  readonly now: () => number;
  /** Absent when verifyCacheSize is 0. */
  readonly verifyCache?: VerifyCache;
}

/**
 * A response, or the problem body the service would answer with (400 MALFORMED_TOKEN, 422 REQUEST_INVALID).
 * Engine.run gives the response type of the operation it ran (OperationOutcome<ValidateResponse> for 'validate').
 */
export type OperationOutcome<Response extends OperationResponse = OperationResponse> =
  | { response: Response; problem?: undefined }
  | { response?: undefined; problem: Problem };

export interface Engine {
  readonly services: EngineServices;
  readonly operations: typeof OPERATIONS;
  /**
   * Run one operation on a request body. A refusal of the request is a problem, as the service answers;
   * any other exception is a fault, and the promise rejects with it. `at` evaluates time claims at that
   * instant (ms). The response is typed by the operation's name, so no caller casts it.
   */
  run<Name extends OperationName>(name: Name, body: unknown, options?: { at?: number }): Promise<OperationOutcome<ResponseOf<Name>>>;
  /** The same engine with these issuer profiles registered (the services are shared, nothing is copied). */
  withProfiles(profiles: ProfileRegistry): Engine;
}

/** Throws OutboundAllowError when OUTBOUND_ALLOW cannot be parsed. */
export function createEngine(options: EngineOptions): Engine {
  const verifyCacheSize = options.verifyCacheSize ?? DEFAULT_VERIFY_CACHE_SIZE;
  if (!Number.isSafeInteger(verifyCacheSize) || verifyCacheSize < 0) throw new RangeError('verifyCacheSize must be an integer of 0 or more');
  const services: EngineServices = {
    fetcher: fetcherFor(options.network),
    keyCache: new KeyObjectCache(),
    now: options.clock ?? Date.now,
    ...(verifyCacheSize > 0 ? { verifyCache: new VerifyCache(verifyCacheSize) } : {}),
  };
  return engineWith(services, undefined);
}

function fetcherFor(network: NetworkOptions): Fetcher {
  if (!network.online) return createOfflineFetcher();
  if (network.fetcher !== undefined) return network.fetcher;
  const allow = typeof network.outboundAllow === 'string' || network.outboundAllow === undefined
    ? parseOutboundAllow(network.outboundAllow)
    : network.outboundAllow;
  return createGuardedFetcher(network.ca === undefined ? { allow } : { allow, ca: network.ca });
}

/** A request refusal is the problem the service answers with; anything else is a fault, thrown on. */
function refusalOf(error: unknown): { problem: Problem } {
  if (isRequestRefusal(error)) return { problem: problemFromEngineError(error) };
  throw error;
}

function engineWith(services: EngineServices, profiles: ProfileRegistry | undefined): Engine {
  const context: EngineContext = createEngineContext(profiles === undefined ? { ...services } : { ...services, profiles });
  return {
    services,
    operations: OPERATIONS,
    async run<Name extends OperationName>(name: Name, body: unknown, runOptions: { at?: number } = {}): Promise<OperationOutcome<ResponseOf<Name>>> {
      // The table holds the operation named `name`, so what it answers is ResponseOf<Name>.
      const operation = getOperation(name) as Operation<Name, ResponseOf<Name>> | undefined;
      if (operation === undefined) throw new Error(`no operation named ${name}`);
      const at = runOptions.at;
      const ctx = at === undefined ? context : { ...context, now: () => at };
      try {
        return { response: await operation.run(body, ctx) };
      } catch (error) {
        return refusalOf(error);
      }
    },
    withProfiles(registry) {
      return engineWith(services, registry);
    },
  };
}
