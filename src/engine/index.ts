/** The engine's public surface: what the faces (action, CLI, service) may call. */
export { createEngineContext, type EngineContext } from './context.ts';
export { EngineError, MalformedTokenError, RequestInvalidError, isEngineError, type RequestProblem } from './errors.ts';
export { validateJwt } from './validate/validate.ts';
export { lintOidcConfig } from './lint/lint.ts';
export { discoverProvider, discoverForLint } from './discovery/discover.ts';
export { findingCatalogue, getFindingDefinition } from './catalogue.ts';
export { createGuardedFetcher, parseOutboundAllow } from './net/fetcher.ts';
export { loadIssuerProfiles, IssuerProfileError } from './profiles/index.ts';
export { KeyObjectCache } from './jws/keys.ts';
export { validateRequestSchema } from './schema/validate-request.ts';
export { lintRequestSchema } from './schema/lint-request.ts';
export { discoverRequestSchema } from './schema/discover-request.ts';
export type * from './types.ts';
