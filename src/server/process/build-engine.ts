import { createEngine, IssuerProfileError, loadIssuerProfiles, type Engine } from '../../engine/index.ts';
import { StartupError, type ServerSettings } from '../config/settings.ts';
import type { Env, StartOptions } from '../config/start-options.ts';
import { redact } from '../log/log.ts';

/**
 * The service's engine: online, with the outbound allow-list and CA of the settings, and the issuer
 * profiles registered when any are configured. Throws StartupError when a profile is invalid.
 */
export function buildEngine(settings: ServerSettings, env: Env, options: Pick<StartOptions, 'outboundCa' | 'now'>): Engine {
  const engine = createEngine({
    network: { online: true, outboundAllow: settings.outboundAllow, ca: options.outboundCa },
    clock: options.now,
    verifyCacheSize: settings.verifyCacheSize,
  });
  if (settings.profiles.json === undefined && settings.profiles.file === undefined) return engine;
  try {
    return engine.withProfiles(loadIssuerProfiles({ ...engine.services, env, ...settings.profiles }));
  } catch (error) {
    // The loader's messages name profile and field and never a configured value; anything else is redacted.
    if (error instanceof IssuerProfileError) throw new StartupError(error.message);
    throw new StartupError(`issuer profiles: ${redact(error instanceof Error ? error.message : String(error))}`);
  }
}
